import type { AgreementTerms } from '@presta/contract/api/loan';
import { loanAnnualCost } from '@presta/contract/annual-cost';
import { daysBetween, type CalendarDate } from '@presta/contract/dates';
import type { Language } from '@presta/contract/language';
import { formatMarketPercent, formatMarketRate, marketOf, type MarketCode } from '@presta/contract/markets';
import type { Minor } from '@presta/contract/money';
import { quoteExtensionOn } from '../ledger/ledger-math/extension';
import {
  defaultPenaltyFor,
  IN_LATE_TIERS,
  MX_DAILY_FINE_PPM,
  PREPAYMENT_MIN_DAYS,
  type LateRule,
} from '../ledger/ledger-math/rules';
import { initialState, prepaymentFrom, type LedgerTerms } from '../ledger/ledger-math/state';
import { contractualDueDate, instalmentTotal, planTotals, type LoanTax, type PricedInstalment } from '../pricing/loan-quote';

/*
 * What the loan agreement states (issue 12, docs/legal-texts.md "Loan
 * agreement"): built from the terms that priced the loan (the product's for an
 * offer, the order's snapshot for an order), its plan and totals as the pricing
 * code makes them (loan-quote.ts), and the market's rules, through the ledger's
 * own functions and constants — never from fixed text. This file presents them
 * and adds the annual cost; it computes no figure of the plan. The pages fill
 * their clauses from it.
 */

export type AgreementInput = {
  market: MarketCode;
  lateRule: LateRule;
  amount: Minor;
  periods: number;
  termUnitDays: number;
  dailyRatePpm: number;
  commissionPpm: number;
  /** The tax that priced the loan (orderTax: the order's snapshot; productTax for an offer). */
  tax: LoanTax;
  extensionEnabled: boolean;
  /** The first day of the term: the disbursal day, or the quote's start for an offer. */
  startDate: CalendarDate;
  disbursed: boolean;
  /** The one-off default penalty of this loan once known (disbursed), else undefined. */
  defaultPenalty?: Minor;
  plan: readonly PricedInstalment[];
  /** What reaches the borrower's account. */
  received: Minor;
};

/** A rate as the loan's market writes it (decision 022), with as few decimals as it needs unless `text` is given. */
const rate = (market: MarketCode, ratePpm: number, text = formatMarketRate(ratePpm, market)) => ({ ratePpm, rate: text });

/** The late-charge tiers of a rule, from the ledger's constants (MX_DAILY_FINE_3PCT, IN_LATE_INTEREST_TIERS). */
function lateTiersOf(market: MarketCode, rule: LateRule): AgreementTerms['lateCharges']['tiers'] {
  const tiers = rule === 'mx_daily_fine' ? [{ fromDay: 1, toDay: Number.POSITIVE_INFINITY, ppm: MX_DAILY_FINE_PPM }] : IN_LATE_TIERS;
  return tiers.map((t) => ({ fromDay: t.fromDay, toDay: Number.isFinite(t.toDay) ? t.toDay : null, ...rate(market, t.ppm) }));
}

/**
 * The loan's annual cost as its market states it (issue 13): the principal received on the first day, each
 * instalment paid on its due date (principal, interest, commission, and the tax where the market counts it).
 */
export function annualCostTerms(
  input: Pick<AgreementInput, 'market' | 'startDate' | 'received' | 'termUnitDays' | 'plan'>,
): AgreementTerms['annualCost'] {
  const cost = loanAnnualCost(input.market, {
    start: input.startDate,
    received: input.received,
    termUnitDays: input.termUnitDays,
    // Each instalment on its contractual day (DUE_DATE_START_PLUS_I_TERM_UNITS), so an extension moving the
    // due dates later does not change the contract's figure.
    plan: input.plan.map((x) => ({
      dueDate: contractualDueDate(input.startDate, x.seq, input.termUnitDays),
      principal: x.principal,
      interest: x.interest,
      commission: x.commission,
      tax: x.vat,
    })),
  });
  // A priced loan always pays back at least what it received, so a rate exists; a plan that does not is a bug.
  if (!cost) throw new Error('a priced plan without an annual cost');
  return {
    kind: cost.kind,
    ratePpm: cost.ratePpm,
    rate: cost.rate,
    computedOn: input.startDate,
    includesTax: cost.includesTax,
    unit: cost.unit,
    unitDays: cost.unitDays,
    periodsPerYear: cost.periodsPerYear,
    periodicRate: formatMarketPercent(Math.round(cost.periodicRate * 1_000_000), input.market, 4),
    sheet: cost.sheet.map((r) => ({ date: r.date, day: r.day, received: r.received, paid: r.paid })),
  };
}

export function agreementTerms(input: AgreementInput, lang: Language): AgreementTerms {
  const market = marketOf(input.market);
  const ledgerTerms: LedgerTerms = {
    disbursedOn: input.startDate,
    periods: input.periods,
    termUnitDays: input.termUnitDays,
    dailyRatePpm: input.dailyRatePpm,
    tax: input.tax,
    lateRule: input.lateRule,
    defaultPenalty: defaultPenaltyFor(input.lateRule, false),
    extensionEnabled: input.extensionEnabled,
  };
  // The extension as the ledger prices it on the first day, when the whole principal is unpaid and nothing is due.
  const plan = input.plan.map((x) => ({ ...x, id: x.seq }));
  const extension = quoteExtensionOn(initialState(ledgerTerms, plan), input.startDate);
  const prepaymentDay = prepaymentFrom(ledgerTerms);
  const penaltyNew = defaultPenaltyFor(input.lateRule, false);
  const totals = planTotals(input.plan);

  return {
    market: market.code,
    currency: market.currency.code,
    lender: { ...market.legalEntity },
    amount: input.amount,
    periods: input.periods,
    termUnitDays: input.termUnitDays,
    termDays: input.periods * input.termUnitDays,
    interest: {
      // The daily rate as the confirmation shows it (loanRate: two decimals).
      daily: rate(market.code, input.dailyRatePpm, formatMarketPercent(input.dailyRatePpm, market)),
      annual: rate(market.code, input.dailyRatePpm * market.yearDays),
      yearDays: market.yearDays,
    },
    commission: { ...rate(market.code, input.commissionPpm), total: totals.commission },
    tax: { name: market.tax.name[lang], ...rate(market.code, input.tax.ratePpm), base: [...input.tax.base] },
    lateCharges: {
      rule: input.lateRule,
      tiers: lateTiersOf(market.code, input.lateRule),
      defaultPenalty:
        penaltyNew > 0
          ? { newClient: penaltyNew, repeatClient: defaultPenaltyFor(input.lateRule, true), applies: input.defaultPenalty ?? 0 }
          : null,
    },
    extension: {
      available: input.extensionEnabled,
      days: extension.shiftDays,
      feeOnPrincipal: extension.fee,
      feeTaxOnPrincipal: extension.feeTax,
    },
    prepayment: {
      minDays: PREPAYMENT_MIN_DAYS,
      fromDay: daysBetween(input.startDate, prepaymentDay),
      fromDate: input.disbursed ? prepaymentDay : '',
    },
    plan: input.plan.map((x) => ({
      seq: x.seq,
      dueDate: x.dueDate,
      principal: x.principal,
      interest: x.interest,
      commission: x.commission,
      tax: x.vat,
      total: instalmentTotal(x),
    })),
    totals: {
      interest: totals.interest,
      commission: totals.commission,
      tax: totals.vat,
      total: totals.totalOwed,
      received: input.received,
    },
    annualCost: annualCostTerms(input),
  };
}
