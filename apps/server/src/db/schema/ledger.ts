import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgSequence, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintId, bigserialId, createdAt, day, minor, timestamptz } from '../columns';
import { borrowers } from './borrowers';
import { orders, repaymentPlans } from './orders';

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
    id: bigserialId(),
    orderId: bigintId('order_id')
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
    referenceId: bigintId('reference_id').references(() => paymentReferences.id),
    /** When the provider received the money. */
    receivedAt: timestamptz('received_at').notNull(),
    /** Ledger day: receivedAt's day in the product's time zone, never before the order's previous value date. */
    valueDate: day('value_date').notNull(),
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

/**
 * 'held': received and kept in payment_suspense (not applied to a loan), open for review. 'noted': a verified event
 * that moves no money (a failed attempt, a reference expired or pending at the provider; a refund, open for review).
 */
export const notificationOutcomes = ['applied', 'duplicate', 'refused', 'held', 'noted'] as const;

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
    id: bigserialId(),
    provider: text('provider').notNull(),
    /** Null when the body could not be read (duplicate keys, malformed). */
    eventId: text('event_id'),
    reference: text('reference'),
    amount: minor('amount'),
    paidAt: timestamptz('paid_at'),
    orderId: bigintId('order_id').references(() => orders.id),
    outcome: text('outcome', { enum: notificationOutcomes }).notNull(),
    /** Why it was refused ('duplicate_keys', 'amount_above_ceiling', 'unknown_reference', ...). */
    reason: text('reason'),
    /** 'open': an operator must look at it; 'resolved' once done; 'none' for the others. */
    review: text('review', { enum: ['none', 'open', 'resolved'] }).notNull().default('none'),
    /** A refused notification's review resolved by a member of finance (issue 17): when, by whom (their e-mail), and their note. */
    reviewedAt: timestamptz('reviewed_at'),
    reviewedBy: text('reviewed_by'),
    reviewNote: text('review_note'),
    /** The signed body as received (references and amounts, no personal data), for the review. */
    body: text('body').notNull(),
    /** How the sender was verified (the provider's scheme, e.g. 'RSA DIGEST over SHA-256'); null when it was not (refused). */
    verification: text('verification'),
    /** The provider's name of the event ('order.paid', 'payment.failed', 'abono') and its kind (payment-provider.ts paymentEventKinds). */
    eventType: text('event_type'),
    kind: text('kind'),
    /** The provider's id of the delivery's event (Conekta's event id, x-razorpay-event-id), beside event_id (the dedupe key). */
    providerEventId: text('provider_event_id'),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
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
    id: bigserialId(),
    orderId: bigintId('order_id')
      .notNull()
      .references(() => orders.id),
    instalmentId: bigintId('instalment_id')
      .notNull()
      .references(() => repaymentPlans.id),
    /** The payment whose application crystallised the charge, or (creditEventId) the credit event that did. */
    paymentId: bigintId('payment_id').references(() => ledgerPayments.id),
    creditEventId: bigintId('credit_event_id').references(() => ledgerCreditEvents.id),
    kind: text('kind', { enum: ledgerLateChargeKinds }).notNull(),
    /** Days late covered (both included); one day for the default penalty. */
    accruedFrom: day('accrued_from').notNull(),
    accruedThrough: day('accrued_through').notNull(),
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
    id: bigserialId(),
    paymentId: bigintId('payment_id').references(() => ledgerPayments.id),
    creditEventId: bigintId('credit_event_id').references(() => ledgerCreditEvents.id),
    orderId: bigintId('order_id')
      .notNull()
      .references(() => orders.id),
    instalmentId: bigintId('instalment_id').references(() => repaymentPlans.id),
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
    id: bigserialId(),
    orderId: bigintId('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: ledgerCreditEventKinds }).notNull(),
    valueDate: day('value_date').notNull(),
    /** Credit consumed: the sum of the event's allocation rows. */
    amount: minor('amount').notNull(),
    /** The payment whose application crystallised it (null: the sweep, a read, a refund). */
    paymentId: bigintId('payment_id').references(() => ledgerPayments.id),
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
    id: bigserialId(),
    orderId: bigintId('order_id')
      .notNull()
      .references(() => orders.id),
    paymentId: bigintId('payment_id')
      .notNull()
      .unique()
      .references(() => ledgerPayments.id),
    /** Due date of the first unpaid instalment, before and after. */
    fromDueDate: day('from_due_date').notNull(),
    toDueDate: day('to_due_date').notNull(),
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
    id: bigserialId(),
    orderId: bigintId('order_id')
      .notNull()
      .references(() => orders.id),
    requestedOn: day('requested_on').notNull(),
    expiresOn: day('expires_on').notNull(),
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
    id: bigserialId(),
    orderId: bigintId('order_id')
      .notNull()
      .references(() => orders.id),
    exitId: bigintId('exit_id')
      .notNull()
      .references(() => ledgerCoolingOffExits.id),
    paymentId: bigintId('payment_id')
      .notNull()
      .references(() => ledgerPayments.id),
    instalmentId: bigintId('instalment_id')
      .notNull()
      .references(() => repaymentPlans.id),
    component: text('component', { enum: ledgerComponents }).notNull(),
    valueDate: day('value_date').notNull(),
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
    id: bigserialId(),
    orderId: bigintId('order_id')
      .notNull()
      .references(() => orders.id),
    borrowerId: bigintId('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    /** 'repayment' (requestType 1) or 'extension' (requestType 2). */
    purpose: text('purpose', { enum: ledgerPurposes }).notNull(),
    channel: text('channel', { enum: paymentReferenceChannels }).notNull(),
    /** The provider that made it and receives its notifications ('sandbox'). */
    provider: text('provider').notNull(),
    /** Our number of the reference (14 digits): unique, on statements and receipts; the sandbox's notifications name it. */
    reference: text('reference').notNull().unique(),
    /**
     * What the provider's events name: the sandbox's reference, a Conekta order id, a Razorpay QR code or virtual
     * account id, the loan's CLABE at STP. Shared by one loan's references when it is the loan's own account.
     */
    providerReference: text('provider_reference').notNull(),
    /** providerReference is the loan's own account (STP's CLABE, a Smart Collect account): it takes money past a reference's time. */
    loanAccount: boolean('loan_account').notNull().default(false),
    /** The borrower types our reference (SPEI concept, UPI note, transfer remarks) for the payment to be matched. */
    payerTypesReference: boolean('payer_types_reference').notNull().default(true),
    /** UPI only: the provider's own upi://pay intent (Razorpay's QR image_content); null: upi-link.ts builds it. */
    payLink: text('pay_link'),
    /** What the borrower copies: the store reference, the CLABE for SPEI, the VPA for UPI, the account number for a bank transfer. */
    voucherCode: text('voucher_code').notNull(),
    /** SPEI only: the CLABE to transfer to. */
    clabe: text('clabe'),
    /** UPI only: the virtual payment address (VPA) to pay to. */
    vpa: text('vpa'),
    /** Bank transfer only: the virtual account number and its IFSC. */
    accountNumber: text('account_number'),
    ifsc: text('ifsc'),
    /** Bank transfer only: the bank holding the virtual account (the provider names it; Razorpay's loan account is reused by it). */
    bankName: text('bank_name'),
    /** Amount to collect, minor units. */
    amount: minor('amount').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    status: text('status', { enum: paymentReferenceStatuses }).notNull().default('open'),
    /** Random key in the barcode image URL (?token=): the image loads in an <img> without the session. */
    accessKey: text('access_key').notNull(),
    /** When the payments naming it first covered its amount. */
    paidAt: timestamptz('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_references_one_open_uq')
      .on(t.orderId, t.purpose, t.channel, t.amount)
      .where(sql`${t.status} = 'open'`),
    index('payment_references_order_idx').on(t.orderId),
    index('payment_references_provider_reference_idx').on(t.provider, t.providerReference),
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
