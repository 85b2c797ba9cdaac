import { sql } from 'drizzle-orm';
import { check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintId, bigserialId, createdAt, minor, timestamptz } from '../columns';
import { ledgerPayments, paymentReferences } from './ledger';
import { orders } from './orders';

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
    id: bigserialId(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    reference: text('reference').notNull(),
    amount: minor('amount').notNull(),
    paidAt: timestamptz('paid_at').notNull(),
    reason: text('reason').notNull(),
    /** The order and reference the notification named, when they exist. */
    orderId: bigintId('order_id').references(() => orders.id),
    referenceId: bigintId('reference_id').references(() => paymentReferences.id),
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
    id: bigserialId(),
    suspenseId: bigintId('suspense_id')
      .notNull()
      .unique()
      .references(() => paymentSuspense.id),
    kind: text('kind', { enum: ['assigned', 'refunded'] }).notNull(),
    orderId: bigintId('order_id').references(() => orders.id),
    paymentId: bigintId('payment_id').references(() => ledgerPayments.id),
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
