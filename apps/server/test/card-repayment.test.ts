import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { repaymentCommit, repaymentHuichao, repaymentWay } from '@presta/contract/api/legacy-payment';
import { bankCards, cardCheckouts, cardRepayments, ledgerPayments, orders, paymentReferences, sandboxCardCharges, smsOutbox } from '../src/db/schema';
import { sandboxCardToken, createSandboxCardProcessor, luhnValid } from '../src/modules/payments/card-processor';
import { outboxSmsSender } from '../src/modules/sms/sms-sender';
import { commitCardRepayment, confirmCardRepayment } from '../src/modules/card-repayment/card-repayment-service';
import { createRepositories } from '../src/repositories';
import { buildTestApp, injectAs, wrapper, type TestApp } from './helpers';
import { call, endpoints, makeLoan, notify, ONE_INSTALMENT_TOTAL, read, urls, type Loan } from './repayment-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const base = '/api/v1/youmi/youmi-api/service/loan';
const way = `${base}/repayment-way`;
const commit = `${base}/repayment-commit`;
const confirm = `${base}/repayment-confirm`;
const huichao = `${base}/repayment-huichao`;
const deps = { processor: createSandboxCardProcessor(), sms: outboxSmsSender };
/** A borrower's call at `now` in Spanish, on the test app's database (a service called directly). */
const borrowerCall = (borrowerId: number, now: Date) => ({ db: t.db, repos: createRepositories(t.db), lang: 'es' as const, now, borrowerId });

async function addCard(borrowerId: number, last4: '4242' | '0077' | '0002', bankName = 'BBVA México') {
  const [card] = await t.db
    .insert(bankCards)
    .values({ borrowerId, bankName, bankCode: '012', last4, processorToken: sandboxCardToken(last4), requiresOtp: last4 !== '0077' })
    .returning();
  return card!;
}

async function startPayment(loan: Loan) {
  const res = await call(t.app, loan.sessionId, way, { orderId: loan.orderId });
  return read(res, repaymentWay);
}

const commitAs = (loan: Loan, payload: { cardId: number | string; repayToken: string; amount?: number | string; sendMsg?: number }) =>
  call(t.app, loan.sessionId, commit, {
    orderId: loan.orderId,
    amount: ONE_INSTALMENT_TOTAL,
    bankName: 'BBVA México',
    cardNo: '**** **** **** 4242',
    bankCode: '012',
    sendMsg: 0,
    ...payload,
  });

const paymentsOf = (loan: Loan) => t.db.select().from(ledgerPayments).where(eq(ledgerPayments.orderId, Number(loan.orderId)));
const referenceStatuses = async (loan: Loan) =>
  (await t.db.select().from(paymentReferences).where(eq(paymentReferences.orderId, Number(loan.orderId)))).map((r) => r.status);
const statusOf = async (loan: Loan) => (await t.db.select().from(orders).where(eq(orders.id, Number(loan.orderId))))[0]!.status;

async function lastCode(phone: string): Promise<string> {
  const [sms] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
  const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}


describe('repayment-way', () => {
  it("lists only the borrower's active cards, masked, with a single-use 128-bit token", async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const other = await makeLoan(t.db, { status: '174' });
    const card = await addCard(loan.borrower.id, '4242');
    await addCard(other.borrower.id, '0077');
    const inactive = await addCard(loan.borrower.id, '0077');
    await t.db.update(bankCards).set({ active: false }).where(eq(bankCards.id, inactive.id));
    const res = await call(t.app, loan.sessionId, way, { orderId: loan.orderId });
    expect(wrapper(res)).toMatchObject({ success: true, code: '00' });
    const d = read(res, repaymentWay);
    expect(d.alipay).toBe('');
    expect(d.repayToken).toMatch(/^[0-9a-f]{32}$/);
    expect(d.bankCards).toEqual([{ id: String(card.id), bankName: 'BBVA México', cardNo: '**** **** **** 4242', bankCode: '012' }]);
    expect(JSON.stringify(d)).not.toContain(card.processorToken);
  });

  it("another borrower's order reads as not found; a settled order cannot be paid", async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const other = await makeLoan(t.db, { status: '174' });
    const foreign = await call(t.app, loan.sessionId, way, { orderId: other.orderId });
    expect(foreign.statusCode).toBe(404);
    expect(wrapper(foreign).success).toBe(false);
    const settled = await makeLoan(t.db, { status: '200' });
    expect((await call(t.app, settled.sessionId, way, { orderId: settled.orderId })).statusCode).toBe(409);
    expect((await call(t.app, undefined, way, { orderId: loan.orderId })).statusCode).toBe(401);
  });
});

