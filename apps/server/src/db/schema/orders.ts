import { sql } from 'drizzle-orm';
import { allOrderStatuses, openOrderStatuses, type OrderStatus } from '@presta/contract/order-status';
import { boolean, check, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintId, bigserialId, createdAt, currency, day, market, minor, timestamptz } from '../columns';
import { borrowerBankAccounts, borrowers } from './borrowers';

/* Products and offers, coupons, orders with their key facts, status history and repayment plan, and ratings. */

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    logoUrl: text('logo_url').notNull(),
    market: market(),
    currency: currency(),
    /** The lender's calendar for due dates in this market. */
    timeZone: text('time_zone').notNull(),
    amountMin: minor('amount_min').notNull(),
    amountMax: minor('amount_max').notNull(),
    amountStep: minor('amount_step').notNull(),
    periodsMin: smallint('periods_min').notNull(),
    periodsMax: smallint('periods_max').notNull(),
    /** Days per instalment. */
    termUnitDays: smallint('term_unit_days').notNull(),
    /** Daily interest rate in parts per million of the outstanding principal. */
    dailyRatePpm: integer('daily_rate_ppm').notNull(),
    /** Commission in parts per million of the principal. */
    commissionPpm: integer('commission_ppm').notNull(),
    /** Value added tax on interest + commission, parts per million (160 000 = 16%). */
    vatPpm: integer('vat_ppm').notNull(),
    /** Late charge rule of the market (issue 3): MX overdue fine, IN tiered late interest. */
    lateRule: text('late_rule', { enum: ['mx_daily_fine', 'in_tiered'] }).notNull(),
    extensionEnabled: boolean('extension_enabled').notNull().default(true),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('products_amounts_ok', sql`${t.amountMin} > 0 and ${t.amountMin} <= ${t.amountMax} and ${t.amountStep} > 0`),
    check('products_periods_ok', sql`${t.periodsMin} >= 1 and ${t.periodsMin} <= ${t.periodsMax}`),
  ],
);

