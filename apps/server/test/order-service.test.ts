import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { addDays, todayIn } from '@presta/contract/dates';
import { borrowerBankAccounts, orders, orderStatusHistory, repaymentPlans } from '../src/db/schema';
import { translate } from '../src/i18n/messages';
import { AppError } from '../src/lib/app-error';
import { getOrderOverview } from '../src/modules/orders/order-reads';
import { createOrder, refreshOverdue, transitionOrder, type TransitionInput } from '../src/modules/orders/order-service';
import { borrowerWithOffer, connectTestDb, offerProduct, seedProduct } from './helpers';
import type { Db } from '../src/db/database';

let db: Db;
let close: () => Promise<void>;

beforeAll(() => {
  ({ db, close } = connectTestDb());
});
afterAll(async () => {
  await close();
});

async function newOrder(opts: { periods?: number; now?: Date } = {}) {
  const { product, borrower } = await borrowerWithOffer(db, { limit: 500_000 });
  const created = await createOrder(db, {
    borrowerId: borrower.id,
    productId: product.id,
    amount: 300_000,
    periods: opts.periods ?? 3,
    termUnit: 15,
    now: opts.now,
  });
  return { product, borrower, ...created };
}

async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, code: err.code, message: translate('es', err.messageKey, err.vars) };
    throw err;
  }
  throw new Error('expected a refusal');
}

const statusOf = async (id: number) => (await db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;
const planOf = (id: number) => db.select().from(repaymentPlans).where(eq(repaymentPlans.orderId, id)).orderBy(asc(repaymentPlans.seq));
const historyOf = (id: number) => db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)).orderBy(asc(orderStatusHistory.id));

describe('createOrder', () => {
  it('ten concurrent submissions create exactly one order', async () => {
    const { product, borrower } = await borrowerWithOffer(db, { limit: 500_000 });
    const input = { borrowerId: borrower.id, productId: product.id, amount: 200_000, periods: 2, termUnit: 15 };
    const results = await Promise.all(Array.from({ length: 10 }, () => createOrder(db, input)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.orderId)).size).toBe(1);
    const rows = await db.select().from(orders).where(eq(orders.borrowerId, borrower.id));
    expect(rows).toHaveLength(1);
    expect(await planOf(rows[0]!.id)).toHaveLength(2);
    expect(await historyOf(rows[0]!.id)).toHaveLength(1);
  });

  it('one active loan (issue 16): another product is refused with 409005 while an order is open, until it ends', async () => {
    const o = await newOrder();
    const other = await seedProduct(db);
    await offerProduct(db, o.borrower.id, other.id, 500_000);
    const input = { borrowerId: o.borrower.id, productId: other.id, amount: 200_000, periods: 2, termUnit: 15 };
    expect(await refusal(createOrder(db, input))).toEqual({
      status: 409,
      code: '409005',
      message: 'Ya tiene un préstamo activo (en revisión, aprobado o en pago). Podrá solicitar otro cuando lo termine de pagar.',
    });
    // The open order's retry is still answered (idempotency first).
    const retry = await createOrder(db, { borrowerId: o.borrower.id, productId: o.productId, amount: 300_000, periods: 3, termUnit: 15 });
    expect(retry).toMatchObject({ orderId: o.orderId, created: false });
    await transitionOrder(db, { orderId: o.orderId, action: 'reject', actor: 'operator' });
    expect(await createOrder(db, input)).toMatchObject({ created: true, productId: other.id });
  });
});

