import type { AgreementTerms } from '@presta/contract/api/loan';
import { loanAnnualCost } from '@presta/contract/annual-cost';
import { formatMarketPercent, markets, type MarketCode } from '@presta/contract/markets';

/** The annual cost the server states for a plan (the pure function, as agreement-terms.ts calls it). */
export function annualCostOf(market: MarketCode, start: string, termUnitDays: number, received: number, plan: AgreementTerms['plan']): AgreementTerms['annualCost'] {
  const cost = loanAnnualCost(market, { start, received, termUnitDays, plan })!;
  return {
    kind: cost.kind,
    ratePpm: cost.ratePpm,
    rate: cost.rate,
    computedOn: start,
    includesTax: cost.includesTax,
    unit: cost.unit,
    unitDays: cost.unitDays,
    periodsPerYear: cost.periodsPerYear,
    periodicRate: formatMarketPercent(Math.round(cost.periodicRate * 1_000_000), market, 4),
    sheet: cost.sheet.map(({ date, day, received: r, paid }) => ({ date, day, received: r, paid })),
  };
}

/**
 * Agreement terms as the server builds them (agreement-terms.ts) for the two
 * catalogue products: the Mexican one ($5.000,00 over one 15-day instalment at
 * 0,05 % a day, 5 % commission, IVA 16 % of interest, commission and the
 * extension fee, 3 % daily fine) and the Indian one (₹50,000.00 over one
 * 91-day instalment at 0.10% a day, 3 % processing fee, GST 18 % of it,
 * 5/4/2 % late interest, ₹1,000.00 / ₹800.00 penalty).
 */
export function agreementTerms(market: 'MX' | 'IN', lang: 'es' | 'en' = 'es', overrides: Partial<AgreementTerms> = {}): AgreementTerms {
  const m = markets[market];
  const base = { market, currency: m.currency.code, lender: { ...m.legalEntity } } as const;
  if (market === 'MX') {
    return {
      ...base,
      amount: 500_000,
      periods: 1,
      termUnitDays: 15,
      termDays: 15,
      interest: { daily: { ratePpm: 500, rate: '0,05%' }, annual: { ratePpm: 180_000, rate: '18%' }, yearDays: 360 },
      commission: { ratePpm: 50_000, rate: '5%', total: 25_000 },
      tax: { name: m.tax.name[lang], ratePpm: 160_000, rate: '16%', base: ['interest', 'commission', 'extension_fee'] },
      lateCharges: { rule: 'mx_daily_fine', tiers: [{ fromDay: 1, toDay: null, ratePpm: 30_000, rate: '3%' }], defaultPenalty: null },
      extension: { available: true, days: 15, feeOnPrincipal: 3_750, feeTaxOnPrincipal: 600 },
      prepayment: { minDays: 7, fromDay: 8, fromDate: '' },
      plan: [{ seq: 1, dueDate: '2025-07-15', principal: 500_000, interest: 3_750, commission: 25_000, tax: 4_600, total: 533_350 }],
      totals: { interest: 3_750, commission: 25_000, tax: 4_600, total: 533_350, received: 500_000 },
      annualCost: annualCostOf('MX', '2025-06-30', 15, 500_000, [
        { seq: 1, dueDate: '2025-07-15', principal: 500_000, interest: 3_750, commission: 25_000, tax: 4_600, total: 533_350 },
      ]),
      ...overrides,
    };
  }
  return {
    ...base,
    amount: 5_000_000,
    periods: 1,
    termUnitDays: 91,
    termDays: 91,
    interest: { daily: { ratePpm: 1_000, rate: '0.10%' }, annual: { ratePpm: 365_000, rate: '36.5%' }, yearDays: 365 },
    commission: { ratePpm: 30_000, rate: '3%', total: 150_000 },
    tax: { name: m.tax.name[lang], ratePpm: 180_000, rate: '18%', base: ['commission'] },
    lateCharges: {
      rule: 'in_tiered',
      tiers: [
        { fromDay: 1, toDay: 30, ratePpm: 50_000, rate: '5%' },
        { fromDay: 31, toDay: 90, ratePpm: 40_000, rate: '4%' },
        { fromDay: 91, toDay: null, ratePpm: 20_000, rate: '2%' },
      ],
      defaultPenalty: { newClient: 100_000, repeatClient: 80_000, applies: 0 },
    },
    extension: { available: true, days: 91, feeOnPrincipal: 455_000, feeTaxOnPrincipal: 0 },
    prepayment: { minDays: 7, fromDay: 46, fromDate: '' },
    plan: [{ seq: 1, dueDate: '2025-10-01', principal: 5_000_000, interest: 455_000, commission: 150_000, tax: 27_000, total: 5_632_000 }],
    totals: { interest: 455_000, commission: 150_000, tax: 27_000, total: 5_632_000, received: 5_000_000 },
    annualCost: annualCostOf('IN', '2025-07-02', 91, 5_000_000, [
      { seq: 1, dueDate: '2025-10-01', principal: 5_000_000, interest: 455_000, commission: 150_000, tax: 27_000, total: 5_632_000 },
    ]),
    ...overrides,
  };
}
