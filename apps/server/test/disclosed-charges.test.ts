import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@presta/contract/api/endpoint';
import { keyFacts, type KeyFactsCharge, type KeyFactsData } from '@presta/contract/api/key-facts';
import { loanDetailConfirm, type AgreementTerms } from '@presta/contract/api/loan';
import { addDays, daysBetween, todayIn } from '@presta/contract/dates';
import { markets, type MarketCode } from '@presta/contract/markets';
import { productCatalogue } from '../src/db/catalogue';
import { accrueLateCharges } from '../src/modules/ledger/ledger-math/accrual';
import { quoteExtensionOn } from '../src/modules/ledger/ledger-math/extension';
import { defaultPenaltyFor } from '../src/modules/ledger/ledger-math/rules';
import { initialState, type LedgerTerms } from '../src/modules/ledger/ledger-math/state';
import { borrowerWithOffer, buildTestApp, dataOf, injectAs, without, type TestApp } from './helpers';

/*
 * Issue 13, "no undisclosed charge": every kind of charge the ledger can post on a loan of each market —
 * found by running the ledger itself over the loan (its plan, every late day through the last late tier,
 * the default penalty, an extension) — appears in that market's disclosures with the figure the ledger
 * uses: the agreement's terms (both markets) and the Key Facts Statement (India).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Posted = { charge: KeyFactsCharge['charge']; ratePpm?: number; amount?: number; lateDay?: number };

/** What the ledger posts on this loan, run from its first day through 200 days after its last due date. */
function chargesTheLedgerPosts(terms: AgreementTerms, lateRule: LedgerTerms['lateRule']): Posted[] {
  const ledgerTerms: LedgerTerms = {
    disbursedOn: addDays(terms.plan[0]!.dueDate, -terms.termUnitDays),
    periods: terms.periods,
    termUnitDays: terms.termUnitDays,
    dailyRatePpm: terms.interest.daily.ratePpm,
    tax: { ratePpm: terms.tax.ratePpm, base: terms.tax.base },
    lateRule,
    defaultPenalty: defaultPenaltyFor(lateRule, false),
    extensionEnabled: terms.extension.available,
  };
  const state = initialState(ledgerTerms, terms.plan.map((x) => ({ id: x.seq, seq: x.seq, dueDate: x.dueDate, principal: x.principal, interest: x.interest, commission: x.commission, vat: x.tax })));
  const posted: Posted[] = [];
  const sum = (pick: (x: (typeof state.instalments)[number]) => number) => state.instalments.reduce((acc, x) => acc + pick(x), 0);
  if (sum((x) => x.owed.interest) > 0) posted.push({ charge: 'interest', amount: sum((x) => x.owed.interest) });
  if (sum((x) => x.owed.commission) > 0) posted.push({ charge: 'commission', amount: sum((x) => x.owed.commission) });
  if (sum((x) => x.owed.vat) > 0) posted.push({ charge: 'tax', amount: sum((x) => x.owed.vat) });
  const extension = quoteExtensionOn(state, ledgerTerms.disbursedOn);
  if (extension.available && extension.fee > 0) posted.push({ charge: 'extension_fee', amount: extension.fee });
  if (extension.available && extension.feeTax > 0) posted.push({ charge: 'extension_tax', amount: extension.feeTax });
  const { charges } = accrueLateCharges(state, addDays(terms.plan.at(-1)!.dueDate, 200));
  for (const c of charges) {
    const dueDate = terms.plan.find((x) => x.seq === c.seq)!.dueDate;
    if (c.kind === 'default_penalty') posted.push({ charge: 'default_penalty', amount: c.amount });
    else posted.push({ charge: 'late_fee', ratePpm: c.ratePpm!, lateDay: daysBetween(dueDate, c.accruedFrom) });
  }
  return posted;
}

/** The agreement states the posted charge with the ledger's figure. */
function inAgreement(terms: AgreementTerms, p: Posted): boolean {
  switch (p.charge) {
    case 'interest':
      return terms.totals.interest === p.amount;
    case 'commission':
      return terms.commission.total === p.amount;
    case 'tax':
      return terms.totals.tax === p.amount;
    case 'extension_fee':
      return terms.extension.available && terms.extension.feeOnPrincipal === p.amount;
    case 'extension_tax':
      return terms.extension.feeTaxOnPrincipal === p.amount;
    case 'default_penalty':
      return terms.lateCharges.defaultPenalty?.newClient === p.amount;
    case 'late_fee':
      return terms.lateCharges.tiers.some((x) => x.ratePpm === p.ratePpm && x.fromDay <= p.lateDay! && (x.toDay === null || p.lateDay! <= x.toDay));
  }
}

/** The KFS lists the posted charge with the ledger's figure. */
function inKeyFacts(kfs: KeyFactsData, p: Posted): boolean {
  const listed = kfs.charges.filter((x) => x.charge === p.charge);
  if (p.charge === 'late_fee') {
    return listed.some((x) => x.ratePpm === p.ratePpm && x.fromDay! <= p.lateDay! && (x.toDay === null || p.lateDay! <= x.toDay));
  }
  return listed.some((x) => x.amount === p.amount);
}

describe.each(['MX', 'IN'] as const)('every charge the ledger can post on a %s loan is disclosed with its figure', (market: MarketCode) => {
  it('in the agreement (and, in India, the Key Facts Statement)', async () => {
    const product = without(productCatalogue.find((p) => p.market === market)!, 'code');
    const { sessionId, product: seeded } = await borrowerWithOffer(t.db, { limit: product.amountMax, product });
    const amount = product.amountMin * 2;
    const periods = 2;
    const call = <E extends Endpoint>(e: E, payload: Record<string, string | number>) =>
      injectAs(t.app, sessionId, { url: e.path, payload, query: { language: '1' } }).then((r) => dataOf(r, e));
    const confirm = await call(loanDetailConfirm, { productId: seeded.id, amount, periods });
    const terms: AgreementTerms = confirm.terms;
    expect(terms.plan[0]!.dueDate).toBe(addDays(todayIn(markets[market].timeZone), product.termUnitDays));

    const posted = chargesTheLedgerPosts(terms, product.lateRule);
    const kinds = new Set(posted.map((p) => p.charge));
    // The run reaches every charge the market's rules have: the late tiers' every rate, and the penalty in India.
    expect([...kinds].sort()).toEqual(
      market === 'MX'
        ? ['commission', 'extension_fee', 'extension_tax', 'interest', 'late_fee', 'tax']
        : ['commission', 'default_penalty', 'extension_fee', 'interest', 'late_fee', 'tax'],
    );
    expect(new Set(posted.filter((p) => p.charge === 'late_fee').map((p) => p.ratePpm)).size).toBe(market === 'MX' ? 1 : 3);

    const undisclosedInAgreement = posted.filter((p) => !inAgreement(terms, p));
    expect(undisclosedInAgreement).toEqual([]);

    if (market === 'IN') {
      const kfs: KeyFactsData = await call(keyFacts, { proposalNo: confirm.keyFacts!.proposalNo });
      expect(posted.filter((p) => !inKeyFacts(kfs, p))).toEqual([]);
      // And nothing in the KFS that the ledger would not charge (no invented charge either).
      expect(new Set(kfs.charges.map((x) => x.charge))).toEqual(kinds);
    } else {
      expect(confirm.keyFacts).toBeNull();
    }
  });
});
