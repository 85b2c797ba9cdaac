import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints, promoSessions } from '../src/db/schema';
import { operationIdOf } from '../src/lib/openapi-document';
import { answerHash } from '../src/modules/promotion/promotion-service';
import { staffRoles } from '@presta/contract/staff-roles';
import { consoleSignInAs, staffMember } from './console-fixtures';
import { buildTestApp, type TestApp } from './helpers';
import { makeLoan, type Loan } from './repayment-fixtures';

/*
 * The OpenAPI document the server serves at /docs/json (issue 15): Redocly's
 * recommended rules find no error; every API route the server serves is in
 * it; what it says about sessions and body types is what the server does; and
 * a client generated from it by an independent generator (openapi-typescript
 * types + openapi-fetch) type-checks and makes real calls.
 */

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { description: string; content?: Record<string, { schema: { properties?: { code?: { enum?: string[] } } } }> }>;
  parameters?: { in: string; name: string }[];
};
type Problem = { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] };
type Document = { paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, unknown> } };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const apiPrefixes = ['/api/', '/v3/', '/user-problem/', '/console/api/'];
const formType = 'application/x-www-form-urlencoded';
const jsonType = 'application/json';

let t: TestApp;
let doc: Document;
let docText: string;
let loan: Loan;

beforeAll(async () => {
  // The metrics token set, so that every route that can exist does.
  t = await buildTestApp({ metricsToken: 'metrics-token-for-openapi-tests' });
  const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
  expect(res.statusCode).toBe(200);
  docText = res.body;
  doc = res.json<Document>();
  loan = await makeLoan(t.db, { status: '180' });
});
afterAll(async () => {
  await t?.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([p, ops]) => Object.entries(ops).map(([method, op]) => ({ path: p, method: method.toUpperCase(), op })));
/** An operation's path with sample values in its parameters, as Fastify's pattern (:name) → a URL. */
const sampleUrl = (p: string) => p.replace(/\{[^}]+\}/g, '1');
const isBorrowerCall = (op: Operation) =>
  (op.security ?? []).length > 0 && (op.security ?? []).every((r) => Object.keys(r).length === 1 && ('session' in r || 'sessionHeader' in r || 'sessionCookie' in r));

/** Every route of the server, from Fastify's route tree (commonPrefix off: each line adds to its parent's path). */
function servedRoutes(tree: string): { path: string; methods: string[] }[] {
  const out: { path: string; methods: string[] }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = full;
    if (m[3]) out.push({ path: full, methods: m[3].split(', ') });
  }
  return out;
}