/** A product offered to a borrower, with the approved limit (credit line). */
export const productOffers = pgTable(
  'product_offers',
  {
    id: bigserialId(),
    borrowerId: bigintId('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The most the borrower may take on this product, minor units. */
    limitAmount: minor('limit_amount').notNull(),
    /** Last credit evaluation; an offer older than a day is re-evaluated before it is quoted. */
    evaluatedAt: timestamptz('evaluated_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('product_offers_borrower_product_uq').on(t.borrowerId, t.productId)],
);

export const coupons = pgTable(
  'coupons',
  {
    id: bigserialId(),
    borrowerId: bigintId('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    /** Discount on the first instalment's interest, minor units. */
    amount: minor('amount').notNull(),
    status: text('status', { enum: ['available', 'used'] }).notNull().default('available'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedOrderId: bigintId('used_order_id'),
    createdAt: createdAt(),
  },
  (t) => [check('coupons_amount_positive', sql`${t.amount} > 0`), index('coupons_borrower_idx').on(t.borrowerId)],
);

export const orders = pgTable(
  'orders',
  {
    id: bigserialId(),
    orderNo: text('order_no').notNull().unique(),
    borrowerId: bigintId('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    status: text('status', { enum: allOrderStatuses as [OrderStatus, ...OrderStatus[]] }).notNull(),
    principal: minor('principal').notNull(),
    periods: smallint('periods').notNull(),
    termUnitDays: smallint('term_unit_days').notNull(),
    /** The product's rates at submission: later product changes do not touch this loan. */
    dailyRatePpm: integer('daily_rate_ppm').notNull(),
    commissionPpm: integer('commission_ppm').notNull(),
    /** The tax rate of the product's market at submission, ppm (column named for Mexico's IVA, the first market). */
    vatPpm: integer('vat_ppm').notNull(),
    /**
     * The charges that tax applies to at submission (markets.ts `tax.base`: Mexico interest, commission and the
     * extension fee; India the commission only). Orders submitted before issue 12 keep the rule they were priced with.
     */
    taxBase: text('tax_base', { enum: ['interest', 'commission', 'extension_fee'] }).array().notNull(),
    couponId: bigintId('coupon_id'),
    couponAmount: minor('coupon_amount').notNull().default(0),
    /** Calendar day the loan was disbursed (the plan's due dates count from it). */
    disbursedOn: day('disbursed_on'),
    rejectReason: text('reject_reason'),
    /** The bank account the disbursal paid (the borrower's active account at `disburse`; issue 16). */
    disbursedToAccountId: bigintId('disbursed_to_account_id').references(() => borrowerBankAccounts.id),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('orders_principal_positive', sql`${t.principal} > 0`),
    index('orders_borrower_idx').on(t.borrowerId),
    /** At most one open order per borrower and product: a double submit cannot create two. */
    uniqueIndex('orders_one_open_per_product_uq')
      .on(t.borrowerId, t.productId)
      .where(sql`${t.status} in ${sql.raw(`(${openOrderStatuses.map((s) => `'${s}'`).join(', ')})`)}`),
  ],
);

/**
 * Key Facts Statements (issue 13, RBI's KFS of 1 October 2024; docs/key-facts.md): the statement of an
 * offer issued to a borrower before the loan is applied for, with a unique proposal number, the quote
 * it states (a snapshot of the pricing), how long it is valid, the borrower's acknowledgement (when, in
 * which session — its SHA-256 as in `sessions` — and language) and, once applied for, the order it
 * became part of. Written by modules/loan/key-facts-service.ts only.
 */
export const keyFactsStatements = pgTable(
  'key_facts_statements',
  {
    id: bigserialId(),
    proposalNo: text('proposal_no').notNull().unique(),
    borrowerId: bigintId('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    orderId: bigintId('order_id')
      .unique()
      .references(() => orders.id),
    principal: minor('principal').notNull(),
    periods: smallint('periods').notNull(),
    termUnitDays: smallint('term_unit_days').notNull(),
    dailyRatePpm: integer('daily_rate_ppm').notNull(),
    commissionPpm: integer('commission_ppm').notNull(),
    vatPpm: integer('vat_ppm').notNull(),
    taxBase: text('tax_base', { enum: ['interest', 'commission', 'extension_fee'] }).array().notNull(),
    couponAmount: minor('coupon_amount').notNull().default(0),
    /** The day it was issued in the market's time zone: the quote's first day. */
    issuedOn: day('issued_on').notNull(),
    issuedAt: timestamptz('issued_at').notNull(),
    /** The last day it may be acknowledged and applied for (KFS_VALIDITY_WORKING_DAYS). */
    validUntil: day('valid_until').notNull(),
    acknowledgedAt: timestamptz('acknowledged_at'),
    acknowledgedSession: text('acknowledged_session'),
    acknowledgedLanguage: text('acknowledged_language', { enum: ['es', 'en'] }),
  },
  (t) => [
    check('key_facts_principal_positive', sql`${t.principal} > 0`),
    check('key_facts_acknowledged_whole', sql`(${t.acknowledgedAt} is null) = (${t.acknowledgedSession} is null)`),
    index('key_facts_borrower_product_idx').on(t.borrowerId, t.productId),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserialId(),
    orderId: bigintId('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** 'borrower', 'operator', 'system'. */
    actor: text('actor').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

/** One row per instalment of an order's repayment plan. */
export const repaymentPlans = pgTable(
  'repayment_plans',
  {
    id: bigserialId(),
    orderId: bigintId('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    dueDate: day('due_date').notNull(),
    principal: minor('principal').notNull(),
    interest: minor('interest').notNull(),
    commission: minor('commission').notNull(),
    vat: minor('vat').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('repayment_plans_order_seq_uq').on(t.orderId, t.seq),
    check(
      'repayment_plans_non_negative',
      sql`${t.principal} >= 0 and ${t.interest} >= 0 and ${t.commission} >= 0 and ${t.vat} >= 0`,
    ),
  ],
);

export const ratings = pgTable(
  'ratings',
  {
    id: bigserialId(),
    borrowerId: bigintId('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    orderId: bigintId('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ratings_borrower_order_uq').on(t.borrowerId, t.orderId),
    check('ratings_score_range', sql`${t.score} between 1 and 5`),
  ],
);

/**
 * "Not now" to the rating prompt (issue 14), one row per borrower: until
 * `deferredUntil` loan-details answers isScore 0 for every order of the
 * borrower. Written by the loan module only (deferRatingPrompt); a change is
 * announced as 'borrower:<id>' (migration 0012), which drops the borrower's
 * cached loan-details reads.
 */
export const ratingPromptDeferrals = pgTable('rating_prompt_deferrals', {
  borrowerId: bigintId('borrower_id')
    .primaryKey()
    .references(() => borrowers.id, { onDelete: 'cascade' }),
  deferredAt: timestamptz('deferred_at').notNull(),
  deferredUntil: timestamptz('deferred_until').notNull(),
});
