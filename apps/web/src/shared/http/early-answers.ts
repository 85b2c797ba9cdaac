import { HttpError } from '@/shared/http/http-error';

/**
 * Answers asked for ahead of their caller (HttpClient.prefetch: the early
 * entry starts a page's first call before React loads), by request key. The
 * first identical request takes the answer instead of asking again, once; a
 * failure reaches that caller like its own would.
 */
type EarlyAnswer = { answer: Promise<unknown>; startedAt: number };

/** An early answer older than this is not handed out (the caller asks again). */
export const prefetchMaxAgeMs = 30_000;

const early = new Map<string, EarlyAnswer>();

/** Starts the request under `key` with `send`, unless it is already on its way; returns its answer. */
export function keepEarlyAnswer(key: string, send: () => Promise<unknown>): Promise<unknown> {
  const pending = early.get(key);
  if (pending) return pending.answer;
  const answer = send();
  // A failure is handled by the caller the answer is handed to.
  answer.catch(() => {});
  early.set(key, { answer, startedAt: Date.now() });
  return answer;
}

/**
 * The early answer to the request under `key`, handed out once (undefined when
 * there is none, or it is too old). When the caller aborts first it gets an
 * 'aborted' failure and the answer goes back for the next identical request
 * (e.g. the same page mounted again).
 */
export function takeEarlyAnswer(key: string, signal: AbortSignal | undefined): Promise<unknown> | undefined {
  const entry = early.get(key);
  if (!entry) return undefined;
  early.delete(key);
  if (Date.now() - entry.startedAt > prefetchMaxAgeMs) return undefined;
  return signal ? handOver(key, entry, signal) : entry.answer;
}

function handOver(key: string, entry: EarlyAnswer, signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      if (!early.has(key)) early.set(key, entry);
      reject(new HttpError('aborted', 'request aborted'));
    };
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    entry.answer.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new HttpError('network', 'network failure'));
      },
    );
  });
}
