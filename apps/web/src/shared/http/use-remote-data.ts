import { useCallback, useEffect, useRef, useState } from 'react';
import type { Normalised } from '@presta/contract/envelope';


export type LoadOptions = {
  /**
   * A silent load keeps the page as it is, does not toast a failure and only
   * replaces the data when it succeeds (refreshes, polling). A normal load
   * shows the loading state and, when it fails with nothing to show, the
   * failure state.
   */
  silent?: boolean;
};

export type Fetcher<T, A> = (arg: A | undefined, opts: { silent: boolean; signal: AbortSignal }) => Promise<Normalised<T>>;

export type RemoteData<T, A> = {
  /** The last data that loaded; kept while a later load runs or after it fails. */
  data: T | null;
  /** True while a normal (non-silent) load runs. */
  loading: boolean;
  /** True when a load failed and there is no data to show. */
  failed: boolean;
  load: (arg?: A, opts?: LoadOptions) => Promise<Normalised<T> | null>;
};

/**
 * Loads a page's data on mount (when `enabled`) and on demand. Only the answer
 * of the latest load is applied, so a slow earlier answer never overwrites a
 * newer one; requests still running on unmount are aborted.
 */
export function useRemoteData<T, A = void>(fetcher: Fetcher<T, A>, opts: { enabled?: boolean } = {}): RemoteData<T, A> {
  const enabled = opts.enabled ?? true;
  const [state, setState] = useState({ data: null as T | null, loading: enabled, failed: !enabled });
  const fetcherRef = useRef(fetcher);
  const sequence = useRef(0);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    fetcherRef.current = fetcher;
  });

  const load = useCallback(async (arg?: A, loadOpts: LoadOptions = {}) => {
    const active = controller.current;
    if (!active || active.signal.aborted) return null;
    const silent = loadOpts.silent ?? false;
    const id = ++sequence.current;
    if (!silent) setState((s) => ({ ...s, loading: true, failed: false }));
    const result = await fetcherRef.current(arg, { silent, signal: active.signal });
    if (active.signal.aborted || id !== sequence.current) return result;
    if (result.success && result.data) {
      setState({ data: result.data, loading: false, failed: false });
    } else if (!silent) {
      setState((s) => ({ data: s.data, loading: false, failed: s.data === null }));
    } else {
      // A silent load that replaced a normal one still has to end the loading state.
      setState((s) => (s.loading ? { data: s.data, loading: false, failed: s.data === null } : s));
    }
    return result;
  }, []);

  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    if (enabled) void load();
    return () => current.abort();
  }, [enabled, load]);

  return { ...state, load };
}
