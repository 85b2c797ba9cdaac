import type { Minor } from '@presta/contract/money';

/*
 * The rules a signed payment notification is judged by (docs/api.md "Payment
 * notifications", decision 015): pure functions, so that the route, the tests
 * and the documentation name the same thing. Money a provider reports is never
 * refused for a business reason: it is applied to its loan (credit beyond what
 * is owed) or held in suspense for an operator. Only a bad signature, a
 * malformed body or an event id reused for another payment is refused.
 */

/** A paidAt earlier than the reference's creation is taken as its creation (a payment cannot skip charges already due). */
export const PAID_AT_NOT_BEFORE_REFERENCE = 'PAID_AT_NOT_BEFORE_REFERENCE';
/** A paidAt later than now (a provider's clock ahead of ours) is taken as now. */
export const PAID_AT_NOT_AFTER_NOW = 'PAID_AT_NOT_AFTER_NOW';
/** An event id names one payment: a repeat must carry the same reference and amount, else it is refused for review. */
export const EVENT_ID_ONE_PAYMENT = 'EVENT_ID_ONE_PAYMENT';
/** Above PAYMENT_CEILING_PERCENT of max(what the order owes, the reference's amount): held in suspense, not applied. */
export const CEILING_HOLDS_IN_SUSPENSE = 'CEILING_HOLDS_IN_SUSPENSE';
/** An extension reference buys an extension once: money arriving for it after it was paid repays. */
export const EXTENSION_REFERENCE_ONCE = 'EXTENSION_REFERENCE_ONCE';

export const notificationRules = [
  PAID_AT_NOT_BEFORE_REFERENCE,
  PAID_AT_NOT_AFTER_NOW,
  EVENT_ID_ONE_PAYMENT,
  CEILING_HOLDS_IN_SUSPENSE,
  EXTENSION_REFERENCE_ONCE,
] as const;

export type PaidAtClamp = 'before_reference' | 'future';

/** PAID_AT_NOT_BEFORE_REFERENCE and PAID_AT_NOT_AFTER_NOW: the instant the ledger takes as received, and why it moved. */
export function receivedAtFor(paidAt: Date, referenceCreatedAt: Date, now: Date): { receivedAt: Date; clamped: PaidAtClamp | null } {
  if (paidAt.getTime() < referenceCreatedAt.getTime()) return { receivedAt: referenceCreatedAt, clamped: 'before_reference' };
  if (paidAt.getTime() > now.getTime()) return { receivedAt: now, clamped: 'future' };
  return { receivedAt: paidAt, clamped: null };
}

/** EVENT_ID_ONE_PAYMENT: whether a repeat of an event names the same payment as its first delivery. */
export function samePayment(first: { reference: string; amount: Minor }, again: { reference: string; amount: Minor }): boolean {
  return first.reference === again.reference && first.amount === again.amount;
}

/** CEILING_HOLDS_IN_SUSPENSE: the most a notification is applied for, given what the order owes on its value date. */
export function paymentCeiling(referenceAmount: Minor, owed: Minor, ceilingPercent: number): Minor {
  return Math.floor((Math.max(referenceAmount, owed) * ceilingPercent) / 100);
}

/** EXTENSION_REFERENCE_ONCE: the purpose money for a reference is applied with. */
export function purposeFor(reference: { purpose: 'repayment' | 'extension'; status: 'open' | 'paid' | 'expired' }): 'repayment' | 'extension' {
  return reference.purpose === 'extension' && reference.status !== 'paid' ? 'extension' : 'repayment';
}
