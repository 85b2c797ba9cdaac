import { useCallback, useEffect, useState } from 'react';
import type { DataOf, Endpoint, RequestOf } from '@presta/contract/api/endpoint';
import { call } from '@/shared/api/client';

export type CallState<T> = { data: T | undefined; error: unknown; loading: boolean; reload: () => void };

type Result<T> = { id: string; data: T | undefined; error: unknown };

/**
 * A read the screen shows: called when the screen opens and whenever `request` changes (compared as JSON),
 * again on reload(). Only the answer to the latest request counts; while the next one loads, the last data stays
 * on screen.
 */
export function useCall<E extends Endpoint>(endpoint: E, request: RequestOf<E>, options: { skip?: boolean } = {}): CallState<DataOf<E>> {
  const [generation, setGeneration] = useState(0);
  const [result, setResult] = useState<Result<DataOf<E>>>();
  const key = JSON.stringify(request);
  const id = `${generation}:${endpoint.path}:${key}`;
  const skip = options.skip ?? false;
  useEffect(() => {
    if (skip) return;
    let current = true;
    call(endpoint, JSON.parse(key) as RequestOf<E>).then(
      (data) => {
        if (current) setResult({ id, data, error: undefined });
      },
      (error: unknown) => {
        if (current) setResult((last) => ({ id, data: last?.data, error }));
      },
    );
    return () => {
      current = false;
    };
  }, [endpoint, key, id, skip]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const answered = result?.id === id;
  return { data: result?.data, error: answered ? result.error : undefined, loading: !skip && !answered, reload };
}
