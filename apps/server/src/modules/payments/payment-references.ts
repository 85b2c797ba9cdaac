import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Minor } from '@presta/contract/money';
import type { DbOrTx } from '../../db/database';
import { ledgerPayments, paymentReferences, paymentReferenceSeq, paymentSuspense } from '../../db/schema';
import type { PaymentChannel, PaymentPurpose } from './payment-provider';
import { isValidStoreReference } from './store-reference';

/*
 * Payment reference records (table payment_references, docs/api.md "Repayment calls"; the one writer of the
 * table): made through a PaymentProvider, at most one OPEN per (order, purpose, channel, amount) — asking
 * again reuses it —, not payable after expires_at, expired once a payment is applied to their order
 * (recordPayment) and paid once the payments naming one cover its amount.
 */

export type PaymentReference = typeof paymentReferences.$inferSelect;

/** Path of the reference images: `${BARCODE_ROUTE_PREFIX}/<reference>/barcode.png|svg` (store), `qr.png|svg` (UPI). */
export const BARCODE_ROUTE_PREFIX = '/api/payments/references';

/**
 * Same-origin URL of a store reference's barcode image. It carries the
 * reference's random access key (`token`), so an <img> loads it without the
 * session parameters; the owner's session works too (see payment-routes.ts).
 */
export function barcodeUrl(ref: Pick<PaymentReference, 'reference' | 'accessKey'>, ext: 'png' | 'svg' = 'png'): string {
  return `${BARCODE_ROUTE_PREFIX}/${ref.reference}/barcode.${ext}?token=${ref.accessKey}`;
}

/** Same-origin URL of a UPI reference's QR code (its upi://pay link, issue 32), with the same access key as barcodeUrl. */
export function qrCodeUrl(ref: Pick<PaymentReference, 'reference' | 'accessKey'>, ext: 'png' | 'svg' = 'svg'): string {
  return `${BARCODE_ROUTE_PREFIX}/${ref.reference}/qr.${ext}?token=${ref.accessKey}`;
}

/** True when `token` is the reference's access key (constant time). */
export function accessKeyMatches(ref: Pick<PaymentReference, 'accessKey'>, token: unknown): boolean {
  if (typeof token !== 'string' || token.length !== ref.accessKey.length) return false;
  return timingSafeEqual(Buffer.from(token), Buffer.from(ref.accessKey));
}

/** How many numbers of the reference sequence the server's provider takes per round trip (referenceSeqSource). */
export const REFERENCE_SEQ_BLOCK = 20;

/**
 * The source of store reference numbers (the sandbox provider's `nextSeq`): `blockSize` numbers of the sequence per round trip, handed
 * out in ascending order, one caller at a time per refill (callers that find the block empty wait for the same
 * refill). A voucher's new reference then costs the insert alone instead of a nextval and the insert (issue 18:
 * the voucher's p99 under load was its round trips). Numbers a process took and had not used when it stopped are
 * never used: a reference number means nothing but itself, gaps are harmless, and the sequence holds
 * MAX_STORE_REFERENCE_SEQ (10^11) of them. Unique across processes, as each number comes from nextval.
 */
export function referenceSeqSource(db: DbOrTx, blockSize = REFERENCE_SEQ_BLOCK): () => Promise<number> {
  if (!Number.isSafeInteger(blockSize) || blockSize < 1) throw new RangeError(`reference sequence block must be a positive integer, got ${blockSize}`);
  const name = paymentReferenceSeq.seqName!;
  const block: number[] = [];
  let refill: Promise<void> | undefined;
  const take = async () => {
    const rows = (await db.execute(
      sql`select nextval(${name}::regclass)::text as seq from generate_series(1, ${blockSize}::int)`,
    )) as unknown as { seq: string }[];
    block.push(...rows.map((r) => Number(r.seq)).sort((a, b) => a - b));
  };
  return async () => {
    for (;;) {
      const seq = block.shift();
      if (seq !== undefined) return seq;
      refill ??= take().finally(() => {
        refill = undefined;
      });
      await refill;
    }
  };
}

export type ReferenceRequest = {
  orderId: number;
  borrowerId: number;
  purpose: PaymentPurpose;
  channel: PaymentChannel;
  amount: Minor;
  /** Used only when a new reference is made. */
  expiresAt: Date;
  /** The loan's number and its market's currency, for the provider's description of a new reference. */
  orderNo?: string;
  currency?: 'MXN' | 'INR';
  /** Who pays, read only when a new reference is made, for providers whose API requires it (never logged). */
  payer?: () => Promise<{ name: string; phone: string; email?: string } | undefined>;
  now?: Date;
};

