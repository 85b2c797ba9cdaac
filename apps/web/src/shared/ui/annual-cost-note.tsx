import { annualCostMessages, annualCostSentence, type AnnualCostFigure } from '@/shared/format/annual-cost-text';
import { useMessages } from '@/shared/i18n/use-messages';
import './annual-cost-note.css';

export type AnnualCostNoteProps = { cost: AnnualCostFigure; className?: string };

/**
 * The loan's annual cost stated as its regulator requires (issue 13): the CAT without IVA, for information
 * and comparison, with the day it was computed (Mexico); the APR with every charge (India). The rate never
 * breaks inside.
 */
export function AnnualCostNote({ cost, className }: AnnualCostNoteProps) {
  const { lang } = useMessages(annualCostMessages);
  const sentence = annualCostSentence(cost, lang);
  // The rate and the day never break inside: each is one unbreakable piece of the sentence.
  const [before = '', rest = ''] = sentence.split(cost.rate);
  const [middle = '', after = ''] = rest.split(cost.computedOn);
  return (
    <p className={['presta-annual-cost-note', className].filter(Boolean).join(' ')} data-annual-cost={cost.kind}>
      {before}
      <strong className="presta-annual-cost-rate">{cost.rate}</strong>
      {middle}
      {rest.includes(cost.computedOn) ? <span className="presta-annual-cost-date">{cost.computedOn}</span> : null}
      {after}
    </p>
  );
}
