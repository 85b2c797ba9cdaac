import { randomBytes } from 'node:crypto';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Minor } from '@presta/contract/money';
import type { Db, DbOrTx } from '../../db/database';
import { paymentReferences } from '../../db/schema';
import { noCacheFeed, watchedCache, type CacheFeed, type Change, type VersionedCache } from '../../lib/versioned-cache';
import type { PaymentChannel, PaymentProvider, PaymentPurpose } from './payment-provider';
import type { PaymentReference, ReferenceRequest } from './payment-references';

declare module '../../plugins/app/repositories' {
  interface Repositories {
    paymentReferences: PaymentReferenceRepository;
  }
}

/*
 * The payment references' reads and the making of new ones, with what makes them fast (decisions 019 and 027):
 * the orders' open references kept between changes, the voucher's queries prepared once per database, and the
 * inserts asked for in one turn of the event loop sent together.
 */

/**
 * The open references of orders by order id (any purpose, channel, amount or expiry; newest first), kept between
 * changes (decision 007): payment_references announces 'payment-reference:<order id>' on every write, whoever
 * makes it (migration 0022; a payment that expires or pays them writes them, so it announces this too).
 * Readers filter by expiry themselves, so a kept list never offers a reference past its time.
 */
export class PaymentReferenceRepository {
  readonly openReferences: VersionedCache<number, PaymentReference[]>;
  /** Answers built from a kept reference object, by the caller's key: they go when the order's references change. */
  private readonly answers = new WeakMap<PaymentReference, Map<string, unknown>>();

  constructor(
    private readonly db: Db,
    feed: CacheFeed = noCacheFeed,
  ) {
    this.openReferences = watchedCache(feed, dropStaleOpenReferences);
  }

  /** Every open reference of the order, newest first (some may be past their time). */
  async openOf(orderId: number): Promise<PaymentReference[]> {
    return (await this.openReferences.readThrough(orderId, () => preparedQueries(this.db).openOfOrder.execute({ orderId }))) ?? [];
  }

  /**
   * The answer built from a reference, kept with the reference object for the same key: the open references'
   * cache keeps one object per reference until the order's references change, so a borrower reopening a voucher
   * gets the same answer (decision 019). A reference read from the database is a new object: built again.
   */
  answerFor<T>(ref: PaymentReference, key: string, build: () => T): T {
    let byKey = this.answers.get(ref);
    if (byKey?.has(key)) return byKey.get(key) as T;
    const answer = build();
    if (!byKey) this.answers.set(ref, (byKey = new Map<string, unknown>()));
    byKey.set(key, answer);
    return answer;
  }

  /** The open, unexpired references of an order for a purpose and amount, newest first (what the pages show). */
  async findOpen(orderId: number, want: { purpose: PaymentPurpose; amount: Minor }, now: Date): Promise<PaymentReference[]> {
    return (await this.openOf(orderId)).filter((r) => matches(r, want, now));
  }

  /**
   * The open, unexpired reference for (order, purpose, channel, amount), or a
   * new one made by the provider. Open references of the order past their
   * expiry are marked 'expired' first. The provider is called holding no
   * connection nor lock (a real one is a remote call); two taps at once may
   * both ask it, but the partial unique index keeps one open reference and
   * the loser answers the winner's (its own is dropped: for the sandbox a gap
   * in the sequence, for a real provider a reference that expires unused).
   */
  async createOrReuse(provider: PaymentProvider, input: ReferenceRequest): Promise<{ reference: PaymentReference; reused: boolean }> {
    const now = input.now ?? new Date();
    const open = await this.openOf(input.orderId);
    // The open, unexpired one: what the database answers after expiring the stale ones.
    const kept = open.find((r) => matches(r, input, now));
    if (kept) return { reference: kept, reused: true };
    // None stale among the order's open ones: nothing to expire first, a new one is made at once. A conflict
    // (one not read yet) goes the whole way below.
    if (!open.some((r) => r.expiresAt.getTime() <= now.getTime())) {
      const made = await insertReference(this.db, provider, input, now);
      if (made) return { reference: made, reused: false };
    }
    await expireStale(this.db, input.orderId, now);
    const [reused] = await openReferenceOf(this.db, input);
    if (reused) return { reference: reused, reused: true };
    const made = await insertReference(this.db, provider, input, now);
    if (made) return { reference: made, reused: false };
    const [winner] = await openReferenceOf(this.db, input);
    if (!winner) throw new Error('payment reference: conflict without an open reference');
    return { reference: winner, reused: true };
  }
}

/** PaymentReferenceRepository's createOrReuse, straight on the database (the CLI's, the tests'). */
export function createOrReuseReference(
  db: Db,
  provider: PaymentProvider,
  input: ReferenceRequest,
): Promise<{ reference: PaymentReference; reused: boolean }> {
  return new PaymentReferenceRepository(db).createOrReuse(provider, input);
}

/** Drops an order's kept open references when the database announces a change to them ('payment-reference:<order id>'). */
function dropStaleOpenReferences(cache: VersionedCache<number, PaymentReference[]>, { kind, key }: Change): boolean {
  const id = Number(key);
  if (kind !== 'payment-reference' || !Number.isSafeInteger(id)) return false;
  cache.invalidate(id);
  return true;
}

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
        providerReference: p('providerReference'),
        loanAccount: p('loanAccount'),
        payerTypesReference: p('payerTypesReference'),
        payLink: p('payLink'),
        voucherCode: p('voucherCode'),
        clabe: p('clabe'),
        vpa: p('vpa'),
        accountNumber: p('accountNumber'),
        ifsc: p('ifsc'),
        bankName: p('bankName'),
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

/** A new reference from the provider, stored unless an open one for the same order, purpose, channel and amount exists (undefined then). */
async function insertReference(db: Db, provider: PaymentProvider, input: ReferenceRequest, now: Date): Promise<PaymentReference | undefined> {
  const payer = input.payer ? await input.payer() : undefined;
  const created = await provider.createReference({
    orderId: input.orderId,
    amount: input.amount,
    purpose: input.purpose,
    channel: input.channel,
    expiresAt: input.expiresAt,
    ...(input.orderNo ? { orderNo: input.orderNo } : {}),
    ...(input.currency ? { currency: input.currency } : {}),
    ...(payer ? { payer } : {}),
  });
  return insertOpen(db, {
    orderId: input.orderId,
    borrowerId: input.borrowerId,
    purpose: input.purpose,
    channel: input.channel,
    provider: provider.id,
    reference: created.reference,
    providerReference: created.providerReference ?? created.reference,
    loanAccount: created.loanAccount ?? false,
    payerTypesReference: created.payerTypesReference ?? true,
    payLink: created.payLink ?? null,
    voucherCode: created.voucherCode,
    clabe: created.clabe ?? null,
    vpa: created.vpa ?? null,
    accountNumber: created.bankAccount?.accountNumber ?? null,
    ifsc: created.bankAccount?.ifsc ?? null,
    bankName: created.bankAccount?.bankName ?? null,
    amount: input.amount,
    expiresAt: created.expiresAt,
    accessKey: randomBytes(16).toString('hex'),
    createdAt: now,
  });
}

type NewOpenReference = Omit<typeof paymentReferences.$inferInsert, 'status' | 'id' | 'paidAt'>;
type PendingInsert = { row: NewOpenReference; resolve: (stored: PaymentReference | undefined) => void; reject: (error: Error) => void };

/** At most this many references in one statement (21 values each, under PostgreSQL's 65 535 parameters). */
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

