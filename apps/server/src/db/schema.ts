import { sql } from 'drizzle-orm';
import { allOrderStatuses, openOrderStatuses, type OrderStatus } from '@presta/contract/order-status';
import { staffRoles } from '@presta/contract/staff-roles';
import {
  customType,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
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
  language: text('language', { enum: ['es', 'en'] }).notNull().default('es'),
  /** Seeded demo borrowers are listed on the test page. */
  isDemo: boolean('is_demo').notNull().default(false),
  /** Where a borrower who registered on the promotion page came from (null otherwise). */
  promoTemplateId: integer('promo_template_id'),
  appFrom: text('app_from'),
  userFrom: text('user_from'),
  utmTag: text('utm_tag'),
  inviteCode: text('invite_code'),
  createdAt: createdAt(),
});

/**
 * The bank accounts loans are disbursed to (issue 16, decision 017 point 6): one active per borrower (replaced_at
 * null), earlier ones kept with the moment they were replaced. Mexico a CLABE (kind 'clabe', its 3-digit bank code
 * and the bank it names), India an account number with its IFSC (kind 'account', the bank code the IFSC's first 4
 * letters). Written by modules/account only; a change is announced as borrower:<id> (migration), so cached
 * loan-details reads are dropped.
 */
export const borrowerBankAccounts = pgTable(
  'borrower_bank_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    market: text('market', { enum: ['MX', 'IN'] }).notNull(),
    kind: text('kind', { enum: ['clabe', 'account'] }).notNull(),
    /** The CLABE (18 digits) or the account number (9 to 18 digits). */
    accountNumber: text('account_number').notNull(),
    /** MX: the CLABE's 3-digit bank code; IN: the IFSC's 4-letter bank code. */
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    ifsc: text('ifsc'),
    createdAt: createdAt(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('borrower_bank_accounts_one_active_uq').on(t.borrowerId).where(sql`${t.replacedAt} is null`),
    index('borrower_bank_accounts_borrower_idx').on(t.borrowerId),
    check(
      'borrower_bank_accounts_kind_ok',
      sql`(${t.market} = 'MX' and ${t.kind} = 'clabe' and ${t.accountNumber} ~ '^[0-9]{18}$' and ${t.ifsc} is null)
       or (${t.market} = 'IN' and ${t.kind} = 'account' and ${t.accountNumber} ~ '^[0-9]{9,18}$' and ${t.ifsc} ~ '^[A-Z]{4}0[A-Z0-9]{6}$')`,
    ),
  ],
);

