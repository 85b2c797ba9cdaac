import { Fragment, type ReactNode } from 'react';
import './amount-text.css';

/**
 * Money and rates as either market writes them (decision 022: Mexico "$1.234,56", "0,10%", "16 %"; India
 * "₹1,00,000.00", "-₹0.05", "43.36%"): the pieces of a text a line must never break inside (issue 12:
 * '₹968,0' / '0').
 */
const unbreakable = /-?[$₹]\d{1,3}(?:[.,]\d{2,3})*(?:[.,]\d{2})?|\d+(?:[.,]\d+)?\s?%/g;

/**
 * A text with every amount and rate in it kept on one line (a nowrap span);
 * the text around them wraps as usual. Plain text in, React nodes out.
 */
export function withUnbreakableAmounts(text: string): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(unbreakable)) {
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <span className="presta-amount" key={start}>
        {match[0]}
      </span>,
    );
    last = start + match[0].length;
  }
  if (parts.length === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}

/** A text whose amounts never break across lines (see withUnbreakableAmounts). */
export function AmountText({ text }: { text: string }) {
  return <>{withUnbreakableAmounts(text)}</>;
}
