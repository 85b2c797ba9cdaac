import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementTermsSchema, loanAgreement, loanDetailConfirm, type AgreementTerms } from '@presta/contract/api/loan';
import { loanAnnualCost } from '@presta/contract/annual-cost';
import { addDays, daysBetween } from '@presta/contract/dates';
import { formatMarketMoney, formatMarketPercent, markets, type MarketCode } from '@presta/contract/markets';
import { applyPpm, divideHalfUp } from '@presta/contract/money';
import { productCatalogue } from '../src/db/catalogue';
import {
  IN_DEFAULT_PENALTY,
  IN_LATE_TIERS,
  MX_DAILY_FINE_PPM,
  PREPAYMENT_MIN_DAYS,
} from '../src/modules/ledger/ledger-math/rules';
import { prepaymentFrom } from '../src/modules/ledger/ledger-math/state';
import { productTax, quoteLoan } from '../src/modules/pricing/loan-quote';
import { buildTestApp, dataOf, injectAs, without, type TestApp } from './helpers';
import { makeLoan, urls } from './repayment-fixtures';

/*
 * Issue 12: "/agony, the loan agreement page and contract-detail show the same
 * fixed clauses for every product: 18% a year, 0.0065%, 3% per day, 'defer up
 * to 7 days'". Every figure the agreement states is compared here with the
 * pricing code (quoteLoan, the ledger's constants and rules, the market's
 * tax), for both markets and both languages, through contract-detail (an
 * order) and loan-detail-confirm (the quote the confirmation links to).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const catalogue = (market: MarketCode) => {
  const product = without(productCatalogue.find((p) => p.market === market)!, 'code');
  return product as typeof product & { dailyRatePpm: number; commissionPpm: number; vatPpm: number; termUnitDays: number };
};

/** The figures of the pricing code for a loan of `amount` over `periods` from `start`, as the agreement must state them. */
function expectedTerms(market: MarketCode, lang: 'es' | 'en', amount: number, periods: number, start: string) {
  const product = catalogue(market);
  const m = markets[market];
  const tax = productTax({ market, vatPpm: product.vatPpm });
  const quote = quoteLoan({
    amount,
    periods,
    termUnitDays: product.termUnitDays,
    dailyRatePpm: product.dailyRatePpm,
    commissionPpm: product.commissionPpm,
    tax,
    startDate: start,
  });
  // EXTENSION_FEE_ONE_TERM_INTEREST on the whole principal, and EXTENSION_FEE_TAX where the market's tax takes it.
  const fee = Number(divideHalfUp(BigInt(amount) * BigInt(product.dailyRatePpm) * BigInt(product.termUnitDays), 1_000_000n));
  const feeTax = tax.base.includes('extension_fee') ? applyPpm(fee, tax.ratePpm) : 0;
  const tiers =
    market === 'MX'
      ? [{ fromDay: 1, toDay: null, ratePpm: MX_DAILY_FINE_PPM }]
      : IN_LATE_TIERS.map((x) => ({ fromDay: x.fromDay, toDay: Number.isFinite(x.toDay) ? x.toDay : null, ratePpm: x.ppm }));
  return {
    market,
    currency: m.currency.code,
    lender: m.legalEntity,
    amount,
    periods,
    termUnitDays: product.termUnitDays,
    termDays: periods * product.termUnitDays,
    dailyRatePpm: product.dailyRatePpm,
    annualRatePpm: product.dailyRatePpm * m.yearDays,
    commissionPpm: product.commissionPpm,
    tax: { name: m.tax.name[lang], ratePpm: tax.ratePpm, base: [...tax.base] },
    tiers,
    penalty: market === 'IN' ? { newClient: IN_DEFAULT_PENALTY.newClient, repeatClient: IN_DEFAULT_PENALTY.repeatClient } : null,
    extension: { days: product.termUnitDays, fee, feeTax },
    prepaymentFromDay: Math.max(PREPAYMENT_MIN_DAYS, Math.ceil((periods * product.termUnitDays) / 2)),
    plan: quote.instalments.map((x) => ({
      seq: x.seq,
      dueDate: x.dueDate,
      principal: x.principal,
      interest: x.interest,
      commission: x.commission,
      tax: x.vat,
      total: x.total,
    })),
    totals: quote.totals,
    // Issue 13: the CAT (Mexico) or APR (India) of this plan, by the pure function of its cash flows.
    annualCost: loanAnnualCost(market, {
      start,
      received: amount,
      termUnitDays: product.termUnitDays,
      plan: quote.instalments.map((x) => ({ dueDate: x.dueDate, principal: x.principal, interest: x.interest, commission: x.commission, tax: x.vat })),
    })!,
  };
}

