import type { TextValue } from '@presta/contract/api/common';
import { visibleRows } from '../utils/rows';
import './detail-list.css';

export type DetailListProps = {
  rows: readonly TextValue[];
  className?: string;
};

/** Text/value rows as a description list. Rows with an empty or '0' value are hidden (§5); nothing renders when none is left. */
export function DetailList({ rows, className }: DetailListProps) {
  const shown = visibleRows(rows);
  if (shown.length === 0) return null;
  return (
    <dl className={['presta-loan-detail-list', className].filter(Boolean).join(' ')}>
      {shown.map((row, index) => (
        <div className="presta-loan-detail-row" key={`${row.text}-${index}`}>
          <dt>{row.text}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
