import { useEffect } from 'react';

/** How often a screen reads again while something it shows is still moving (a payout with its provider). */
export const liveRefreshMs = 5_000;

/**
 * Calls `reload` every `everyMs` while `active` (e.g. while a payout on screen is live); stops as soon as it is not,
 * and when the screen goes: no timer outlives it.
 */
export function useRefreshWhile(active: boolean, reload: () => void, everyMs = liveRefreshMs) {
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(reload, everyMs);
    return () => clearInterval(timer);
  }, [active, reload, everyMs]);
}
