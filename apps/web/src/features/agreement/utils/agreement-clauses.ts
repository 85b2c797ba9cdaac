import type { AgreementTerms } from '@presta/contract/api/loan';
import { markets, type TaxableCharge } from '@presta/contract/markets';
import { annualCostSentence } from '@/shared/format/annual-cost-text';
import { marketMoney } from '@/shared/format/money';
import type { Messages } from '@/shared/i18n/use-messages';
import type { AgreementMessageKey } from '../messages';

type T = Messages<AgreementMessageKey>['t'];
type Lang = Messages<AgreementMessageKey>['lang'];
type Money = (minor: number) => string;

/** One clause: its title, its paragraphs and, for the payment clause, the plan under them. */
export type Clause = { title: AgreementMessageKey; paragraphs: string[]; plan?: true };

/** "a, b y c" / "a, b and c". */
function listText(t: T, items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')}${t('listAnd')}${items.at(-1)}`;
}

const chargeKeys: Record<TaxableCharge, AgreementMessageKey> = {
  interest: 'chargeInterest',
  commission: 'chargeCommission',
  extension_fee: 'chargeExtensionFee',
};

const taxableCharges = ['interest', 'commission', 'extension_fee'] as const;

/**
 * Clause 4: the tax, the charges it is on, and the charges exempt from it. The extension fee is named only when
 * the loan can be extended (issue 32: a loan without one has no such fee).
 */
function taxParagraph(terms: AgreementTerms, t: T, tax: string): string {
  const charges = taxableCharges.filter((c) => c !== 'extension_fee' || terms.extension.available);
  const taxed = charges.filter((c) => terms.tax.base.includes(c));
  const exempt = [
    ...charges.filter((c) => !terms.tax.base.includes(c)).map((c) => t(chargeKeys[c])),
    t('chargeLate'),
    ...(terms.lateCharges.defaultPenalty ? [t('chargePenalty')] : []),
  ];
  return `${t('clause4Text', { tax, taxRate: terms.tax.rate, taxBase: listText(t, taxed.map((c) => t(chargeKeys[c]))) })} ${t('clause4Exempt', { tax, exempt: listText(t, exempt) })}`;
}

/** Clause 6: the late charges (Mexico's daily fine, else the tiers) and the default penalty. */
function lateParagraphs(terms: AgreementTerms, t: T, money: Money): string[] {
  const penalty = terms.lateCharges.defaultPenalty;
  const tiers = terms.lateCharges.tiers.map((tier) =>
    tier.toDay === null ? t('tierOpen', { rate: tier.rate, from: tier.fromDay }) : t('tierRange', { rate: tier.rate, from: tier.fromDay, to: tier.toDay }),
  );
  const late =
    terms.lateCharges.rule === 'mx_daily_fine'
      ? terms.lateCharges.tiers.map((tier) => t('lateFine', { rate: tier.rate }))
      : [t('lateTiered', { tiers: listText(t, tiers) })];
  if (penalty) {
    late.push(t('penalty', { newClient: money(penalty.newClient), repeatClient: money(penalty.repeatClient) }));
    if (penalty.applies > 0) late.push(t('penaltyApplies', { amount: money(penalty.applies) }));
  }
  return late;
}

/** Clause 7: the extension, its fee and tax, or that there is none. */
function extensionParagraphs(terms: AgreementTerms, t: T, money: Money, tax: string): string[] {
  if (!terms.extension.available) return [t('extensionNone')];
  return [
    t('extension', { days: terms.extension.days, dailyRate: terms.interest.daily.rate, fee: money(terms.extension.feeOnPrincipal) }),
    ...(terms.tax.base.includes('extension_fee') ? [t('extensionTax', { tax, taxAmount: money(terms.extension.feeTaxOnPrincipal) })] : []),
  ];
}

/** Clause 8: prepayment, from a day of the loan (and its date once known). */
function prepaymentParagraph(terms: AgreementTerms, t: T): string {
  return terms.prepayment.fromDate
    ? t('prepaymentDated', { minDays: terms.prepayment.minDays, fromDay: terms.prepayment.fromDay, date: terms.prepayment.fromDate })
    : t('prepayment', { minDays: terms.prepayment.minDays, fromDay: terms.prepayment.fromDay });
}

/** The agreement's clauses, every figure from the terms (none written in the catalogue). */
export function agreementClauses(terms: AgreementTerms, t: T, lang: Lang): Clause[] {
  const money = marketMoney(terms.market);
  const tax = markets[terms.market].tax.name[lang];
  return [
    {
      title: 'clause1Title',
      paragraphs: [
        t('clause1Text', {
          amount: money(terms.amount),
          termDays: terms.termDays,
          instalments: terms.periods === 1 ? t('instalmentsOne') : t('instalmentsMany', { count: terms.periods, days: terms.termUnitDays }),
        }),
      ],
    },
    {
      title: 'clause2Title',
      paragraphs: [
        t('clause2Text', { dailyRate: terms.interest.daily.rate, annualRate: terms.interest.annual.rate, yearDays: terms.interest.yearDays }),
        // Issue 13: the CAT (Mexico, with the words Banxico requires) or the APR (India).
        annualCostSentence(terms.annualCost, lang),
      ],
    },
    { title: 'clause3Title', paragraphs: [t('clause3Text', { commissionRate: terms.commission.rate, commission: money(terms.commission.total) })] },
    { title: 'clause4Title', paragraphs: [taxParagraph(terms, t, tax)] },
    { title: 'clause5Title', paragraphs: [t('clause5Text', { total: money(terms.totals.total) })], plan: true },
    { title: 'clause6Title', paragraphs: lateParagraphs(terms, t, money) },
    { title: 'clause7Title', paragraphs: extensionParagraphs(terms, t, money, tax) },
    { title: 'clause8Title', paragraphs: [prepaymentParagraph(terms, t)] },
    { title: 'clause9Title', paragraphs: [t('clause9Text')] },
  ];
}
