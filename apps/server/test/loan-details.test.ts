import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { addDays, todayIn } from '@presta/contract/dates';
import { loanDetailPush, loanDetails } from '@presta/contract/api/loan';
import { orders, orderStatusHistory, ratingPromptDeferrals, ratings, repaymentPlans } from '../src/db/schema';
import { refreshOverdue, transitionOrder } from '../src/modules/orders/order-service';
import { getLoanPosition } from '../src/modules/ledger/ledger-position';
import { applyPayment } from '../src/modules/ledger/ledger-service';
import { moneyIn } from '../src/i18n/market-texts';
import { signedPayload } from './agreement-fixtures';
import { addCoupon, borrowerWithOffer, buildTestApp, dataOf, injectAs, wrapper, type TestApp } from './helpers';

const detailsUrl = '/v3/loan-details/loan-details';
const pushUrl = '/v3/loan-confirm/loan-detail-push';
const scoreUrl = '/v3/loan-details/google-score';
const laterUrl = '/v3/loan-details/google-score-later';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Status = '21' | '151' | '110' | '174' | '180' | '200';

/** A borrower with an order walked to `status` through the real state machine. */
async function orderIn(status: Status, opts: { extensionEnabled?: boolean; coupon?: number; bankAccount?: string } = {}) {
  const setup = await borrowerWithOffer(t.db, {
    limit: 500_000,
    product: { extensionEnabled: opts.extensionEnabled ?? true },
    borrower: opts.bankAccount !== undefined ? { bankAccount: opts.bankAccount } : {},
  });
  if (opts.coupon) await addCoupon(t.db, setup.borrower.id, opts.coupon);
  const push = await injectAs(t.app, setup.sessionId, {
    url: pushUrl,
    payload: await signedPayload(t.app, setup.sessionId, { productId: setup.product.id, amount: 300_000, periods: 3, termUnit: 15 }),
  });
  const { orderId, orderNo } = dataOf(push, loanDetailPush);
  const move = (action: 'approve' | 'reject' | 'disburse' | 'settle', extra: { disbursedOn?: string } = {}) =>
    transitionOrder(t.db, { orderId: Number(orderId), action, actor: 'operator', ...extra });
  const today = todayIn(setup.product.timeZone);
  if (status === '110') await move('reject');
  if (['151', '174', '180', '200'].includes(status)) await move('approve');
  if (['174', '200'].includes(status)) await move('disburse');
  if (status === '180') await move('disburse', { disbursedOn: addDays(today, -20) });
  if (status === '180') await refreshOverdue(t.db, { orderId: Number(orderId) });
  if (status === '200') await move('settle');
  return { ...setup, orderId, orderNo, today };
}

const details = (sessionId: string, orderId: string | number, query: Record<string, string> = {}) =>
  injectAs(t.app, sessionId, { url: detailsUrl, payload: { orderId }, query });

const valueOf = (d: { userOrderDetail: { detail: { text: string; value: string }[] } }, text: string) =>
  d.userOrderDetail.detail.find((r) => r.text === text)?.value;

