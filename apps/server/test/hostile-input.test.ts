import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffRoles } from '@presta/contract/staff-roles';
import { staffMembers, staffRoleRows } from '../src/db/schema';
import { openStaffSession } from '../src/modules/staff/staff-sessions';
import { MAX_JSON_DEPTH } from '../src/plugins/app/input-guard';
import { SANDBOX_NOTIFICATION_PATH } from '../src/modules/payments/sandbox-provider';
import { buildTestApp, createBorrower, createSession, type TestApp } from './helpers';
import { makeLoan, urls, type Loan } from './repayment-fixtures';

/*
 * "The server never answers 500 to bad input", checked on every route of the
 * OpenAPI document (so a new route is covered the day it is added) and on the
 * hidden ones (hosted checkout, barcode, payment notifications): random
 * payloads from fast-check, made of the field names the calls really use and
 * of hostile values (wrong types, huge and negative numbers, NaN-like strings,
 * nested objects, arrays, prototype keys, control characters, long text)
 * mixed with plausible ones (the borrower's real ids, small numbers, a phone),
 * sent as a form, as JSON and in the query. Each run is a new borrower with a
 * loan due today, from its own client address (and a console session of
 * every role on the console's calls), so that requests reach the handlers
 * rather than stop at the session check or the rate limits. Each answer must be a 4xx or a 2xx, never 5xx, and an API
 * error is the JSON wrapper.
 *
 * Most runs also carry what the input guard refuses (plugins/app/input-guard.ts),
 * because a NUL once in a thousand values went unnoticed: a NUL inside a
 * plausible value of one field, of every field, or in a key; or a body nested
 * deeper than MAX_JSON_DEPTH. Such a request must be a 400 with a message
 * (a 415 or 413 when the route takes no body of that type or size).
 */

/** The field names of spec §7 and of our own calls. */
const fieldNames = [
  'productId', 'orderId', 'orderNo', 'amount', 'periods', 'termUnit', 'isType', 'score', 'payCode', 'requestType',
  'problemId', 'problemType', 'problemSonType', 'problemDetail', 'problemImage', 'type', 'id', 'phone', 'sid',
  'captcha', 'code', 'smsCode', 'utm_tag', 'app_from', 'user_from', 'repayToken', 'bankCardId', 'cardId', 'validCode',
  'sendMsg', 'repayRecordId', 'language', 'from', 'to', 'status', 'eventId', 'reference', 'account', 'ifsc',
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
const plausibleText = fc.constantFrom(
  '1', '2', '30', '174', '100000', '5512345678', '+525512345678', '13912345678', 'es', 'en', 'store', 'spei', 'card', '0', '00',
  'fb', 'spring', 'ad1', 'k7mp', 'PR2026000001', 'Texto de prueba',
);
const plausible = fc.oneof(fc.integer({ min: 0, max: 6 }), plausibleText);

/** A NUL (U+0000) somewhere inside a string: at the start, the end or between two characters. */
const nulInside = (text: fc.Arbitrary<string>) =>
  fc.tuple(text, fc.nat()).map(([value, n]) => {
    const at = n % (value.length + 1);
    return `${value.slice(0, at)}\u0000${value.slice(at)}`;
  });

const hostileScalar = fc.oneof(
  plausible,
  hostileString,
  nulInside(plausibleText),
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, -1e308, 0.1, Number.MAX_SAFE_INTEGER),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);

const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, hostileScalar, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 8 }), nulInside(fc.constantFrom(...fieldNames))), tie('value'), { maxKeys: 4 }),
})).value;

/** A payload: some of the real field names (and some others, a NUL in some) with hostile values. */
const keyArb = fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 12 }), nulInside(fc.constantFrom(...fieldNames)));
const payloadArb = fc.dictionary(keyArb, hostileValue, { maxKeys: 4 });

/** What the input guard must refuse, put into most runs. */
type Poison =
  | { kind: 'none' }
  | { kind: 'nul in one field'; field: string; value: string }
  | { kind: 'nul in every field'; seed: number }
  | { kind: 'nul in a key'; field: string }
  | { kind: 'deep'; depth: number; asObject: boolean };
