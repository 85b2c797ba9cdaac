import { useCallback, useEffect, useRef, useState } from 'react';
import type { Normalised } from '@presta/contract/envelope';
import { isClientFailure } from '@/shared/http/api-request';
import { forgetFirstView } from '@/shared/http/first-view';
import type { Query } from '@/shared/http/query';

/**
 * The server's message when it refused the call (a readable wrapper with a
 * 4xx-class code such as 409001), else null: also for its own failures
 * (codes 5xxxxx), after which a retry may help.
 */
function refusalOf(result: Normalised<unknown>): string | null {
  if (result.success || isClientFailure(result.code) || result.code.startsWith('5')) return null;
  const message = result.message.trim();
  return message === '' ? null : message;
}

export type LoadOptions = {
  /**
   * A silent load keeps the page as it is, does not toast a failure and only
   * replaces the data when it succeeds (refreshes, polling). A normal load
   * shows the loading state and, when it fails with nothing to show, the
   * failure state.
   */
  silent?: boolean;
};

export type QueryResult<T, A = void> = {
  /** The last data that loaded; kept while a later load runs or after it fails. */
  data: T | null;
  /** True while a normal (non-silent) load runs. */
  loading: boolean;
  /** True when a load failed and there is no data to show. */
  failed: boolean;
  /**
   * When `failed` because the server refused (a readable answer, e.g. "this
   * loan is already paid"), its message: pages show it instead of the generic
   * "check your connection" text, and offer no retry. Null after a network
   * failure or timeout (retrying may help).
   */
  refusal: string | null;
  load: (arg?: A, opts?: LoadOptions) => Promise<Normalised<T> | null>;
};

/**
 * A page's data (query.ts): the data that came with the page on the first
 * render, else loaded on mount (when `enabled`, default true; again when it
 * turns on), and loaded again on demand. Only the answer of the latest load is
 * applied, so a slow earlier answer never overwrites a newer one; requests
 * still running on unmount are aborted.
 */
export function useQuery<T, A = void>(query: Query<T, A>, opts: { enabled?: boolean } = {}): QueryResult<T, A> {
  const enabled = opts.enabled ?? true;
  const [state, setState] = useState(() => {
    const initial = enabled ? query.initial?.() : null;
    return initial?.success && initial.data !== null
      ? { data: initial.data, loading: false, failed: false, refusal: null as string | null }
      : { data: null as T | null, loading: enabled, failed: !enabled, refusal: null as string | null };
  });
  // The data came with the page (it is there on the first render): the mount has nothing to load (later turns on do).
  const hadInitial = useRef(state.data !== null);
  const queryRef = useRef(query);
  const sequence = useRef(0);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    queryRef.current = query;
  });

  // Turned on again: a normal load starts, shown from this very render (the first one's state is already loading).
  const [wasEnabled, setWasEnabled] = useState(enabled);
  if (wasEnabled !== enabled) {
    setWasEnabled(enabled);
    if (enabled) setState((s) => ({ ...s, loading: true, failed: false, refusal: null }));
  }

  // Loads and applies the answer (state changes only once it is in); a normal load's loading state is set before.
  const loadAndApply = useCallback(async (active: AbortController, arg: A | undefined, silent: boolean) => {
    const id = ++sequence.current;
    const result = await queryRef.current.load({ silent, signal: active.signal }, arg);
    if (active.signal.aborted || id !== sequence.current) return result;
    const refusal = refusalOf(result);
    if (result.success && result.data) {
      setState({ data: result.data, loading: false, failed: false, refusal: null });
    } else if (!silent) {
      setState((s) => ({ data: s.data, loading: false, failed: s.data === null, refusal: s.data === null ? refusal : null }));
    } else {
      // A silent load that replaced a normal one still has to end the loading state.
      setState((s) => (s.loading ? { data: s.data, loading: false, failed: s.data === null, refusal: s.data === null ? refusal : null } : s));
    }
    return result;
  }, []);

  const load = useCallback(async (arg?: A, loadOpts: LoadOptions = {}) => {
    const active = controller.current;
    if (!active || active.signal.aborted) return null;
    const silent = loadOpts.silent ?? false;
    if (!silent) setState((s) => ({ ...s, loading: true, failed: false, refusal: null }));
    return loadAndApply(active, arg, silent);
  }, [loadAndApply]);

  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    if (enabled && !hadInitial.current) void loadAndApply(current, undefined, false);
    // Shown: forgotten, so that a later visit of the page loads its data.
    if (hadInitial.current) forgetFirstView();
    hadInitial.current = false;
    return () => current.abort();
  }, [enabled, loadAndApply]);

  return { ...state, load };
}
