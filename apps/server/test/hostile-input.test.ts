import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { makeLoan, type Loan } from './repayment-fixtures';

/*
 * "The server never answers 500 to bad input", checked on every route of the
 * OpenAPI document (so a new route is covered the day it is added): random
 * payloads from fast-check, made of the field names the calls really use and
 * of hostile values (wrong types, huge and negative numbers, NaN-like strings,
 * nested objects, arrays, prototype keys, control characters, long text)
 * mixed with plausible ones (the borrower's real ids, small numbers, a phone),
 * sent as a form, as JSON and in the query. Each run is a new borrower with a
 * loan due today, from its own client address, with the operator token, so
 * that requests reach the handlers rather than stop at the session check or
 * the rate limits. Each answer must be a 4xx or a 2xx, never 5xx, and an API
 * error is the JSON wrapper.
 */

const OPERATOR_TOKEN = 'hostile-input-operator-token-0123456789';

/** The field names of spec §7 and of our own calls. */
const fieldNames = [
  'productId', 'orderId', 'orderNo', 'amount', 'periods', 'termUnit', 'isType', 'score', 'payCode', 'requestType',
  'problemId', 'problemType', 'problemSonType', 'problemDetail', 'problemImage', 'type', 'id', 'phone', 'sid',
  'captcha', 'code', 'smsCode', 'utm_tag', 'app_from', 'user_from', 'repayToken', 'bankCardId', 'cardId', 'validCode',
  'sendMsg', 'repayRecordId', 'language', 'from', 'to', 'status', 'eventId', 'reference',
  '__proto__', 'constructor', 'prototype',
];

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', 'Infinity', '00000000000000000001', '9'.repeat(40), '1.5', '0x10', 'null',
    'undefined', 'true', '[]', '{}', "' or 1=1 --", '<script>alert(1)</script>', '\u0000', '\uFFFF', '%00', '../../etc/passwd',
    '１２３', '٣', 'x'.repeat(5000)),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

/** Values a handler accepts often enough to go past validation (the run's real ids are added per run). */
const plausible = fc.oneof(
  fc.integer({ min: 0, max: 6 }),
  fc.constantFrom('1', '2', '30', '174', '100000', '5512345678', '+525512345678', 'es', 'en', 'store', 'spei', 'card', '0', '00'),
);

const hostileScalar = fc.oneof(
  plausible,
  hostileString,
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, -1e308, 0.1, Number.MAX_SAFE_INTEGER),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);

const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, hostileScalar, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 4 }),
})).value;

/** A payload: some of the real field names (and some others) with hostile values. */
const payloadArb = fc.dictionary(fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 12 })), hostileValue, { maxKeys: 4 });

/**
 * A payload every call of the run's borrower would accept (unknown fields are
 * ignored), so that a few hostile values on top of it reach the handlers:
 * the real ids, a 1,000.00 loan in one instalment, a store voucher, a
 * complaint, a 5-star score, the support type.
 */
function validBase(loan: Loan): Record<string, unknown> {
  return {
    productId: String(loan.product.id),
    orderId: loan.orderId,
    orderNo: loan.orderNo,
    amount: '100000',
    periods: '1',
    termUnit: String(loan.product.termUnitDays),
    payCode: 'store',
    requestType: '1',
    problemType: '2',
    problemSonType: '',
    problemDetail: 'Texto de prueba',
    problemImage: '',
    score: '5',
    type: '30',
  };
}

/** Form encoding as a browser would send it: arrays as repeated keys, objects as JSON text. */
function formOf(payload: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      params.append(key, item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  return params.toString();
}

type Route = { method: 'GET' | 'POST'; url: string };

const RUNS = 40;
let t: TestApp;
let routes: Route[];
/** One borrower with a loan due today per run: per-borrower rate limits never end a run early. */
let loans: Loan[];
let run = 0;

beforeAll(async () => {
  t = await buildTestApp({ operatorToken: OPERATOR_TOKEN });
  loans = [];
  for (let i = 0; i < RUNS + 2; i += 1) loans.push(await makeLoan(t.db, { status: '174' }));
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .map((m) => m.toUpperCase())
      .filter((m): m is Route['method'] => m === 'GET' || m === 'POST')
      // Path parameters get a hostile value of their own in each run.
      .map((method) => ({ method, url: path })),
  );
});
afterAll(async () => {
  await t.close();
});

function fillPath(url: string, value: string): string {
  return url.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}

