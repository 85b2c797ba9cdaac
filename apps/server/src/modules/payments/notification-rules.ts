import type { Minor } from '@presta/contract/money';

/*
 * The rules a signed payment notification is judged by (docs/api.md "Payment
 * notifications", decision 015): pure functions, so that the route, the tests
 * and the documentation name the same thing. Money a provider reports is never
 * refused for a business reason: it is applied to its loan (credit beyond what
 * is owed) or held in suspense for an operator. Only a bad signature, a
 * malformed body or a dedupe key reused for another payment is refused.
 */

/** A paidAt earlier than the reference's creation is taken as its creation (a payment cannot skip charges already due). */
export const PAID_AT_NOT_BEFORE_REFERENCE = 'PAID_AT_NOT_BEFORE_REFERENCE';
/** A paidAt later than now (a provider's clock ahead of ours) is taken as now. */
export const PAID_AT_NOT_AFTER_NOW = 'PAID_AT_NOT_AFTER_NOW';
/**
 * An event's dedupe key (the provider's id of the money movement) names one payment, applied once per provider: a
 * repeat must carry the same provider reference and amount, else it is refused for review.
 */
export const EVENT_ID_ONE_PAYMENT = 'EVENT_ID_ONE_PAYMENT';
/** Above PAYMENT_CEILING_PERCENT of max(what the order owes, the reference's amount): held in suspense, not applied. */
export const CEILING_HOLDS_IN_SUSPENSE = 'CEILING_HOLDS_IN_SUSPENSE';
/** An extension reference buys an extension once: money arriving for it after it was paid repays. */
export const EXTENSION_REFERENCE_ONCE = 'EXTENSION_REFERENCE_ONCE';
/**
 * Money paid (the clamped paid time) after its reference's time is held in suspense ('reference_expired'): the amount
 * was priced for that time. Unless the reference is the loan's own account (STP's CLABE, a Smart Collect account),
 * which takes money for as long as the loan lives.
 */
export const EXPIRED_REFERENCE_HOLDS_IN_SUSPENSE = 'EXPIRED_REFERENCE_HOLDS_IN_SUSPENSE';
/** Money in another currency than its loan's market's is held in suspense ('currency_mismatch'); an event naming none is in the loan's. */
export const OTHER_CURRENCY_HOLDS_IN_SUSPENSE = 'OTHER_CURRENCY_HOLDS_IN_SUSPENSE';
/**
 * A provider reference shared by several of a loan's references (its own account) pays the open, unexpired one of
 * exactly the amount (the newest), else the newest open one, else the newest.
 */
export const LOAN_ACCOUNT_PICKS_REFERENCE = 'LOAN_ACCOUNT_PICKS_REFERENCE';

export const notificationRules = [
  PAID_AT_NOT_BEFORE_REFERENCE,
  PAID_AT_NOT_AFTER_NOW,
  EVENT_ID_ONE_PAYMENT,
  CEILING_HOLDS_IN_SUSPENSE,
  EXTENSION_REFERENCE_ONCE,
  EXPIRED_REFERENCE_HOLDS_IN_SUSPENSE,
  OTHER_CURRENCY_HOLDS_IN_SUSPENSE,
  LOAN_ACCOUNT_PICKS_REFERENCE,
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

/** EXPIRED_REFERENCE_HOLDS_IN_SUSPENSE: whether money received at `receivedAt` (clamped) is held for the reference's time. */
export function expiredHolds(receivedAt: Date, reference: { expiresAt: Date; loanAccount: boolean }): boolean {
  return !reference.loanAccount && receivedAt.getTime() > reference.expiresAt.getTime();
}

/** OTHER_CURRENCY_HOLDS_IN_SUSPENSE: whether an event's currency (undefined: the loan's own) is held. */
export function currencyHolds(eventCurrency: string | undefined, loanCurrency: string): boolean {
  return eventCurrency !== undefined && eventCurrency !== loanCurrency;
}

type Candidate = { id: number; status: 'open' | 'paid' | 'expired'; amount: Minor; expiresAt: Date };

/** LOAN_ACCOUNT_PICKS_REFERENCE: the reference of `candidates` (one provider reference's) that money of `amount` paid at `at` pays. */
export function pickReference<T extends Candidate>(candidates: readonly T[], amount: Minor, at: Date): T | undefined {
  const newestFirst = [...candidates].sort((a, b) => b.id - a.id);
  const open = newestFirst.filter((r) => r.status === 'open');
  return open.find((r) => r.amount === amount && r.expiresAt.getTime() > at.getTime()) ?? open[0] ?? newestFirst[0];
}
