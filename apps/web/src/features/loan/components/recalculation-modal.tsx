import { useEffect, useState, type CSSProperties } from 'react';
import { ModalDialog } from '@/shared/ui/modal-dialog';
import './recalculation-modal.css';

export type RecalculationModalProps = {
  visible: boolean;
  title: string;
  text: string;
  /** Length of the countdown in ms (§9: 5.5 s). */
  durationMs: number;
  /** Accessible text of the number in the ring, e.g. (5) => "5 seconds left". */
  countdownLabel: (seconds: number) => string;
};

const RING_RADIUS = 34;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/**
 * The modal shown while the offer is recalculated (isNeedPop = 1): a ring that
 * empties over `durationMs` around the seconds left. It cannot be dismissed; the
 * page closes it once the recalculated offer has loaded.
 */
export function RecalculationModal({ visible, title, text, durationMs, countdownLabel }: RecalculationModalProps) {
  const seconds = useCountdown(visible, durationMs);
  return (
    <ModalDialog
      visible={visible}
      title={title}
      className="presta-loan-recalculation"
      illustration={
        <div className="presta-loan-countdown" style={{ '--presta-loan-countdown-ms': `${durationMs}ms` } as CSSProperties}>
          <svg viewBox="0 0 80 80" width="88" height="88" aria-hidden="true" focusable="false">
            <circle className="presta-loan-countdown-track" cx="40" cy="40" r={RING_RADIUS} />
            <circle
              className="presta-loan-countdown-ring"
              cx="40"
              cy="40"
              r={RING_RADIUS}
              strokeDasharray={RING_LENGTH}
              transform="rotate(-90 40 40)"
            />
          </svg>
          <span className="presta-loan-countdown-number" aria-hidden="true">
            {seconds}
          </span>
          <span className="presta-visually-hidden">{countdownLabel(seconds)}</span>
        </div>
      }
    >
      <p>{text}</p>
    </ModalDialog>
  );
}

/** Whole seconds left, counted down once a second while visible. */
function useCountdown(running: boolean, durationMs: number): number {
  const full = Math.floor(durationMs / 1000);
  const [seconds, setSeconds] = useState(full);
  // Each start (shown again, or another duration while shown) counts from the full duration, from this very render.
  const [run, setRun] = useState({ running, durationMs });
  if (run.running !== running || run.durationMs !== durationMs) {
    setRun({ running, durationMs });
    if (running) setSeconds(full);
  }
  useEffect(() => {
    if (!running) return undefined;
    const started = Date.now();
    const timer = setInterval(() => {
      const left = Math.max(0, Math.floor((durationMs - (Date.now() - started)) / 1000));
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [running, durationMs, full]);
  return seconds;
}