describe('repayment-commit without an SMS code (card 0077)', () => {
  it('charges at once, posts one ledger payment, settles the loan; the same token again is 800005 and charges nothing', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const card = await addCard(loan.borrower.id, '0077');
    const { repayToken } = await startPayment(loan);
    const res = await commitAs(loan, { cardId: card.id, repayToken });
    expect(wrapper(res)).toMatchObject({ success: true, code: '00', data: { needValid: 0 } });
    const payments = await paymentsOf(loan);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amount: ONE_INSTALMENT_TOTAL, channel: 'card', provider: 'sandbox-card', purpose: 'repayment' });
    expect(await statusOf(loan)).toBe('200');

    const again = await commitAs(loan, { cardId: card.id, repayToken });
    expect(again.statusCode).toBe(409);
    expect(wrapper(again)).toMatchObject({ success: false, code: '800005', message: 'Este pago ya fue solicitado. No se hizo ningún cargo nuevo.' });
    expect(await paymentsOf(loan)).toHaveLength(1);
  });

  it('a part of the amount due is allocated and the rest stays due (order stays 174)', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const card = await addCard(loan.borrower.id, '0077');
    const { repayToken } = await startPayment(loan);
    read(await commitAs(loan, { cardId: card.id, repayToken, amount: 40_000 }), repaymentCommit);
    expect(await statusOf(loan)).toBe('174');
    const d = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail);
    expect(d.repayAmount).toBe(ONE_INSTALMENT_TOTAL - 40_000);
  });

  it('a double tap (the same token at once) charges once', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const card = await addCard(loan.borrower.id, '0077');
    const { repayToken } = await startPayment(loan);
    const results = await Promise.all(Array.from({ length: 5 }, () => commitAs(loan, { cardId: card.id, repayToken })));
    const codes = results.map((r) => wrapper(r).code).sort();
    expect(codes).toEqual(['00', '800005', '800005', '800005', '800005']);
    expect(await paymentsOf(loan)).toHaveLength(1);
  });

  it('a declined card (0002): 402001, the attempt is recorded failed, nothing reaches the ledger', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const card = await addCard(loan.borrower.id, '0002');
    await t.db.update(bankCards).set({ requiresOtp: false }).where(eq(bankCards.id, card.id));
    const { repayToken } = await startPayment(loan);
    const res = await commitAs(loan, { cardId: card.id, repayToken });
    expect(res.statusCode).toBe(402);
    expect(wrapper(res)).toMatchObject({ success: false, code: '402001' });
    expect(await paymentsOf(loan)).toHaveLength(0);
    const attempts = await t.db.select().from(cardRepayments).where(eq(cardRepayments.orderId, Number(loan.orderId)));
    expect(attempts.map((a) => [a.status, a.failureReason])).toEqual([['failed', 'declined']]);
  });

  it("a card payment expires the order's open references (priced before it); a declined card leaves them open", async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    read(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL, payCode: 'store', requestType: 1 }), endpoints.voucher);
    const declined = await addCard(loan.borrower.id, '0002');
    await t.db.update(bankCards).set({ requiresOtp: false }).where(eq(bankCards.id, declined.id));
    expect((await commitAs(loan, { cardId: declined.id, repayToken: (await startPayment(loan)).repayToken })).statusCode).toBe(402);
    expect(await referenceStatuses(loan)).toEqual(['open']);

    const card = await addCard(loan.borrower.id, '0077');
    read(await commitAs(loan, { cardId: card.id, repayToken: (await startPayment(loan)).repayToken, amount: 40_000 }), repaymentCommit);
    expect(await statusOf(loan)).toBe('174');
    expect(await referenceStatuses(loan)).toEqual(['expired']);
  });
});