function compare(terms: AgreementTerms, e: ReturnType<typeof expectedTerms>) {
  expect(agreementTermsSchema.safeParse(terms).success).toBe(true);
  expect(terms).toMatchObject({
    market: e.market,
    currency: e.currency,
    lender: e.lender,
    amount: e.amount,
    periods: e.periods,
    termUnitDays: e.termUnitDays,
    termDays: e.termDays,
  });
  expect(terms.interest.daily).toEqual({ ratePpm: e.dailyRatePpm, rate: formatMarketPercent(e.dailyRatePpm, e.market) });
  expect(terms.interest.annual.ratePpm).toBe(e.annualRatePpm);
  expect(terms.commission.ratePpm).toBe(e.commissionPpm);
  expect(terms.commission.total).toBe(e.totals.commission);
  expect({ name: terms.tax.name, ratePpm: terms.tax.ratePpm, base: terms.tax.base }).toEqual(e.tax);
  expect(terms.lateCharges.tiers.map(({ fromDay, toDay, ratePpm }) => ({ fromDay, toDay, ratePpm }))).toEqual(e.tiers);
  expect(terms.lateCharges.defaultPenalty && { newClient: terms.lateCharges.defaultPenalty.newClient, repeatClient: terms.lateCharges.defaultPenalty.repeatClient }).toEqual(e.penalty);
  expect(terms.extension).toMatchObject({ available: true, days: e.extension.days, feeOnPrincipal: e.extension.fee, feeTaxOnPrincipal: e.extension.feeTax });
  expect(terms.prepayment).toMatchObject({ minDays: PREPAYMENT_MIN_DAYS, fromDay: e.prepaymentFromDay });
  expect(terms.plan).toEqual(e.plan);
  expect(terms.totals).toEqual({
    interest: e.totals.interest,
    commission: e.totals.commission,
    tax: e.totals.vat,
    total: e.totals.totalOwed,
    received: e.totals.received,
  });
  expect(terms.annualCost).toMatchObject({
    kind: e.market === 'MX' ? 'CAT' : 'APR',
    ratePpm: e.annualCost.ratePpm,
    rate: e.annualCost.rate,
    includesTax: e.market === 'IN',
  });
  expect(terms.annualCost.sheet.map((r) => r.paid)).toEqual([0, ...e.plan.map((x) => (e.market === 'IN' ? x.total : x.total - x.tax))]);
}

