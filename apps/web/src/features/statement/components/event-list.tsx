import { Link } from 'wouter';
import type { StatementEvent } from '@presta/contract/api/statement';
import { withUnbreakableAmounts } from '@/shared/ui/amount-text';
import { allocationText, effectOf, eventDetails, eventTitle, type Describe } from '../utils/describe';
import './event-list.css';

export type EventListProps = {
  events: readonly StatementEvent[];
  /** Instalments of the loan ("instalment 1 of 2"). */
  count: number;
  describe: Describe;
  /** The receipt page of a payment (an in-app address). */
  receiptHref: (paymentId: string) => string;
};

const signs = { charge: '+', payment: '−', none: '' } as const;

/**
 * The statement's events, oldest first: title, amount (+ charged, − paid), day (and time), what it was made
 * of, where a payment or the credit went, what the borrower owed after it (and the credit held), and a
 * payment's receipt. Amounts never break inside.
 */
export function EventList({ events, count, describe: d, receiptHref }: EventListProps) {
  const { t, money } = d;
  return (
    <ol className="presta-statement-events">
      {events.map((e, index) => {
        const effect = effectOf(e);
        const pending = 'pending' in e && e.pending;
        const allocations = 'allocations' in e ? e.allocations : [];
        return (
          <li className={`presta-statement-event presta-statement-event-${effect}`} key={`${e.kind}-${index}`}>
            <div className="presta-statement-event-head">
              <h3 className="presta-statement-event-title">{eventTitle(d, e, count)}</h3>
              <p className="presta-statement-event-amount">
                {effect !== 'none' ? <span className="presta-visually-hidden">{t(effect === 'charge' ? 'charged' : 'credited')}: </span> : null}
                <span className="presta-amount">
                  {signs[effect]}
                  {money(e.amount)}
                </span>
              </p>
            </div>
            <p className="presta-statement-event-date">
              <time dateTime={e.date.replace(' ', 'T')}>{e.date}</time>
              {pending ? <span className="presta-statement-event-pending"> · {t('pendingMark')}</span> : null}
            </p>
            {eventDetails(d, e).map((line) => (
              <p className="presta-statement-event-detail" key={line}>
                {withUnbreakableAmounts(line)}
              </p>
            ))}
            {allocations.length > 0 ? (
              <div className="presta-statement-event-allocations">
                <p className="presta-statement-event-allocations-label">{t('allocationLabel')}</p>
                <ul>
                  {allocations.map((a, i) => (
                    <li key={`${a.seq}-${a.component}-${i}`}>
                      <span>{allocationText(d, a)}</span>
                      <span className="presta-amount">{money(a.amount)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <p className="presta-statement-event-balance">
              {withUnbreakableAmounts(t('balanceAfter', { amount: money(e.balance) }))}
              {e.credit > 0 ? <> · {withUnbreakableAmounts(t('creditAfter', { amount: money(e.credit) }))}</> : null}
            </p>
            {e.kind === 'payment' ? (
              <Link to={receiptHref(e.paymentId)} className="presta-page-link-button presta-statement-receipt-link">
                {t('viewReceipt')}
                <span className="presta-visually-hidden"> {t('viewReceiptOf', { date: e.date })}</span>
              </Link>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