describe('repayment-commit and repayment-confirm with an SMS code (card 4242)', () => {
  it('sends a 6-digit code; a wrong code is 800006; the right one charges once; confirming again is 800005', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const card = await addCard(loan.borrower.id, '4242');
    const { repayToken } = await startPayment(loan);
    const committed = read(await commitAs(loan, { cardId: card.id, repayToken }), repaymentCommit);
    expect(committed.needValid).toBe(1);
    expect(committed.repayRecordId).toMatch(/^\d+$/);
    expect(await paymentsOf(loan)).toHaveLength(0);
    const code = await lastCode(loan.borrower.phone);
    const wrongCode = code === '000000' ? '111111' : '000000';

    const wrong = await call(t.app, loan.sessionId, confirm, { orderId: loan.orderId, verifyCode: wrongCode, repaymentRecordId: committed.repayRecordId });
    expect(wrong.statusCode).toBe(400);
    expect(wrapper(wrong)).toMatchObject({ success: false, code: '800006', message: 'Código de verificación incorrecto. Le quedan 4 intentos.' });

    const right = await call(t.app, loan.sessionId, confirm, { orderId: loan.orderId, verifyCode: code, repaymentRecordId: committed.repayRecordId });
    expect(wrapper(right)).toMatchObject({ success: true, code: '00', data: { amount: ONE_INSTALMENT_TOTAL } });
    expect(await paymentsOf(loan)).toHaveLength(1);
    expect(await statusOf(loan)).toBe('200');

    const again = await call(t.app, loan.sessionId, confirm, { orderId: loan.orderId, verifyCode: code, repaymentRecordId: committed.repayRecordId });
    expect(wrapper(again).code).toBe('800005');
    expect(await paymentsOf(loan)).toHaveLength(1);
    const [charges] = [await t.db.select().from(sandboxCardCharges).where(eq(sandboxCardCharges.idempotencyKey, `card-repayment-${committed.repayRecordId}`))];
    expect(charges).toHaveLength(1);
  });

  it('five confirms at once with the right code: one 00, one ledger payment', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const card = await addCard(loan.borrower.id, '4242');
    const { repayToken } = await startPayment(loan);
    const { repayRecordId } = read(await commitAs(loan, { cardId: card.id, repayToken }), repaymentCommit);
    const code = await lastCode(loan.borrower.phone);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call(t.app, loan.sessionId, confirm, { orderId: loan.orderId, verifyCode: code, repaymentRecordId: repayRecordId })),
    );
    expect(results.map((r) => wrapper(r).code).sort()).toEqual(['00', '800005', '800005', '800005', '800005']);
    expect(await paymentsOf(loan)).toHaveLength(1);
  });

  it('a new payment (new token) replaces the attempt waiting for its code: the old one can no longer be confirmed', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const withCode = await addCard(loan.borrower.id, '4242');
    const noCode = await addCard(loan.borrower.id, '0077');
    const first = await startPayment(loan);
    const old = read(await commitAs(loan, { cardId: withCode.id, repayToken: first.repayToken }), repaymentCommit);
    const oldCode = await lastCode(loan.borrower.phone);
    const second = await startPayment(loan);
    expect(wrapper(await commitAs(loan, { cardId: noCode.id, repayToken: second.repayToken }))).toMatchObject({ code: '00', data: { needValid: 0 } });
    const late = await call(t.app, loan.sessionId, confirm, { orderId: loan.orderId, verifyCode: oldCode, repaymentRecordId: old.repayRecordId });
    expect(wrapper(late).code).toBe('409003');
    expect(await paymentsOf(loan)).toHaveLength(1);
  });

  it('the fifth wrong code closes the attempt for good', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const card = await addCard(loan.borrower.id, '4242');
    const first = await startPayment(loan);
    const { repayRecordId } = read(await commitAs(loan, { cardId: card.id, repayToken: first.repayToken }), repaymentCommit);

    const code = await lastCode(loan.borrower.phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(t.app, loan.sessionId, confirm, { orderId: loan.orderId, verifyCode: wrongCode, repaymentRecordId: repayRecordId });
      answers.push(wrapper(res).code);
    }
    expect(answers).toEqual(['800006', '800006', '800006', '800006', '409003']);
    expect(await paymentsOf(loan)).toHaveLength(0);
    const late = await call(t.app, loan.sessionId, confirm, { orderId: loan.orderId, verifyCode: code, repaymentRecordId: repayRecordId });
    expect(wrapper(late)).toMatchObject({ success: false, code: '409003' });
    expect(await paymentsOf(loan)).toHaveLength(0);
  });

  it('resend (sendMsg 1, same token): refused for 60 s, then a new code replaces the old one', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const card = await addCard(loan.borrower.id, '4242');
    const { repayToken } = await startPayment(loan);
    const t0 = new Date();
    const input = { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL, cardId: String(card.id), repayToken, sendMsg: 0 };
    const first = await commitCardRepayment(borrowerCall(loan.borrower.id, t0), deps, input);
    const oldCode = await lastCode(loan.borrower.phone);
    await expect(
      commitCardRepayment(borrowerCall(loan.borrower.id, new Date(t0.getTime() + 30_000)), deps, { ...input, sendMsg: 1 }),
    ).rejects.toMatchObject({ status: 429, messageKey: 'cardResendWait', vars: { seconds: 30 } });
    const resent = await commitCardRepayment(borrowerCall(loan.borrower.id, new Date(t0.getTime() + 61_000)), deps, { ...input, sendMsg: 1 });
    expect(resent).toEqual(first);
    const newCode = await lastCode(loan.borrower.phone);
    const at = new Date(t0.getTime() + 62_000);
    if (newCode !== oldCode) {
      await expect(
        confirmCardRepayment(borrowerCall(loan.borrower.id, at), deps, { orderId: loan.orderId, verifyCode: oldCode, repaymentRecordId: first.repayRecordId }),
      ).rejects.toMatchObject({ code: '800006' });
    }
    await confirmCardRepayment(borrowerCall(loan.borrower.id, at), deps, { orderId: loan.orderId, verifyCode: newCode, repaymentRecordId: first.repayRecordId });
    expect(await paymentsOf(loan)).toHaveLength(1);
  });

  it('an expired attempt cannot be confirmed (409003) and no longer blocks a new commit', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const card = await addCard(loan.borrower.id, '4242');
    const t0 = new Date();
    const first = await startPayment(loan);
    const input = { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL, cardId: String(card.id), sendMsg: 0 };
    const attempt = await commitCardRepayment(borrowerCall(loan.borrower.id, t0), deps, { ...input, repayToken: first.repayToken });
    const code = await lastCode(loan.borrower.phone);
    const later = new Date(t0.getTime() + 11 * 60_000);
    await expect(
      confirmCardRepayment(borrowerCall(loan.borrower.id, later), deps, { orderId: loan.orderId, verifyCode: code, repaymentRecordId: attempt.repayRecordId }),
    ).rejects.toMatchObject({ code: '409003' });
    const second = await startPayment(loan);
    const next = await commitCardRepayment(borrowerCall(loan.borrower.id, later), deps, { ...input, repayToken: second.repayToken });
    expect(next.needValid).toBe(1);
    expect(await paymentsOf(loan)).toHaveLength(0);
  });

  it('the instalment paid at a store meanwhile: the old token is 800005, and a waiting attempt closes uncharged', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const card = await addCard(loan.borrower.id, '4242');
    const early = await startPayment(loan);
    const waiting = await startPayment(loan);
    const { repayRecordId } = read(await commitAs(loan, { cardId: card.id, repayToken: waiting.repayToken }), repaymentCommit);
    const code = await lastCode(loan.borrower.phone);

    const voucher = read(
      await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL, payCode: 'store', requestType: 1 }), endpoints.voucher);
    const reference: string = voucher.repayDetail.vCode;
    expect((await notify(t.app, { reference, amount: ONE_INSTALMENT_TOTAL })).statusCode).toBe(200);
    expect(await statusOf(loan)).toBe('200');

    const late = await call(t.app, loan.sessionId, confirm, { orderId: loan.orderId, verifyCode: code, repaymentRecordId: repayRecordId });
    expect(wrapper(late).code).toBe('800005');
    const stale = await commitAs(loan, { cardId: card.id, repayToken: early.repayToken });
    expect(stale.statusCode).toBe(409);
    expect((await paymentsOf(loan)).map((p) => p.channel)).toEqual(['store']);
  });
});

