import { useEffect, useState } from 'react';

function secondsUntil(deadline: number | null): number {
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/**
 * Whole seconds left until `deadline` (a Date.now() time; null for none),
 * updated every second (§9, the SMS resend wait) and 0 once it has passed.
 * Counting to a deadline rather than ticking down means a throttled timer (a
 * page in the background) never makes the wait longer, and a component
 * mounted again mid-wait shows the time really left.
 */
export function useCountdown(deadline: number | null): number {
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntil(deadline));

  useEffect(() => {
    setSecondsLeft(secondsUntil(deadline));
    if (secondsUntil(deadline) === 0) return undefined;
    const timer = setInterval(() => {
      const left = secondsUntil(deadline);
      setSecondsLeft(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  return secondsLeft;
}