/**
 * Sessions: the client holds a random 128-bit id; the database holds only its
 * SHA-256 digest, so a database read does not give away live sessions. The
 * public handle names a session in the borrower's session list (decision 017);
 * it opens nothing.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    /** 16 random bytes, hex: the session list's and "sign out this one"'s name for it (never the id). */
    publicId: text('public_id')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull().default(''),
    /** The device as the caller names it (the native app's dearest; a browser's from its User-Agent). */
    deviceName: text('device_name').notNull().default(''),
    os: text('os').notNull().default(''),
    client: text('client', { enum: ['app', 'web'] }).notNull().default('app'),
    createdAt: createdAt(),
    /** Written at most every 5 minutes per session, in the background of a call. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
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
    couponId: bigint('coupon_id', { mode: 'number' }),
    couponAmount: minor('coupon_amount').notNull().default(0),
    /** Calendar day the loan was disbursed (the plan's due dates count from it). */
    disbursedOn: date('disbursed_on', { mode: 'string' }),
    rejectReason: text('reject_reason'),
    /** The bank account the disbursal paid (the borrower's active account at `disburse`; issue 16). */
    disbursedToAccountId: bigint('disbursed_to_account_id', { mode: 'number' }).references(() => borrowerBankAccounts.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    proposalNo: text('proposal_no').notNull().unique(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    orderId: bigint('order_id', { mode: 'number' })
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
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The last day it may be acknowledged and applied for (KFS_VALIDITY_WORKING_DAYS). */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
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

/**
 * "Not now" to the rating prompt (issue 14), one row per borrower: until
 * `deferredUntil` loan-details answers isScore 0 for every order of the
 * borrower. Written by the loan module only (deferRatingPrompt); a change is
 * announced as 'borrower:<id>' (migration 0012), which drops the borrower's
 * cached loan-details reads.
 */
export const ratingPromptDeferrals = pgTable('rating_prompt_deferrals', {
  borrowerId: bigint('borrower_id', { mode: 'number' })
    .primaryKey()
    .references(() => borrowers.id, { onDelete: 'cascade' }),
  deferredAt: timestamp('deferred_at', { withTimezone: true }).notNull(),
  deferredUntil: timestamp('deferred_until', { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------------------
// Loan ledger (issue 3, docs/ledger.md): append-only, integer minor units.
// ---------------------------------------------------------------------------

export const ledgerPurposes = ['repayment', 'extension'] as const;
export const ledgerLateChargeKinds = ['default_penalty', 'late_fee'] as const;
/**
 * Allocation components, in the order of docs/ledger.md (the last four are loan-level). 'vat' and 'extension_vat'
 * are the market's tax (IVA in Mexico, GST in India): the stored names predate the second market.
 */
export const ledgerComponents = [
  'default_penalty',
  'late_fee',
  'commission',
  'vat',
  'interest',
  'principal',
  'extension_fee',
  'extension_vat',
  'overpayment',
  'refund',
] as const;
export const ledgerCreditEventKinds = ['application', 'refund'] as const;

/** Money received for an order, recorded once per provider event. */
export const ledgerPayments = pgTable(
  'ledger_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    amount: minor('amount').notNull(),
    purpose: text('purpose', { enum: ledgerPurposes }).notNull(),
    /** How the borrower paid: 'oxxo', 'spei', 'card', 'upi', 'demo', ... */
    channel: text('channel').notNull(),
    /** Who reported the payment; with providerEventId, the idempotency key. */
    provider: text('provider').notNull(),
    providerEventId: text('provider_event_id').notNull(),
    /** The payment reference the borrower used (payment_references), if any. */
    referenceId: bigint('reference_id', { mode: 'number' }).references(() => paymentReferences.id),
    /** When the provider received the money. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** Ledger day: receivedAt's day in the product's time zone, never before the order's previous value date. */
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    /** True when the payment bought an extension. */
    extended: boolean('extended').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_payments_provider_event_uq').on(t.provider, t.providerEventId),
    index('ledger_payments_order_idx').on(t.orderId),
    index('ledger_payments_reference_idx').on(t.referenceId),
    check('ledger_payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** 'held': received and kept in payment_suspense (not applied to a loan), open for review. */
export const notificationOutcomes = ['applied', 'duplicate', 'refused', 'held'] as const;

/**
 * Every payment notification whose signature was good, with what became of
 * it: applied to the ledger, a repeat of an event already applied, or refused
 * (reason). A refused one that names money the provider holds is open for
 * review until an operator resolves it. Bad signatures are not stored (anyone
 * can send those).
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    /** Null when the body could not be read (duplicate keys, malformed). */
    eventId: text('event_id'),
    reference: text('reference'),
    amount: minor('amount'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    outcome: text('outcome', { enum: notificationOutcomes }).notNull(),
    /** Why it was refused ('duplicate_keys', 'amount_above_ceiling', 'unknown_reference', ...). */
    reason: text('reason'),
    /** 'open': an operator must look at it; 'resolved' once done; 'none' for the others. */
    review: text('review', { enum: ['none', 'open', 'resolved'] }).notNull().default('none'),
    /** A refused notification's review resolved by a member of finance (issue 17): when, by whom (their e-mail), and their note. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    reviewNote: text('review_note'),
    /** The signed body as received (references and amounts, no personal data), for the review. */
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_notifications_event_idx').on(t.provider, t.eventId),
    index('payment_notifications_review_idx').on(t.receivedAt).where(sql`${t.review} = 'open'`),
  ],
);

/** Late charges crystallised when a payment is applied (accrued through its value date). */
export const ledgerLateCharges = pgTable(
  'ledger_late_charges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    instalmentId: bigint('instalment_id', { mode: 'number' })
      .notNull()
      .references(() => repaymentPlans.id),
    /** The payment whose application crystallised the charge, or (creditEventId) the credit event that did. */
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => ledgerPayments.id),
    creditEventId: bigint('credit_event_id', { mode: 'number' }).references(() => ledgerCreditEvents.id),
    kind: text('kind', { enum: ledgerLateChargeKinds }).notNull(),
    /** Days late covered (both included); one day for the default penalty. */
    accruedFrom: date('accrued_from', { mode: 'string' }).notNull(),
    accruedThrough: date('accrued_through', { mode: 'string' }).notNull(),
    days: integer('days').notNull(),
    /** Unpaid principal + interest + commission + VAT of the instalment over those days. */
    base: minor('base').notNull(),
    /** Daily rate in ppm (null for the one-off default penalty). */
    ratePpm: integer('rate_ppm'),
    amount: minor('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_late_charges_order_idx').on(t.orderId),
    check('ledger_late_charges_amount_positive', sql`${t.amount} > 0 and ${t.days} > 0 and ${t.base} >= 0`),
    check('ledger_late_charges_one_source', sql`(${t.paymentId} is null) <> (${t.creditEventId} is null)`),
  ],
);

/**
 * Where money went: the share of a payment (paymentId) or of the borrower's credit (creditEventId: a credit
 * application or a refund) that went to one component of one instalment (instalment null: loan-level).
 */
export const ledgerAllocations = pgTable(
  'ledger_allocations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => ledgerPayments.id),
    creditEventId: bigint('credit_event_id', { mode: 'number' }).references(() => ledgerCreditEvents.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    instalmentId: bigint('instalment_id', { mode: 'number' }).references(() => repaymentPlans.id),
    component: text('component', { enum: ledgerComponents }).notNull(),
    amount: minor('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_allocations_order_idx').on(t.orderId),
    index('ledger_allocations_instalment_idx').on(t.instalmentId),
    index('ledger_allocations_payment_idx').on(t.paymentId),
    index('ledger_allocations_credit_event_idx').on(t.creditEventId),
    check('ledger_allocations_amount_positive', sql`${t.amount} > 0`),
    check(
      'ledger_allocations_instalment_level',
      sql`(${t.instalmentId} is null) = (${t.component} in ('extension_fee', 'extension_vat', 'overpayment', 'refund'))`,
    ),
    check('ledger_allocations_one_source', sql`(${t.paymentId} is null) <> (${t.creditEventId} is null)`),
    /** A payment's money becomes credit (overpayment) or buys an extension; credit is applied to instalments or refunded. */
    check(
      'ledger_allocations_source_components',
      sql`case when ${t.paymentId} is not null then ${t.component} <> 'refund' else ${t.component} not in ('overpayment', 'extension_fee', 'extension_vat') end`,
    ),
  ],
);

/**
 * A loan-level event of the borrower's credit (docs/ledger.md "Credit"): `application` — credit applied by itself,
 * on `valueDate`, to the amounts that became payable that day (its allocation rows say where); `refund` — credit
 * of a settled loan paid back to the borrower by an operator (one allocation row, component 'refund'). Like a
 * payment, an event crystallises the ledger through its value date (late charges may name it).
 */
export const ledgerCreditEvents = pgTable(
  'ledger_credit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: ledgerCreditEventKinds }).notNull(),
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    /** Credit consumed: the sum of the event's allocation rows. */
    amount: minor('amount').notNull(),
    /** The payment whose application crystallised it (null: the sweep, a read, a refund). */
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => ledgerPayments.id),
    /** 'system' (applications) or 'operator' (refunds). */
    actor: text('actor').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_credit_events_order_idx').on(t.orderId),
    check('ledger_credit_events_amount_positive', sql`${t.amount} > 0`),
    check('ledger_credit_events_kind_ok', sql`${t.kind} in ('application', 'refund')`),
  ],
);

/** An extension bought by a payment: the unpaid instalments moved by shiftDays. */
export const ledgerExtensions = pgTable(
  'ledger_extensions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => ledgerPayments.id),
    /** Due date of the first unpaid instalment, before and after. */
    fromDueDate: date('from_due_date', { mode: 'string' }).notNull(),
    toDueDate: date('to_due_date', { mode: 'string' }).notNull(),
    shiftDays: integer('shift_days').notNull(),
    lateCharges: minor('late_charges').notNull(),
    dueInterest: minor('due_interest').notNull(),
    dueInterestVat: minor('due_interest_vat').notNull(),
    fee: minor('fee').notNull(),
    feeVat: minor('fee_vat').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_extensions_order_idx').on(t.orderId),
    check('ledger_extensions_shift_positive', sql`${t.shiftDays} > 0 and ${t.toDueDate} > ${t.fromDueDate}`),
  ],
);

/**
 * A cooling-off exit asked for (India's KFS; docs/ledger.md "Cooling-off exit"): recorded by an operator
 * (`ops cooling-off-exit`) within the period, it fixes the exit amount (principal outstanding + interest for the
 * days used, COOLING_OFF_INTEREST_DAYS_USED) valid through `expiresOn` (the period's last day). The payment that
 * brings the money received for it to the amount carries it out: the rest of the schedule is waived
 * (`ledger_waivers`) and the loan settles. The latest request of an order is the one in force.
 */
export const ledgerCoolingOffExits = pgTable(
  'ledger_cooling_off_exits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    requestedOn: date('requested_on', { mode: 'string' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    daysUsed: integer('days_used').notNull(),
    principal: minor('principal').notNull(),
    interest: minor('interest').notNull(),
    /** principal + interest still unpaid when asked: what the borrower pays to leave. */
    amount: minor('amount').notNull(),
    actor: text('actor').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_cooling_off_exits_order_idx').on(t.orderId),
    check('ledger_cooling_off_exits_amounts', sql`${t.amount} > 0 and ${t.principal} >= 0 and ${t.interest} >= 0 and ${t.daysUsed} > 0`),
    check('ledger_cooling_off_exits_dates', sql`${t.expiresOn} >= ${t.requestedOn}`),
  ],
);

/**
 * What a cooling-off exit waived (never a deletion): per instalment and component, the scheduled amount left
 * unpaid when the payment `paymentId` carried out the exit `exitId`. owed = paid + waived + outstanding.
 */
export const ledgerWaivers = pgTable(
  'ledger_waivers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    exitId: bigint('exit_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerCoolingOffExits.id),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerPayments.id),
    instalmentId: bigint('instalment_id', { mode: 'number' })
      .notNull()
      .references(() => repaymentPlans.id),
    component: text('component', { enum: ledgerComponents }).notNull(),
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    amount: minor('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_waivers_order_idx').on(t.orderId),
    check('ledger_waivers_amount_positive', sql`${t.amount} > 0`),
    check('ledger_waivers_instalment_component', sql`${t.component} in ('default_penalty', 'late_fee', 'commission', 'vat', 'interest', 'principal')`),
  ],
);

