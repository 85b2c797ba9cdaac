import { useEffect, useRef } from 'react';

export type AutoRefreshOptions = {
  /** Poll while true. */
  active: boolean;
  intervalMs?: number;
};

/**
 * Calls `refresh` every `intervalMs` while `active` (the next tick is planned
 * only after the previous refresh settled, so calls never pile up; no tick runs
 * while the tab is hidden), and whenever the tab becomes visible again.
 * Everything stops on unmount.
 */
export function useAutoRefresh(refresh: () => Promise<unknown>, { active, intervalMs = 10_000 }: AutoRefreshOptions): void {
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  });

  useEffect(() => {
    if (!active) return undefined;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (document.visibilityState !== 'hidden') await refreshRef.current();
      if (!cancelled) plan();
    };
    const plan = () => {
      timer = setTimeout(() => void tick(), intervalMs);
    };
    plan();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [active, intervalMs]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void refreshRef.current();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
}
