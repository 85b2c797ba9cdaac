import { useCallback, useEffect, useRef, useState } from 'react';
import type { DataOf, Endpoint, RequestOf } from '@presta/contract/api/endpoint';
import { call } from '@/shared/api/client';

export type CallState<T> = { data: T | undefined; error: unknown; loading: boolean; reload: () => void };

/**
 * A read the screen shows: called when the screen opens and whenever `request` changes (compared as JSON),
 * again on reload(). Only the answer to the latest request is kept.
 */
export function useCall<E extends Endpoint>(endpoint: E, request: RequestOf<E>, options: { skip?: boolean } = {}): CallState<DataOf<E>> {
  const [data, setData] = useState<DataOf<E>>();
  const [error, setError] = useState<unknown>();
  const [loading, setLoading] = useState(!options.skip);
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify(request);
  const latest = useRef(0);
  useEffect(() => {
    if (options.skip) return;
    const mine = ++latest.current;
    setLoading(true);
    call(endpoint, JSON.parse(key) as RequestOf<E>).then(
      (answer) => {
        if (mine !== latest.current) return;
        setData(answer);
        setError(undefined);
        setLoading(false);
      },
      (failure: unknown) => {
        if (mine !== latest.current) return;
        setError(failure);
        setLoading(false);
      },
    );
  }, [endpoint, key, generation, options.skip]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { data, error, loading, reload };
}
