import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWhatsapp } from '@presta/contract/api/support';
import { markets } from '@presta/contract/markets';
import { loadConfig } from '../src/config';
import { answerOf, borrowerWithOffer, buildTestApp, createBorrower, createSession, dataOf, seedProduct, wrapper, type TestApp } from './helpers';
import { makeLoan } from './repayment-fixtures';

const url = '/user-problem/get-whatsapp';

let t: TestApp;
let custom: TestApp;

beforeAll(async () => {
  [t, custom] = await Promise.all([
    buildTestApp(),
    buildTestApp({
      support: {
        MX: { whatsapp: '+52 33 9876 5432', phone: '+52 81 1111 2222', email: 'soporte@ejemplo.mx' },
        IN: { whatsapp: '+91 22 5555 0001', phone: '+91 22 5555 0002', email: 'care@ejemplo.in' },
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), custom.close()]);
});

let ipSeq = 0;
/** Each call from its own address: the per-address limit is measured in its own test. */
const nextIp = () => `203.0.113.${(++ipSeq % 250) + 1}`;

const form = (app: TestApp, payload: string, ip = nextIp(), query: Record<string, string> = {}) =>
  app.app.inject({
    method: 'POST',
    url,
    query,
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

describe('POST /user-problem/get-whatsapp', () => {
  it('answers the configured contacts to the pages’ fixed parameter type=30, without a session', async () => {
    const res = await form(t, 'type=30');
    expect(res.statusCode).toBe(200);
    const body = answerOf(res, getWhatsapp);
    expect(body).toMatchObject({ success: true, code: '0' });
    expect(body.data).toEqual({ phone: t.config.support.MX.whatsapp, va: t.config.support.MX.phone, email: t.config.support.MX.email, market: 'MX' });
    expect(getWhatsapp.data.safeParse(body.data).success).toBe(true);
  });

  it('defaults to the brand’s Mexican contacts', async () => {
    const body = answerOf(await form(t, 'type=30'), getWhatsapp);
    expect(body.data.phone).toMatch(/^\+52 /);
    expect(body.data.va).toMatch(/^\+52 /);
    expect(body.data.email).toMatch(/@/);
  });

  it('accepts an empty form body and no body at all', async () => {
    const empty = await form(t, '');
    expect(empty.statusCode).toBe(200);
    expect(dataOf(empty, getWhatsapp).va).toBe(t.config.support.MX.phone);

    const none = await t.app.inject({ method: 'POST', url, remoteAddress: nextIp() });
    expect(none.statusCode).toBe(200);
    expect(dataOf(none, getWhatsapp).email).toBe(t.config.support.MX.email);
  });

  it('works for a signed-in borrower too (the session in the query is not required, nor refused)', async () => {
    const borrower = await createBorrower(t.db);
    const sessionId = await createSession(t.db, borrower.id);
    const res = await form(t, 'type=30', nextIp(), { swift: sessionId });
    expect(res.statusCode).toBe(200);
    expect(dataOf(res, getWhatsapp).phone).toBe(t.config.support.MX.whatsapp);
  });

  it('refuses a JSON body with 415, like the other form calls', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/json' },
      payload: '{"type":30}',
    });
    expect(res.statusCode).toBe(415);
    expect(wrapper(res).success).toBe(false);
  });

  it('reads the numbers from configuration', async () => {
    const body = answerOf(await form(custom, 'type=30'), getWhatsapp);
    expect(body.data).toEqual({ phone: '+52 33 9876 5432', va: '+52 81 1111 2222', email: 'soporte@ejemplo.mx', market: 'MX' });
  });

  it('is rate-limited per address', async () => {
    const ip = '192.0.2.77';
    const answers = [];
    for (let i = 0; i < 61; i++) answers.push((await form(t, 'type=30', ip)).statusCode);
    expect(answers.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(answers[60]).toBe(429);
    expect((await form(t, 'type=30', '192.0.2.78')).statusCode).toBe(200);
  });
});

// Issue 12: an Indian borrower reached Mexico's +52 numbers. Whose contacts: the loan the page is about.
describe('get-whatsapp answers the contacts of the market the page is about', () => {
  it('an Indian loan of the session (orderId in the query): India’s contacts, whatever the language', async () => {
    const loan = await makeLoan(t.db, { product: { market: 'IN', currency: 'INR', timeZone: 'Asia/Kolkata', lateRule: 'in_tiered' } });
    for (const language of ['1', '2']) {
      const body = answerOf(await form(t, 'type=30', nextIp(), { swift: loan.sessionId, orderId: loan.orderId, productId: String(loan.product.id), language }), getWhatsapp);
      expect(body.data).toEqual({ phone: markets.IN.support.whatsapp, va: markets.IN.support.phone, email: markets.IN.support.email, market: 'IN' });
      expect(body.data.phone).toMatch(/^\+91 /);
    }
  });

  it('a Mexican loan read in English: Mexico’s contacts', async () => {
    const loan = await makeLoan(t.db);
    const body = answerOf(await form(t, 'type=30', nextIp(), { swift: loan.sessionId, orderId: loan.orderId, language: '1' }), getWhatsapp);
    expect(body.data).toMatchObject({ phone: t.config.support.MX.whatsapp, market: 'MX' });
  });

  it('another borrower’s order does not decide: the query’s product does, else Mexico', async () => {
    const indian = await makeLoan(t.db, { product: { market: 'IN', currency: 'INR', timeZone: 'Asia/Kolkata', lateRule: 'in_tiered' } });
    const stranger = await createBorrower(t.db);
    const session = await createSession(t.db, stranger.id);
    const foreign = answerOf(await form(t, 'type=30', nextIp(), { swift: session, orderId: indian.orderId }), getWhatsapp);
    expect(foreign.data.market).toBe('MX');
    const byProduct = answerOf(await form(t, 'type=30', nextIp(), { orderId: indian.orderId, productId: String(indian.product.id) }), getWhatsapp);
    expect(byProduct.data).toMatchObject({ market: 'IN', phone: markets.IN.support.whatsapp });
  });

  it('a product named in the query, without a session (a visitor): that product’s market', async () => {
    const product = await seedProduct(t.db, { market: 'IN', currency: 'INR', timeZone: 'Asia/Kolkata', lateRule: 'in_tiered' });
    const body = answerOf(await form(t, 'type=30', nextIp(), { productId: String(product.id) }), getWhatsapp);
    expect(body.data.market).toBe('IN');
    const unknown = answerOf(await form(t, 'type=30', nextIp(), { productId: '2147483000' }), getWhatsapp);
    expect(unknown.data.market).toBe('MX');
  });

  it('a session without an order in the query: the borrower’s market (newest order, else their offer’s)', async () => {
    const { borrower, sessionId } = await borrowerWithOffer(t.db, { product: { market: 'IN', currency: 'INR', timeZone: 'Asia/Kolkata', lateRule: 'in_tiered' } });
    expect(dataOf(await form(t, 'type=30', nextIp(), { swift: sessionId }), getWhatsapp).market).toBe('IN'); // no order yet: the offer's
    await makeLoanFor(borrower.id);
    expect(dataOf(await form(t, 'type=30', nextIp(), { swift: sessionId }), getWhatsapp).market).toBe('IN');
    const mexican = await borrowerWithOffer(t.db);
    expect(dataOf(await form(t, 'type=30', nextIp(), { swift: mexican.sessionId }), getWhatsapp).market).toBe('MX');
  });

  it('a plain browser’s session cookie counts on a same-origin call (issue 16), not on a cross-site one', async () => {
    const loan = await makeLoan(t.db, { product: { market: 'IN', currency: 'INR', timeZone: 'Asia/Kolkata', lateRule: 'in_tiered' } });
    const withCookie = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: nextIp(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `presta_session=${loan.sessionId}`, ...headers },
        payload: 'type=30',
      });
    const sameOrigin = await withCookie({ 'sec-fetch-site': 'same-origin', origin: t.config.publicBaseUrl });
    expect(dataOf(sameOrigin, getWhatsapp)).toMatchObject({ market: 'IN', phone: markets.IN.support.whatsapp });
    const crossSite = await withCookie({ 'sec-fetch-site': 'cross-site', origin: 'https://elsewhere.example' });
    expect(crossSite.statusCode).toBe(200);
    expect(dataOf(crossSite, getWhatsapp).market).toBe('MX');
  });

  it('an unknown session is ignored (the call is public): Mexico’s contacts', async () => {
    const res = await form(t, 'type=30', nextIp(), { swift: 'f'.repeat(32), orderId: '1' });
    expect(res.statusCode).toBe(200);
    expect(dataOf(res, getWhatsapp).market).toBe('MX');
  });

  it('each market’s contacts come from its own settings', async () => {
    const loan = await makeLoan(custom.db, { product: { market: 'IN', currency: 'INR', timeZone: 'Asia/Kolkata', lateRule: 'in_tiered' } });
    const body = answerOf(await form(custom, 'type=30', nextIp(), { swift: loan.sessionId, orderId: loan.orderId }), getWhatsapp);
    expect(body.data).toEqual({ phone: '+91 22 5555 0001', va: '+91 22 5555 0002', email: 'care@ejemplo.in', market: 'IN' });
  });

  /** An order of the borrower on their offered (Indian) product, submitted now. */
  async function makeLoanFor(borrowerId: number) {
    const { createOrder } = await import('../src/modules/orders/order-service');
    const { productOffers } = await import('../src/db/schema');
    const { eq } = await import('drizzle-orm');
    const [offer] = await t.db.select().from(productOffers).where(eq(productOffers.borrowerId, borrowerId));
    await createOrder(t.db, { borrowerId, productId: offer!.productId, amount: 100_000, periods: 1 });
  }
});

