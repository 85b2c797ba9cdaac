import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEV_SANDBOX_SECRET } from '../src/config';
import { paymentReferences } from '../src/db/schema';
import { AppError } from '../src/lib/app-error';
import { createOrReuseReference } from '../src/modules/payments/payment-reference-repository';
import { referenceSeqSource } from '../src/modules/payments/payment-references';
import { recordPayment } from '../src/modules/payments/record-payment';
import { createSandboxProvider } from '../src/modules/payments/sandbox-provider';
import { assignSuspense, holdInSuspense } from '../src/modules/payments/suspense-service';
import { chargeCardAndApply } from '../src/modules/payments/card-payment';
import { createSandboxCardProcessor, sandboxCardToken } from '../src/modules/payments/card-processor';
import { ledgerPayments } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers';
import { makeLoan, notify, ONE_INSTALMENT_TOTAL, type Loan } from './repayment-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function openReference(loan: Loan, channel: 'store' | 'spei' = 'store') {
  const provider = createSandboxProvider({ secret: DEV_SANDBOX_SECRET, nextSeq: referenceSeqSource(t.db) });
  const { reference } = await createOrReuseReference(t.db, provider, {
    orderId: Number(loan.orderId),
    borrowerId: loan.borrower.id,
    purpose: 'repayment',
    channel,
    amount: ONE_INSTALMENT_TOTAL,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return reference;
}

const statusOf = async (id: number) => (await t.db.select().from(paymentReferences).where(eq(paymentReferences.id, id)))[0]!.status;

const payment = (loan: Loan, eventId: string) =>
  ({ orderId: Number(loan.orderId), amount: 40_000, purpose: 'repayment', channel: 'demo', provider: 'record-test', providerEventId: eventId }) as const;

describe('recordPayment: the one way money reaches the ledger', () => {
  it("a payment applied expires every open reference of its order, and no other order's", async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const other = await makeLoan(t.db, { status: '174' });
    const [store, spei, others] = [await openReference(loan, 'store'), await openReference(loan, 'spei'), await openReference(other)];
    const result = await recordPayment(t.db, payment(loan, `pay-${loan.orderId}`));
    expect(result).toMatchObject({ applied: true, statusTo: '174' });
    expect([await statusOf(store.id), await statusOf(spei.id), await statusOf(others.id)]).toEqual(['expired', 'expired', 'open']);
  });

  it('a repeated delivery and a refused payment leave the open references as they are', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const eventId = `once-${loan.orderId}`;
    expect((await recordPayment(t.db, payment(loan, eventId))).applied).toBe(true);
    const made = await openReference(loan);
    expect(await recordPayment(t.db, payment(loan, eventId))).toMatchObject({ applied: false, duplicate: true });
    const refused = await recordPayment(t.db, { ...payment(loan, `refused-${loan.orderId}`), maxAmount: () => 0 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 422, messageKey: 'paymentAboveCeiling' });
    expect(await statusOf(made.id)).toBe('open');
  });

  it("an operator assigning suspense to an order (ops suspense assign) expires the order's open references", async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const ref = await openReference(loan);
    const now = new Date();
    const { entry } = await holdInSuspense(
      t.db,
      { provider: 'sandbox', eventId: `held-${loan.orderId}`, reference: '80000000000', amount: 40_000, paidAt: now, reason: 'unknown_reference', orderId: null, referenceId: null, channel: null },
      now,
    );
    const { payment: applied } = await assignSuspense(t.db, { id: entry.id, orderNo: loan.orderNo, actor: 'test' });
    expect(applied).toMatchObject({ applied: true, orderId: Number(loan.orderId) });
    expect(await statusOf(ref.id)).toBe('expired');
  });

  it('a store payment and a card payment of one order at the same moment are both applied: one lock order, no deadlock', async () => {
    const processor = createSandboxCardProcessor();
    for (let round = 0; round < 8; round++) {
      const loan = await makeLoan(t.db, { status: '174' });
      const ref = await openReference(loan);
      const now = new Date();
      const [stored, card] = await Promise.all([
        notify(t.app, { reference: ref.reference, amount: 30_000 }),
        t.db.transaction((tx) =>
          chargeCardAndApply(tx, processor, {
            orderId: Number(loan.orderId),
            instalmentSeq: 0,
            amount: 20_000,
            cardToken: sandboxCardToken('0077'),
            idempotencyKey: `deadlock-${loan.orderId}`,
            now,
          }),
        ),
      ]);
      expect(stored.statusCode, stored.body).toBe(200);
      expect(stored.json()).toMatchObject({ received: true, applied: true });
      expect(card).toMatchObject({ kind: 'charged', payment: { applied: true } });
      const paid = await t.db.select().from(ledgerPayments).where(eq(ledgerPayments.orderId, Number(loan.orderId)));
      expect(paid.map((p) => p.amount).sort()).toEqual([20_000, 30_000]);
    }
  });
});
