import { useId, type ReactNode } from 'react';
import './loan-summary.css';

export type LoanSummaryFact = { label: string; value: string; note?: string };

export type LoanSummaryProps = {
  /** Page heading shown at the top of the card. */
  heading: string;
  amountLabel: string;
  /** The formatted amount, e.g. "$5.000,00". */
  amount: string;
  /** Term and rate, side by side under the amount. */
  facts: readonly LoanSummaryFact[];
  /** Explanation under the card (amountDec). */
  footnote?: ReactNode;
};

/** The pink header card of the confirmation: big amount, then the term and the daily rate. */
export function LoanSummary({ heading, amountLabel, amount, facts, footnote }: LoanSummaryProps) {
  const headingId = `${useId()}-heading`;
  return (
    <section className="presta-loan-summary" aria-labelledby={headingId}>
      <div className="presta-loan-summary-card">
        <h1 id={headingId} className="presta-loan-summary-heading">
          {heading}
        </h1>
        <p className="presta-loan-summary-amount-label">{amountLabel}</p>
        <p className="presta-loan-summary-amount">{amount}</p>
        <dl className="presta-loan-summary-facts">
          {facts.map((fact) => (
            <div className="presta-loan-summary-fact" key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>
                {fact.value}
                {fact.note ? <span className="presta-loan-summary-fact-note">{fact.note}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {footnote ? <p className="presta-loan-summary-footnote">{footnote}</p> : null}
    </section>
  );
}
