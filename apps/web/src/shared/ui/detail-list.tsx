import { useId, useState } from 'react';
import type { TextValue } from '@presta/contract/api/common';
import { visibleRows } from '@/shared/format/detail-rows';
import { withUnbreakableAmounts } from './amount-text';
import './detail-list.css';

export type DetailListFold = {
  /** Rows shown while folded. */
  count: number;
  /** Toggle labels, e.g. "Ver más" / "Ocultar". */
  moreLabel: string;
  lessLabel: string;
};

export type DetailListProps = {
  rows: readonly TextValue[];
  /** Fold to the first rows, with a More/Hide toggle when there are more (the instalment detail, §9). */
  fold?: DetailListFold;
  className?: string;
};

/**
 * Text/value rows as a description list. Rows with an empty or '0' value are
 * hidden (§5); nothing renders when none is left. Folded, a toggle
 * (aria-expanded, aria-controls) shows the rest. Amounts never break inside:
 * a value that does not fit beside its label goes to its own line.
 */
export function DetailList({ rows, fold, className }: DetailListProps) {
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const shown = visibleRows(rows);
  if (shown.length === 0) return null;
  const foldable = fold !== undefined && shown.length > fold.count;
  const visible = foldable && !expanded ? shown.slice(0, fold.count) : shown;
  const list = (
    <dl id={listId} className={['presta-detail-list', className].filter(Boolean).join(' ')}>
      {visible.map((row, index) => (
        <div className="presta-detail-list-row" key={`${row.text}-${index}`}>
          <dt>{withUnbreakableAmounts(row.text)}</dt>
          <dd>{withUnbreakableAmounts(row.value)}</dd>
        </div>
      ))}
    </dl>
  );
  if (!foldable) return list;
  return (
    <div className="presta-detail-list-folded">
      {list}
      <button
        type="button"
        className="presta-detail-list-toggle"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((open) => !open)}
      >
        {expanded ? fold.lessLabel : fold.moreLabel}
        <svg className="presta-detail-list-chevron" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
    </div>
  );
}