describe('the document', () => {
  it("Redocly's recommended rules (@redocly/cli lint): no error", () => {
    const dir = path.join(root, 'test-results', 'openapi-lint');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'openapi.json'), docText);
    const cli = createRequire(import.meta.url).resolve('@redocly/cli/package.json').replace(/package\.json$/, 'bin/cli.js');
    const run = spawnSync(process.execPath, [cli, 'lint', '--extends=recommended', '--format=json', '--max-problems=1000', 'openapi.json'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      timeout: 60_000,
    });
    const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number }; problems: Problem[] };
    const errors = report.problems.filter((p) => p.severity === 'error');
    const warnings = report.problems.filter((p) => p.severity === 'warn');
    expect(report.totals).toMatchObject({ errors: errors.length, warnings: warnings.length });
    console.info(`Redocly (recommended): ${errors.length} errors, ${warnings.length} warnings (${[...new Set(warnings.map((w) => w.ruleId))].join(', ')})`);
    expect(errors.map((e) => `${e.ruleId}: ${e.message} at ${e.location[0]?.pointer}`)).toEqual([]);
  });

  it('every API route the server serves is in it, and nothing else', () => {
    const served = servedRoutes(t.app.printRoutes({ commonPrefix: false }))
      .filter((r) => apiPrefixes.some((prefix) => r.path.startsWith(prefix)) || r.path === '/metrics')
      .flatMap((r) => r.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${r.path}`))
      .sort();
    const documented = operations()
      .map((o) => `${o.method} ${o.path.replace(/\{([^}]+)\}/g, ':$1')}`)
      .sort();
    expect(served.length).toBeGreaterThan(40);
    expect(documented).toEqual(served);
    // The routes that used to be missing.
    for (const p of [
      '/api/payments/notifications/sandbox',
      '/api/payments/references/{reference}/barcode.png',
      '/api/payments/references/{reference}/barcode.svg',
      '/api/payments/card-checkout/{token}',
      '/metrics',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });

  it('operationIds: unique, the last path segment in camelCase unless the route names one', () => {
    const ids = operations().map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const named = new Set(['sandboxPaymentNotification', 'conektaPaymentNotification', 'stpPaymentNotification', 'razorpayPaymentNotification', 'stpPayoutNotification', 'razorpayxPayoutNotification', 'cardCheckoutPage', 'cardCheckoutPay']);
    for (const o of operations()) {
      if (!named.has(o.op.operationId!)) expect(o.op.operationId, `${o.method} ${o.path}`).toBe(operationIdOf(o.path));
    }
    expect(doc.paths['/v3/loan-details/loan-details']!.post!.operationId).toBe('loanDetails');
    expect(doc.paths['/v3/installment/loan-play-detail']!.post!.operationId).toBe('loanPlayDetail');
    expect(doc.paths['/api/payments/references/{reference}/barcode.png']!.get!.operationId).toBe('barcodePng');
    expect(operationIdOf('/user-problem/problem-image/:imageId')).toBe('problemImage');
    expect(doc.paths['/console/api/set-up/open']!.post!.operationId).toBe('consoleSetUpOpen');
  });

  it('every operation answers at least one documented 4xx, and every wrapper refusal names its codes', () => {
    for (const o of operations()) {
      const statuses = Object.keys(o.op.responses);
      expect(statuses.some((s) => s.startsWith('4')), `${o.method} ${o.path}`).toBe(true);
      expect(statuses.some((s) => s.startsWith('2')), `${o.method} ${o.path}`).toBe(true);
      for (const [status, response] of Object.entries(o.op.responses)) {
        const codes = response.content?.[jsonType]?.schema.properties?.code?.enum;
        if (Number(status) >= 400 && codes) expect(codes.length, `${o.method} ${o.path} ${status}`).toBeGreaterThan(0);
      }
    }
    const codes = (p: string, status: string) => doc.paths[p]!.post!.responses[status]?.content?.[jsonType]?.schema.properties?.code?.enum;
    expect(codes('/v3/loan-details/generate-vcode', '401')).toEqual(['401001']);
    expect(codes('/v3/loan-details/generate-vcode', '404')).toEqual(['404001']);
    expect(codes('/v3/loan-details/generate-vcode', '409')).toEqual(['409001']);
    expect(codes('/v3/loan-details/generate-vcode', '422')).toEqual(['422001', '422002']);
    expect(codes('/v3/loan-details/generate-vcode', '415')).toEqual(['400001']);
    expect(codes('/api/v1/youmi/youmi-api/service/loan/repayment-confirm', '400')).toEqual(['400001', '800006']);
    expect(doc.paths['/v3/loan-details/loan-details']!.post!.responses['503']!.description).toMatch(/503001/);
  });

  it('the security schemes: the session on every borrower call, a signature on the notification, the console cookie or a staff API token on console calls', () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(
      ['consoleCookie', 'metricsToken', 'paymentSignature', 'referenceToken', 'session', 'sessionCookie', 'sessionHeader', 'staffApiToken'].sort(),
    );
    // The back office's calls (issue 17): the console cookie, never a borrower's session; sign-in is public.
    expect(doc.components.securitySchemes.consoleCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'presta_console' });
    expect(doc.paths['/console/api/me']!.get!.security).toEqual([{ consoleCookie: [] }]);
    expect(doc.paths['/console/api/sign-out']!.post!.security).toEqual([{ consoleCookie: [] }]);
    expect(Object.keys(doc.paths['/console/api/sign-out']!.post!.responses)).toEqual(expect.arrayContaining(['401', '403']));
    expect(doc.paths['/console/api/sign-in']!.post!.security).toEqual([]);
    // A console call takes either the cookie or a member's API token (decision 018 point 9); making a token, the cookie only.
    expect(doc.components.securitySchemes.staffApiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/console/api/staff']!.get!.security).toEqual([{ consoleCookie: [] }, { staffApiToken: [] }]);
    expect(doc.paths['/console/api/promotion/funnel']!.get!.security).toEqual([{ consoleCookie: [] }, { staffApiToken: [] }]);
    expect(doc.paths['/console/api/me/tokens/create']!.post!.security).toEqual([{ consoleCookie: [] }]);
    expect(Object.keys(doc.paths['/console/api/staff']!.get!.responses)).toEqual(expect.arrayContaining(['401', '403', '429']));
    // A borrower call takes the session in the query, the header or (a plain browser, issue 16) the cookie.
    expect(doc.paths['/v3/loan-details/loan-details']!.post!.security).toEqual([{ session: [] }, { sessionHeader: [] }, { sessionCookie: [] }]);
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'presta_session' });
    const borrowerCalls = operations().filter((o) => isBorrowerCall(o.op));
    expect(borrowerCalls.length).toBeGreaterThanOrEqual(24);
    for (const path of ['/v3/loan-details/loan-details', '/user-problem/problem-save', '/user-problem/upload-problem-img', '/v3/loan-details/loan-statement']) {
      expect(isBorrowerCall(doc.paths[path]!.post!), path).toBe(true);
    }
    expect(doc.paths['/api/payments/notifications/sandbox']!.post!.security).toEqual([{ paymentSignature: [] }]);
    // The operator token's calls are gone (decision 018).
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/ops/'))).toEqual([]);
    expect(doc.paths['/metrics']!.get!.security).toEqual([{ metricsToken: [] }]);
    expect(doc.paths['/api/v2/youmi/promotion/get-sms']!.post!.security).toEqual([]);
    // The session parameters travel in the query: documented there on the borrower calls, never `swift` (the scheme's).
    const names = doc.paths['/v3/loan-details/loan-details']!.post!.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['crp_phe', 'dearest', 'showy', 'dearer', 'eyes', 'language']));
    expect(names).not.toContain('swift');
  });

  it('what it says is what the server does: borrower calls refuse a missing session with 401001', async () => {
    const borrowerCalls = operations().filter((o) => isBorrowerCall(o.op));
    for (const o of borrowerCalls) {
      const res = await t.app.inject({ method: o.method as 'GET' | 'POST', url: sampleUrl(o.path), ...(o.method === 'POST' ? { headers: { 'content-type': formType }, payload: '' } : {}) });
      expect(res.statusCode, `${o.method} ${o.path}`).toBe(401);
      expect(res.json<{ code: string }>().code).toBe('401001');
    }
  });

  it('what it says is what the server does: a body type the document does not list is refused with 415', async () => {
    const posts = operations().filter((o) => o.op.requestBody);
    // A console call checks its session before its body (401 first): signed in with every role, its body type is what is refused.
    const staff = await consoleSignInAs(t, await staffMember(t, [...staffRoles]), '198.51.100.199');
    const isConsoleCall = (op: Operation) => (op.security ?? []).some((r) => 'consoleCookie' in r);
    const consoleHeaders = { cookie: staff.cookie, 'x-csrf-token': staff.csrfToken, origin: t.config.publicBaseUrl };
    expect(posts.length).toBeGreaterThanOrEqual(25);
    let refused = 0;
    for (const o of posts) {
      const documented = Object.keys(o.op.requestBody!.content);
      expect(documented.length, `${o.method} ${o.path}`).toBeGreaterThan(0);
      for (const [type, payload] of [
        [formType, 'orderId=1'],
        [jsonType, '{"orderId":"1"}'],
      ] as const) {
        if (documented.includes(type)) continue;
        const res = await t.app.inject({
          method: 'POST',
          url: sampleUrl(o.path),
          query: isBorrowerCall(o.op) ? { swift: loan.sessionId } : {},
          headers: { 'content-type': type, ...(isConsoleCall(o.op) ? consoleHeaders : {}) },
          payload,
        });
        expect(res.statusCode, `${o.path} with ${type}`).toBe(415);
        refused++;
      }
    }
    // Every borrower form call (JSON refused), the notification (form refused), the checkout form, the promotion forms.
    expect(refused).toBeGreaterThanOrEqual(25);
    expect(Object.keys(doc.paths['/v3/loan-details/loan-details']!.post!.requestBody!.content)).toEqual([formType]);
    expect(Object.keys(doc.paths['/user-problem/upload-problem-img']!.post!.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(doc.paths['/api/payments/notifications/sandbox']!.post!.requestBody!.content)).toEqual([jsonType]);
  });
});

/*
 * A native team's client: TypeScript types generated from /docs/json by
 * openapi-typescript, calls made with openapi-fetch (neither knows this
 * server). The calls are type-checked against the generated types, then run
 * against the test server through app.inject.
 */
const clientSource = String.raw`
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

/** The session as the document's schemes say: 'session' (swift in the query) or 'sessionHeader' (the swift header). */
function session(sessionId: string, where: 'query' | 'header'): Middleware {
  return {
    async onRequest({ request }) {
      if (where === 'header') {
        request.headers.set('swift', sessionId);
        return request;
      }
      const url = new URL(request.url);
      url.searchParams.set('swift', sessionId);
      const body = request.method === 'GET' ? undefined : await request.text();
      return new Request(url, { method: request.method, headers: request.headers, body });
    },
  };
}

const form = { 'Content-Type': 'application/x-www-form-urlencoded' } as const;

export function prestaClient(fetchImpl: (request: Request) => Promise<Response>, sessionId?: string, where: 'query' | 'header' = 'query') {
  const client = createClient<paths>({ baseUrl: 'http://presta.test', fetch: fetchImpl });
  if (sessionId) client.use(session(sessionId, where));
  return client;
}
type Client = ReturnType<typeof prestaClient>;

export const loanDetails = (client: Client, orderId: string) =>
  client.POST('/v3/loan-details/loan-details', { body: { orderId }, headers: form, params: { query: { language: '2' } } });

export const repaymentDetail = (client: Client, orderId: string) =>
  client.POST('/v3/installment/loan-play-detail', { body: { orderId }, headers: form, params: { query: { language: '1' } } });

export const problemSave = (client: Client, orderNo: string, problemDetail: string) =>
  client.POST('/user-problem/problem-save', { body: { orderNo, problemType: 2, problemDetail }, headers: form });

export const getSid = (client: Client) => client.GET('/api/v2/youmi/promotion/get-sid');

export const getCaptcha = (client: Client, sid: string) =>
  client.GET('/api/v2/youmi/promotion/get-captcha', { params: { query: { sid, t: '1' } }, parseAs: 'arrayBuffer' });

export const getSms = (client: Client, phone: string, sid: string, capcode: string) =>
  client.POST('/api/v2/youmi/promotion/get-sms', { body: { phone, capcode, sid, appName: 'Presta', utm_tag: 'openapi' }, headers: form });

// The generated types catch what the server would refuse: a missing required field, an unknown call.
export const wrong = (client: Client) => [
  // @ts-expect-error orderId is required
  client.POST('/v3/loan-details/loan-details', { body: { productId: '1' }, headers: form }),
  // @ts-expect-error no such call
  client.POST('/v3/loan-details/no-such-call', { body: {} }),
];

// What the answers are typed as, used below (a wrong field name would not compile).
export type LoanDetailsData = NonNullable<NonNullable<Awaited<ReturnType<typeof loanDetails>>['data']>['data']>;
export const statusOf = (d: LoanDetailsData): string => d.orderStatus;
export type RepaymentDetailData = NonNullable<NonNullable<Awaited<ReturnType<typeof repaymentDetail>>['data']>['data']>;
export const repayAmountOf = (d: RepaymentDetailData): number => d.repayAmount;
`;

type ClientModule = {
  prestaClient: (f: (r: Request) => Promise<Response>, sessionId?: string, where?: 'query' | 'header') => unknown;
  loanDetails: (c: unknown, orderId: string) => Promise<{ data?: { success: boolean; code: string; data: { orderStatus: string } | null }; response: Response }>;
  repaymentDetail: (c: unknown, orderId: string) => Promise<{ data?: { success: boolean; code: string; data: { repayAmount: number; detail: unknown[] } | null }; response: Response }>;
  problemSave: (c: unknown, orderNo: string, text: string) => Promise<{ data?: { success: boolean; data: { problemId: string } | null }; error?: unknown; response: Response }>;
  getSid: (c: unknown) => Promise<{ data?: { data: { sid: string } | null } }>;
  getCaptcha: (c: unknown, sid: string) => Promise<{ data?: ArrayBuffer; response: Response }>;
  getSms: (c: unknown, phone: string, sid: string, capcode: string) => Promise<{ data?: { success: boolean; code: string }; response: Response }>;
  statusOf: (d: unknown) => string;
  repayAmountOf: (d: unknown) => number;
};

/** fetch for the generated client: each request goes to the test server through app.inject. */
async function injectFetch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : Buffer.from(await request.arrayBuffer());
  const res = await t.app.inject({
    method: request.method as 'GET' | 'POST',
    url: url.pathname + url.search,
    headers: Object.fromEntries(request.headers),
    ...(body ? { payload: body } : {}),
  });
  const headers = new Headers();
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
  return new Response(res.rawPayload.length ? res.rawPayload : null, { status: res.statusCode, headers });
}

describe('a client generated from /docs/json (openapi-typescript + openapi-fetch)', () => {
  let client: ClientModule;

  beforeAll(async () => {
    const dir = path.join(root, 'test-results', 'openapi-client');
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'schema.d.ts'), astToString(await openapiTS(docText)));
    fs.writeFileSync(path.join(dir, 'client.ts'), clientSource);
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({ extends: '../../tsconfig.base.json', compilerOptions: { lib: ['ES2023', 'DOM'], types: [] }, include: ['client.ts', 'schema.d.ts'] }),
    );
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const checked = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
    expect(checked.stdout + checked.stderr, 'the calls type-check against the generated types').toBe('');
    expect(checked.status).toBe(0);
    client = (await import(pathToFileURL(path.join(dir, 'client.ts')).href)) as ClientModule;
  }, 120_000);

  it('loan-details (session in the query)', async () => {
    const c = client.prestaClient(injectFetch, loan.sessionId, 'query');
    const res = await client.loanDetails(c, loan.orderId);
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ success: true, code: '0' });
    expect(client.statusOf(res.data!.data)).toBe('180');
  });

  it('loan-play-detail (session in the header)', async () => {
    const c = client.prestaClient(injectFetch, loan.sessionId, 'header');
    const res = await client.repaymentDetail(c, loan.orderId);
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ success: true, code: '0' });
    expect(client.repayAmountOf(res.data!.data)).toBeGreaterThan(0);
    expect(res.data!.data!.detail.length).toBeGreaterThan(0);
  });

  it('problem-save: the complaint is filed', async () => {
    const c = client.prestaClient(injectFetch, loan.sessionId);
    const text = `Generated client ${Date.now()}`;
    const res = await client.problemSave(c, loan.orderNo, text);
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const problemId = res.data!.data!.problemId;
    const [row] = await t.db.select().from(complaints).where(eq(complaints.id, Number(problemId)));
    expect(row).toMatchObject({ borrowerId: loan.borrower.id, detail: text });
  });

  it('get-sid, get-captcha and get-sms: a code is sent', async () => {
    const c = client.prestaClient(injectFetch);
    const sid = (await client.getSid(c)).data!.data!.sid;
    expect(sid).toMatch(/^[0-9a-f]{32}$/);
    const captcha = await client.getCaptcha(c, sid);
    expect(captcha.response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(captcha.data!).subarray(1, 4).toString()).toBe('PNG');
    // The captcha's answer is set to a known one (reading the image is not what this test is about).
    await t.db.update(promoSessions).set({ answerHash: answerHash(sid, 'k7mp'), drawnAt: new Date() }).where(eq(promoSessions.sid, sid));
    const phone = `13${String(Date.now() % 1e9).padStart(9, '0')}`;
    const res = await client.getSms(c, phone, sid, 'k7mp');
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ success: true, code: '0' });
  });

  it('without the session the generated client gets the documented 401', async () => {
    const res = (await client.loanDetails(client.prestaClient(injectFetch), loan.orderId)) as { response: Response; error?: unknown };
    expect(res.response.status).toBe(401);
    expect(res.error).toMatchObject({ success: false, code: '401001', data: null });
  });
});