const poisonArb: fc.Arbitrary<Poison> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('nul in one field' as const), field: fc.constantFrom(...fieldNames), value: nulInside(plausibleText) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('nul in every field' as const), seed: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('nul in a key' as const), field: nulInside(fc.constantFrom(...fieldNames)) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('deep' as const), depth: fc.integer({ min: MAX_JSON_DEPTH + 1, max: 1000 }), asObject: fc.boolean() }),
  },
);

/** JSON text nested `depth` levels deep (arrays, or objects keyed by a field name); as text, since JSON.stringify recurses. */
const nestedText = (depth: number, asObject: boolean) =>
  asObject ? '{"orderId":'.repeat(depth) + '"x"' + '}'.repeat(depth) : '['.repeat(depth) + '"x"' + ']'.repeat(depth);

/** The payload with the run's poison applied. */
function poisoned(payload: Record<string, unknown>, poison: Poison): Record<string, unknown> {
  switch (poison.kind) {
    case 'none':
      return payload;
    case 'nul in one field':
      return { ...payload, [poison.field]: poison.value };
    case 'nul in a key':
      return { ...payload, [poison.field]: '1' };
    case 'nul in every field':
      return Object.fromEntries(
        Object.entries(payload).map(([key, value], i) => {
          const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
          const at = (poison.seed + i) % (text.length + 1);
          return [key, `${text.slice(0, at)}\u0000${text.slice(at)}`];
        }),
      );
    case 'deep': {
      // The deep value goes in as text (see the property); its field is taken out here.
      const { problemDetail: _replaced, ...rest } = payload;
      return rest;
    }
  }
}

/** True when a NUL is in any string or key of the value (a stack, not recursion: values are up to 5,000 deep). */
function anyNul(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string' && item.includes('\u0000')) return true;
    if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/** The value of a route's path parameters: any text, or one with a NUL inside. */
const pathValueArb = fc.oneof(fc.string({ maxLength: 20 }), nulInside(fc.string({ maxLength: 8 })));

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
    // Promotion: a well-formed sign-up (the captcha is wrong), so get-sms and register reach their tracking and checks.
    phone: '13912345678',
    capcode: 'k7mp',
    sid: 'f'.repeat(32),
    smsCode: '123456',
    page_id: '1',
    app_from: 'fb',
    user_from: 'ad1',
    utm_tag: 'spring',
  };
}

/** Form fields as a browser would send them: arrays as repeated keys, objects as JSON text. */
function formFields(payload: Record<string, unknown>): [string, string][] {
  const fields: [string, string][] = [];
  for (const [key, value] of Object.entries(payload)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      fields.push([key, item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item)]);
    }
  }
  return fields;
}

/** A form key nested `depth` levels in the bracket notation some parsers expand (ours keeps it flat). */
const bracketKey = (depth: number) => `orderId${'[a]'.repeat(depth)}`;

type Route = { method: 'GET' | 'POST'; url: string };

/** Routes once left out of the OpenAPI document (HTML, images, the provider's notifications): in it since issue 15, and must stay covered. */
const hiddenRoutes: Route[] = [
  { method: 'GET', url: '/api/payments/card-checkout/{token}' },
  { method: 'POST', url: '/api/payments/card-checkout/{token}' },
  { method: 'GET', url: '/api/payments/references/{reference}/barcode.png' },
  { method: 'POST', url: urls.notify },
];
/** The routes the issue found answering 500 to a NUL or a deep body. */
const issueRoutes = [
  '/v3/loan-details/contract-detail',
  '/api/v2/youmi/promotion/get-sms',
  '/api/v2/youmi/promotion/track-visit',
  '/api/v2/youmi/promotion/track-click',
  '/user-problem/upload-problem-img',
  // Issue 16: sign-in and the sessions.
  '/v3/account/sign-in-code',
  '/v3/account/sign-in',
  '/v3/account/sign-out',
  '/v3/account/sign-out-everywhere',
  '/v3/account/sessions',
  '/v3/account/session-revoke',
];

