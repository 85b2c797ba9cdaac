import { withUnbreakableAmounts } from './amount-text';
import './instalment-list.css';

export type InstalmentListItem = {
  title: string;
  /** A line under the title (the plan's description or remark). */
  note?: string;
  /** Minor units. */
  amount: number;
  /** The due date (or the entry's time); left out when empty. */
  date?: string;
};

export type InstalmentListProps = {
  items: readonly InstalmentListItem[];
  /** Minor units → "$1.234,56". */
  formatMoney: (minor: number) => string;
  /** Accessible labels of each entry's amount and date. */
  amountLabel: string;
  dateLabel: string;
  /** A number badge before each entry (the confirmation does it from two instalments). */
  numbered?: boolean;
};

/** A repayment plan: one entry per instalment, in order, its amount and date on the right. */
export function InstalmentList({ items, formatMoney, amountLabel, dateLabel, numbered = false }: InstalmentListProps) {
  if (items.length === 0) return null;
  return (
    <ol className="presta-instalment-list">
      {items.map((item, index) => (
        <li className="presta-instalment-list-item" key={`${item.date ?? ''}-${index}`}>
          {numbered ? (
            <span className="presta-instalment-list-index" aria-hidden="true">
              {index + 1}
            </span>
          ) : null}
          <div className="presta-instalment-list-main">
            <p className="presta-instalment-list-title">{item.title}</p>
            {item.note ? <p className="presta-instalment-list-note">{withUnbreakableAmounts(item.note)}</p> : null}
          </div>
          <dl className="presta-instalment-list-figures">
            <dt className="presta-visually-hidden">{amountLabel}</dt>
            <dd className="presta-instalment-list-amount">{formatMoney(item.amount)}</dd>
            {item.date ? (
              <>
                <dt className="presta-visually-hidden">{dateLabel}</dt>
                <dd className="presta-instalment-list-date">{item.date}</dd>
              </>
            ) : null}
          </dl>
        </li>
      ))}
    </ol>
  );
}
