import { useRef, type KeyboardEvent } from 'react';
import './star-rating.css';

export type StarRatingProps = {
  /** 0 when nothing is chosen yet, else min–max. */
  value: number;
  onChange: (value: number) => void;
  /** Accessible name of the group. */
  label: string;
  /** Accessible name of each star, e.g. (3) => "3 de 5 estrellas". */
  starLabel: (count: number) => string;
  /** The lowest score, the first star; 1 unless told. */
  min?: number;
  /** The highest score, the last star; 5 unless told. */
  max?: number;
  /** The id of a text describing the group (a message about the choice). */
  describedBy?: string | undefined;
};

/**
 * Tap-to-rate stars with radio-group semantics: each star is a button with
 * role="radio"; arrow keys move the choice (roving tab stop), as in a native
 * radio group.
 */
export function StarRating({ value, onChange, label, starLabel, min = 1, max = 5, describedBy }: StarRatingProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const stars = Array.from({ length: max - min + 1 }, (_, i) => min + i);

  const choose = (next: number) => {
    const clamped = Math.min(max, Math.max(min, next));
    onChange(clamped);
    buttons.current[clamped - min]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp') choose(value ? value + 1 : min);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') choose(value ? value - 1 : min);
    else if (event.key === 'Home') choose(min);
    else if (event.key === 'End') choose(max);
    else return;
    event.preventDefault();
  };

  return (
    <div className="presta-star-rating" role="radiogroup" aria-label={label} aria-describedby={describedBy} onKeyDown={onKeyDown}>
      {stars.map((star) => {
        const checked = star === value;
        const lit = value > 0 && star <= value;
        return (
          <button
            key={star}
            ref={(el) => {
              buttons.current[star - min] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={starLabel(star)}
            tabIndex={checked || (value === 0 && star === min) ? 0 : -1}
            className={['presta-star-rating-star', lit ? 'presta-star-rating-star-lit' : ''].filter(Boolean).join(' ')}
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