const RUNS = 40;
let t: TestApp;
let routes: Route[];
/** One borrower with a loan due today per run: per-borrower rate limits never end a run early. */
let loans: Loan[];
let run = 0;

beforeAll(async () => {
  t = await buildTestApp();
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
  routes.push(...hiddenRoutes.filter((h) => !routes.some((r) => r.method === h.method && r.url === h.url)));
  const [staff] = await t.db.insert(staffMembers).values({ email: `hostile.${Date.now()}@presta.example` }).returning();
  await t.db.insert(staffRoleRows).values(staffRoles.map((role) => ({ staffId: staff!.id, role })));
  consoleStaffId = staff!.id;
  consoleAuth = await consoleSession();
});
afterAll(async () => {
  await t.close();
});

/**
 * The calls that end sessions (sign out, sign out everywhere: issue 16) get a borrower and session of their
 * own on each request, so the run's session answers the other calls (and their NUL or deep bodies) to the end.
 */
const sessionEnding = new Set(['/v3/account/sign-out', '/v3/account/sign-out-everywhere']);
async function sessionFor(url: string, sessionId: string): Promise<string> {
  if (!sessionEnding.has(url)) return sessionId;
  return createSession(t.db, (await createBorrower(t.db)).id);
}

/**
 * The console's calls (issue 17) get a staff member's console session holding every role: its cookie, CSRF token
 * and same origin, so that the hostile payload reaches the route itself. Sign-out gets a session of its own on
 * each request.
 */
let consoleStaffId = 0;
let consoleAuth: Record<string, string> = {};
async function consoleSession(): Promise<Record<string, string>> {
  const s = await openStaffSession(t.db, { staffId: consoleStaffId });
  return { cookie: `presta_console=${s.sessionId}`, 'x-csrf-token': t.app.consoleCsrfToken(s.csrfSecret), origin: t.config.publicBaseUrl };
}
async function consoleHeadersFor(url: string): Promise<Record<string, string>> {
  if (!url.startsWith('/console/api/')) return {};
  return url === '/console/api/sign-out' ? consoleSession() : consoleAuth;
}

function fillPath(url: string, value: string): string {
  return url.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}

type Answer = { statusCode: number; body: string; headers: Record<string, string | string[] | number | undefined> };

function expectNoServerError(res: Answer, what: string) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode >= 400 && type.includes('application/json')) {
    const body = JSON.parse(res.body) as { success?: unknown; code?: unknown; message?: unknown; received?: unknown; error?: unknown };
    if (body.received === false) {
      // The payment notification route answers the provider in its own format.
      expect(typeof body.error, what).toBe('string');
      return;
    }
    expect(body.success, what).toBe(false);
    expect(typeof body.code, what).toBe('string');
    expect(typeof body.message, what).toBe('string');
  }
}

/** A refused body: the guard's 400, or the route's 415 (no body of that type) or 413 (over its size limit) first. */
const BODY_REFUSED = [400, 413, 415];
/** The payment notification route judges the signature before the body: these unsigned bodies get its 401 (signed ones: input-guard.test.ts). */
const bodyRefused = (url: string) => (url === SANDBOX_NOTIFICATION_PATH ? [...BODY_REFUSED, 401] : BODY_REFUSED);