/**
 * Every open reference of the order becomes 'expired': they were priced before a payment just applied to it, so
 * none is offered again (a store would collect its old amount). Money still arriving for one before its time is
 * applied like any other (docs/payments.md). In the payment's transaction (recordPayment).
 */
export async function expireOpenReferences(tx: DbOrTx, orderId: number): Promise<void> {
  await tx
    .update(paymentReferences)
    .set({ status: 'expired' })
    .where(and(eq(paymentReferences.orderId, orderId), eq(paymentReferences.status, 'open')));
}

/** The reference is paid once the ledger payments naming it cover its amount (open or expired; a paid one stays as it is). */
export async function markPaidWhenCovered(tx: DbOrTx, ref: PaymentReference, paidAt: Date): Promise<void> {
  if (ref.status === 'paid') return;
  const [paid] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerPayments.amount}), 0)::text` })
    .from(ledgerPayments)
    .where(eq(ledgerPayments.referenceId, ref.id));
  if (Number(paid?.total ?? 0) < ref.amount) return;
  await tx
    .update(paymentReferences)
    .set({ status: 'paid', paidAt })
    .where(and(eq(paymentReferences.id, ref.id), inArray(paymentReferences.status, ['open', 'expired'])));
}

/** Every open reference whose time is up becomes 'expired' (the scheduled expiry, docs/scheduled-work.md); returns how many. */
export async function expireDueReferences(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const rows = await db
    .update(paymentReferences)
    .set({ status: 'expired' })
    .where(and(eq(paymentReferences.status, 'open'), lte(paymentReferences.expiresAt, now)))
    .returning({ id: paymentReferences.id });
  return rows.length;
}

/** A reference by its number (any status), or undefined. */
export async function findReference(db: DbOrTx, reference: string): Promise<PaymentReference | undefined> {
  const [row] = await db.select().from(paymentReferences).where(eq(paymentReferences.reference, reference)).limit(1);
  return row;
}

/**
 * The reference a person names: by our number (14 digits), or by what a voucher shows (a VPA like
 * `presta.7@sbxupi`, a CLABE, a Conekta cash reference, an account number), then the newest open reference of that
 * voucher code, else its newest. The demo's `pay`, its dev route and `ops payments status` read it.
 */
export async function findNamedReference(db: DbOrTx, code: string): Promise<PaymentReference | undefined> {
  const named = code.trim();
  if (named === '') return undefined;
  const ours = isValidStoreReference(named) ? await findReference(db, named) : undefined;
  if (ours) return ours;
  const [row] = await db
    .select()
    .from(paymentReferences)
    .where(eq(paymentReferences.voucherCode, named))
    .orderBy(sql`${paymentReferences.status} = 'open' desc`, desc(paymentReferences.id))
    .limit(1);
  return row;
}

/** What our records hold of a reference's money: the ledger payments naming it and what was held in suspense for its provider reference. */
export type ReferenceMoney = {
  payments: { eventId: string; amount: Minor; receivedAt: Date }[];
  held: { eventId: string; amount: Minor; reason: string; paidAt: Date }[];
};

/** ReferenceMoney of a reference (`ops payments status`), oldest first. */
export async function referenceMoneyOf(db: DbOrTx, ref: PaymentReference): Promise<ReferenceMoney> {
  const [payments, held] = await Promise.all([
    db
      .select({ eventId: ledgerPayments.providerEventId, amount: ledgerPayments.amount, receivedAt: ledgerPayments.receivedAt })
      .from(ledgerPayments)
      .where(eq(ledgerPayments.referenceId, ref.id))
      .orderBy(ledgerPayments.id),
    db
      .select({ eventId: paymentSuspense.eventId, amount: paymentSuspense.amount, reason: paymentSuspense.reason, paidAt: paymentSuspense.paidAt })
      .from(paymentSuspense)
      .where(and(eq(paymentSuspense.provider, ref.provider), eq(paymentSuspense.reference, ref.providerReference)))
      .orderBy(paymentSuspense.id),
  ]);
  return { payments, held };
}

/** The numbers (`reference`) of references by id, for the statement and receipts; ids not found are left out. */
export async function referenceNumbers(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: paymentReferences.id, reference: paymentReferences.reference })
    .from(paymentReferences)
    .where(inArray(paymentReferences.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.reference]));
}