describe.each([
  ['MX', 'es', '2'],
  ['MX', 'en', '1'],
  ['IN', 'es', '2'],
  ['IN', 'en', '1'],
] as const)('the %s agreement in %s states the pricing code’s figures', (market, lang, language) => {
  const amount = market === 'MX' ? 300_000 : 1_000_000;
  const periods = 2;

  it('contract-detail (an order, disbursed): every rate, fee, tax, charge, rule and the plan', async () => {
    const loan = await makeLoan(t.db, { status: '174', product: catalogue(market), amount, periods, daysAgo: 3 });
    const res = await injectAs(t.app, loan.sessionId, { url: urls.agreement, payload: { orderNo: loan.orderNo }, query: { language } });
    const d = dataOf(res, loanAgreement);
    const disbursedOn = addDays(loan.today, -3);
    compare(d.terms, expectedTerms(market, lang, amount, periods, disbursedOn));
    // Once disbursed, the prepayment day and the loan's own penalty (a new client's) are known.
    expect(d.terms.prepayment.fromDate).toBe(prepaymentFrom({ disbursedOn, periods, termUnitDays: catalogue(market).termUnitDays }));
    expect(daysBetween(disbursedOn, d.terms.prepayment.fromDate)).toBe(d.terms.prepayment.fromDay);
    expect(d.terms.lateCharges.defaultPenalty?.applies ?? 0).toBe(market === 'IN' ? IN_DEFAULT_PENALTY.newClient : 0);
    // The note's money in the market's currency, its tax total the plan's.
    const money = (minor: number) => formatMarketMoney(minor, market);
    expect(d).toMatchObject({
      market,
      mount: money(amount),
      contractAmount: money(d.terms.totals.total),
      IVA: money(d.terms.totals.tax),
      company: markets[market].legalEntity.name,
    });
  });

  it('loan-detail-confirm (the quote the confirmation links the agreement to)', async () => {
    // A rejected order: the borrower has no open one, so the product is quoted (one active loan, issue 16).
    const loan = await makeLoan(t.db, { status: '110', product: catalogue(market), amount: catalogue(market).amountMin, periods: 1 });
    const res = await injectAs(t.app, loan.sessionId, {
      url: '/v3/loan-confirm/loan-detail-confirm',
      payload: { productId: loan.product.id, amount, periods },
      query: { language },
    });
    const d = dataOf(res, loanDetailConfirm);
    expect(d.isNewContract).toBe(`/loan-agreement?productId=${loan.product.id}&amount=${amount}&periods=${periods}`);
    compare(d.terms, expectedTerms(market, lang, amount, periods, loan.today));
    expect(d.terms.prepayment.fromDate).toBe('');
    expect(d.terms.lateCharges.defaultPenalty?.applies ?? 0).toBe(0);
  });
});

describe('the figures the issue names, from the catalogue products', () => {
  it('Mexico: 0,05 % a day is 18 % a year (360 days), IVA 16 % of interest, commission and the extension fee, a 3 % daily fine, extensions of 15 days', async () => {
    const loan = await makeLoan(t.db, { status: '21', product: catalogue('MX'), amount: 300_000, periods: 1 });
    const d = dataOf(await injectAs(t.app, loan.sessionId, { url: urls.agreement, payload: { orderNo: loan.orderNo } }), loanAgreement);
    expect(d.terms.interest).toEqual({ daily: { ratePpm: 500, rate: '0,05%' }, annual: { ratePpm: 180_000, rate: '18%' }, yearDays: 360 });
    expect(d.terms.tax).toEqual({ name: 'IVA', ratePpm: 160_000, rate: '16%', base: ['interest', 'commission', 'extension_fee'] });
    expect(d.terms.lateCharges).toEqual({ rule: 'mx_daily_fine', tiers: [{ fromDay: 1, toDay: null, ratePpm: 30_000, rate: '3%' }], defaultPenalty: null });
    expect(d.terms.extension.days).toBe(15);
  });

  it('India: 0.10% a day is 36.5% a year (written the Indian way, decision 022), GST 18 % of the processing fee only, 5/4/2 % late interest, ₹1,000 / ₹800 penalty, extensions of 91 days', async () => {
    const loan = await makeLoan(t.db, { status: '21', product: catalogue('IN'), amount: 500_000, periods: 1 });
    const d = dataOf(await injectAs(t.app, loan.sessionId, { url: urls.agreement, payload: { orderNo: loan.orderNo }, query: { language: '1' } }), loanAgreement);
    expect(d.terms.interest).toEqual({ daily: { ratePpm: 1_000, rate: '0.10%' }, annual: { ratePpm: 365_000, rate: '36.5%' }, yearDays: 365 });
    expect(d.terms.tax).toEqual({ name: 'GST', ratePpm: 180_000, rate: '18%', base: ['commission'] });
    expect(d.terms.lateCharges.tiers.map((x: { rate: string }) => x.rate)).toEqual(['5%', '4%', '2%']);
    expect(d.terms.lateCharges.defaultPenalty).toEqual({ newClient: 100_000, repeatClient: 80_000, applies: 0 });
    expect(d.terms.extension).toMatchObject({ days: 91, feeTaxOnPrincipal: 0 });
    expect(d.IVA).toBe(formatMarketMoney(applyPpm(d.terms.totals.commission, 180_000), 'IN'));
  });
});