/** What the input guard answers: 400 with a message (or one of `statuses`). */
function expectRefused(res: Answer, what: string, statuses: number[] = [400]) {
  expectNoServerError(res, what);
  expect(statuses, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toContain(res.statusCode);
  if (res.statusCode === 400) {
    const body = JSON.parse(res.body) as { message?: string; error?: string };
    expect(body.message ?? body.error, what).toBeTruthy();
  }
}

describe('hostile input on every route of the OpenAPI document', () => {
  it('covers the calls of spec §7 and ours', () => {
    const urls = routes.map((r) => r.url);
    for (const path of ['/v3/loan-details/loan-details', '/user-problem/problem-save', '/api/v2/youmi/promotion/register', '/api/v1/youmi/youmi-api/service/loan/repayment-commit']) {
      expect(urls).toContain(path);
    }
    expect(routes.length).toBeGreaterThan(25);
    for (const path of issueRoutes) expect(urls).toContain(path);
    for (const route of hiddenRoutes) expect(urls).toContain(route.url);
  });

  it('random payloads as a form, as JSON and in the query never get a 5xx; a NUL or a deep JSON body is a 400', async () => {
    let nulRuns = 0;
    let deepRuns = 0;
    await fc.assert(
      fc.asyncProperty(
        payloadArb,
        pathValueArb,
        fc.constantFrom('random', 'valid base', 'valid base'),
        poisonArb,
        async (randomPayload, pathValue, shape, poison) => {
          const loan = loans[run % loans.length]!;
          run += 1;
          const { sessionId } = loan;
          // Either hostile values alone, or a valid payload with some of them on top (overriding fields or adding keys); then the run's poison.
          const payload = poisoned(shape === 'random' ? randomPayload : { ...validBase(loan), ...randomPayload }, poison);
          const deepText = poison.kind === 'deep' ? nestedText(poison.depth, poison.asObject) : undefined;
          if (deepText !== undefined) deepRuns += 1;
          // Per-address limits (the promotion calls) count per client address: each run has its own.
          const remoteAddress = `10.${run % 250}.${Math.floor(run / 250) % 250}.7`;
          const headers = { swift: sessionId };
          // The query and the form carry nested values as JSON text, and a deep one also as a bracketed key.
          const fields = [...formFields(payload), ...(poison.kind === 'deep' ? ([['problemDetail', deepText!], [bracketKey(poison.depth), '1']] as [string, string][]) : [])];
          const flatJson = JSON.stringify(payload);
          const jsonText = deepText === undefined ? flatJson : `${flatJson.slice(0, -1)}${flatJson === '{}' ? '' : ','}"problemDetail":${deepText}}`;
          // Written out here (an object given to inject loses a __proto__ key): the server gets exactly these pairs.
          const queryPairs: [string, string][] = [['swift', sessionId], ...fields];
          const queryString = new URLSearchParams(queryPairs).toString();
          const flatNul = fields.some(([k, v]) => k.includes('\u0000') || v.includes('\u0000'));
          const jsonNul = anyNul(payload);
          if (flatNul || jsonNul || pathValue.includes('\u0000')) nulRuns += 1;
          const what = (how: string, url: string) => `${url} (${how}) ${jsonText.slice(0, 200)}`;
          for (const route of routes) {
            const url = fillPath(route.url, pathValue || 'x');
            const pathNul = route.url.includes('{') && pathValue.includes('\u0000');
            const querySession = await sessionFor(route.url, sessionId);
            const query = querySession === sessionId ? queryString : new URLSearchParams([['swift', querySession], ...fields]).toString();
            const inQuery = await t.app.inject({
              method: route.method,
              url: `${url}?${query}`,
              headers: { ...headers, ...(await consoleHeadersFor(route.url)), swift: querySession },
              remoteAddress,
            });
            if (pathNul || flatNul) expectRefused(inQuery, what('query', `${route.method} ${url}`));
            else expectNoServerError(inQuery, what('query', `${route.method} ${url}`));
            if (route.method === 'GET') continue;
            const formSession = await sessionFor(route.url, sessionId);
            const asForm = await t.app.inject({
              method: 'POST',
              url,
              remoteAddress,
              query: { swift: formSession },
              headers: { ...headers, ...(await consoleHeadersFor(route.url)), swift: formSession, 'content-type': 'application/x-www-form-urlencoded' },
              payload: new URLSearchParams(fields).toString(),
            });
            if (pathNul || flatNul) expectRefused(asForm, what('form', `POST ${url}`), bodyRefused(route.url));
            else expectNoServerError(asForm, what('form', `POST ${url}`));
            const jsonSession = await sessionFor(route.url, sessionId);
            const asJson = await t.app.inject({
              method: 'POST',
              url,
              remoteAddress,
              query: { swift: jsonSession },
              headers: { ...headers, ...(await consoleHeadersFor(route.url)), swift: jsonSession, 'content-type': 'application/json' },
              payload: jsonText,
            });
            if (pathNul || jsonNul || deepText !== undefined) expectRefused(asJson, what('json', `POST ${url}`), bodyRefused(route.url));
            else expectNoServerError(asJson, what('json', `POST ${url}`));
          }
        },
      ),
      { numRuns: RUNS },
    );
    // The generators do what they are for: NULs in many runs, deep bodies in some.
    expect(nulRuns).toBeGreaterThanOrEqual(RUNS / 4);
    expect(deepRuns).toBeGreaterThanOrEqual(1);
  }, 240_000);

  it('broken bodies (bad JSON, binary, a wrong or missing content type, multipart garbage) never get a 5xx; NUL and deep ones are refused', async () => {
    const multipart = (disposition: string) =>
      `--xyz\r\nContent-Disposition: ${disposition}\r\nContent-Type: image/png\r\n\r\nnot an image\r\n--xyz--`;
    /** What the input guard must refuse (BODY_REFUSED). */
    const refused: { type: string; body: string | Buffer }[] = [
      { type: 'application/json', body: '['.repeat(5000) + ']'.repeat(5000) },
      { type: 'application/json', body: '{"orderId":'.repeat(5000) + '1' + '}'.repeat(5000) },
      { type: 'application/json', body: '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1) },
      { type: 'application/json', body: '{"orderNo":"1\\u0000"}' },
      { type: 'application/json', body: '{"a":[{"utm\\u0000tag":"x"}]}' },
      { type: 'application/x-www-form-urlencoded', body: 'orderNo=%00&app_from=fb' },
      { type: 'application/x-www-form-urlencoded', body: 'utm_tag=a%00b&user_from=x%00' },
      { type: 'application/x-www-form-urlencoded', body: 'a%00b=1' },
      { type: 'text/plain', body: 'a\u0000b' },
    ];
    const bodies: { type?: string; body: string | Buffer }[] = [
      ...refused,
      { type: 'application/x-www-form-urlencoded', body: `${'orderId' + '[a]'.repeat(5000)}=1&problemDetail=${encodeURIComponent('['.repeat(5000))}` },
      { type: 'multipart/form-data; boundary=xyz', body: multipart('form-data; name="problem\u0000Image"; filename="a.png"') },
      { type: 'multipart/form-data; boundary=xyz', body: multipart('form-data; name="problemImage"; filename="a\u0000.png"') },
      { type: 'multipart/form-data; boundary=xyz', body: multipart('form-data; name="x"') + '\r\n--xyz\r\nContent-Disposition: form-data; name="orderNo"\r\n\r\n\u0000\r\n--xyz--' },
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
      for (const [i, { type, body }] of bodies.entries()) {
        const url = fillPath(route.url, '1');
        const res = await t.app.inject({
          method: 'POST',
          url,
          // The refused bodies come first, within every per-borrower limit; each body from its own address.
          remoteAddress: `10.251.${i}.9`,
          query: { swift: await sessionFor(route.url, sessionId) },
          headers: { ...(type ? { 'content-type': type } : {}), ...(await consoleHeadersFor(route.url)) },
          payload: body,
        });
        const what = `POST ${url} (${type ?? 'no type'}) ${String(body).slice(0, 60)}`;
        if (refused.some((r) => r.body === body)) expectRefused(res, what, bodyRefused(route.url));
        else expectNoServerError(res, what);
      }
    }
    // The issue's upload case: a JSON body 5,000 deep on upload-problem-img is the guard's 400, not the handler's 415.
    const upload = await t.app.inject({
      method: 'POST',
      url: '/user-problem/upload-problem-img',
      query: { swift: sessionId },
      headers: { 'content-type': 'application/json' },
      payload: '['.repeat(5000) + ']'.repeat(5000),
    });
    expectRefused(upload, 'upload-problem-img, JSON 5,000 deep');
    // No prototype was polluted along the way.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 120_000);
});
