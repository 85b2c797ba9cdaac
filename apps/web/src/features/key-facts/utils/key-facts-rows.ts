import type { TextValue } from '@presta/contract/api/common';
import type { KeyFactsCharge, KeyFactsData } from '@presta/contract/api/key-facts';
import type { Messages } from '@/shared/i18n/use-messages';
import type { KeyFactsMessageKey } from '../messages';

type T = Messages<KeyFactsMessageKey>['t'];

/** What the rows are written with: the page's texts, the market's money and the name of its tax. */
export type RowContext = { t: T; money: (minor: number) => string; tax: string };

/** The statement's own facts: proposal, borrower, lender, dates, the order and the acknowledgement. */
export function headerRows(data: KeyFactsData, { t }: RowContext): TextValue[] {
  const { terms } = data;
  return [
    { text: t('proposalNo'), value: data.proposalNo },
    { text: t('borrower'), value: data.borrowerName },
    { text: t('lender'), value: `${terms.lender.name}, ${terms.lender.address}` },
    { text: t('issuedAt'), value: data.issuedAt },
    { text: t('validUntil'), value: data.validUntil },
    ...(data.orderNo ? [{ text: t('orderNo'), value: data.orderNo }] : []),
    { text: t('acknowledgedAt'), value: data.acknowledgedAt ?? t('notAcknowledged') },
  ];
}

/** Part 1: the loan, its interest and every charge, and the APR. */
export function part1Rows(data: KeyFactsData, { t, money, tax }: RowContext): TextValue[] {
  const { terms } = data;
  const byCharge = (charge: KeyFactsCharge['charge']) => data.charges.find((c) => c.charge === charge);
  const fee = byCharge('commission');
  const feeTax = byCharge('tax');
  return [
    { text: t('loanType'), value: t('loanTypeValue', { product: data.productName }) },
    { text: t('sanctioned'), value: money(terms.amount) },
    { text: t('disbursal'), value: t('disbursalValue') },
    { text: t('term'), value: t('termValue', { days: terms.termDays }) },
    { text: t('instalments'), value: t('instalmentsValue', { count: terms.periods, days: terms.termUnitDays }) },
    { text: t('firstDue'), value: terms.plan[0]?.dueDate ?? '' },
    { text: t('interestRate'), value: t('interestRateValue', { annual: terms.interest.annual.rate, daily: terms.interest.daily.rate, yearDays: terms.interest.yearDays }) },
    { text: t('totalInterest'), value: money(terms.totals.interest) },
    ...(fee ? [{ text: t('fee', { rate: fee.rate }), value: money(fee.amount ?? 0) }] : []),
    ...(feeTax ? [{ text: t('feeTax', { tax, rate: feeTax.rate }), value: money(feeTax.amount ?? 0) }] : []),
    { text: t('thirdParty'), value: t('none') },
    { text: t('apr'), value: terms.annualCost.rate },
  ];
}

function chargeRow(c: KeyFactsCharge, data: KeyFactsData, { t, money, tax }: RowContext): TextValue | null {
  switch (c.charge) {
    case 'late_fee':
      return {
        text: c.toDay === null ? t('lateTierOpen', { from: c.fromDay ?? 1 }) : t('lateTier', { from: c.fromDay ?? 1, to: c.toDay }),
        value: t('lateValue', { rate: c.rate }),
      };
    case 'default_penalty': {
      const penalty = data.terms.lateCharges.defaultPenalty;
      return { text: t('penalty'), value: penalty && penalty.applies === 0 ? `${money(penalty.newClient)} / ${money(penalty.repeatClient)}` : money(c.amount ?? 0) };
    }
    case 'extension_fee':
      return { text: t('extension', { days: data.terms.extension.days }), value: t('extensionValue', { fee: money(c.amount ?? 0) }) };
    case 'extension_tax':
      return { text: t('extensionTax', { tax }), value: money(c.amount ?? 0) };
    default:
      return null;
  }
}

/** The contingent charges: late fee tiers, the default penalty, the extension and its tax. */
export function contingentRows(data: KeyFactsData, context: RowContext): TextValue[] {
  return data.charges
    .filter((c) => c.contingent)
    .map((c) => chargeRow(c, data, context))
    .filter((r): r is TextValue => r !== null);
}

/** Part 2: cooling-off, grievance redressal and support. */
export function part2Rows(data: KeyFactsData, { t }: RowContext): TextValue[] {
  return [
    {
      text: t('coolingOff'),
      value: data.coolingOff.until
        ? t('coolingOffDated', { days: data.coolingOff.days, date: data.coolingOff.until })
        : t('coolingOffValue', { days: data.coolingOff.days }),
    },
    { text: t('grievance'), value: t('grievanceValue', { ...data.grievance }) },
    { text: t('support'), value: t('supportValue', { ...data.support }) },
  ];
}

/** The APR computation sheet's figures. */
export function sheetRows(data: KeyFactsData, { t, money }: RowContext): TextValue[] {
  const { terms } = data;
  const cost = terms.annualCost;
  return [
    { text: t('sanctioned'), value: money(terms.amount) },
    { text: t('netDisbursed'), value: money(terms.totals.received) },
    { text: t('totalInterest'), value: money(terms.totals.interest) },
    { text: t('fees'), value: money(terms.totals.commission + terms.totals.tax) },
    { text: t('totalToPay'), value: money(terms.totals.total) },
    { text: t('periodicRate', { days: cost.unitDays }), value: cost.periodicRate },
    { text: t('periodsPerYear'), value: `365 / ${cost.unitDays}` },
    { text: t('apr'), value: cost.rate },
  ];
}
