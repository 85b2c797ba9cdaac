import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { DEV_SANDBOX_SECRET } from '../src/config';
import { complaintImages, paymentNotifications, promoEvents } from '../src/db/schema';
import { signNotification, unixSeconds } from '../src/modules/payments/notification-signature';
import { MAX_JSON_DEPTH } from '../src/plugins/app/input-guard';
import { buildTestApp, type TestApp, type Wrapper } from './helpers';
import { makeLoan, urls, type Loan } from './repayment-fixtures';

/*
 * The input guard (plugins/app/input-guard.ts), call by call: a NUL in a
 * query key or value, a route parameter, a form or JSON body (value or key,
 * any depth), and JSON nested deeper than MAX_JSON_DEPTH, are a 400 with
 * the catalogue's message in the request's language, and nothing is written.
 * The cases the issue found first.
 */

let t: TestApp;
let loan: Loan;
beforeAll(async () => {
  t = await buildTestApp();
  loan = await makeLoan(t.db, { status: '174' });
});
afterAll(async () => {
  await t.close();
});

const nulEs = 'La solicitud contiene un carácter nulo (U+0000), que no se admite en ningún campo. Revise los datos e inténtelo de nuevo.';
const nulEn = 'The request contains a null character (U+0000), which no field accepts. Please check the data and try again.';
const deepEs = `La solicitud tiene demasiados niveles anidados (máximo ${MAX_JSON_DEPTH}). Envíe los datos sin anidar.`;

let ipSeq = 0;
const nextIp = () => `192.0.2.${(++ipSeq % 250) + 1}`;

function expectGuard(res: { statusCode: number; body: string; json: <J>() => J }, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json<Wrapper>()).toEqual({ success: false, code: '400001', message, data: null });
}

const promoEventCount = async () => (await t.db.select({ n: count() }).from(promoEvents))[0]!.n;
const form = (url: string, body: string, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, query, remoteAddress: nextIp(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body });

