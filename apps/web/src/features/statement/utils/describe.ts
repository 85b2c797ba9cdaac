import type { AllocationComponent, StatementAllocation, StatementEvent } from '@presta/contract/api/statement';
import { formatMarketRate, marketOf, type MarketCode } from '@presta/contract/markets';
import type { Messages } from '@/shared/i18n/use-messages';
import type { StatementMessageKey } from '../messages';

/*
 * The words of the statement's events and allocations (the server sends figures only): from the feature's
 * catalogue in the page's language, with the money, the tax's name and the time zone of the loan's market.
 */

type T = Messages<StatementMessageKey>;

export type Describe = {
  t: T['t'];
  /** The market's way of writing money (formatMarketMoney). */
  money: (minor: number) => string;
  market: MarketCode;
  lang: T['lang'];
};

/** The tax's name in the loan's market, in the page's language: "IVA", "VAT (IVA)", "GST". */
export const taxNameOf = (d: Pick<Describe, 'market' | 'lang'>) => marketOf(d.market).tax.name[d.lang];

const channelKeys: Record<string, StatementMessageKey> = {
  store: 'channelStore',
  spei: 'channelSpei',
  card: 'channelCard',
  upi: 'channelUpi',
  bank_transfer: 'channelBankTransfer',
};

/** How the borrower paid, in words (a channel the catalogue does not know: "other means"). */
export const channelText = (t: T['t'], channel: string) => t(Object.hasOwn(channelKeys, channel) ? channelKeys[channel]! : 'channelOther');

/** "hora de la Ciudad de México" / "India time". */
export const timeZoneText = (t: T['t'], market: MarketCode) => t(market === 'IN' ? 'timeZoneIN' : 'timeZoneMX');

const componentKeys: Record<Exclude<AllocationComponent, 'tax' | 'extension_tax'>, StatementMessageKey> = {
  default_penalty: 'componentDefaultPenalty',
  late_fee: 'componentLateFee',
  commission: 'componentCommission',
  interest: 'componentInterest',
  principal: 'componentPrincipal',
  extension_fee: 'componentExtensionFee',
  credit: 'componentCredit',
};

/** One allocation line: "Cuota 1: interés", "GST de la extensión", "Saldo a favor". */
export function allocationText(d: Describe, a: StatementAllocation): string {
  const tax = taxNameOf(d);
  const component =
    a.component === 'tax' ? tax : a.component === 'extension_tax' ? d.t('componentExtensionTax', { tax }) : d.t(componentKeys[a.component]);
  return a.seq === null ? component : d.t('allocationInstalment', { seq: a.seq, component });
}

/** Whether the event adds to what is owed (+), pays it (−), or neither (a refund pays credit back). */
export function effectOf(e: StatementEvent): 'charge' | 'payment' | 'none' {
  switch (e.kind) {
    case 'payment':
    case 'credit_applied':
    case 'waiver':
      return 'payment';
    case 'refund':
      return 'none';
    default:
      return 'charge';
  }
}

/** The event's title. */
export function eventTitle(d: Describe, e: StatementEvent, count: number): string {
  switch (e.kind) {
    case 'disbursal':
      return d.t('eventDisbursal');
    case 'instalment':
      return d.t('eventInstalment', { seq: e.seq, count });
    case 'late_charge':
      return d.t('eventLateCharge', { seq: e.seq });
    case 'default_penalty':
      return d.t('eventDefaultPenalty', { seq: e.seq });
    case 'extension':
      return d.t('eventExtension');
    case 'payment':
      return d.t(e.purpose === 'extension' ? 'eventPaymentExtension' : 'eventPayment', { channel: channelText(d.t, e.channel) });
    case 'credit_applied':
      return d.t('eventCreditApplied');
    case 'refund':
      return d.t('eventRefund');
    case 'waiver':
      return d.t('eventWaiver');
  }
}

/** The event's detail lines (what it was made of). */
export function eventDetails(d: Describe, e: StatementEvent): string[] {
  const tax = taxNameOf(d);
  switch (e.kind) {
    case 'instalment':
      return [
        d.t('eventInstalmentDetail', {
          date: e.dueDate,
          principal: d.money(e.principal),
          interest: d.money(e.interest),
          commission: d.money(e.commission),
          tax,
          taxAmount: d.money(e.tax),
        }),
      ];
    case 'late_charge':
      return [
        d.t(e.days === 1 ? 'eventLateChargeDetailOne' : 'eventLateChargeDetail', {
          days: e.days,
          from: e.from,
          through: e.through,
          rate: formatMarketRate(e.ratePpm, d.market),
          base: d.money(e.base),
        }),
      ];
    case 'default_penalty':
      return [d.t('eventDefaultPenaltyDetail')];
    case 'extension':
      return [extensionText(d, e)];
    case 'payment':
      return [
        ...(e.reference ? [d.t('referenceDetail', { reference: e.reference })] : []),
        ...(e.valueDate !== e.date.slice(0, 10) ? [d.t('valueDateDetail', { date: e.valueDate })] : []),
      ];
    case 'credit_applied':
      return [d.t('eventCreditAppliedDetail')];
    case 'waiver':
      return [d.t('eventWaiverDetail')];
    default:
      return [];
  }
}

/** An extension in words: the due date moved and its price (its tax only where the market taxes the fee). */
export function extensionText(d: Describe, e: { fromDueDate: string; toDueDate: string; shiftDays: number; fee: number; tax: number }): string {
  const vars = { from: e.fromDueDate, to: e.toDueDate, days: e.shiftDays, fee: d.money(e.fee) };
  return e.tax > 0 || marketOf(d.market).tax.base.includes('extension_fee')
    ? d.t('eventExtensionDetail', { ...vars, tax: taxNameOf(d), taxAmount: d.money(e.tax) })
    : d.t('eventExtensionDetailNoTax', vars);
}
