import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { payoutProviderIds } from '../../config';
import { bigintId, bigserialId, createdAt, currency, day, market, minor, timestamptz } from '../columns';
import { borrowerBankAccounts } from './borrowers';
import { orders } from './orders';

// ---------------------------------------------------------------------------
// Disbursal (issue 37, docs/disbursal.md): verified bank accounts and the payouts that pay a loan out.
// ---------------------------------------------------------------------------

export { payoutProviderIds, type PayoutProviderId } from '../../config';

/**
 * created: the row (and its idempotency key) is saved, the provider not yet known to have it; pending: the provider
 * accepted it; processed: money reached the account (final); reversed: the receiving bank returned it (final);
 * failed: the provider refused or failed it (final); cancelled: staff gave up on an attempt the provider never took.
 */
export const payoutStatuses = ['created', 'pending', 'processed', 'reversed', 'failed', 'cancelled'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];
/** Statuses of an attempt that may still pay: at most one per order (payouts_one_live_per_order_uq). */
export const livePayoutStatuses = ['created', 'pending', 'processed'] as const satisfies readonly PayoutStatus[];

/**
 * One attempt to pay an approved order's "amount you receive" to the borrower's verified account. The idempotency
 * key (STP claveRastreo, RazorpayX X-Payout-Idempotency) is written before the provider is called; a retry of the
 * same attempt sends the same key; a new attempt (after a final failure) is a new row with a new key. Written only
 * by modules/disbursal (payout-repository.ts).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: bigserialId(),
    orderId: bigintId('order_id')
      .notNull()
      .references(() => orders.id),
    accountId: bigintId('account_id')
      .notNull()
      .references(() => borrowerBankAccounts.id),
    market: market(),
    provider: text('provider', { enum: payoutProviderIds }).notNull(),
    /** 1 for the order's first attempt, then 2, 3… */
    attempt: integer('attempt').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amount: minor('amount').notNull(),
    currency: currency(),
    status: text('status', { enum: payoutStatuses }).notNull().default('created'),
    /** The provider's id of the payout (STP's order id, RazorpayX pout_…). */
    providerPayoutId: text('provider_payout_id'),
    /** What the bank statement shows: STP's claveRastreo, RazorpayX's UTR. */
    providerReference: text('provider_reference'),
    /** The day the money reached the account (the disbursal day of the loan). */
    valueDate: day('value_date'),
    /** Why it failed or was returned, in the provider's words (code and text), for staff. */
    failureReason: text('failure_reason'),
    /** The staff member (audit actor id) who started the attempt. */
    requestedBy: text('requested_by').notNull(),
    /** Last time the provider was asked about it (the call, its status query or a callback). */
    checkedAt: timestamptz('checked_at'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    settledAt: timestamptz('settled_at'),
  },
  (t) => [
    uniqueIndex('payouts_provider_key_uq').on(t.provider, t.idempotencyKey),
    uniqueIndex('payouts_order_attempt_uq').on(t.orderId, t.attempt),
    uniqueIndex('payouts_one_live_per_order_uq')
      .on(t.orderId)
      .where(sql`${t.status} in ('created', 'pending', 'processed')`),
    index('payouts_status_idx').on(t.status, t.createdAt),
    check('payouts_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Each provider callback or status answer about a payout, once per dedupe key (applied once). */
export const payoutEvents = pgTable(
  'payout_events',
  {
    id: bigserialId(),
    provider: text('provider', { enum: payoutProviderIds }).notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    payoutId: bigintId('payout_id').references(() => payouts.id),
    /** processed | reversed | failed | pending | validation (an account validation's result) */
    kind: text('kind').notNull(),
    eventType: text('event_type').notNull(),
    /** What it changed: applied, ignored (stale or final already), unknown (no such payout). */
    outcome: text('outcome').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex('payout_events_provider_key_uq').on(t.provider, t.dedupeKey), index('payout_events_payout_idx').on(t.payoutId)],
);

/**
 * pending: asked of the provider; verified: the holder's name matches the borrower's verified identity name;
 * mismatch: it does not (held for a reviewer); accepted: a reviewer accepted a mismatch with a reason; rejected: a
 * reviewer refused it; failed: the provider could not validate the account (closed, invalid).
 */
export const accountVerificationStatuses = ['pending', 'verified', 'mismatch', 'accepted', 'rejected', 'failed'] as const;
export type AccountVerificationStatus = (typeof accountVerificationStatuses)[number];
/** An account may receive a disbursal in these. */
export const payableVerificationStatuses = ['verified', 'accepted'] as const satisfies readonly AccountVerificationStatus[];

/**
 * The verification of a bank account before its first disbursal (RazorpayX fund account validation, STP's SPEI
 * validation). The newest row of an account is its state. Written only by modules/disbursal/account-verification.
 */
export const bankAccountVerifications = pgTable(
  'bank_account_verifications',
  {
    id: bigserialId(),
    accountId: bigintId('account_id')
      .notNull()
      .references(() => borrowerBankAccounts.id),
    provider: text('provider', { enum: payoutProviderIds }).notNull(),
    /** Our reference for the validation (its idempotency key) and the provider's id of it. */
    reference: text('reference').notNull(),
    providerReference: text('provider_reference'),
    status: text('status', { enum: accountVerificationStatuses }).notNull().default('pending'),
    /** The holder's name as the bank registered it (the provider's answer). */
    registeredName: text('registered_name'),
    /** The borrower's verified identity name it was compared with. */
    identityName: text('identity_name'),
    /** The name-match rule's version and its explanation, line by line. */
    match: jsonb('match').$type<Record<string, unknown>>(),
    failureReason: text('failure_reason'),
    reviewedBy: text('reviewed_by'),
    reviewReason: text('review_reason'),
    reviewedAt: timestamptz('reviewed_at'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_account_verifications_reference_uq').on(t.provider, t.reference),
    index('bank_account_verifications_account_idx').on(t.accountId, t.createdAt),
    index('bank_account_verifications_status_idx').on(t.status),
  ],
);
