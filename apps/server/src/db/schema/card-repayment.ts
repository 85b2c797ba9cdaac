import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintId, bigserialId, createdAt, minor, timestamptz } from '../columns';
import { borrowers } from './borrowers';
import { orders } from './orders';

// ---------------------------------------------------------------------------
// Card repayment (the legacy card flow, docs/card-repayment.md)
// ---------------------------------------------------------------------------

/**
 * A borrower's card on file with the card processor. The full card number
 * never reaches us: the processor keeps it and gives a token; we keep the last
 * four digits for display and the processor's own flag telling whether a
 * charge needs the borrower's SMS code.
 */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: bigserialId(),
    borrowerId: bigintId('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    bankName: text('bank_name').notNull(),
    bankCode: text('bank_code').notNull(),
    last4: text('last4').notNull(),
    /** The processor's token for the card ('sandbox' processor: 'card_' + random). */
    processorToken: text('processor_token').notNull().unique(),
    /** The processor asks for an SMS code on each charge (needValid 1). */
    requiresOtp: boolean('requires_otp').notNull().default(true),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('bank_cards_borrower_idx').on(t.borrowerId),
    check('bank_cards_last4_digits', sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
);

export const cardRepaymentStatuses = ['awaiting_code', 'succeeded', 'failed', 'expired'] as const;

/**
 * One card repayment attempt (commit, optional SMS code, charge). The repay
 * token of repayment-way is single-use (tokenHash unique): a repeated commit
 * with it is a repeat payment request (800005). At most one attempt per order
 * waits for its code at a time.
 */
export const cardRepayments = pgTable(
  'card_repayments',
  {
    id: bigserialId(),
    orderId: bigintId('order_id')
      .notNull()
      .references(() => orders.id),
    borrowerId: bigintId('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    cardId: bigintId('card_id')
      .notNull()
      .references(() => bankCards.id),
    /** SHA-256 of the repay token this commit used. */
    tokenHash: text('token_hash').notNull().unique(),
    /** The instalment the borrower meant to pay (the earliest unpaid one when the token was issued). */
    instalmentSeq: integer('instalment_seq').notNull(),
    amount: minor('amount').notNull(),
    status: text('status', { enum: cardRepaymentStatuses }).notNull(),
    /** HMAC of the SMS code under this record's id; null when no code is needed. */
    codeHash: text('code_hash'),
    codeSentAt: timestamptz('code_sent_at'),
    codeSends: smallint('code_sends').notNull().default(0),
    wrongCodes: smallint('wrong_codes').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    /** The processor's charge id once charged (also the ledger payment's provider event id). */
    chargeId: text('charge_id'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_repayments_one_waiting_uq').on(t.orderId).where(sql`${t.status} = 'awaiting_code'`),
    index('card_repayments_order_idx').on(t.orderId),
    check('card_repayments_amount_positive', sql`${t.amount} > 0`),
    check('card_repayments_status_ok', sql`${t.status} in ('awaiting_code', 'succeeded', 'failed', 'expired')`),
  ],
);

/**
 * Repay tokens handed out by repayment-way: random 128-bit, stored hashed,
 * bound to the borrower, the order and the instalment then due; single use.
 */
export const cardRepayTokens = pgTable(
  'card_repay_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    borrowerId: bigintId('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    orderId: bigintId('order_id')
      .notNull()
      .references(() => orders.id),
    instalmentSeq: integer('instalment_seq').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('card_repay_tokens_order_idx').on(t.orderId)],
);

/**
 * The sandbox card processor's own books: one charge per idempotency key,
 * whatever the number of retries. A real processor keeps this on its side.
 */
export const sandboxCardCharges = pgTable(
  'sandbox_card_charges',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    cardToken: text('card_token').notNull(),
    amount: minor('amount').notNull(),
    status: text('status', { enum: ['succeeded', 'declined'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('sandbox_card_charges_amount_positive', sql`${t.amount} > 0`)],
);

/**
 * Hosted card checkouts (repayment-huichao): a one-time page at the card
 * processor where the borrower pays with a card not on file.
 */
export const cardCheckouts = pgTable(
  'card_checkouts',
  {
    id: bigserialId(),
    /** SHA-256 of the random token in the page address. */
    tokenHash: text('token_hash').notNull().unique(),
    orderId: bigintId('order_id')
      .notNull()
      .references(() => orders.id),
    borrowerId: bigintId('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    amount: minor('amount').notNull(),
    /** The instalment the borrower meant to pay (the earliest unpaid one when the page was made); 0 for checkouts made before this was kept. */
    instalmentSeq: integer('instalment_seq').notNull().default(0),
    language: text('language', { enum: ['es', 'en'] }).notNull(),
    status: text('status', { enum: ['open', 'paid', 'failed'] }).notNull().default('open'),
    chargeId: text('charge_id'),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('card_checkouts_amount_positive', sql`${t.amount} > 0`)],
);