describe('loan-details', () => {
  it('an order under review (21): texts, rows, no actions', async () => {
    const o = await orderIn('21', { coupon: 2_000 });
    const res = await details(o.sessionId, o.orderId, { productId: String(o.product.id) });
    expect(res.statusCode).toBe(200);
    const d = dataOf(res, loanDetails);
    expect(d).toMatchObject({
      orderStatus: '21',
      noticeStatusText: 'En revisión',
      noticeDesText: 'Estamos revisando su solicitud. Le daremos una respuesta en menos de 1 día.',
      productName: o.product.name,
      productLogo: o.product.logoUrl,
      inside: 0,
      isScore: 0,
      h5Url: '',
      isDelay: 0,
      isNewContract: `/loan-agreement?productId=${o.product.id}&orderId=${o.orderId}`,
      orderId: o.orderId,
      orderNo: o.orderNo,
      productId: String(o.product.id),
      market: 'MX',
    });
    expect(valueOf(d, 'Número de pedido')).toBe(o.orderNo);
    expect(valueOf(d, 'Monto del préstamo')).toBe('$3.000,00');
    expect(valueOf(d, 'Plazo')).toBe('45 días');
    expect(valueOf(d, 'Cuotas')).toBe('3');
    // Issue 32: labelled as on the confirmation (interest before and after the coupon; the tax's real base).
    expect(valueOf(d, 'Interés antes del cupón')).toBe('$90,00');
    expect(valueOf(d, 'Cupón de descuento')).toBe('-$20,00');
    expect(valueOf(d, 'Interés con el cupón aplicado')).toBe('$70,00');
    expect(valueOf(d, 'Comisión')).toBe('$150,00');
    expect(valueOf(d, 'IVA del 16% sobre interés con el cupón aplicado y comisión ($220,00)')).toBe('$35,20'); // 3840 − 320
    expect(valueOf(d, 'Total del plan de pagos')).toBe('$3.255,20'); // 327840 − 2000 − 320
    expect(valueOf(d, 'Adeudo total hoy')).toBeUndefined();
    expect(valueOf(d, 'Fecha de desembolso')).toBe('');
    expect(valueOf(d, 'Próximo vencimiento')).toBe('');
    expect(valueOf(d, 'Monto a pagar')).toBe('');
    expect(valueOf(d, 'Cuenta de depósito')).toBe('**** 5678');
    expect(valueOf(d, 'Fecha de solicitud')).toBe(o.today);
  });

  it('151 and 110: texts, no actions', async () => {
    const approved = await orderIn('151');
    const a = dataOf(await details(approved.sessionId, approved.orderId), loanDetails);
    expect(a).toMatchObject({ orderStatus: '151', noticeStatusText: 'Aprobado', isScore: 0, h5Url: '', isDelay: 0 });
    const rejected = await orderIn('110', { bankAccount: '' });
    const r = dataOf(await details(rejected.sessionId, rejected.orderId), loanDetails);
    expect(r).toMatchObject({ orderStatus: '110', noticeStatusText: 'No aprobado', isScore: 0, h5Url: '', isDelay: 0 });
    expect(valueOf(r, 'Cuenta de depósito')).toBe('');
  });

  it('174: repay link, extension per product, rating asked until rated, due rows', async () => {
    const o = await orderIn('174');
    const d = dataOf(await details(o.sessionId, o.orderId), loanDetails);
    const due = addDays(o.today, 15);
    expect(d).toMatchObject({
      orderStatus: '174',
      noticeStatusText: 'Desembolsado',
      // Disbursed today: nothing can be paid before the first due date (prepaying opens at half the term), so no
      // Repay (issue 32) and the text says from when and how much.
      noticeDesText: `Podrá pagar su próxima cuota, $1.110,20, a partir del ${due}.`,
      payable: 0,
      isScore: 1,
      h5Url: `/repayment?orderId=${o.orderId}&productId=${o.product.id}`,
      isDelay: 1,
    });
    expect(valueOf(d, 'Próximo vencimiento')).toBe(due);
    expect(valueOf(d, 'Monto a pagar')).toBe('$1.110,20');
    expect(valueOf(d, 'Fecha de desembolso')).toBe(o.today);

    const rated = await injectAs(t.app, o.sessionId, { url: scoreUrl, payload: { score: 5, orderId: o.orderId } });
    expect(rated.json()).toMatchObject({ success: true, code: '0', data: { success: true } });
    expect(dataOf(await details(o.sessionId, o.orderId), loanDetails).isScore).toBe(0);

    const noExtension = await orderIn('174', { extensionEnabled: false });
    expect(dataOf(await details(noExtension.sessionId, noExtension.orderId), loanDetails).isDelay).toBe(0);
  });

  it('reading an order whose due date passed moves it 174 → 180 (once) and answers 180', async () => {
    const o = await orderIn('174');
    await t.db.update(orders).set({ disbursedOn: addDays(o.today, -16) }).where(eq(orders.id, Number(o.orderId)));
    // Re-date the plan as a backdated disbursal would have.
    await t.db
      .update(repaymentPlans)
      .set({ dueDate: sql`${addDays(o.today, -16)}::date + seq * 15` })
      .where(eq(repaymentPlans.orderId, Number(o.orderId)));

    const first = dataOf(await details(o.sessionId, o.orderId, { language: '1' }), loanDetails);
    const overdueSince = addDays(o.today, -1);
    expect(first).toMatchObject({
      orderStatus: '180',
      noticeStatusText: 'Overdue',
      noticeDesText: `Your instalment was due on ${overdueSince}. Pay today to avoid further charges.`,
      h5Url: `/repayment?orderId=${o.orderId}&productId=${o.product.id}`,
      payable: 1,
      isDelay: 1,
      // Overdue: the rating prompt never covers the Pay button (issue 14).
      isScore: 0,
    });
    expect(valueOf(first, 'Next due date')).toBe(overdueSince);
    // The ledger's amount due: instalment 1 (1.110,20) + 1 day of the 3 % fine on it (33,31), in the Mexican
    // loan's pesos though read in English (issue 12: it read '₹1,143.51').
    expect(valueOf(first, 'Amount due')).toBe('$1.143,51');
    const second = dataOf(await details(o.sessionId, o.orderId), loanDetails);
    expect(second.orderStatus).toBe('180');
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, Number(o.orderId)));
    expect(history.filter((h) => h.toStatus === '180')).toHaveLength(1);
  });

  it('an order disbursed today stays 174 when read', async () => {
    const o = await orderIn('174');
    expect(dataOf(await details(o.sessionId, o.orderId), loanDetails).orderStatus).toBe('174');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, Number(o.orderId)));
    expect(row!.status).toBe('174');
  });

  it('180 and 200 per status', async () => {
    const overdue = await orderIn('180');
    expect(dataOf(await details(overdue.sessionId, overdue.orderId), loanDetails)).toMatchObject({ orderStatus: '180', isDelay: 1, isScore: 0 });
    const settled = await orderIn('200');
    const s = dataOf(await details(settled.sessionId, settled.orderId), loanDetails);
    expect(s).toMatchObject({ orderStatus: '200', noticeStatusText: 'Liquidado', isScore: 1, h5Url: '', isDelay: 0 });
    expect(valueOf(s, 'Próximo vencimiento')).toBe('');
  });

  it("unknown and another borrower's orders → the same 404", async () => {
    const mine = await orderIn('21');
    const theirs = await orderIn('174');
    for (const orderId of [theirs.orderId, '987654321', '999999999999999999']) {
      const res = await details(mine.sessionId, orderId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, code: '404001', message: 'No encontramos este pedido.', data: null });
    }
  });
});

