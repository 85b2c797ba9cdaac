export type HttpErrorKind = 'timeout' | 'network' | 'aborted' | 'status';

/** A request that produced no usable answer. */
export class HttpError extends Error {
  constructor(
    readonly kind: HttpErrorKind,
    message: string,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
