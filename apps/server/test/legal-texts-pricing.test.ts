import { describe, expect, it } from 'vitest';
import { markets } from '@presta/contract/markets';
import { IN_DEFAULT_PENALTY, IN_LATE_TIERS, PREPAYMENT_MIN_DAYS } from '../src/modules/ledger/ledger-math/rules';
import { loanTerms, loanTermsMarket } from '../../web/src/legal/loan-terms';

/*
 * The loan terms are the Indian market's legal text (markets.ts `legalTexts`):
 * written prose, so they state the charges the ledger applies to an Indian
 * loan. A change of the pricing code that the text does not follow fails here
 * (the agreement, by contrast, is built from the pricing code itself).
 */

const text = (lang: 'es' | 'en') =>
  loanTerms[lang].sections.flatMap((s) => s.clauses.flatMap((c) => [...c.paragraphs, ...(c.items ?? [])])).join('\n');
/** Rs. amounts as the terms write them (Indian style): 100 000 paise → "Rs.1,000". */
const rupees = (paise: number) => `Rs.${(paise / 100).toLocaleString('en-IN')}`;

describe('the loan terms state the Indian pricing code’s charges', () => {
  it.each(['es', 'en'] as const)('%s: penalty, late-interest tiers and the prepayment rule', (lang) => {
    expect(loanTermsMarket).toBe('IN');
    expect(markets[loanTermsMarket].lateRule).toBe('in_tiered');
    const terms = text(lang);
    expect(terms).toContain(rupees(IN_DEFAULT_PENALTY.newClient));
    expect(terms).toContain(rupees(IN_DEFAULT_PENALTY.repeatClient));
    for (const tier of IN_LATE_TIERS) {
      const rate = `${tier.ppm / 10_000}%`;
      const days = Number.isFinite(tier.toDay)
        ? lang === 'es'
          ? `del día ${tier.fromDay} al día ${tier.toDay}`
          : `on days ${tier.fromDay} to ${tier.toDay}`
        : lang === 'es'
          ? `desde el día ${tier.fromDay}`
          : `from day ${tier.fromDay}`;
      expect(terms).toMatch(new RegExp(`${rate} [^\\n]*${days}`));
    }
    expect(terms).toContain(lang === 'es' ? `no antes de ${PREPAYMENT_MIN_DAYS} días naturales` : `not earlier than ${PREPAYMENT_MIN_DAYS} calendar days`);
  });
});
