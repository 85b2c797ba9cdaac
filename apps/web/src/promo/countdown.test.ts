import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCountdown } from './countdown';

describe('createCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the seconds left every second and ends after 60 s', () => {
    const ticks: number[] = [];
    const onEnd = vi.fn();
    const countdown = createCountdown({ seconds: 60, onTick: (s) => ticks.push(s), onEnd });
    countdown.start();
    expect(ticks).toEqual([60]);
    expect(countdown.isRunning()).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(ticks).toEqual([60, 59]);
    vi.advanceTimersByTime(58_000);
    expect(ticks.at(-1)).toBe(1);
    expect(ticks).toHaveLength(60);
    expect(onEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onEnd).toHaveBeenCalledOnce();
    expect(countdown.isRunning()).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(ticks).toHaveLength(60);
  });

  it('follows the clock when the timers were held back (a background tab)', () => {
    const ticks: number[] = [];
    const countdown = createCountdown({ seconds: 60, onTick: (s) => ticks.push(s), onEnd: () => undefined });
    countdown.start();
    vi.setSystemTime(Date.now() + 30_000);
    vi.advanceTimersByTime(1000);
    expect(ticks.at(-1)).toBe(29);
  });

  it('stop() ends it without calling onEnd', () => {
    const onEnd = vi.fn();
    const countdown = createCountdown({ seconds: 3, onTick: () => undefined, onEnd });
    countdown.start();
    countdown.stop();
    vi.advanceTimersByTime(5000);
    expect(onEnd).not.toHaveBeenCalled();
    expect(countdown.isRunning()).toBe(false);
  });
});
