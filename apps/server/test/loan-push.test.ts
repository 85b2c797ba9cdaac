import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { coupons, orders, orderStatusHistory, productOffers, repaymentPlans } from '../src/db/schema';
import { addDays, todayIn } from '@presta/contract/dates';
import { transitionOrder } from '../src/modules/orders/order-service';
import { loanDetailPush } from '@presta/contract/api/loan';
import { signAgreement, signedPayload } from './agreement-fixtures';
import { addCoupon, answerOf, borrowerWithOffer, buildTestApp, countLoanRows, dataOf, injectAs, offerProduct, wrapper, type TestApp } from './helpers';

const url = '/v3/loan-confirm/loan-detail-push';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('loan-detail-push', () => {
  it('creates the order in 21 with history, plan, snapshot rates and the coupon used — one transaction', async () => {
    const { product, borrower, sessionId } = await borrowerWithOffer(t.db, { limit: 500_000 });
    const coupon = await addCoupon(t.db, borrower.id, 2_000);
    const payload = await signedPayload(t.app, sessionId, { productId: product.id, amount: 300_000, periods: 3, termUnit: 15 });
    const res = await injectAs(t.app, sessionId, { url, payload });
    expect(res.statusCode).toBe(200);
    const body = answerOf(res, loanDetailPush);
    expect(body.success).toBe(true);
    const { orderId, orderNo, lendDetailsUrl } = body.data;
    expect(orderNo).toMatch(/^PR\d{8}\d{8}$/);
    expect(orderNo.slice(2, 10)).toBe(todayIn(product.timeZone).replace(/-/g, ''));
    expect(lendDetailsUrl).toBe(`/loan-details?orderId=${orderId}&productId=${product.id}`);

    const [order] = await t.db.select().from(orders).where(eq(orders.id, Number(orderId)));
    expect(order).toMatchObject({
      borrowerId: borrower.id,
      productId: product.id,
      status: '21',
      principal: 300_000,
      periods: 3,
      termUnitDays: 15,
      dailyRatePpm: product.dailyRatePpm,
      commissionPpm: product.commissionPpm,
      vatPpm: product.vatPpm,
      couponId: coupon.id,
      couponAmount: 2_000,
      disbursedOn: null,
    });
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order!.id));
    expect(history).toMatchObject([{ fromStatus: null, toStatus: '21', actor: 'borrower' }]);
    const plan = await t.db.select().from(repaymentPlans).where(eq(repaymentPlans.orderId, order!.id)).orderBy(asc(repaymentPlans.seq));
    const today = todayIn(product.timeZone);
    expect(plan.map((p) => [p.seq, p.dueDate, p.principal, p.interest, p.commission, p.vat])).toEqual([
      [1, addDays(today, 15), 100_000, 2_500, 5_000, 1_200],
      [2, addDays(today, 30), 100_000, 3_000, 5_000, 1_280],
      [3, addDays(today, 45), 100_000, 1_500, 5_000, 1_040],
    ]);
    const [used] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(used).toMatchObject({ status: 'used', usedOrderId: order!.id });
  });

  it('a retry answers the same order; two concurrent pushes create one order', async () => {
    const { product, borrower, sessionId } = await borrowerWithOffer(t.db);
    const payload = await signedPayload(t.app, sessionId, { productId: product.id, amount: 200_000, periods: 2, termUnit: 15 });
    const [a, b, c] = await Promise.all([
      injectAs(t.app, sessionId, { url, payload }),
      injectAs(t.app, sessionId, { url, payload }),
      injectAs(t.app, sessionId, { url, payload }),
    ]);
    for (const r of [a, b, c]) expect(r.statusCode).toBe(200);
    const urls = new Set([a, b, c].map((r) => dataOf(r, loanDetailPush).lendDetailsUrl));
    expect(urls.size).toBe(1);
    const retry = await injectAs(t.app, sessionId, { url, payload });
    expect(dataOf(retry, loanDetailPush)).toEqual(dataOf(a, loanDetailPush));
    expect(await countLoanRows(t.db, borrower.id)).toEqual({ orders: 1, plans: 2, history: 1 });
  });

  it('concurrent pushes on two products make one order (the other 409005, issue 16), the coupon used once', async () => {
    const first = await borrowerWithOffer(t.db);
    const second = await borrowerWithOffer(t.db); // another product, offered to the same borrower below
    await offerProduct(t.db, first.borrower.id, second.product.id, 500_000);
    await addCoupon(t.db, first.borrower.id, 1_500);
    const p1 = await signedPayload(t.app, first.sessionId, { productId: first.product.id, amount: 200_000, periods: 2, termUnit: 15 });
    const p2 = await signedPayload(t.app, first.sessionId, { productId: second.product.id, amount: 200_000, periods: 2, termUnit: 15 });
    const [r1, r2] = await Promise.all([injectAs(t.app, first.sessionId, { url, payload: p1 }), injectAs(t.app, first.sessionId, { url, payload: p2 })]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    expect(wrapper(r1.statusCode === 409 ? r1 : r2).code).toBe('409005');
    const mine = await t.db.select().from(orders).where(eq(orders.borrowerId, first.borrower.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.couponId).not.toBeNull();
    expect(await countLoanRows(t.db, first.borrower.id)).toEqual({ orders: 1, plans: 2, history: 1 });
  });

  it('one active loan (issue 16): another product while an order is open → 409005, nothing written; its own retry answered', async () => {
    const first = await borrowerWithOffer(t.db);
    const other = await borrowerWithOffer(t.db);
    await offerProduct(t.db, first.borrower.id, other.product.id, 500_000);
    const payload = await signedPayload(t.app, first.sessionId, { productId: first.product.id, amount: 200_000, periods: 2, termUnit: 15 });
    const open = dataOf(await injectAs(t.app, first.sessionId, { url, payload }), loanDetailPush);
    const refused = (language?: string, agreementNo?: string) =>
      injectAs(t.app, first.sessionId, {
        url,
        payload: { ...payload, productId: other.product.id, agreementNo },
        ...(language ? { query: { language } } : {}),
      });
    for (const status of ['21', 'approve', 'disburse'] as const) {
      if (status !== '21') await transitionOrder(t.db, { orderNo: open.orderNo, action: status, actor: 'operator' });
      const res = await refused();
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        code: '409005',
        message: 'Ya tiene un préstamo activo (en revisión, aprobado o en pago). Podrá solicitar otro cuando lo termine de pagar.',
        data: null,
      });
    }
    expect(wrapper(await refused('1')).message).toBe(
      'You already have an active loan (under review, approved or being repaid). You can apply for another once it is repaid.',
    );
    // The open order's own submission, retried, is answered as before.
    expect(dataOf(await injectAs(t.app, first.sessionId, { url, payload }), loanDetailPush)).toEqual(open);
    expect((await countLoanRows(t.db, first.borrower.id)).orders).toBe(1);
    // Once it ends, another product may be taken (its own agreement signed).
    await transitionOrder(t.db, { orderNo: open.orderNo, action: 'settle', actor: 'operator' });
    const otherAgreement = await signAgreement(t.app, first.sessionId, { productId: other.product.id, amount: 200_000, periods: 2, termUnit: 15 });
    expect((await refused(undefined, otherAgreement)).statusCode).toBe(200);
  });

  it('a retry is answered even after the offer was lowered', async () => {
    const { product, borrower, sessionId } = await borrowerWithOffer(t.db, { limit: 500_000 });
    const payload = await signedPayload(t.app, sessionId, { productId: product.id, amount: 400_000, periods: 2, termUnit: 15 });
    const first = await injectAs(t.app, sessionId, { url, payload });
    await t.db.update(productOffers).set({ limitAmount: 200_000 }).where(eq(productOffers.borrowerId, borrower.id));
    const retry = await injectAs(t.app, sessionId, { url, payload });
    expect(retry.statusCode).toBe(200);
    expect(dataOf(retry, loanDetailPush)).toEqual(dataOf(first, loanDetailPush));
  });

  it('different terms while an order is open → 409002, nothing written', async () => {
    const { product, borrower, sessionId } = await borrowerWithOffer(t.db);
    await injectAs(t.app, sessionId, { url, payload: await signedPayload(t.app, sessionId, { productId: product.id, amount: 200_000, periods: 2, termUnit: 15 }) });
    const before = await countLoanRows(t.db, borrower.id);
    const res = await injectAs(t.app, sessionId, { url, payload: { productId: product.id, amount: 250_000, periods: 2, termUnit: 15 } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, code: '409002', message: 'Ya tiene un préstamo en curso con este producto.', data: null });
    expect(await countLoanRows(t.db, borrower.id)).toEqual(before);
  });

  it('refuses terms outside the rules (422001) and unknown or foreign products (404001), nothing written', async () => {
    const { product, borrower, sessionId } = await borrowerWithOffer(t.db, { limit: 500_000 });
    const stranger = await borrowerWithOffer(t.db);
    const ok = { productId: product.id, amount: 200_000, periods: 2, termUnit: 15 };
    const cases: [Record<string, string | number>, number, string][] = [
      [{ ...ok, amount: 600_000 }, 422, '422001'],
      [{ ...ok, amount: 50_000 }, 422, '422001'],
      [{ ...ok, amount: 1_050_000 }, 422, '422001'],
      [{ ...ok, amount: 250_001 }, 422, '422001'],
      [{ ...ok, periods: 7 }, 422, '422001'],
      [{ ...ok, termUnit: 30 }, 422, '422001'],
      [{ ...ok, productId: stranger.product.id }, 404, '404001'],
      [{ ...ok, productId: 2_147_483_648 }, 404, '404001'],
      [{ ...ok, productId: '999999999999999999' }, 404, '404001'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await injectAs(t.app, sessionId, { url, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      const body = wrapper(res);
      expect(body).toMatchObject({ success: false, code, data: null });
      expect(body.message.length).toBeGreaterThan(0);
    }
    const termUnit = await injectAs(t.app, sessionId, { url, payload: { ...ok, termUnit: 30 }, query: { language: '1' } });
    expect(wrapper(termUnit).message).toBe('Each instalment of this product lasts 15 days.');
    const overLimit = await injectAs(t.app, sessionId, { url, payload: { ...ok, amount: 600_000 }, query: { language: '1' } });
    // Issue 12: in the product's pesos, though in English.
    expect(wrapper(overLimit).message).toBe('The amount is over your approved limit of $5.000,00.');
    expect(await countLoanRows(t.db, borrower.id)).toEqual({ orders: 0, plans: 0, history: 0 });
  });

  it('after a rejection a new order can be submitted', async () => {
    const { product, borrower, sessionId } = await borrowerWithOffer(t.db);
    const payload = { productId: product.id, amount: 200_000, periods: 2, termUnit: 15 };
    const first = dataOf(await injectAs(t.app, sessionId, { url, payload: await signedPayload(t.app, sessionId, payload) }), loanDetailPush);
    await transitionOrder(t.db, { orderNo: first.orderNo, action: 'reject', actor: 'operator', reason: 'test' });
    // The first agreement went with the rejected order: a new one is signed (issue 38).
    const second = dataOf(await injectAs(t.app, sessionId, { url, payload: await signedPayload(t.app, sessionId, payload) }), loanDetailPush);
    expect(second.orderId).not.toBe(first.orderId);
    expect((await countLoanRows(t.db, borrower.id)).orders).toBe(2);
  });
});
