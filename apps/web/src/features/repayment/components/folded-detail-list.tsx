import { useId, useState } from 'react';
import type { TextValue } from '@presta/contract/api/common';
import { visibleRows } from '../utils/rows';
import './folded-detail-list.css';

/** §9: the instalment detail list is folded to 2 rows. */
export const foldedRowCount = 2;

export type FoldedDetailListProps = {
  rows: readonly TextValue[];
  /** Toggle labels, e.g. "Ver más" / "Ocultar". */
  moreLabel: string;
  lessLabel: string;
  /** Rows shown while folded (default 2). */
  foldedCount?: number;
};

/**
 * Text/value rows (empty or '0' values hidden, §5) folded to the first rows,
 * with a More/Hide toggle (aria-expanded, aria-controls) when there are more.
 * Renders nothing when no row is left.
 */
export function FoldedDetailList({ rows, moreLabel, lessLabel, foldedCount = foldedRowCount }: FoldedDetailListProps) {
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const shown = visibleRows(rows);
  if (shown.length === 0) return null;
  const foldable = shown.length > foldedCount;
  const visible = foldable && !expanded ? shown.slice(0, foldedCount) : shown;
  return (
    <div className="presta-folded-list">
      <dl id={listId} className="presta-folded-list-rows">
        {visible.map((row, index) => (
          <div className="presta-folded-list-row" key={`${row.text}-${index}`}>
            <dt>{row.text}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {foldable ? (
        <button
          type="button"
          className="presta-folded-list-toggle"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? lessLabel : moreLabel}
          <svg
            className="presta-folded-list-chevron"
            viewBox="0 0 24 24"
            width="18"
            height="18"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}
