import type { ReactNode } from 'react';
import { AmountHero, type AmountHeroFact } from '@/shared/ui/amount-hero';
import './loan-summary.css';

export type LoanSummaryProps = {
  /** Page heading shown at the top of the card. */
  heading: string;
  amountLabel: string;
  /** The formatted amount, e.g. "$5.000,00". */
  amount: string;
  /** Term and rate, side by side under the amount. */
  facts: readonly AmountHeroFact[];
  /** Explanation under the card (amountDec). */
  footnote?: ReactNode;
};

/** The confirmation's header: the pink amount card (term and daily rate under the amount), then its footnote. */
export function LoanSummary({ heading, amountLabel, amount, facts, footnote }: LoanSummaryProps) {
  return (
    <div className="presta-loan-summary">
      <AmountHero heading={heading} amountLabel={amountLabel} amount={amount} facts={facts} />
      {footnote ? <p className="presta-loan-summary-footnote">{footnote}</p> : null}
    </div>
  );
}
