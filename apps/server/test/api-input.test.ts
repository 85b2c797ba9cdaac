import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { productOffers, ratings, sessions } from '../src/db/schema';
import { hashSessionId } from '../src/modules/session/session-service';
import { transitionOrder } from '../src/modules/orders/order-service';
import { signedPayload } from './agreement-fixtures';
import { loanDetailPush } from '@presta/contract/api/loan';
import { borrowerWithOffer, buildTestApp, countLoanRows, createSession, dataOf, injectAs, type TestApp, type Wrapper } from './helpers';

const confirmUrl = '/v3/loan-confirm/loan-detail-confirm';
const pushUrl = '/v3/loan-confirm/loan-detail-push';
const detailsUrl = '/v3/loan-details/loan-details';
const scoreUrl = '/v3/loan-details/google-score';
const allUrls = [confirmUrl, pushUrl, detailsUrl, scoreUrl];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

function expectRefusal(res: { statusCode: number; json: () => unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as Wrapper;
  expect(body.success).toBe(false);
  expect(body.code).toBe(code);
  expect(body.data).toBeNull();
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
}

describe('sessions', () => {
  it('missing, unknown, malformed, expired and revoked sessions → 401001 on every call', async () => {
    const { borrower, product } = await borrowerWithOffer(t.db);
    const expired = await createSession(t.db, borrower.id, { expired: true });
    const revoked = await createSession(t.db, borrower.id);
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.idHash, hashSessionId(revoked)));
    const payload = { productId: product.id, orderId: 1, amount: 200_000, periods: 2, termUnit: 15, score: 5 };
    for (const url of allUrls) {
      for (const sessionId of [undefined, '', '0123456789abcdef0123456789abcdef', 'not-a-session', expired, revoked]) {
        const res = await injectAs(t.app, sessionId, { url, payload });
        expectRefusal(res, 401, '401001');
      }
    }
    const res = await injectAs(t.app, expired, { url: confirmUrl, payload, query: { language: '1' } });
    expect(res.json<Wrapper>().message).toBe('Your session has expired. Please sign in again in the app.');
    expect(await countLoanRows(t.db, borrower.id)).toEqual({ orders: 0, plans: 0, history: 0 });
  });

  it('the session id is also read from the swift header', async () => {
    const { product, sessionId } = await borrowerWithOffer(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: confirmUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded', swift: sessionId },
      payload: `productId=${product.id}`,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('bad input never answers 500 and writes nothing', () => {
  it('wrong types, out-of-range and huge numbers, missing fields → 400001', async () => {
    const { product, borrower, sessionId } = await borrowerWithOffer(t.db);
    const okPush = { productId: product.id, amount: 200_000, periods: 2, termUnit: 15 };
    const cases: [string, Record<string, string | number | undefined>][] = [
      [confirmUrl, {}],
      [confirmUrl, { productId: 'abc' }],
      [confirmUrl, { productId: '-1' }],
      [confirmUrl, { productId: product.id, amount: 'abc' }],
      [confirmUrl, { productId: product.id, amount: '1.5' }],
      [confirmUrl, { productId: product.id, amount: -5 }],
      [confirmUrl, { productId: product.id, amount: '100000000000000000000' }],
      [confirmUrl, { productId: product.id, periods: 0 }],
      [confirmUrl, { productId: product.id, periods: 121 }],
      [confirmUrl, { productId: product.id, isType: 2 }],
      [pushUrl, {}],
      [pushUrl, { ...okPush, amount: 'abc' }],
      [pushUrl, { ...okPush, amount: '' }],
      [pushUrl, { ...okPush, amount: -200_000 }],
      [pushUrl, { ...okPush, amount: 2_000_000_000 }],
      [pushUrl, { ...okPush, amount: '9'.repeat(40) }],
      [pushUrl, { ...okPush, periods: 'two' }],
      [pushUrl, { ...okPush, periods: 1_000 }],
      [pushUrl, { ...okPush, termUnit: 0 }],
      [pushUrl, { ...okPush, termUnit: 401 }],
      [pushUrl, { ...okPush, productId: '1e3' }],
      [pushUrl, { ...okPush, productId: '9'.repeat(19) }],
      [pushUrl, { ...okPush, termUnit: undefined }],
      [detailsUrl, {}],
      [detailsUrl, { orderId: 'abc' }],
      [detailsUrl, { orderId: '-3' }],
      [scoreUrl, { score: 0, orderId: 1 }],
      [scoreUrl, { score: 6, orderId: 1 }],
      [scoreUrl, { score: 'five', orderId: 1 }],
      [scoreUrl, { score: 3.5, orderId: 1 }],
      [scoreUrl, { orderId: 1 }],
    ];
    for (const [url, payload] of cases) {
      const res = await injectAs(t.app, sessionId, { url, payload });
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expectRefusal(res, 400, '400001');
    }
    const english = await injectAs(t.app, sessionId, { url: pushUrl, payload: { ...okPush, amount: 'abc' }, query: { language: '1' } });
    expect(english.json<Wrapper>().message).toMatch(/^The request is not valid: amount/);
    expect(await countLoanRows(t.db, borrower.id)).toEqual({ orders: 0, plans: 0, history: 0 });
  });

  it('repeated fields, a JSON body, an empty body, a non-form body, a huge body → 4xx wrapper', async () => {
    const { product, borrower, sessionId } = await borrowerWithOffer(t.db);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const raw = (headers: Record<string, string>, payload: string | undefined, url = pushUrl) =>
      t.app.inject({ method: 'POST', url, query: { swift: sessionId }, headers, ...(payload !== undefined ? { payload } : {}) });

    expectRefusal(await raw(form, `productId=${product.id}&amount=200000&amount=300000&periods=2&termUnit=15`), 400, '400001');
    expectRefusal(await raw(form, `productId=${product.id}&amount=%ZZ&periods=2&termUnit=15`), 400, '400001');
    expectRefusal(await raw(form, ''), 400, '400001');
    expectRefusal(await raw({}, undefined), 400, '400001');
    const json = await raw({ 'content-type': 'application/json' }, JSON.stringify({ productId: product.id, amount: 200_000, periods: 2, termUnit: 15 }));
    expect(json.statusCode).toBe(415);
    expect(json.json<Wrapper>()).toEqual({ success: false, code: '400001', message: 'Formato de solicitud no admitido.', data: null });
    const brokenJson = await raw({ 'content-type': 'application/json' }, '{"productId": ');
    expect(brokenJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(brokenJson.statusCode).toBeLessThan(500);
    expect((await raw({ 'content-type': 'text/plain' }, 'hello')).statusCode).toBe(415);
    const huge = await raw(form, `productId=${product.id}&x=${'a'.repeat(70 * 1024)}`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json<Wrapper>()).toMatchObject({ success: false, code: '400001' });
    for (const url of allUrls) {
      const res = await raw({ 'content-type': 'application/json' }, '[]', url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    expect(await countLoanRows(t.db, borrower.id)).toEqual({ orders: 0, plans: 0, history: 0 });
  });
});

describe('two borrowers: nothing of one is reachable by the other', () => {
  it('confirm, push, details and score with the other borrower’s ids → 404, nothing changed', async () => {
    const a = await borrowerWithOffer(t.db);
    const b = await borrowerWithOffer(t.db);
    const signed = await signedPayload(t.app, a.sessionId, { productId: a.product.id, amount: 200_000, periods: 2, termUnit: 15 });
    const push = await injectAs(t.app, a.sessionId, { url: pushUrl, payload: signed });
    const orderId = dataOf(push, loanDetailPush).orderId;
    await transitionOrder(t.db, { orderId: Number(orderId), action: 'approve', actor: 'operator' });
    await transitionOrder(t.db, { orderId: Number(orderId), action: 'disburse', actor: 'operator' });
    const [offerBefore] = await t.db.select().from(productOffers).where(eq(productOffers.productId, a.product.id));

    expectRefusal(await injectAs(t.app, b.sessionId, { url: confirmUrl, payload: { productId: a.product.id, isType: 1 } }), 404, '404001');
    expectRefusal(
      await injectAs(t.app, b.sessionId, { url: pushUrl, payload: signed }),
      404,
      '404001',
    );
    expectRefusal(await injectAs(t.app, b.sessionId, { url: detailsUrl, payload: { orderId } }), 404, '404001');
    expectRefusal(await injectAs(t.app, b.sessionId, { url: scoreUrl, payload: { orderId, score: 1 } }), 404, '404001');

    const [offerAfter] = await t.db.select().from(productOffers).where(eq(productOffers.productId, a.product.id));
    expect(offerAfter).toEqual(offerBefore);
    expect(await countLoanRows(t.db, b.borrower.id)).toEqual({ orders: 0, plans: 0, history: 0 });
    expect(await countLoanRows(t.db, a.borrower.id)).toEqual({ orders: 1, plans: 2, history: 3 });
    expect(await t.db.select().from(ratings).where(eq(ratings.orderId, Number(orderId)))).toHaveLength(0);
    // and the owner still sees it
    expect((await injectAs(t.app, a.sessionId, { url: detailsUrl, payload: { orderId } })).statusCode).toBe(200);
  });
});