describe('refusals', () => {
  it("another borrower's card, attempt or order: not found, nothing charged", async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const other = await makeLoan(t.db, { status: '174' });
    const theirCard = await addCard(other.borrower.id, '0077');
    const myCard = await addCard(loan.borrower.id, '4242');
    const { repayToken } = await startPayment(loan);
    const res = await commitAs(loan, { cardId: theirCard.id, repayToken });
    expect(res.statusCode).toBe(404);
    expect(wrapper(res).message).toBe('No encontramos esta tarjeta.');

    const theirs = await startPayment(other);
    const otherCard = await addCard(other.borrower.id, '4242');
    const { repayRecordId } = read(await commitAs(other, { cardId: otherCard.id, repayToken: theirs.repayToken }), repaymentCommit);
    const code = await lastCode(other.borrower.phone);
    const stolen = await call(t.app, loan.sessionId, confirm, { orderId: loan.orderId, verifyCode: code, repaymentRecordId: repayRecordId });
    expect(stolen.statusCode).toBe(404);
    const crossOrder = await call(t.app, loan.sessionId, confirm, { orderId: other.orderId, verifyCode: code, repaymentRecordId: repayRecordId });
    expect(crossOrder.statusCode).toBe(404);
    // Someone else's token on my order.
    expect((await commitAs(loan, { cardId: myCard.id, repayToken: theirs.repayToken })).statusCode).toBe(409);
    expect(await paymentsOf(loan)).toHaveLength(0);
    expect(await paymentsOf(other)).toHaveLength(0);
  });

  it.each([
    ['a zero amount', { amount: 0 }],
    ['a negative amount', { amount: -100 }],
    ['a fractional amount', { amount: '10.5' }],
    ['a text amount', { amount: 'all' }],
    ['no token', { repayToken: '' }],
    ['sendMsg 2', { sendMsg: 2 }],
  ])('%s: 400 with a readable message, nothing saved', async (_label, patch) => {
    const loan = await makeLoan(t.db, { status: '174' });
    const card = await addCard(loan.borrower.id, '0077');
    const { repayToken } = await startPayment(loan);
    const res = await commitAs(loan, { cardId: card.id, repayToken, ...patch });
    expect(res.statusCode).toBe(400);
    expect(wrapper(res)).toMatchObject({ success: false, code: '400001' });
    expect(wrapper(res).message.length).toBeGreaterThan(0);
    expect(await t.db.select().from(cardRepayments).where(eq(cardRepayments.orderId, Number(loan.orderId)))).toHaveLength(0);
  });

  it('more than is due today: 422 with the amount due; a JSON body: 415', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const card = await addCard(loan.borrower.id, '0077');
    const { repayToken } = await startPayment(loan);
    const res = await commitAs(loan, { cardId: card.id, repayToken, amount: ONE_INSTALMENT_TOTAL + 1 });
    expect(res.statusCode).toBe(422);
    expect(wrapper(res).message).toBe('El monto $1.075,41 supera lo que puede pagar hoy ($1.075,40).');
    const json = await t.app.inject({
      method: 'POST',
      url: commit,
      query: { swift: loan.sessionId },
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ orderId: loan.orderId, amount: 1, cardId: card.id, repayToken }),
    });
    expect(json.statusCode).toBe(415);
    expect(await paymentsOf(loan)).toHaveLength(0);
  });

  it('a confirm with a malformed record id or code is a clean 4xx', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    for (const payload of [
      { orderId: loan.orderId, verifyCode: '123456', repaymentRecordId: 'abc' },
      { orderId: loan.orderId, verifyCode: '123456', repaymentRecordId: '99999999999999999999' },
      { orderId: loan.orderId, verifyCode: '1234567890', repaymentRecordId: '1' },
    ]) {
      const res = await call(t.app, loan.sessionId, confirm, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('repayment-huichao: the hosted checkout', () => {
  const checkoutPath = (url: string) => new URL(url).pathname;

  it('answers a one-time page address; the page is served as HTML, nosniff, not cached, in the borrower language', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const res = await call(t.app, loan.sessionId, huichao, { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL, userId: String(loan.borrower.id) });
    expect(wrapper(res)).toMatchObject({ success: true, code: '00' });
    const { url } = read(res, repaymentHuichao);
    expect(url).toMatch(/\/api\/payments\/card-checkout\/[0-9a-f]{32}$/);
    const page = await t.app.inject({ method: 'GET', url: checkoutPath(url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Pagar con tarjeta');
    expect(page.body).toContain('$1.075,40');
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/card-checkout/0123456789abcdef0123456789abcdef' })).statusCode).toBe(404);
  });

  it('a bad card number is refused on the page; a good one pays once, even when posted twice', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { url } = read(await call(t.app, loan.sessionId, huichao, { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL }), repaymentHuichao);
    const post = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: checkoutPath(url),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const good = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', holder: 'Ana López' };
    const bad = await post({ ...good, cardNumber: '4242 4242 4242 4241' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Revise el número de tarjeta.');
    const pastExpiry = await post({ ...good, expiry: '01/20' });
    expect(pastExpiry.statusCode).toBe(400);
    const declined = await post({ ...good, cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(await paymentsOf(loan)).toHaveLength(0);

    const [first, second] = await Promise.all([post(good), post(good)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.body).toContain('Pago recibido: $1.075,40.');
    const payments = await paymentsOf(loan);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ channel: 'card', amount: ONE_INSTALMENT_TOTAL });
    expect(await statusOf(loan)).toBe('200');
    const [checkout] = await t.db.select().from(cardCheckouts).where(and(eq(cardCheckouts.orderId, Number(loan.orderId))));
    expect(checkout!.status).toBe('paid');
    const html = await t.app.inject({ method: 'GET', url: checkoutPath(url) });
    expect(html.body).toContain('Pago recibido');
    // The card number never reaches our tables.
    const dump = JSON.stringify(await t.db.select().from(sandboxCardCharges));
    expect(dump).not.toContain('4242424242424242');
  });

  it('two pages for one instalment: the second is refused once the first paid it (no double charge)', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const open = async () => new URL(read(await call(t.app, loan.sessionId, huichao, { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL }), repaymentHuichao).url).pathname;
    const [a, b] = [await open(), await open()];
    const pay = (path: string) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/39', cvc: '123', holder: 'Ana' }).toString(),
      });
    expect((await pay(a)).statusCode).toBe(200);
    const second = await pay(b);
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain('No se hizo ningún cargo.');
    expect(await paymentsOf(loan)).toHaveLength(1);
  });

  it('two pages for instalment 1 of 2, the next one payable ahead: the second page does not pay instalment 2', async () => {
    const loan = await makeLoan(t.db, { status: '174', periods: 2, daysAgo: 15 });
    const first = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail);
    const open = async () =>
      new URL(read(await call(t.app, loan.sessionId, huichao, { orderId: loan.orderId, amount: first.repayAmount }), repaymentHuichao).url).pathname;
    const [a, b] = [await open(), await open()];
    const pay = (path: string) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/39', cvc: '123', holder: 'Ana' }).toString(),
      });
    expect((await pay(a)).statusCode).toBe(200);
    const after = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail);
    expect(after.repayList.length).toBeGreaterThan(0); // instalment 2 can be paid ahead now
    const second = await pay(b);
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain('Esta cuota ya fue pagada. No se hizo ningún cargo.');
    expect(await paymentsOf(loan)).toHaveLength(1);
  });

  it('a store payment arrives after the page was made: the page charges nothing', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { url } = read(await call(t.app, loan.sessionId, huichao, { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL }), repaymentHuichao);
    const voucher = read(
      await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL, payCode: 'store', requestType: 1 }), endpoints.voucher);
    expect((await notify(t.app, { reference: voucher.repayDetail.vCode, amount: 10_000 })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/39', cvc: '123', holder: 'Ana' }).toString(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('El monto a pagar cambió');
    expect((await paymentsOf(loan)).map((p) => p.channel)).toEqual(['store']);
  });

  it("a page paid expires the order's open references", async () => {
    const loan = await makeLoan(t.db, { status: '174', amount: 300_000, periods: 3, daysAgo: 15 });
    const due = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail).repayAmount;
    read(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: due, payCode: 'spei', requestType: 1 }), endpoints.voucher);
    const { url } = read(await call(t.app, loan.sessionId, huichao, { orderId: loan.orderId, amount: due }), repaymentHuichao);
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/39', cvc: '123', holder: 'Ana' }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(await statusOf(loan)).toBe('174');
    expect(await referenceStatuses(loan)).toEqual(['expired']);
  });

  it('more than is due: 422; another borrower order: 404', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const other = await makeLoan(t.db, { status: '174' });
    expect((await call(t.app, loan.sessionId, huichao, { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL + 1 })).statusCode).toBe(422);
    expect((await call(t.app, loan.sessionId, huichao, { orderId: other.orderId, amount: 100 })).statusCode).toBe(404);
  });
});

