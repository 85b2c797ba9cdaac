import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { DEV_SANDBOX_SECRET } from '../src/config';
import { paymentReferences } from '../src/db/schema';
import { createOrReuseReference } from '../src/modules/payments/payment-reference-repository';
import { referenceSeqSource, type ReferenceRequest } from '../src/modules/payments/payment-references';
import type { PaymentProvider } from '../src/modules/payments/payment-provider';
import { createSandboxProvider } from '../src/modules/payments/sandbox-provider';
import { buildTestApp, type TestApp } from './helpers';
import { makeLoan, ONE_INSTALMENT_TOTAL, type Loan } from './repayment-fixtures';

/**
 * New payment references asked for in the same turn of the event loop are stored by one statement and one commit
 * (payment-reference-repository.ts insertOpen): each caller still gets its own row, two asks for the same open reference
 * still make one, and a row that fails the shared statement fails alone.
 */
let t: TestApp;
let provider: PaymentProvider;

beforeAll(async () => {
  t = await buildTestApp();
  provider = createSandboxProvider({ secret: DEV_SANDBOX_SECRET, nextSeq: referenceSeqSource(t.db) });
  // One reference alone first: the prepared insert is built (db.insert once) before any test counts inserts.
  const loan = await makeLoan(t.db, { status: '174' });
  await createOrReuseReference(t.db, provider, ask(loan));
});
afterAll(async () => {
  await t.close();
});

/**
 * The provider, holding every answer until `n` references were asked of it: the callers then store theirs in the
 * same turn of the event loop, as borrowers' first vouchers do under load.
 */
function together(n: number): PaymentProvider {
  let release!: () => void;
  const all = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  return {
    ...provider,
    async createReference(input) {
      const made = await provider.createReference(input);
      if (++asked === n) release();
      await all;
      return made;
    },
  };
}

const ask = (loan: Loan, over: Partial<ReferenceRequest> = {}): ReferenceRequest => ({
  orderId: Number(loan.orderId),
  borrowerId: loan.borrower.id,
  purpose: 'repayment',
  channel: 'store',
  amount: ONE_INSTALMENT_TOTAL,
  expiresAt: new Date(Date.now() + 3_600_000),
  ...over,
});

describe('new references asked for together', () => {
  it('are stored in one statement, each caller answered with its own order’s row', async () => {
    const loans = await Promise.all(Array.from({ length: 6 }, () => makeLoan(t.db, { status: '174' })));
    const inserts = vi.spyOn(t.db, 'insert');
    const six = together(6);
    const made = await Promise.all(loans.map((loan) => createOrReuseReference(t.db, six, ask(loan))));
    expect(inserts).toHaveBeenCalledTimes(1);
    inserts.mockRestore();
    made.forEach(({ reference, reused }, i) => {
      expect(reused).toBe(false);
      expect(reference.orderId).toBe(Number(loans[i]!.orderId));
      expect(reference.borrowerId).toBe(loans[i]!.borrower.id);
      expect(reference.status).toBe('open');
    });
    expect(new Set(made.map((m) => m.reference.reference)).size).toBe(6);
    const stored = await t.db.select().from(paymentReferences).where(inArray(paymentReferences.id, made.map((m) => m.reference.id)));
    expect(stored).toHaveLength(6);
  });

  it('two asks for the same open reference in one turn make one reference, both answered with it', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const other = await makeLoan(t.db, { status: '174' });
    const three = together(3);
    const [a, b, c] = await Promise.all([
      createOrReuseReference(t.db, three, ask(loan)),
      createOrReuseReference(t.db, three, ask(loan)),
      createOrReuseReference(t.db, three, ask(other)),
    ]);
    expect(a.reference.id).toBe(b.reference.id);
    expect([a.reused, b.reused].sort()).toEqual([false, true]);
    expect(c.reference.orderId).toBe(Number(other.orderId));
    const open = await t.db.select().from(paymentReferences).where(eq(paymentReferences.orderId, Number(loan.orderId)));
    expect(open).toHaveLength(1);
  });

  it('a reference that fails the shared statement fails alone; the others are stored', async () => {
    const loans = await Promise.all(Array.from({ length: 3 }, () => makeLoan(t.db, { status: '174' })));
    // No order 2^31 - 1: its row breaks the foreign key, and with it the statement the three share.
    const bad = ask(loans[0]!, { orderId: 2_147_483_647 });
    const four = together(4);
    const inserts = vi.spyOn(t.db, 'insert');
    const results = await Promise.allSettled([
      createOrReuseReference(t.db, four, ask(loans[0]!)),
      createOrReuseReference(t.db, four, bad),
      createOrReuseReference(t.db, four, ask(loans[1]!)),
      createOrReuseReference(t.db, four, ask(loans[2]!)),
    ]);
    // The shared statement was tried (and failed), then each alone.
    expect(inserts).toHaveBeenCalledTimes(1);
    inserts.mockRestore();
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const ids = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.reference.id] : []));
    expect(await t.db.select().from(paymentReferences).where(inArray(paymentReferences.id, ids))).toHaveLength(3);
  });
});