describe('transitionOrder', () => {
  it('approve → disburse (today by default, plan re-dated) with history and updated_at', async () => {
    const o = await newOrder();
    const [before] = await db.select().from(orders).where(eq(orders.id, o.orderId));
    const approved = await transitionOrder(db, { orderNo: o.orderNo, action: 'approve', actor: 'operator' });
    expect(approved).toMatchObject({ orderId: o.orderId, from: '21', to: '151', action: 'approve' });
    const disbursed = await transitionOrder(db, { orderId: o.orderId, action: 'disburse', actor: 'operator' });
    const today = todayIn(o.product.timeZone);
    expect(disbursed).toMatchObject({ from: '151', to: '174', disbursedOn: today });
    const [after] = await db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(after!.status).toBe('174');
    expect(after!.disbursedOn).toBe(today);
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
    expect((await planOf(o.orderId)).map((p) => p.dueDate)).toEqual([addDays(today, 15), addDays(today, 30), addDays(today, 45)]);
    expect((await historyOf(o.orderId)).map((h) => [h.fromStatus, h.toStatus, h.actor])).toEqual([
      [null, '21', 'borrower'],
      ['21', '151', 'operator'],
      ['151', '174', 'operator'],
    ]);
  });

  it("disburse records the borrower's active account, and is refused (409001, nothing written) without one", async () => {
    const o = await newOrder();
    await transitionOrder(db, { orderId: o.orderId, action: 'approve', actor: 'operator' });
    await db.delete(borrowerBankAccounts).where(eq(borrowerBankAccounts.borrowerId, o.borrower.id));
    expect(await refusal(transitionOrder(db, { orderId: o.orderId, action: 'disburse', actor: 'operator' }))).toEqual({
      status: 409,
      code: '409001',
      message: `El pedido ${o.orderNo} no se puede desembolsar: el cliente no tiene una cuenta bancaria registrada.`,
    });
    expect(await statusOf(o.orderId)).toBe('151');
    expect(await historyOf(o.orderId)).toHaveLength(2);
    const [old] = await db
      .insert(borrowerBankAccounts)
      .values({ borrowerId: o.borrower.id, market: 'MX', kind: 'clabe', accountNumber: '002180700912395678', bankCode: '002', bankName: 'Banamex', replacedAt: new Date() })
      .returning();
    const [active] = await db
      .insert(borrowerBankAccounts)
      .values({ borrowerId: o.borrower.id, market: 'MX', kind: 'clabe', accountNumber: '012180001234567899', bankCode: '012', bankName: 'BBVA México' })
      .returning();
    const disbursed = await transitionOrder(db, { orderId: o.orderId, action: 'disburse', actor: 'operator' });
    expect(disbursed.disbursedToAccountId).toBe(active!.id);
    expect(disbursed.disbursedToAccountId).not.toBe(old!.id);
    const overview = await getOrderOverview(db, o.orderNo);
    expect(overview.order.disbursedToAccountId).toBe(active!.id);
    expect(overview.disbursedTo?.accountNumber).toBe('012180001234567899');
  });

  it('refuses forbidden transitions with 409001 and the message, nothing written', async () => {
    const o = await newOrder();
    expect(await refusal(transitionOrder(db, { orderId: o.orderId, action: 'disburse', actor: 'operator' }))).toEqual({
      status: 409,
      code: '409001',
      message: `El pedido ${o.orderNo} está en estado 21 y no puede pasar a disburse.`,
    });
    for (const action of ['fallDue', 'cure', 'settle'] as const) {
      expect((await refusal(transitionOrder(db, { orderId: o.orderId, action, actor: 'system' }))).code).toBe('409001');
    }
    expect(await statusOf(o.orderId)).toBe('21');
    expect(await historyOf(o.orderId)).toHaveLength(1);
    await transitionOrder(db, { orderId: o.orderId, action: 'approve', actor: 'operator' });
    expect((await refusal(transitionOrder(db, { orderId: o.orderId, action: 'approve', actor: 'operator' }))).code).toBe('409001');
  });

  it('reject from 21 and from 151 keeps the reason; final status refuses everything', async () => {
    const a = await newOrder();
    await transitionOrder(db, { orderId: a.orderId, action: 'reject', actor: 'operator', reason: 'income not verified' });
    const [ra] = await db.select().from(orders).where(eq(orders.id, a.orderId));
    expect(ra).toMatchObject({ status: '110', rejectReason: 'income not verified' });
    expect((await historyOf(a.orderId)).at(-1)).toMatchObject({ fromStatus: '21', toStatus: '110', reason: 'income not verified' });
    for (const action of ['approve', 'reject', 'disburse'] as const) {
      expect((await refusal(transitionOrder(db, { orderId: a.orderId, action, actor: 'operator' }))).code).toBe('409001');
    }
    const b = await newOrder();
    await transitionOrder(db, { orderId: b.orderId, action: 'approve', actor: 'operator' });
    await transitionOrder(db, { orderId: b.orderId, action: 'reject', actor: 'operator' });
    expect(await statusOf(b.orderId)).toBe('110');
  });

  it('two concurrent approvals: one wins, the other is refused', async () => {
    const o = await newOrder();
    const input: TransitionInput = { orderId: o.orderId, action: 'approve', actor: 'operator' };
    const results = await Promise.allSettled([transitionOrder(db, input), transitionOrder(db, input)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((rejected.reason as AppError).code).toBe('409001');
    expect(await historyOf(o.orderId)).toHaveLength(2);
  });

  it('unknown order → 404; bad or future disbursal dates → 400', async () => {
    expect((await refusal(transitionOrder(db, { orderNo: 'PR000', action: 'approve', actor: 'operator' }))).code).toBe('404001');
    expect((await refusal(transitionOrder(db, { orderId: 987_654_321, action: 'approve', actor: 'operator' }))).code).toBe('404001');
    const o = await newOrder();
    await transitionOrder(db, { orderId: o.orderId, action: 'approve', actor: 'operator' });
    const tomorrow = addDays(todayIn(o.product.timeZone), 1);
    for (const disbursedOn of ['2025-02-30', 'yesterday', tomorrow]) {
      expect(await refusal(transitionOrder(db, { orderId: o.orderId, action: 'disburse', actor: 'operator', disbursedOn }))).toMatchObject({
        status: 400,
        code: '400001',
      });
    }
    expect(await statusOf(o.orderId)).toBe('151');
  });
});

describe('refreshOverdue', () => {
  it('moves 174 → 180 once the first due date has passed (backdated disbursal), not before', async () => {
    const o = await newOrder();
    await transitionOrder(db, { orderId: o.orderId, action: 'approve', actor: 'operator' });
    const today = todayIn(o.product.timeZone);
    const disbursedOn = addDays(today, -16); // instalment 1 fell due yesterday
    await transitionOrder(db, { orderId: o.orderId, action: 'disburse', actor: 'operator', disbursedOn });
    expect((await planOf(o.orderId))[0]!.dueDate).toBe(addDays(today, -1));

    // Seen from the due day itself, nothing is overdue yet.
    expect(await refreshOverdue(db, { orderId: o.orderId, today: addDays(today, -1) })).toEqual([]);
    expect(await statusOf(o.orderId)).toBe('174');

    const moved = await refreshOverdue(db, { orderId: o.orderId });
    expect(moved).toMatchObject([{ orderId: o.orderId, from: '174', to: '180', action: 'fallDue' }]);
    expect((await historyOf(o.orderId)).at(-1)).toMatchObject({ fromStatus: '174', toStatus: '180', actor: 'system' });
    expect(await refreshOverdue(db, { orderId: o.orderId })).toEqual([]);

    // cure and settle stay general for the payments issue
    await transitionOrder(db, { orderId: o.orderId, action: 'cure', actor: 'system' });
    expect(await statusOf(o.orderId)).toBe('174');
    await transitionOrder(db, { orderId: o.orderId, action: 'settle', actor: 'system' });
    expect(await statusOf(o.orderId)).toBe('200');
  });

  it('the sweep moves every due order and leaves the others', async () => {
    const due = await newOrder();
    const notDue = await newOrder();
    const notDisbursed = await newOrder();
    for (const o of [due, notDue]) await transitionOrder(db, { orderId: o.orderId, action: 'approve', actor: 'operator' });
    const today = todayIn(due.product.timeZone);
    await transitionOrder(db, { orderId: due.orderId, action: 'disburse', actor: 'operator', disbursedOn: addDays(today, -20) });
    await transitionOrder(db, { orderId: notDue.orderId, action: 'disburse', actor: 'operator', disbursedOn: addDays(today, -15) });
    const moved = await refreshOverdue(db);
    const ids = moved.map((m) => m.orderId);
    expect(ids).toContain(due.orderId);
    expect(ids).not.toContain(notDue.orderId);
    expect(await statusOf(due.orderId)).toBe('180');
    expect(await statusOf(notDue.orderId)).toBe('174');
    expect(await statusOf(notDisbursed.orderId)).toBe('21');
  });

  it('getOrderOverview returns the order, its history and plan', async () => {
    const o = await newOrder({ periods: 2 });
    const view = await getOrderOverview(db, o.orderNo);
    expect(view.order.id).toBe(o.orderId);
    expect(view.history).toHaveLength(1);
    expect(view.plan.map((p) => p.seq)).toEqual([1, 2]);
  });
});