describe('the repayment page offers the card channel', () => {
  it('loan-play-detail ends with a card group (payCode card, no voucher)', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const d = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail);
    expect(d.repayList.at(-1)).toEqual({
      reviewer: 'Tarjeta de débito',
      list: [
        {
          payCode: 'card',
          logo: '/assets/channels/card.svg',
          desc: 'Pague al momento con una tarjeta registrada; le enviaremos un código por SMS.',
          vCode: '',
          BARcodeImg: '',
        },
      ],
    });
  });
});

describe('sandbox card processor', () => {
  it('Luhn check', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('12345')).toBe(false);
  });

  it('one charge per idempotency key', async () => {
    const p = createSandboxCardProcessor();
    const token = sandboxCardToken('4242');
    const key = `test-${Date.now()}-${Math.random()}`;
    const [a, b] = await Promise.all([p.charge(t.db, { cardToken: token, amount: 500, idempotencyKey: key }), p.charge(t.db, { cardToken: token, amount: 500, idempotencyKey: key })]);
    expect(a.ok && b.ok && a.chargeId === b.chargeId).toBe(true);
    expect([a, b].filter((x) => x.ok && x.created)).toHaveLength(1);
    expect(await t.db.select().from(sandboxCardCharges).where(eq(sandboxCardCharges.idempotencyKey, key))).toHaveLength(1);
  });
});

describe('the SMS code stays out of logs and answers', () => {
  it('the commit answer does not carry the code', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const card = await addCard(loan.borrower.id, '4242');
    const { repayToken } = await startPayment(loan);
    const res = await commitAs(loan, { cardId: card.id, repayToken });
    const code = await lastCode(loan.borrower.phone);
    expect(res.body).not.toContain(code);
    void injectAs;
  });
});
