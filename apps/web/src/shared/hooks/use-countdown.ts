import { useEffect, useState } from 'react';

function secondsUntil(deadline: number | null): number {
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

type Countdown = {
  /** Whole seconds left now. */
  secondsLeft: number;
  /** The wait as it stood when the deadline was set (or the component mounted). */
  wait: number;
};

function startCount(deadline: number | null): Countdown & { deadline: number | null } {
  const wait = secondsUntil(deadline);
  return { deadline, wait, secondsLeft: wait };
}

/**
 * Whole seconds left until `deadline` (a Date.now() time; null for none),
 * updated every second (§9: the SMS resend wait of the card payment, the sign-in and the bank account) and 0 once it has passed.
 * Counting to a deadline rather than ticking down means a throttled timer (a
 * page in the background) never makes the wait longer, and a component
 * mounted again mid-wait shows the time really left.
 */
export function useCountdown(deadline: number | null): Countdown {
  const [counted, setCounted] = useState(() => startCount(deadline));
  let current = counted;
  // A new deadline starts a new count in this very render (React's "adjusting state when a prop changes").
  if (counted.deadline !== deadline) {
    current = startCount(deadline);
    setCounted(current);
  }

  useEffect(() => {
    if (secondsUntil(deadline) === 0) return undefined;
    const timer = setInterval(() => {
      const left = secondsUntil(deadline);
      setCounted((count) => (count.deadline === deadline ? { ...count, secondsLeft: left } : count));
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  return { secondsLeft: current.secondsLeft, wait: current.wait };
}
