import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Minor } from '@presta/contract/money';
import type { Db, DbOrTx } from '../../db/database';
import { ledgerPayments, paymentReferences, paymentReferenceSeq } from '../../db/schema';
import type { Change, VersionedCache } from '../../lib/versioned-cache';
import type { PaymentChannel, PaymentProvider, PaymentPurpose } from './payment-provider';

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
  now?: Date;
};

const openReferenceOf = (db: DbOrTx, input: ReferenceRequest) =>
  db
    .select()
    .from(paymentReferences)
    .where(
      and(
        eq(paymentReferences.orderId, input.orderId),
        eq(paymentReferences.purpose, input.purpose),
        eq(paymentReferences.channel, input.channel),
        eq(paymentReferences.amount, input.amount),
        eq(paymentReferences.status, 'open'),
      ),
    )
    .limit(1);

/**
 * The open references of orders by order id (any purpose, channel, amount or expiry; newest first), kept between
 * changes (decision 007): payment_references announces 'payment-reference:<order id>' on every write, whoever
 * makes it (migration 0022; a payment that expires or pays them writes them, so it announces this too).
 * Readers filter by expiry themselves, so a cached list never offers a reference past its time.
 */
export type OpenReferencesCache = VersionedCache<number, PaymentReference[]>;

/** Drops an order's cached open references when the database announces a change to them ('payment-reference:<order id>'). */
export function dropStaleOpenReferences(cache: OpenReferencesCache, { kind, key }: Change): boolean {
  const id = Number(key);
  if (kind !== 'payment-reference' || !Number.isSafeInteger(id)) return false;
  cache.invalidate(id);
  return true;
}

/** Every open reference of the order, from the cache when it has them. */
async function openReferencesOfOrder(db: Db, orderId: number, cache: OpenReferencesCache): Promise<PaymentReference[]> {
  return (await cache.readThrough(orderId, () => preparedQueries(db).openOfOrder.execute({ orderId }))) ?? [];
}

/** The partial unique index keeping one open reference per order, purpose, channel and amount: the inserts' conflict rule. */
const oneOpen = {
  target: [paymentReferences.orderId, paymentReferences.purpose, paymentReferences.channel, paymentReferences.amount],
  where: sql`${paymentReferences.status} = 'open'`,
};

/**
 * The voucher's queries, built once per database (drizzle builds a query's text on every call otherwise:
 * building the insert took a seventh of the server's time while borrowers made their first vouchers,
 * decision 019), then sent as prepared statements with their values.
 */
function buildQueries(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  return {
    openOfOrder: db
      .select()
      .from(paymentReferences)
      .where(and(eq(paymentReferences.orderId, p('orderId')), eq(paymentReferences.status, 'open')))
      .orderBy(desc(paymentReferences.id))
      .prepare('payment_references_open_of_order'),
    insert: db
      .insert(paymentReferences)
      .values({
        orderId: p('orderId'),
        borrowerId: p('borrowerId'),
        purpose: p('purpose'),
        channel: p('channel'),
        provider: p('provider'),
        reference: p('reference'),
        voucherCode: p('voucherCode'),
        clabe: p('clabe'),
        vpa: p('vpa'),
        accountNumber: p('accountNumber'),
        ifsc: p('ifsc'),
        amount: p('amount'),
        expiresAt: p('expiresAt'),
        status: 'open',
        accessKey: p('accessKey'),
        createdAt: p('createdAt'),
      })
      .onConflictDoNothing(oneOpen)
      .returning()
      .prepare('payment_references_insert'),
  };
}

const preparedByDb = new WeakMap<Db, ReturnType<typeof buildQueries>>();

function preparedQueries(db: Db): ReturnType<typeof buildQueries> {
  let queries = preparedByDb.get(db);
  if (!queries) {
    queries = buildQueries(db);
    preparedByDb.set(db, queries);
  }
  return queries;
}

const matches = (ref: PaymentReference, want: { purpose: PaymentPurpose; amount: Minor; channel?: PaymentChannel }, now: Date) =>
  ref.purpose === want.purpose &&
  ref.amount === want.amount &&
  (want.channel === undefined || ref.channel === want.channel) &&
  ref.expiresAt.getTime() > now.getTime();

/**
 * The open, unexpired reference for (order, purpose, channel, amount), or a
 * new one made by the provider. Open references of the order past their
 * expiry are marked 'expired' first. The provider is called holding no
 * connection nor lock (a real one is a remote call); two taps at once may
 * both ask it, but the partial unique index keeps one open reference and
 * the loser answers the winner's (its own is dropped: for the sandbox a gap
 * in the sequence, for a real provider a reference that expires unused).
 */
export async function createOrReuseReference(
  db: Db,
  provider: PaymentProvider,
  input: ReferenceRequest,
  cache?: OpenReferencesCache,
): Promise<{ reference: PaymentReference; reused: boolean }> {
  const now = input.now ?? new Date();
  if (cache?.enabled) {
    const open = await openReferencesOfOrder(db, input.orderId, cache);
    // The open, unexpired one as cached: what the database would answer after expiring the stale ones.
    const cached = open.find((r) => matches(r, input, now));
    if (cached) return { reference: cached, reused: true };
    // None stale among the order's open ones: nothing to expire first, a new one is made at once. A conflict
    // (one the cache did not know yet) goes the whole way below.
    if (!open.some((r) => r.expiresAt.getTime() <= now.getTime())) {
      const made = await insertReference(db, provider, input, now);
      if (made) return { reference: made, reused: false };
    }
  }
  await expireStale(db, input.orderId, now);
  const [open] = await openReferenceOf(db, input);
  if (open) return { reference: open, reused: true };
  const made = await insertReference(db, provider, input, now);
  if (made) return { reference: made, reused: false };
  const [winner] = await openReferenceOf(db, input);
  if (!winner) throw new Error('payment reference: conflict without an open reference');
  return { reference: winner, reused: true };
}

