import type { AgreementTerms } from '@presta/contract/api/loan';
import { isMarketCode } from '@presta/contract/markets';

/*
 * The agreement terms of an answer (contract-detail or loan-detail-confirm),
 * read defensively: answers are typed, not validated at run time. A figure
 * the page cannot trust leaves the terms out (the page says it could not load
 * them) rather than showing a wrong one.
 */

type Raw = Record<string, unknown>;
const obj = (v: unknown): Raw | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : null);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

class Unreadable extends Error {}
const fail = (): never => {
  throw new Unreadable();
};
const need = <T,>(v: T | null): T => (v === null ? fail() : v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : fail());
const rate = (v: unknown) => {
  const r = need(obj(v));
  return { ratePpm: need(int(r.ratePpm)), rate: need(str(r.rate)) };
};
const charges = ['interest', 'commission', 'extension_fee'] as const;

/** The annual cost (issue 13): a figure the page cannot trust leaves the terms out. */
function readAnnualCost(v: unknown): AgreementTerms['annualCost'] {
  const c = need(obj(v));
  const kind = c.kind === 'CAT' || c.kind === 'APR' ? c.kind : fail();
  return {
    kind,
    ...rate(c),
    computedOn: need(str(c.computedOn)),
    includesTax: c.includesTax === true,
    unit: c.unit === 'periods' ? 'periods' : 'years',
    unitDays: need(int(c.unitDays)),
    periodsPerYear: typeof c.periodsPerYear === 'number' ? c.periodsPerYear : fail(),
    periodicRate: need(str(c.periodicRate)),
    sheet: list(c.sheet).map((x: unknown) => {
      const r = need(obj(x));
      return { date: need(str(r.date)), day: need(int(r.day)), received: need(int(r.received)), paid: need(int(r.paid)) };
    }),
  };
}

export function readTerms(raw: unknown): AgreementTerms | null {
  try {
    const t = need(obj(raw));
    const market = t.market;
    if (!isMarketCode(market)) return null;
    const interest = need(obj(t.interest));
    const commission = need(obj(t.commission));
    const tax = need(obj(t.tax));
    const late = need(obj(t.lateCharges));
    const extension = need(obj(t.extension));
    const prepayment = need(obj(t.prepayment));
    const lender = need(obj(t.lender));
    const totals = need(obj(t.totals));
    const penalty = late.defaultPenalty === null ? null : need(obj(late.defaultPenalty));
    const rule = late.rule === 'mx_daily_fine' || late.rule === 'in_tiered' ? late.rule : fail();
    return {
      market,
      currency: market === 'IN' ? 'INR' : 'MXN',
      lender: { name: need(str(lender.name)), address: need(str(lender.address)) },
      amount: need(int(t.amount)),
      periods: need(int(t.periods)),
      termUnitDays: need(int(t.termUnitDays)),
      termDays: need(int(t.termDays)),
      interest: { daily: rate(interest.daily), annual: rate(interest.annual), yearDays: need(int(interest.yearDays)) },
      commission: { ...rate(commission), total: need(int(commission.total)) },
      tax: {
        name: need(str(tax.name)),
        ...rate(tax),
        base: list(tax.base).filter((c): c is (typeof charges)[number] => charges.includes(c as never)),
      },
      lateCharges: {
        rule,
        tiers: list(late.tiers).map((x: unknown) => {
          const tier = need(obj(x));
          return { fromDay: need(int(tier.fromDay)), toDay: tier.toDay === null ? null : need(int(tier.toDay)), ...rate(tier) };
        }),
        defaultPenalty: penalty
          ? { newClient: need(int(penalty.newClient)), repeatClient: need(int(penalty.repeatClient)), applies: need(int(penalty.applies)) }
          : null,
      },
      extension: {
        available: extension.available === true,
        days: need(int(extension.days)),
        feeOnPrincipal: need(int(extension.feeOnPrincipal)),
        feeTaxOnPrincipal: need(int(extension.feeTaxOnPrincipal)),
      },
      prepayment: { minDays: need(int(prepayment.minDays)), fromDay: need(int(prepayment.fromDay)), fromDate: str(prepayment.fromDate) ?? '' },
      plan: list(t.plan).map((x: unknown) => {
        const p = need(obj(x));
        return {
          seq: need(int(p.seq)),
          dueDate: need(str(p.dueDate)),
          principal: need(int(p.principal)),
          interest: need(int(p.interest)),
          commission: need(int(p.commission)),
          tax: need(int(p.tax)),
          total: need(int(p.total)),
        };
      }),
      totals: {
        interest: need(int(totals.interest)),
        commission: need(int(totals.commission)),
        tax: need(int(totals.tax)),
        total: need(int(totals.total)),
        received: need(int(totals.received)),
      },
      annualCost: readAnnualCost(t.annualCost),
    };
  } catch (error) {
    if (error instanceof Unreadable) return null;
    throw error;
  }
}
