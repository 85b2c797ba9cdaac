import { useId } from 'react';
import './repayment-hero.css';

export type HeroFact = { label: string; value: string };

export type RepaymentHeroProps = {
  /** The page heading (h1). */
  heading: string;
  /** A line under the heading (e.g. the extension's reviewer text). */
  lead?: string;
  amountLabel: string;
  /** The formatted amount, e.g. "$2.625,00". */
  amount: string;
  /** Shown under the amount (due date, new due date). Facts with an empty value are left out. */
  facts: readonly HeroFact[];
  productLogo: string;
  productName: string;
};

/**
 * The pink header card of the repayment pages (the look of the loan
 * confirmation's summary): heading, big amount, its date, and the product.
 */
export function RepaymentHero({ heading, lead, amountLabel, amount, facts, productLogo, productName }: RepaymentHeroProps) {
  const headingId = `${useId()}-heading`;
  const shownFacts = facts.filter((fact) => fact.value.trim() !== '');
  return (
    <section className="presta-repayment-hero" aria-labelledby={headingId}>
      <h1 id={headingId} className="presta-repayment-hero-heading">
        {heading}
      </h1>
      {lead ? <p className="presta-repayment-hero-lead">{lead}</p> : null}
      <p className="presta-repayment-hero-amount-label">{amountLabel}</p>
      <p className="presta-repayment-hero-amount">{amount}</p>
      {shownFacts.length > 0 ? (
        <dl className="presta-repayment-hero-facts">
          {shownFacts.map((fact) => (
            <div className="presta-repayment-hero-fact" key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {productName || productLogo ? (
        <div className="presta-repayment-hero-product">
          {productLogo ? (
            <span className="presta-repayment-hero-logo">
              <img src={productLogo} alt="" width={28} height={28} />
            </span>
          ) : null}
          <p className="presta-repayment-hero-product-name">{productName}</p>
        </div>
      ) : null}
    </section>
  );
}