describe('support configuration', () => {
  it('SUPPORT_WHATSAPP, SUPPORT_PHONE and SUPPORT_EMAIL are Mexico’s (default: the brand’s); blank keeps them', async () => {
    const { defaultBrand } = await import('@presta/contract/brand');
    expect(loadConfig({ SUPPORT_WHATSAPP: ' +52 33 1 ', SUPPORT_PHONE: '+52 81 2', SUPPORT_EMAIL: 'a@b.mx' }).support.MX).toEqual({
      whatsapp: '+52 33 1',
      phone: '+52 81 2',
      email: 'a@b.mx',
    });
    expect(loadConfig({ SUPPORT_PHONE: '  ' }).support.MX).toEqual({
      whatsapp: defaultBrand.serviceWhatsapp,
      phone: defaultBrand.servicePhone,
      email: defaultBrand.serviceEmail,
    });
  });

  it('SUPPORT_IN_WHATSAPP, SUPPORT_IN_PHONE and SUPPORT_IN_EMAIL are India’s (default: the Indian market’s, +91)', () => {
    expect(loadConfig({}).support.IN).toEqual(markets.IN.support);
    expect(markets.IN.support.phone).toMatch(/^\+91 /);
    expect(loadConfig({ SUPPORT_IN_WHATSAPP: '+91 1', SUPPORT_IN_PHONE: ' +91 2 ', SUPPORT_IN_EMAIL: 'x@y.in', SUPPORT_PHONE: '+52 9' }).support).toEqual({
      MX: { whatsapp: markets.MX.support.whatsapp, phone: '+52 9', email: markets.MX.support.email },
      IN: { whatsapp: '+91 1', phone: '+91 2', email: 'x@y.in' },
    });
  });
});
