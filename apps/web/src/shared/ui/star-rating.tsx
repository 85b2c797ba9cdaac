import { useRef, type KeyboardEvent } from 'react';
import './star-rating.css';

export type StarRatingProps = {
  /** 0 when nothing is chosen yet, else 1–5. */
  value: number;
  onChange: (value: number) => void;
  /** Accessible name of the group. */
  label: string;
  /** Accessible name of each star, e.g. (3) => "3 of 5 stars". */
  starLabel: (count: number) => string;
  count?: number;
};

/**
 * Tap-to-rate stars with radio-group semantics: each star is a button with
 * role="radio"; arrow keys move the choice (roving tab stop), as in a native
 * radio group.
 */
export function StarRating({ value, onChange, label, starLabel, count = 5 }: StarRatingProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const stars = Array.from({ length: count }, (_, i) => i + 1);

  const choose = (next: number) => {
    const clamped = Math.min(count, Math.max(1, next));
    onChange(clamped);
    buttons.current[clamped - 1]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = value || 0;
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp') choose(current + 1);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') choose(current - 1 || 1);
    else if (event.key === 'Home') choose(1);
    else if (event.key === 'End') choose(count);
    else return;
    event.preventDefault();
  };

  return (
    <div className="presta-loan-stars" role="radiogroup" aria-label={label} onKeyDown={onKeyDown}>
      {stars.map((star) => {
        const checked = star === value;
        const lit = star <= value;
        return (
          <button
            key={star}
            ref={(el) => {
              buttons.current[star - 1] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={starLabel(star)}
            tabIndex={checked || (value === 0 && star === 1) ? 0 : -1}
            className={['presta-loan-star', lit ? 'presta-loan-star-lit' : ''].filter(Boolean).join(' ')}
            onClick={() => onChange(star)}
          >
            <svg viewBox="0 0 24 24" width="34" height="34" aria-hidden="true" focusable="false">
              <path d="M12 2.8l2.83 5.73 6.32.92-4.58 4.46 1.08 6.3L12 17.24l-5.65 2.97 1.08-6.3L2.85 9.45l6.32-.92z" />
            </svg>
          </button>
        );
      })}
    </div>
  );
}