/** A new reference from the provider, stored unless an open one for the same order, purpose, channel and amount exists (undefined then). */
async function insertReference(db: Db, provider: PaymentProvider, input: ReferenceRequest, now: Date): Promise<PaymentReference | undefined> {
  const created = await provider.createReference({
    orderId: input.orderId,
    amount: input.amount,
    purpose: input.purpose,
    channel: input.channel,
    expiresAt: input.expiresAt,
  });
  return insertOpen(db, {
    orderId: input.orderId,
    borrowerId: input.borrowerId,
    purpose: input.purpose,
    channel: input.channel,
    provider: provider.id,
    reference: created.reference,
    voucherCode: created.voucherCode,
    clabe: created.clabe ?? null,
    vpa: created.vpa ?? null,
    accountNumber: created.bankAccount?.accountNumber ?? null,
    ifsc: created.bankAccount?.ifsc ?? null,
    amount: input.amount,
    expiresAt: created.expiresAt,
    accessKey: randomBytes(16).toString('hex'),
    createdAt: now,
  });
}

type NewOpenReference = Omit<typeof paymentReferences.$inferInsert, 'status' | 'id' | 'paidAt'>;
type PendingInsert = { row: NewOpenReference; resolve: (stored: PaymentReference | undefined) => void; reject: (error: Error) => void };

/** At most this many references in one statement (16 values each, under PostgreSQL's 65 535 parameters). */
const MAX_REFERENCES_PER_INSERT = 500;

/** The inserts asked for in this turn of the event loop, per database, sent together in its check phase. */
const pendingInserts = new WeakMap<Db, PendingInsert[]>();

/**
 * Stores a new open reference (undefined when an open one for the same order, purpose, channel and amount exists).
 * The references asked for in the same turn of the event loop go in one statement and one commit: each commit
 * announces its references (pg_notify), and PostgreSQL serialises notifying commits through their WAL flush, so
 * while many borrowers make their first vouchers at once, one commit per reference was their wait (decision 019,
 * "Each run over borrowers of its own"). Alone, a reference is the prepared insert. If a shared statement fails,
 * each of its references is tried alone, so one never fails another.
 */
function insertOpen(db: Db, row: NewOpenReference): Promise<PaymentReference | undefined> {
  return new Promise((resolve, reject) => {
    let batch = pendingInserts.get(db);
    if (!batch || batch.length >= MAX_REFERENCES_PER_INSERT) {
      const next: PendingInsert[] = (batch = []);
      pendingInserts.set(db, next);
      setImmediate(() => {
        if (pendingInserts.get(db) === next) pendingInserts.delete(db);
        void flushInserts(db, next);
      });
    }
    batch.push({ row, resolve, reject });
  });
}

async function flushInserts(db: Db, batch: PendingInsert[]): Promise<void> {
  if (batch.length > 1) {
    let stored: PaymentReference[] | undefined;
    try {
      stored = await db
        .insert(paymentReferences)
        .values(batch.map((b) => ({ ...b.row, status: 'open' as const })))
        .onConflictDoNothing(oneOpen)
        .returning();
    } catch {
      // One of them failed the statement: each alone below, so only that one fails.
    }
    if (stored) {
      // A reference number is unique (the provider's, a unique column): it names the row each caller asked for.
      const byReference = new Map(stored.map((r) => [r.reference, r]));
      for (const b of batch) b.resolve(byReference.get(b.row.reference));
      return;
    }
  }
  await Promise.all(
    batch.map(async (b) => {
      try {
        const [stored] = await preparedQueries(db).insert.execute(b.row);
        b.resolve(stored);
      } catch (error) {
        b.reject(error instanceof Error ? error : new Error(`payment reference insert failed: ${String(error)}`));
      }
    }),
  );
}

/** Open references of an order whose time is up become 'expired'. */
async function expireStale(tx: DbOrTx, orderId: number, now: Date): Promise<void> {
  await tx
    .update(paymentReferences)
    .set({ status: 'expired' })
    .where(and(eq(paymentReferences.orderId, orderId), eq(paymentReferences.status, 'open'), lte(paymentReferences.expiresAt, now)));
}

/**
 * Every open reference of the order becomes 'expired': they were priced before a payment just applied to it, so
 * none is offered again (a store would collect its old amount). Money still arriving for one is applied like any
 * other (docs/payments.md). In the payment's transaction (recordPayment).
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

/** The open, unexpired references of an order for a purpose and amount, newest first (what the pages show). */
export async function findOpenReferences(
  db: DbOrTx,
  orderId: number,
  purpose: PaymentPurpose,
  amount: Minor,
  now: Date = new Date(),
  cache?: OpenReferencesCache,
): Promise<PaymentReference[]> {
  if (cache?.enabled) return (await openReferencesOfOrder(db, orderId, cache)).filter((r) => matches(r, { purpose, amount }, now));
  return db
    .select()
    .from(paymentReferences)
    .where(
      and(
        eq(paymentReferences.orderId, orderId),
        eq(paymentReferences.purpose, purpose),
        eq(paymentReferences.amount, amount),
        eq(paymentReferences.status, 'open'),
        gt(paymentReferences.expiresAt, now),
      ),
    )
    .orderBy(desc(paymentReferences.id));
}

/** A reference by its number (any status), or undefined. */
export async function findReference(db: DbOrTx, reference: string): Promise<PaymentReference | undefined> {
  const [row] = await db.select().from(paymentReferences).where(eq(paymentReferences.reference, reference)).limit(1);
  return row;
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
