import { errorCodes } from '@presta/contract/error-codes';
import type { MessageKey } from '../i18n/messages';

/**
 * A refusal the borrower (or operator) should read: an HTTP status, an
 * application code and a catalogue message key. The central error handler turns
 * it into the response wrapper in the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly vars: Record<string, string | number> = {},
    /** Seconds the client should wait before asking again, sent as Retry-After (a resend too soon). */
    readonly retryAfter?: number,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

/** What a 503 (database unavailable, server busy or stopping) asks the client to wait before trying again. */
export const RETRY_AFTER_SECONDS = 2;

export const notFound = (what: MessageKey = 'notFound') => new AppError(404, errorCodes.notFound, what);
export const badRequest = (key: MessageKey, vars?: Record<string, string | number>) =>
  new AppError(400, errorCodes.badRequest, key, vars);
