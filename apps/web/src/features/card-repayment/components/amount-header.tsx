import { useId } from 'react';
import './amount-header.css';

export type AmountHeaderProps = {
  /** The page heading (h1). */
  heading: string;
  amountLabel: string;
  /** The formatted amount, e.g. "$2.625,00". */
  amount: string;
};

/** The pink header card of the card payment page: heading and the amount being paid. */
export function AmountHeader({ heading, amountLabel, amount }: AmountHeaderProps) {
  const headingId = `${useId()}-heading`;
  return (
    <section className="presta-card-amount" aria-labelledby={headingId}>
      <h1 id={headingId} className="presta-card-amount-heading">
        {heading}
      </h1>
      <p className="presta-card-amount-label">{amountLabel}</p>
      <p className="presta-card-amount-value">{amount}</p>
    </section>
  );
}
