export type Countdown = {
  /** Starts counting down from `seconds`, or from `from` (a wait the server asked for); restarts when running. */
  start(from?: number): void;
  stop(): void;
  isRunning(): boolean;
};

type CountdownOptions = {
  seconds: number;
  /** Called at the start and every second with the seconds left (seconds … 1). */
  onTick: (secondsLeft: number) => void;
  /** Called once when the time is up (not after stop()). */
  onEnd: () => void;
};

/**
 * The SMS resend countdown (§4, §9: 60 s, updated every second). The seconds
 * left are computed from the clock, so a phone that slows the timers of a
 * background tab still ends the countdown on time.
 */
export function createCountdown({ seconds, onTick, onEnd }: CountdownOptions): Countdown {
  let timer: ReturnType<typeof setInterval> | undefined;
  let endsAt = 0;

  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };

  const tick = () => {
    const left = Math.ceil((endsAt - Date.now()) / 1000);
    if (left > 0) {
      onTick(left);
      return;
    }
    stop();
    onEnd();
  };

  return {
    start(from = seconds) {
      stop();
      endsAt = Date.now() + from * 1000;
      onTick(from);
      timer = setInterval(tick, 1000);
    },
    stop,
    isRunning: () => timer !== undefined,
  };
}