describe('one ledger read model (issue 15)', () => {
  // loan-details reads the ledger in its own round trip (ledger-read-model.ts `ledgerColumns`), the ledger service
  // through `readLedger`: both must give the same position, whatever was paid, and however late.
  it('loan-details shows what the ledger says is due, after random partial payments on an overdue loan (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 40 }), fc.array(fc.integer({ min: 1, max: 150_000 }), { maxLength: 3 }), async (daysAgo, payments) => {
        const o = await orderIn('174');
        const disbursedOn = addDays(o.today, -daysAgo);
        await t.db.update(orders).set({ disbursedOn }).where(eq(orders.id, Number(o.orderId)));
        await t.db
          .update(repaymentPlans)
          .set({ dueDate: sql`${disbursedOn}::date + seq * 15` })
          .where(eq(repaymentPlans.orderId, Number(o.orderId)));
        for (const [i, amount] of payments.entries()) {
          await applyPayment(t.db, { orderId: Number(o.orderId), amount, purpose: 'repayment', channel: 'test', provider: 'test', providerEventId: `${o.orderNo}-${i}` });
        }
        const d = dataOf(await details(o.sessionId, o.orderId), loanDetails);
        const { status, position } = await getLoanPosition(t.db, Number(o.orderId));
        expect(d.orderStatus).toBe(status);
        const next = position.nextPayment;
        // Nothing left to pay (settled: the payments covered the loan): the row is there, empty (the page hides it).
        expect(valueOf(d, 'Monto a pagar')).toBe(next ? moneyIn('MX')(next.amount) : '');
        expect(valueOf(d, 'Próximo vencimiento')).toBe(next?.dueDate ?? '');
      }),
      { numRuns: 12 },
    );
  });
});

describe('google-score', () => {
  it('rates a disbursed order once per borrower and order (upsert), falling back to the session orderId', async () => {
    const o = await orderIn('174');
    const byBody = await injectAs(t.app, o.sessionId, { url: scoreUrl, payload: { score: 2, orderId: o.orderId } });
    expect(byBody.statusCode).toBe(200);
    const bySession = await injectAs(t.app, o.sessionId, { url: scoreUrl, payload: { score: 4 }, query: { orderId: o.orderId } });
    expect(bySession.json()).toMatchObject({ success: true, data: { success: true } });
    const rows = await t.db.select().from(ratings).where(eq(ratings.orderId, Number(o.orderId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.score).toBe(4);
  });

  it('refuses an order that is not disbursed (422, ratingNotAllowed), nothing written', async () => {
    for (const status of ['21', '151', '110'] as const) {
      const o = await orderIn(status);
      const res = await injectAs(t.app, o.sessionId, { url: scoreUrl, payload: { score: 5, orderId: o.orderId } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ success: false, code: '422001', message: 'Solo puede calificar un préstamo desembolsado.', data: null });
      expect(await t.db.select().from(ratings).where(eq(ratings.orderId, Number(o.orderId)))).toHaveLength(0);
    }
  });

  it("another borrower's order → 404, nothing written; no order at all → 400", async () => {
    const mine = await orderIn('174');
    const theirs = await orderIn('174');
    const res = await injectAs(t.app, mine.sessionId, { url: scoreUrl, payload: { score: 1, orderId: theirs.orderId } });
    expect(res.statusCode).toBe(404);
    expect(wrapper(res).code).toBe('404001');
    expect(await t.db.select().from(ratings).where(eq(ratings.orderId, Number(theirs.orderId)))).toHaveLength(0);
    const viaSession = await injectAs(t.app, mine.sessionId, { url: scoreUrl, payload: { score: 1 }, query: { orderId: theirs.orderId } });
    expect(viaSession.statusCode).toBe(404);
    const none = await injectAs(t.app, mine.sessionId, { url: scoreUrl, payload: { score: 1 } });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ success: false, code: '400001', message: 'Indique el pedido que desea calificar.' });
  });
});

