import type { ApiRoute } from '@presta/contract/api/api-routes';
import type { DataOf, Endpoint, RequestOf } from '@presta/contract/api/endpoint';
import type { Normalised } from '@presta/contract/envelope';
import { callApi } from '@/shared/http/api-client';
import { firstAnswer } from '@/shared/http/api-request';

/** How a load runs: `silent` keeps a failure from toasting (refreshes, polling); `signal` cancels it. */
export type QueryOptions = { silent?: boolean; signal?: AbortSignal };

/**
 * A page's data and how to get it: what `useQuery` takes. The page never
 * learns where the answer came from: the server's first view (first-view.ts)
 * when the page came with it, else the early entry's call (early.ts, handed
 * over by the http layer), else a call of its own.
 */
export type Query<T, A = void> = {
  /** Loads the data; `arg` is what a load on demand changes (e.g. a recalculation). */
  load: (opts: QueryOptions, arg?: A) => Promise<Normalised<T>>;
  /** The data that came with the page (the first view), read once for the first render; none when absent. */
  initial?: () => Normalised<T> | null;
};

/**
 * The query of one contract endpoint: callApi's answer, or the first view's
 * when the page came with this very call, both read by `read`.
 */
export function apiQuery<E extends Endpoint, T = DataOf<E>>(
  endpoint: ApiRoute,
  payload: RequestOf<E>,
  read: (answer: Normalised<DataOf<E>>) => Normalised<T> = (answer) => answer as Normalised<T>,
): Query<T> {
  return {
    load: async (opts) => read(await callApi<E>(endpoint, payload, opts)),
    initial: () => {
      const first = firstAnswer<DataOf<E>>(endpoint, payload ?? {});
      return first && read(first);
    },
  };
}