describe('a NUL anywhere is a 400 with a message, before anything is written', () => {
  it('in a query value or key (track-visit, track-click: every field), in the request language', async () => {
    const before = await promoEventCount();
    for (const path of ['/api/v2/youmi/promotion/track-visit', '/api/v2/youmi/promotion/track-click']) {
      for (const field of ['page_id', 'user_from', 'client_type', 'page_type', 'utm_tag', 'app_from', 'phone']) {
        expectGuard(await t.app.inject({ method: 'GET', url: `${path}?${field}=a%00b`, remoteAddress: nextIp() }), nulEs);
      }
      expectGuard(await t.app.inject({ method: 'GET', url: `${path}?utm%00tag=1`, remoteAddress: nextIp() }), nulEs);
      expectGuard(await t.app.inject({ method: 'GET', url: `${path}?utm_tag=%00&language=1`, remoteAddress: nextIp() }), nulEn);
    }
    expect(await promoEventCount()).toBe(before);
  });

  it('in a form body: contract-detail orderNo, get-sms app_from / user_from / utm_tag, a key', async () => {
    expectGuard(await form(urls.agreement, `orderNo=${encodeURIComponent(`${loan.orderNo}\u0000`)}`, { swift: loan.sessionId }), nulEs);
    expectGuard(await form(urls.agreement, 'orderNo=%00', { swift: loan.sessionId, language: '1' }), nulEn);
    const before = await promoEventCount();
    for (const field of ['app_from', 'user_from', 'utm_tag']) {
      const body = new URLSearchParams({ phone: '13912345678', capcode: 'abcd', sid: 'f'.repeat(32), [field]: 'fb\u0000' }).toString();
      expectGuard(await form('/api/v2/youmi/promotion/get-sms', body), nulEs);
    }
    expectGuard(await form('/api/v2/youmi/promotion/get-sms', 'phone=13912345678&capcode=abcd&sid=x&a%00=1'), nulEs);
    expect(await promoEventCount()).toBe(before);
  });

  it('in a route parameter', async () => {
    expectGuard(await t.app.inject({ method: 'GET', url: '/user-problem/problem-image/1%00', query: { swift: loan.sessionId } }), nulEs);
    expectGuard(await t.app.inject({ method: 'GET', url: '/api/payments/card-checkout/ab%00cd' }), nulEs);
  });

  it('in a JSON or text body, at any depth (a route that takes them)', async () => {
    const url = '/user-problem/upload-problem-img';
    const json = (payload: string) =>
      t.app.inject({ method: 'POST', url, query: { swift: loan.sessionId }, headers: { 'content-type': 'application/json' }, payload });
    expectGuard(await json('{"a":[{"b":"x\\u0000"}]}'), nulEs);
    expectGuard(await json('{"a":{"k\\u0000":1}}'), nulEs);
    // Without a NUL the same bodies reach the handler (which wants multipart).
    expect((await json('{"a":[{"b":"x\\u0001"}]}')).statusCode).toBe(415);
    const text = await t.app.inject({ method: 'POST', url, query: { swift: loan.sessionId }, headers: { 'content-type': 'text/plain' }, payload: 'a\u0000b' });
    expectGuard(text, nulEs);
  });

  it('multipart: a NUL in a field name or a file name never gets a 5xx (neither is used)', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).png().toBuffer();
    const upload = (disposition: string) => {
      const boundary = `----guard${randomUUID()}`;
      return t.app.inject({
        method: 'POST',
        url: '/user-problem/upload-problem-img',
        query: { swift: loan.sessionId },
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: image/png\r\n\r\n`),
          png,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    };
    const pending = async () => (await t.db.select({ n: count() }).from(complaintImages).where(eq(complaintImages.borrowerId, loan.borrower.id)))[0]!.n;
    const before = await pending();
    const badField = await upload('form-data; name="problem\u0000Image"; filename="a.png"');
    expect(badField.statusCode, badField.body).toBe(400);
    expect(await pending()).toBe(before);
    const badName = await upload('form-data; name="problemImage"; filename="a\u0000.png"');
    expect(badName.statusCode, badName.body).toBe(200);
    expect(await pending()).toBe(before + 1);
  });
});

describe(`JSON nested deeper than ${MAX_JSON_DEPTH} levels is a 400 with a message`, () => {
  const url = '/user-problem/upload-problem-img';
  const json = (payload: string) => t.app.inject({ method: 'POST', url, query: { swift: loan.sessionId }, headers: { 'content-type': 'application/json' }, payload });

  it('5,000 levels on upload-problem-img (it used to overflow the stack: 500)', async () => {
    expectGuard(await json('['.repeat(5000) + ']'.repeat(5000)), deepEs);
    expectGuard(await json('{"a":'.repeat(5000) + '1' + '}'.repeat(5000)), deepEs);
  });

  it(`${MAX_JSON_DEPTH} levels pass the guard, ${MAX_JSON_DEPTH + 1} do not`, async () => {
    expect((await json('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).statusCode).toBe(415);
    expectGuard(await json('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1)), deepEs);
    const english = await t.app.inject({ method: 'POST', url, query: { swift: loan.sessionId, language: '1' }, headers: { 'content-type': 'application/json' }, payload: '['.repeat(40) + ']'.repeat(40) });
    expect(english.json<Wrapper>().message).toBe(`The request is nested too deeply (at most ${MAX_JSON_DEPTH} levels). Please send the data without nesting.`);
  });

  it("Fastify's JSON rules stay: broken JSON, an empty body, prototype keys (400), over the 64 KB limit (413)", async () => {
    // A JSON call with the server's default body limit (demo tools are on in tests).
    const demo = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/dev/demo-session', remoteAddress: nextIp(), headers: { 'content-type': 'application/json' }, payload });
    expect((await demo(JSON.stringify({ borrowerId: String(loan.borrower.id) }))).statusCode).toBe(404);
    for (const broken of ['{"borrowerId":', '', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}']) {
      const res = await demo(broken);
      expect(res.statusCode, broken).toBe(400);
      expect(res.json<Wrapper>().code).toBe('400001');
    }
    expect((await demo(JSON.stringify({ borrowerId: '1', pad: 'x'.repeat(70 * 1024) }))).statusCode).toBe(413);
  });
});

describe('the payment notification route checks its raw bytes on its own terms', () => {
  const send = (rawBody: string | Buffer) =>
    t.app.inject({
      method: 'POST',
      url: urls.notify,
      headers: { 'content-type': 'application/json', 'x-presta-signature': signNotification(DEV_SANDBOX_SECRET, rawBody, unixSeconds()) },
      payload: rawBody,
    });

  it('a signed body with a NUL or nested too deep is a malformed notification: 400 {received: false}', async () => {
    const event = { eventId: `evt_${randomUUID()}`, reference: '80000000000011', amount: 100, paidAt: new Date().toISOString() };
    for (const body of [
      JSON.stringify({ ...event, eventId: 'evt\u0000' }),
      JSON.stringify({ ...event, extra: JSON.parse('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1)) as unknown }),
      Buffer.from(`{"eventId":"a\u0000"}`),
    ]) {
      const res = await send(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ received: false, error: 'invalid_body' });
    }
    // Signed, so the provider sent it: recorded for review; a raw NUL byte is kept visible, escaped.
    for (const body of [JSON.stringify({ ...event, eventId: 'evt\u0000' }), '{"eventId":"a\\u0000"}']) {
      const [row] = await t.db.select().from(paymentNotifications).where(eq(paymentNotifications.body, body));
      expect(row, body).toMatchObject({ outcome: 'refused', reason: 'invalid_body', review: 'open' });
    }
    // The signature is judged first: an unsigned one is a signature failure, not recorded.
    const unsigned = await t.app.inject({ method: 'POST', url: urls.notify, headers: { 'content-type': 'application/json' }, payload: `{"eventId":"b\u0000"}` });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toEqual({ received: false, error: 'missing' });
  });

  it('a NUL in its query is refused like on every route', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${urls.notify}?x=%00`, headers: { 'content-type': 'application/json' }, payload: '{}' });
    expectGuard(res, nulEs);
  });
});