describe('the rating prompt does not nag (issue 14)', () => {
  /** Re-dates a 174 order as disbursed `days` ago (plan every 15 days from then), like a backdated disbursal. */
  async function disbursedDaysAgo(o: { orderId: string; today: string }, days: number) {
    await t.db.update(orders).set({ disbursedOn: addDays(o.today, -days) }).where(eq(orders.id, Number(o.orderId)));
    await t.db
      .update(repaymentPlans)
      .set({ dueDate: sql`${addDays(o.today, -days)}::date + seq * 15` })
      .where(eq(repaymentPlans.orderId, Number(o.orderId)));
  }
  const isScore = async (o: { sessionId: string; orderId: string }) => dataOf(await details(o.sessionId, o.orderId), loanDetails).isScore;

  it('is not asked over a loan with something to pay today: an instalment due today (174) or overdue (180)', async () => {
    const dueToday = await orderIn('174');
    await disbursedDaysAgo(dueToday, 15);
    const d = dataOf(await details(dueToday.sessionId, dueToday.orderId), loanDetails);
    expect(d).toMatchObject({ orderStatus: '174', isScore: 0 });
    expect(valueOf(d, 'Próximo vencimiento')).toBe(dueToday.today);

    const overdue = await orderIn('180');
    expect(dataOf(await details(overdue.sessionId, overdue.orderId), loanDetails)).toMatchObject({ orderStatus: '180', isScore: 0 });

    // Nothing due today (the first instalment in 15 days), and settled: asked.
    expect(await isScore(await orderIn('174'))).toBe(1);
    expect(await isScore(await orderIn('200'))).toBe(1);
  });

  it('"not now" is remembered for the borrower (every order) for 30 days, then asked again', async () => {
    const settled = await orderIn('200');
    expect(await isScore(settled)).toBe(1);
    const before = Date.now();
    const later = await injectAs(t.app, settled.sessionId, { url: laterUrl });
    expect(later.statusCode).toBe(200);
    const body = wrapper(later);
    expect(body).toMatchObject({ success: true, code: '0', data: { success: true } });
    const askAgainAfter = Date.parse((body.data as { askAgainAfter: string }).askAgainAfter);
    expect(askAgainAfter - before).toBeGreaterThanOrEqual(30 * 86_400_000);
    expect(askAgainAfter - Date.now()).toBeLessThanOrEqual(30 * 86_400_000);
    expect(await isScore(settled)).toBe(0);

    // One row per borrower: a second "not now" moves the same row.
    await injectAs(t.app, settled.sessionId, { url: laterUrl });
    const rows = await t.db.select().from(ratingPromptDeferrals).where(eq(ratingPromptDeferrals.borrowerId, settled.borrower.id));
    expect(rows).toHaveLength(1);

    // The same borrower's next loan (disbursed, nothing due today) is not asked either.
    const push = await injectAs(t.app, settled.sessionId, {
      url: pushUrl,
      payload: await signedPayload(t.app, settled.sessionId, { productId: settled.product.id, amount: 300_000, periods: 3, termUnit: 15 }),
    });
    const next = dataOf(push, loanDetailPush).orderId;
    await transitionOrder(t.db, { orderId: Number(next), action: 'approve', actor: 'operator' });
    await transitionOrder(t.db, { orderId: Number(next), action: 'disburse', actor: 'operator' });
    expect(await isScore({ sessionId: settled.sessionId, orderId: next })).toBe(0);

    // Another borrower is still asked.
    expect(await isScore(await orderIn('200'))).toBe(1);

    // Once the period is over, asked again.
    await t.db
      .update(ratingPromptDeferrals)
      .set({ deferredAt: new Date(Date.now() - 31 * 86_400_000), deferredUntil: new Date(Date.now() - 1_000) })
      .where(eq(ratingPromptDeferrals.borrowerId, settled.borrower.id));
    expect(await isScore(settled)).toBe(1);
    expect(await isScore({ sessionId: settled.sessionId, orderId: next })).toBe(1);
  });

  it('"not now" needs a session (401) and writes nothing without one; in English too', async () => {
    const res = await injectAs(t.app, undefined, { url: laterUrl });
    expect(res.statusCode).toBe(401);
    const o = await orderIn('200');
    const english = await injectAs(t.app, o.sessionId, { url: laterUrl, query: { language: '1' } });
    expect(english.json()).toMatchObject({ success: true, code: '0', message: 'Success' });
  });
});