// ---------------------------------------------------------------------------
// Payment references (issue 3, docs/payments.md, docs/api.md): what the borrower pays with.
// ---------------------------------------------------------------------------

/** Mexico: store cash and SPEI; India: UPI and bank transfer to a virtual account (markets.ts, docs/payments.md). */
export const paymentReferenceChannels = ['store', 'spei', 'upi', 'bank_transfer'] as const;
export const paymentReferenceStatuses = ['open', 'paid', 'expired'] as const;

/**
 * Numbers of the store references (newStoreReference(seq)): one per payment
 * reference record, whatever its channel. Gaps are harmless.
 */
export const paymentReferenceSeq = pgSequence('payment_reference_seq', {
  startWith: 1,
  minValue: 1,
  maxValue: 99_999_999_999,
  increment: 1,
  cache: 1,
});

/**
 * A payable reference made by a payment provider for one order, purpose,
 * channel and amount. At most one OPEN reference per (order, purpose, channel,
 * amount): asking again reuses it. Not payable after expires_at.
 */
export const paymentReferences = pgTable(
  'payment_references',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    /** 'repayment' (requestType 1) or 'extension' (requestType 2). */
    purpose: text('purpose', { enum: ledgerPurposes }).notNull(),
    channel: text('channel', { enum: paymentReferenceChannels }).notNull(),
    /** The provider that made it and receives its notifications ('sandbox'). */
    provider: text('provider').notNull(),
    /** What a payment notification names: the store reference number. */
    reference: text('reference').notNull().unique(),
    /** What the borrower copies: the store reference, the CLABE for SPEI, the VPA for UPI, the account number for a bank transfer. */
    voucherCode: text('voucher_code').notNull(),
    /** SPEI only: the CLABE to transfer to. */
    clabe: text('clabe'),
    /** UPI only: the virtual payment address (VPA) to pay to. */
    vpa: text('vpa'),
    /** Bank transfer only: the virtual account number and its IFSC. */
    accountNumber: text('account_number'),
    ifsc: text('ifsc'),
    /** Amount to collect, minor units. */
    amount: minor('amount').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: paymentReferenceStatuses }).notNull().default('open'),
    /** Random key in the barcode image URL (?token=): the image loads in an <img> without the session. */
    accessKey: text('access_key').notNull(),
    /** When the payments naming it first covered its amount. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_references_one_open_uq')
      .on(t.orderId, t.purpose, t.channel, t.amount)
      .where(sql`${t.status} = 'open'`),
    index('payment_references_order_idx').on(t.orderId),
    check('payment_references_amount_positive', sql`${t.amount} > 0`),
    check(
      'payment_references_values_ok',
      sql`${t.purpose} in ('repayment', 'extension') and ${t.channel} in ('store', 'spei', 'upi', 'bank_transfer') and ${t.status} in ('open', 'paid', 'expired')`,
    ),
    check('payment_references_clabe_spei', sql`(${t.clabe} is not null) = (${t.channel} = 'spei')`),
    check('payment_references_vpa_upi', sql`(${t.vpa} is not null) = (${t.channel} = 'upi')`),
    check(
      'payment_references_account_bank_transfer',
      sql`(${t.accountNumber} is not null) = (${t.channel} = 'bank_transfer') and (${t.ifsc} is not null) = (${t.channel} = 'bank_transfer')`,
    ),
  ],
);

// ---------------------------------------------------------------------------
// Suspense (issue 12, docs/payments.md "Suspense"): money received that no loan's ledger holds yet.
// ---------------------------------------------------------------------------

/**
 * Money a signed notification reported that could not be applied to a loan: its reference matches no order
 * ('unknown_reference'), it is above the ceiling ('amount_above_ceiling'), or the ledger could not take it
 * (the ledger's reason). One row per provider event; append-only; written only by suspense-service.ts.
 */
