import { useId } from 'react';
import { withUnbreakableAmounts } from './amount-text';
import './amount-hero.css';

export type AmountHeroFact = { label: string; value: string; note?: string };

export type AmountHeroProps = {
  /** The page heading (h1). */
  heading: string;
  /** A line under the heading (e.g. the extension's reviewer text). */
  lead?: string;
  amountLabel: string;
  /** The formatted amount, e.g. "$2.625,00". */
  amount: string;
  /** Side by side under the amount (term and rate, a due date). Facts with an empty value are left out. */
  facts?: readonly AmountHeroFact[];
  /** The loan product, at the bottom of the card. */
  product?: { logo: string; name: string };
};

/**
 * The pink header card of the money pages (loan confirmation, repayment,
 * extension, card payment): heading, the big amount, its facts, the product.
 */
export function AmountHero({ heading, lead, amountLabel, amount, facts = [], product }: AmountHeroProps) {
  const headingId = `${useId()}-heading`;
  const shownFacts = facts.filter((fact) => fact.value.trim() !== '');
  return (
    <section className="presta-amount-hero" aria-labelledby={headingId}>
      <h1 id={headingId} className="presta-amount-hero-heading">
        {heading}
      </h1>
      {lead ? <p className="presta-amount-hero-lead">{withUnbreakableAmounts(lead)}</p> : null}
      <p className="presta-amount-hero-amount-label">{amountLabel}</p>
      <p className="presta-amount-hero-amount">{amount}</p>
      {shownFacts.length > 0 ? (
        <dl className="presta-amount-hero-facts">
          {shownFacts.map((fact) => (
            <div className="presta-amount-hero-fact" key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>
                {withUnbreakableAmounts(fact.value)}
                {fact.note ? <span className="presta-amount-hero-fact-note">{fact.note}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {product && (product.name || product.logo) ? (
        <div className="presta-amount-hero-product">
          {product.logo ? (
            <span className="presta-amount-hero-logo">
              <img src={product.logo} alt="" width={28} height={28} />
            </span>
          ) : null}
          <p className="presta-amount-hero-product-name">{product.name}</p>
        </div>
      ) : null}
    </section>
  );
}