function expectNoServerError(res: { statusCode: number; body: string; headers: Record<string, unknown> }, what: string) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode >= 400 && type.includes('application/json')) {
    const body = JSON.parse(res.body) as { success?: unknown; code?: unknown; message?: unknown };
    expect(body.success, what).toBe(false);
    expect(typeof body.code, what).toBe('string');
    expect(typeof body.message, what).toBe('string');
  }
}

describe('hostile input on every route of the OpenAPI document', () => {
  it('covers the calls of spec §7 and ours', () => {
    const urls = routes.map((r) => r.url);
    for (const path of ['/v3/loan-details/loan-details', '/user-problem/problem-save', '/api/v2/youmi/promotion/register', '/api/v1/youmi/youmi-api/service/loan/repayment-commit']) {
      expect(urls).toContain(path);
    }
    expect(routes.length).toBeGreaterThan(25);
  });

  it('random payloads as a form, as JSON and in the query never get a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(payloadArb, fc.string({ maxLength: 20 }), fc.constantFrom('random', 'valid base', 'valid base'), async (randomPayload, pathValue, shape) => {
        const loan = loans[run % loans.length]!;
        run += 1;
        const { sessionId } = loan;
        // Either hostile values alone, or a valid payload with some of them on top (overriding fields or adding keys).
        const payload: Record<string, unknown> = shape === 'random' ? randomPayload : { ...validBase(loan), ...randomPayload };
        // Per-address limits (the promotion calls) count per client address: each run has its own.
        const remoteAddress = `10.${run % 250}.${Math.floor(run / 250) % 250}.7`;
        for (const route of routes) {
          const url = fillPath(route.url, pathValue || 'x');
          const headers = { swift: sessionId, authorization: `Bearer ${OPERATOR_TOKEN}` };
          const query = { swift: sessionId, ...Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v) ?? ''])) };
          const inQuery = await t.app.inject({ method: route.method, url, query, headers, remoteAddress });
          expectNoServerError(inQuery, `${route.method} ${url} (query) ${JSON.stringify(payload).slice(0, 200)}`);
          if (route.method === 'GET') continue;
          const asForm = await t.app.inject({
            method: 'POST',
            url,
            remoteAddress,
            query: { swift: sessionId },
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
            payload: formOf(payload),
          });
          expectNoServerError(asForm, `POST ${url} (form) ${JSON.stringify(payload).slice(0, 200)}`);
          const asJson = await t.app.inject({
            method: 'POST',
            url,
            remoteAddress,
            query: { swift: sessionId },
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          expectNoServerError(asJson, `POST ${url} (json) ${JSON.stringify(payload).slice(0, 200)}`);
        }
      }),
      { numRuns: RUNS },
    );
  }, 240_000);

  it('broken bodies (bad JSON, binary, a wrong or missing content type, multipart garbage) never get a 5xx', async () => {
    const bodies: { type?: string; body: string | Buffer }[] = [
      { type: 'application/json', body: '{"productId": 1,' },
      { type: 'application/json', body: '[1,2,3]' },
      { type: 'application/json', body: '"text"' },
      { type: 'application/json', body: 'null' },
      { type: 'application/json', body: '{"__proto__": {"polluted": true}}' },
      { type: 'application/x-www-form-urlencoded', body: Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x25, 0x25]) },
      { type: 'application/x-www-form-urlencoded', body: '%E0%A4%A=1&a=%' },
      { type: 'text/plain', body: 'productId=1' },
      { type: 'application/xml', body: '<a>1</a>' },
      { type: 'multipart/form-data; boundary=xyz', body: '--xyz\r\nContent-Disposition: form-data; name="problemImage"; filename="a.png"\r\n\r\nnot an image\r\n--xyz--' },
      { type: 'multipart/form-data', body: 'no boundary at all' },
      { body: 'plain body without a content type' },
    ];
    const { sessionId } = loans[loans.length - 1]!;
    for (const route of routes.filter((r) => r.method === 'POST')) {
      for (const { type, body } of bodies) {
        const url = fillPath(route.url, '1');
        const res = await t.app.inject({
          method: 'POST',
          url,
          query: { swift: sessionId },
          headers: { ...(type ? { 'content-type': type } : {}), authorization: `Bearer ${OPERATOR_TOKEN}` },
          payload: body,
        });
        expectNoServerError(res, `POST ${url} (${type ?? 'no type'}) ${String(body).slice(0, 60)}`);
      }
    }
    // No prototype was polluted along the way.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 120_000);
});