export const paymentSuspense = pgTable(
  'payment_suspense',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    reference: text('reference').notNull(),
    amount: minor('amount').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    /** The order and reference the notification named, when they exist. */
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    referenceId: bigint('reference_id', { mode: 'number' }).references(() => paymentReferences.id),
    channel: text('channel'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_suspense_provider_event_uq').on(t.provider, t.eventId),
    check('payment_suspense_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * What an operator did with a suspense entry, once (unique): `assigned` to an order (the ledger payment it
 * became) or `refunded` to the payer. Append-only.
 */
export const paymentSuspenseResolutions = pgTable(
  'payment_suspense_resolutions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    suspenseId: bigint('suspense_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => paymentSuspense.id),
    kind: text('kind', { enum: ['assigned', 'refunded'] }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => ledgerPayments.id),
    actor: text('actor').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check('payment_suspense_resolutions_kind_ok', sql`${t.kind} in ('assigned', 'refunded')`),
    check(
      'payment_suspense_resolutions_assigned_payment',
      sql`(${t.kind} = 'assigned') = (${t.paymentId} is not null) and (${t.kind} <> 'assigned' or ${t.orderId} is not null)`,
    ),
  ],
);

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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    cardId: bigint('card_id', { mode: 'number' })
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
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    codeSends: smallint('code_sends').notNull().default(0),
    wrongCodes: smallint('wrong_codes').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The processor's charge id once charged (also the ledger payment's provider event id). */
    chargeId: text('charge_id'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    instalmentSeq: integer('instalment_seq').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** SHA-256 of the random token in the page address. */
    tokenHash: text('token_hash').notNull().unique(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    amount: minor('amount').notNull(),
    /** The instalment the borrower meant to pay (the earliest unpaid one when the page was made); 0 for checkouts made before this was kept. */
    instalmentSeq: integer('instalment_seq').notNull().default(0),
    language: text('language', { enum: ['es', 'en'] }).notNull(),
    status: text('status', { enum: ['open', 'paid', 'failed'] }).notNull().default('open'),
    chargeId: text('charge_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('card_checkouts_amount_positive', sql`${t.amount} > 0`)],
);

export const smsStatuses = ['queued', 'sent', 'failed', 'expired'] as const;

/**
 * Text messages to borrowers (docs/operations.md "Scheduled work"): queued in
 * the caller's transaction, delivered through the SMS provider after the
 * commit, retried by the outbox job until sent, out of attempts or past
 * `expires_at` (a code nobody can use any more). Demo tools read it.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    body: text('body').notNull(),
    /** queued → sent; failed (will be retried at next_attempt_at) → sent, or expired when out of attempts or time. */
    status: text('status', { enum: smsStatuses }).notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** After this the message is pointless (an SMS code's life); null: no limit beyond the attempts. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The provider's last refusal (status code or error name): never the phone or the text. */
    lastError: text('last_error'),
    /** A message that must go at most once (reminders: 'reminder:<instalment>:<kind>:<due date>'). */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_outbox_phone_idx').on(t.phone, t.createdAt),
    index('sms_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'failed')`),
    check('sms_outbox_status_ok', sql`${t.status} in ('queued', 'sent', 'failed', 'expired')`),
  ],
);

/** One row per run of a scheduled job (npm run ops -- jobs; metrics). */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    job: text('job').notNull(),
    /** The job queue's id of the job (pg-boss). */
    queueJobId: text('queue_job_id'),
    /** Which process ran it: host and pid. */
    worker: text('worker').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    outcome: text('outcome', { enum: ['running', 'succeeded', 'failed'] }).notNull().default('running'),
    /** What the run did (counts), or the error's message. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [index('job_runs_job_started_idx').on(t.job, t.startedAt)],
);

// ---------------------------------------------------------------------------
// Complaints (docs/complaints.md)
// ---------------------------------------------------------------------------

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Question types (parentValue null) and sub-types (parentValue = their type's
 * value), seeded; value 1 is collection. Titles per language.
 */
export const complaintTypes = pgTable(
  'complaint_types',
  {
    id: serial('id').primaryKey(),
    value: integer('value').notNull().unique(),
    parentValue: integer('parent_value'),
    titleEs: text('title_es').notNull(),
    titleEn: text('title_en').notNull(),
    sort: smallint('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [check('complaint_types_value_positive', sql`${t.value} > 0`)],
);

export const complaintStatuses = ['open', 'answered', 'closed'] as const;

export const complaints = pgTable(
  'complaints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    typeValue: integer('type_value').notNull(),
    subTypeValue: integer('sub_type_value'),
    detail: text('detail').notNull(),
    status: text('status', { enum: complaintStatuses }).notNull().default('open'),
    replyText: text('reply_text').notNull().default(''),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: text('replied_by'),
    /** The borrower's score of the reply, 1 to 5. */
    score: smallint('score'),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** SHA-256 of order, type, sub-type, text and images: a double tap saves one complaint. */
    contentHash: text('content_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('complaints_borrower_idx').on(t.borrowerId, t.createdAt),
    index('complaints_status_idx').on(t.status, t.createdAt),
    check('complaints_status_ok', sql`${t.status} in ('open', 'answered', 'closed')`),
    check('complaints_detail_length', sql`char_length(${t.detail}) between 1 and 200`),
    check('complaints_score_range', sql`${t.score} is null or ${t.score} between 1 and 5`),
  ],
);

/**
 * Complaint images, re-encoded without metadata, kept in the database so that
 * every API process serves them. A borrower's upload waits (complaintId null)
 * until a complaint names it; support's reply images belong to the complaint
 * from the start.
 */
export const complaintImages = pgTable(
  'complaint_images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id),
    complaintId: bigint('complaint_id', { mode: 'number' }).references(() => complaints.id),
    uploader: text('uploader', { enum: ['borrower', 'support'] }).notNull(),
    mime: text('mime', { enum: ['image/jpeg', 'image/png', 'image/webp'] }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('complaint_images_complaint_idx').on(t.complaintId),
    index('complaint_images_borrower_idx').on(t.borrowerId, t.createdAt),
    check('complaint_images_mime_ok', sql`${t.mime} in ('image/jpeg', 'image/png', 'image/webp')`),
  ],
);

// ---------------------------------------------------------------------------
// Promotion funnel (docs/promotion.md)
// ---------------------------------------------------------------------------

/**
 * Landing page templates; id 1 is the seeded default. Admins edit a template's texts, pixel and active flag in the
 * back office (issue 17; docs/back-office.md "Landing templates"); appName and the store links are the app's.
 */
export const promotionTemplates = pgTable('promotion_templates', {
  id: serial('id').primaryKey(),
  /** What staff call the template (the campaign); never shown to a visitor. */
  name: text('name').notNull().default(''),
  appName: text('app_name').notNull(),
  agreementTitle: text('agreement_title').notNull(),
  agreementParagraphs: text('agreement_paragraphs').array().notNull(),
  downloadTitle: text('download_title').notNull(),
  downloadText: text('download_text').notNull(),
  iosUrl: text('ios_url').notNull().default(''),
  androidUrl: text('android_url').notNull().default(''),
  /** Conversion pixel id ('' = off). */
  pixelId: text('pixel_id').notNull().default(''),
  /**
   * The template's texts in the languages other than its own (the columns above are Spanish): for each,
   * the agreement's title and paragraphs and the download page's title and text. channel-template answers
   * them to a page that asks in that language (issue 14; docs/promotion.md "Texts and languages").
   */
  translations: jsonb('translations')
    .$type<Partial<Record<'en', { agreementTitle: string; agreementParagraphs: string[]; downloadTitle: string; downloadText: string }>>>()
    .notNull()
    .default({}),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  /** The last change in the back office (the audit trail has who and what). */
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

/**
 * A visitor's captcha session (get-sid): the current captcha's answer (hashed
 * with the sid), when it was drawn, wrong answers, and the phone it was passed
 * for (one SMS per captcha; register accepts it again for that phone only).
 */
export const promoSessions = pgTable(
  'promo_sessions',
  {
    sid: text('sid').primaryKey(),
    answerHash: text('answer_hash'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    draws: integer('draws').notNull().default(0),
    wrongAnswers: smallint('wrong_answers').notNull().default(0),
    passedPhone: text('passed_phone'),
    passedAt: timestamp('passed_at', { withTimezone: true }),
    clientIp: text('client_ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('promo_sessions_created_idx').on(t.createdAt)],
);

/**
 * SMS codes that prove a phone (modules/verification, decision 017): hashed, 5 minutes, single use, 5 wrong
 * tries; each for one purpose. The limits on sending them hold across purposes. Tracking columns: the
 * registration page's.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purpose: text('purpose', { enum: ['register', 'sign_in', 'bank_account'] }).notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    /** The captcha session that was passed to ask for it (none for a signed-in borrower's code). */
    sid: text('sid'),
    clientIp: text('client_ip').notNull().default(''),
    appFrom: text('app_from'),
    userFrom: text('user_from'),
    utmTag: text('utm_tag'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    wrongTries: smallint('wrong_tries').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_codes_phone_idx').on(t.phone, t.createdAt),
    index('verification_codes_ip_idx').on(t.clientIp, t.createdAt),
  ],
);

/** Page views and apply clicks of the promotion page. */
export const promoEvents = pgTable(
  'promo_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'visit' (track-visit), 'click' (track-click: the apply button), 'sms_request' (every get-sms that reached the server: the SMS button). */
    kind: text('kind', { enum: ['visit', 'click', 'sms_request'] }).notNull(),
    pageId: text('page_id').notNull().default(''),
    userFrom: text('user_from').notNull().default(''),
    clientType: text('client_type').notNull().default(''),
    pageType: text('page_type').notNull().default(''),
    utmTag: text('utm_tag').notNull().default(''),
    appFrom: text('app_from').notNull().default(''),
    /** Clicks: the phone typed (to count distinct applicants). */
    phone: text('phone').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('promo_events_kind_idx').on(t.kind, t.createdAt)],
);

// ---------------------------------------------------------------------------
// The back office (issue 17, decision 018): staff, their roles, second factor, sessions and the audit trail.
// Written by modules/staff, except audit_events (modules/audit, append-only).
// ---------------------------------------------------------------------------

/** A member of the lender's staff. The e-mail is unique whatever its case (staff_members_email_uq on lower(email)). */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** argon2id (PHC string); null until the member sets a password through their set-up link. */
    passwordHash: text('password_hash'),
    /** The TOTP secret, AES-256-GCM under STAFF_SECRET_KEY (iv.tag.ciphertext, base64url); null until enrolled. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last 30 s step whose code was accepted: a code is accepted once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Failed sign-ins in a row (password or code); 5 lock the account for 15 minutes. */
    failedSignIns: smallint('failed_sign_ins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_members_email_uq').on(sql`lower(${t.email})`)],
);

export const staffRoleRows = pgTable(
  'staff_roles',
  {
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    role: text('role', { enum: staffRoles }).notNull(),
    grantedAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_roles_uq').on(t.staffId, t.role)],
);

/** Ten per enrolment, each usable once; SHA-256 of the code (normalised: upper case, no dashes). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
);

/** One-time set-up links (a new member, or an admin's reset): 256 random bits, SHA-256 at rest, 24 hours, used once. */
export const staffSetUpLinks = pgTable('staff_set_up_links', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  staffId: bigint('staff_id', { mode: 'number' })
    .notNull()
    .references(() => staffMembers.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Console sessions (cookie presta_console): SHA-256 of the id; idle 30 minutes, absolute 12 hours. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    /** The secret the session's CSRF tokens are made from (@fastify/csrf-protection). */
    csrfSecret: text('csrf_secret').notNull(),
    clientIp: text('client_ip').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * API tokens for scripts (decision 018 point 9): a member's named tokens, each acting as them with their roles at the
 * time of the call. 256 random bits shown once; only their SHA-256 stored. Revoked, never deleted (the audit trail
 * names them). A live token's name is unique per member.
 */
export const staffApiTokens = pgTable(
  'staff_api_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    /** Written at most once a minute. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('staff_api_tokens_staff_idx').on(t.staffId),
    uniqueIndex('staff_api_tokens_live_name_uq').on(t.staffId, sql`lower(${t.name})`).where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * The audit trail (decision 018 point 7): every staff action, every `npm run ops` command and every job's change,
 * written in the transaction of the action it records. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorType: text('actor_type', { enum: ['staff', 'system'] }).notNull(),
    /** The staff member (null for system). */
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staffMembers.id),
    /** Their e-mail at the time, or 'system' (kept if the member's e-mail changes later). */
    actorLabel: text('actor_label').notNull(),
    /** Where the action came from: the console, the ops command, a job. */
    via: text('via', { enum: ['console', 'cli', 'job', 'api_token'] }).notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    clientIp: text('client_ip').notNull().default(''),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at),
    index('audit_events_object_idx').on(t.objectType, t.objectId),
    index('audit_events_staff_idx').on(t.staffId, t.at),
  ],
);
