import { useId, type ReactNode } from 'react';
import type { ComplaintOption } from '../utils/complaint-types';
import './question-type-list.css';

export type QuestionTypeListProps = {
  options: readonly ComplaintOption[];
  onSelect: (option: ComplaintOption) => void;
  /** Every option inactive (e.g. no order to complain about). */
  disabled?: boolean;
  /**
   * The value of the option that opens a nested list instead of choosing at
   * once (the collection type): its button is a disclosure (aria-expanded).
   */
  expandableValue?: number;
  /** The nested list, shown under the expandable option when given. */
  expanded?: ReactNode;
};

function Chevron({ open = false }: { open?: boolean }) {
  return (
    <svg
      className={['presta-complaint-option-chevron', open ? 'presta-complaint-option-chevron-open' : ''].filter(Boolean).join(' ')}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * Question types (or sub-types) as a list of buttons with a chevron. The
 * expandable option toggles its nested list (the sub-types) right under it.
 */
export function QuestionTypeList({ options, onSelect, disabled = false, expandableValue, expanded }: QuestionTypeListProps) {
  const nestedId = useId();
  return (
    <ul className="presta-complaint-options">
      {options.map((option) => {
        const expandable = option.value === expandableValue;
        const open = expandable && expanded !== undefined && expanded !== null;
        return (
          <li key={option.value} className="presta-complaint-options-item">
            <button
              type="button"
              className="presta-complaint-option"
              disabled={disabled}
              aria-expanded={expandable ? open : undefined}
              aria-controls={open ? nestedId : undefined}
              onClick={() => onSelect(option)}
            >
              <span className="presta-complaint-option-title">{option.title}</span>
              <Chevron open={open} />
            </button>
            {open ? (
              <div id={nestedId} className="presta-complaint-options-nested">
                {expanded}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
