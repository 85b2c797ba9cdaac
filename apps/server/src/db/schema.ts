import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Money columns: integer minor units (centavos, paise). */
const minor = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const borrowers = pgTable('borrowers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  phone: text('phone').notNull().unique(),
  fullName: text('full_name').notNull().default(''),
  address: text('address').notNull().default(''),
  /** Bank account (CLABE or IFSC/account) where the loan is disbursed. */
  bankAccount: text('bank_account').notNull().default(''),
  bankName: text('bank_name').notNull().default(''),
  language: text('language', { enum: ['es', 'en'] }).notNull().default('es'),
  /** Seeded demo borrowers are listed on the test page. */
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: createdAt(),
});

/**
 * Sessions: the client holds a random 128-bit id; the database holds only its
 * SHA-256 digest, so a database read does not give away live sessions.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull().default(''),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_borrower_idx').on(t.borrowerId)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    logoUrl: text('logo_url').notNull(),
    market: text('market', { enum: ['MX', 'IN'] }).notNull(),
    currency: text('currency', { enum: ['MXN', 'INR'] }).notNull(),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The most the borrower may take on this product, minor units. */
    limitAmount: minor('limit_amount').notNull(),
    /** Last credit evaluation; an offer older than a day is re-evaluated before it is quoted. */
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('product_offers_borrower_product_uq').on(t.borrowerId, t.productId)],
);

export const coupons = pgTable(
  'coupons',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    /** Discount on the first instalment's interest, minor units. */
    amount: minor('amount').notNull(),
    status: text('status', { enum: ['available', 'used'] }).notNull().default('available'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedOrderId: bigint('used_order_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [check('coupons_amount_positive', sql`${t.amount} > 0`), index('coupons_borrower_idx').on(t.borrowerId)],
);

export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    status: text('status', { enum: ['21', '151', '110', '174', '180', '200'] }).notNull(),
    principal: minor('principal').notNull(),
    periods: smallint('periods').notNull(),
    termUnitDays: smallint('term_unit_days').notNull(),
    /** The product's rates at submission: later product changes do not touch this loan. */
    dailyRatePpm: integer('daily_rate_ppm').notNull(),
    commissionPpm: integer('commission_ppm').notNull(),
    vatPpm: integer('vat_ppm').notNull(),
    couponId: bigint('coupon_id', { mode: 'number' }),
    couponAmount: minor('coupon_amount').notNull().default(0),
    /** Calendar day the loan was disbursed (the plan's due dates count from it). */
    disbursedOn: date('disbursed_on', { mode: 'string' }),
    rejectReason: text('reject_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_principal_positive', sql`${t.principal} > 0`),
    index('orders_borrower_idx').on(t.borrowerId),
    /** At most one open order per borrower and product: a double submit cannot create two. */
    uniqueIndex('orders_one_open_per_product_uq')
      .on(t.borrowerId, t.productId)
      .where(sql`${t.status} in ('21', '151', '174', '180')`),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
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
