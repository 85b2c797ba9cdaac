import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOrderStatuses, orderStatusNames } from '@presta/contract/order-status';
import { translate } from '../src/i18n/messages';
import { listAudit } from '../src/modules/audit/audit-log';
import { signedPayload } from './agreement-fixtures';
import { makeOrderInStatus } from '../src/modules/demo/demo-orders';
import { payoutStateOf } from '../src/modules/disbursal/disbursal-service';
import { decideDemoApplicant, demoOutcomeProfiles, demoOutcomes, makeDemoApplicant } from '../src/modules/demo/demo-applicants';
import { createKycProvider } from '../src/modules/application/kyc/kyc-provider';
import { bureauConsentInForce, newestApplication } from '../src/modules/application/application-store';
import { SandboxBureau } from '../src/modules/credit/bureau/bureau-sandbox';
import { createRepositories } from '../src/repositories';
import { ensureCatalogue } from './credit-fixtures';
import { DEMO_FINANCE_EMAIL, DEMO_OPERATOR_EMAIL } from '../src/modules/demo/demo-staff';
import { findStaffByEmail } from '../src/modules/staff/staff-service';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { repoRoot } from '../src/config';
import { ledgerPayments } from '../src/db/schema';
import type { ProviderMock } from '../src/modules/demo/payment-mocks/mock-kit';
import { SANDBOX_UPI_ISSUER } from '../src/modules/payments/sandbox-provider';
import { vpaForOrder } from '../src/modules/payments/india-accounts';
import { providersOf } from '../src/modules/payments/payment-providers';
import type { PaymentProvider } from '../src/modules/payments/payment-provider';
import { newStoreReference } from '../src/modules/payments/store-reference';
import { borrowerWithOffer, buildTestApp, createBorrower, injectAs, testDatabaseUrl, type TestApp, type Wrapper } from './helpers';
import { call, catalogueProduct, endpoints, makeLoan, ONE_INSTALMENT_TOTAL, read, urls } from './repayment-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const demoSession = async (borrowerId: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/dev/demo-session',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `borrowerId=${borrowerId}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Wrapper<{ params: Record<string, string> }>>().data.params;
};

describe('demo-session (the test page\'s "Use")', () => {
  it('opens the pages with the first offer before any order, then with the latest order', async () => {
    const { product, borrower, sessionId } = await borrowerWithOffer(t.db, { borrower: { isDemo: true } });
    const before = await demoSession(borrower.id);
    expect(before.swift).toMatch(/.+/);
    expect(before.productId).toBe(String(product.id));
    expect(before).not.toHaveProperty('orderId');

    const push = await injectAs(t.app, sessionId, {
      url: '/v3/loan-confirm/loan-detail-push',
      payload: await signedPayload(t.app, sessionId, { productId: product.id, amount: 300_000, periods: 3, termUnit: 15 }),
    });
    const { orderId } = push.json<Wrapper<{ orderId: string }>>().data;
    const after = await demoSession(borrower.id);
    expect(after.productId).toBe(String(product.id));
    expect(after.orderId).toBe(String(orderId));
    // The session it answers is a real one: the loan details of that order open with it.
    const details = await injectAs(t.app, after.swift, { url: '/v3/loan-details/loan-details', payload: { productId: after.productId, orderId: after.orderId } });
    expect(details.json<Wrapper>().success).toBe(true);
  });

  it('a borrower who is not a demo borrower gets no session', async () => {
    const borrower = await createBorrower(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/demo-session',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `borrowerId=${borrower.id}`,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('demo orders (decision 023: four eyes)', () => {
  it('are approved by the demo operator and paid out by a second demo member, finance only; the settled payout disburses them: all audited', async () => {
    const { product, borrower } = await borrowerWithOffer(t.db);
    const order = await makeOrderInStatus(t.db, { borrowerId: borrower.id, productId: product.id, status: '174', lang: 'es' });
    const events = await listAudit(t.db, { objectType: 'order', objectId: order.orderNo });
    expect(events.map((e) => [e.action, e.actorLabel, e.via])).toEqual([
      ['orders.disburse', 'system', 'job'],
      ['payouts.start', DEMO_FINANCE_EMAIL, 'cli'],
      ['orders.approve', DEMO_OPERATOR_EMAIL, 'cli'],
    ]);
    expect(await payoutStateOf(t.db, Number(order.orderId))).toMatchObject({ status: 'processed', live: true, amount: expect.any(Number) as number });
    expect((await findStaffByEmail(t.db, DEMO_FINANCE_EMAIL))?.roles).toEqual(['finance']);
  });
});

describe('one name per status', () => {
  it("the loan details page's words (the server's catalogue) are the contract's, which the test page shows", () => {
    for (const lang of ['es', 'en'] as const) {
      for (const status of allOrderStatuses) expect(translate(lang, `status${status}`)).toBe(orderStatusNames[lang][status]);
    }
    expect(orderStatusNames.es['110']).toBe('No aprobado');
  });
});

describe('demo applicants (issue 35: one identity each, decided at once)', () => {
  const deps = () => ({ repos: createRepositories(t.db), kyc: createKycProvider(t.config, t.app.log) });
  // The products the policy lends on (the demo's first start seeds them with the demo data).
  beforeAll(() => ensureCatalogue(t.db));
  const expected = {
    approved: { status: 'approved', reasons: [], reapply: false, limit: true },
    referred: { status: 'referred', reasons: ['score_in_review_band'], reapply: false, limit: true },
    declined: { status: 'declined', reasons: ['current_delinquency', 'score_below_cutoff'], reapply: true, limit: false },
  } as const;

  for (const market of ['MX', 'IN'] as const) {
    for (const outcome of demoOutcomes) {
      it(`--outcome ${outcome} (${market}): submitted, verified and decided with that outcome and its reasons`, async () => {
        const made = await makeDemoApplicant(t.db, deps(), { language: market === 'MX' ? 'es' : 'en', market, step: 'submitted', profile: demoOutcomeProfiles[outcome] });
        const decided = await decideDemoApplicant(t.db, { kyc: deps().kyc, bureau: new SandboxBureau() }, made.borrowerId);
        const want = expected[outcome];
        expect(decided).toMatchObject({ status: want.status, outcome, reasons: want.reasons });
        expect(decided.reapplyAfter !== null).toBe(want.reapply);
        expect(decided.limits.some((l) => l.limitAmount > 0)).toBe(want.limit);
        expect((await newestApplication(t.db, made.borrowerId))?.flags).toEqual([]);
      });
    }
  }

  it('two demo applicants of a market never share an identity: neither is flagged nor declined as identity_in_use', async () => {
    const first = await makeDemoApplicant(t.db, deps(), { language: 'es', market: 'MX', step: 'submitted' });
    const second = await makeDemoApplicant(t.db, deps(), { language: 'es', market: 'MX', step: 'submitted' });
    expect(second.person).not.toMatchObject({ curp: (first.person as { curp: string }).curp });
    for (const who of [first, second]) {
      const decided = await decideDemoApplicant(t.db, { kyc: deps().kyc, bureau: new SandboxBureau() }, who.borrowerId);
      expect(decided.outcome).toBe('approved');
      expect(decided.reasons).not.toContain('identity_in_use');
      expect((await newestApplication(t.db, who.borrowerId))?.flags).toEqual([]);
    }
    const [a, b] = await Promise.all([newestApplication(t.db, first.borrowerId), newestApplication(t.db, second.borrowerId)]);
    expect(a?.curp).not.toBe(b?.curp);
  });

  it('a demo applicant at a step has an identity of its own too (the approved profile unless asked)', async () => {
    const one = await makeDemoApplicant(t.db, deps(), { language: 'en', market: 'IN', step: 'consents' });
    const two = await makeDemoApplicant(t.db, deps(), { language: 'en', market: 'IN', step: 'consents' });
    const [a, b] = await Promise.all([newestApplication(t.db, one.borrowerId), newestApplication(t.db, two.borrowerId)]);
    expect(a?.pan).toMatch(/^HIG/);
    expect(a?.pan).not.toBe(b?.pan);
    expect(a?.status).toBe('draft');
  });

  it('--step review: every step done and the consents signed, ready to send (not sent)', async () => {
    const made = await makeDemoApplicant(t.db, deps(), { language: 'es', market: 'MX', step: 'review' });
    const row = await newestApplication(t.db, made.borrowerId);
    expect(row?.status).toBe('draft');
    expect(await bureauConsentInForce(t.db, row!.id)).toBeDefined();
    expect(row?.submittedAt).toBeNull();
  });
});

describe('a reference paid through its provider (POST /api/dev/payments/pay, demo pay)', () => {
  const payDev = (app: TestApp['app'], body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/dev/payments/pay', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  const paymentsOf = (orderId: string) => t.db.select().from(ledgerPayments).where(eq(ledgerPayments.orderId, Number(orderId)));

  it('the sandbox\'s UPI reference by what the Indian voucher shows (its VPA): paid by a signed notification, from the route and from `demo pay`', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const loan = await makeLoan(t.db, { product: catalogueProduct('IN'), amount: 500_000, daysAgo: 91 });
    const play = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail);
    const voucher = read(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: play.repayAmount, payCode: 'upi', requestType: 1 }), endpoints.voucher);
    const vpa = vpaForOrder(Number(loan.orderId), SANDBOX_UPI_ISSUER);
    expect(voucher.repayDetail.vCode).toBe(vpa);

    const res = await payDev(t.app, { reference: vpa, amount: 10_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Wrapper>().data).toMatchObject({ voucherCode: vpa, provider: 'sandbox', channel: 'upi', amount: 10_000, status: 200, delivered: true, body: { received: true, applied: true } });

    // The command line: the same lookup (it refused a VPA before issue 36); the rest of what is owed by default.
    const env = { ...process.env, DATABASE_URL: testDatabaseUrl(), PUBLIC_BASE_URL: address, PAYMENT_SANDBOX_SECRET: '' };
    const { stdout } = await promisify(execFile)(path.join(repoRoot, 'node_modules/.bin/tsx'), [path.join(repoRoot, 'apps/server/src/cli/demo.ts'), 'pay', vpa, '--amount', '5000'], { env, cwd: repoRoot });
    expect(JSON.parse(stdout)).toMatchObject({ provider: 'sandbox', amount: 5_000, status: 200, body: { received: true, applied: true } });
    expect((await paymentsOf(loan.orderId)).map((p) => p.amount).sort((a, b) => a - b)).toEqual([5_000, 10_000]);
  }, 60_000);

  it('a reference no one made: 404', async () => {
    expect((await payDev(t.app, { reference: 'nobody@nowhere' })).statusCode).toBe(404);
  });

  it('another provider\'s reference: through its mock, with what it made (the provider reference) and the reference\'s amount', async () => {
    const asked: Parameters<ProviderMock['pay']>[0][] = [];
    const mock: ProviderMock = {
      provider: 'conekta',
      url: 'http://127.0.0.1:9',
      env: {},
      pay: (input) => {
        asked.push(input);
        return Promise.resolve({ eventIds: ['evt_1'], logs: [{ attempts: [200], delivered: true }] });
      },
      close: () => Promise.resolve(),
    };
    let n = 77_000_000_000;
    const conekta: PaymentProvider = {
      id: 'conekta',
      channels: ['store'],
      stores: ['OXXO'],
      verification: 'stand-in',
      createReference: (i) => Promise.resolve({ reference: newStoreReference((n += 1)), providerReference: `ord_${n}`, voucherCode: `9300${n}`, expiresAt: i.expiresAt }),
      handleWebhook: () => Promise.resolve({ ok: false, reason: 'missing' }),
      fetchStatus: () => Promise.resolve({ state: 'unknown', paidAmount: 0, events: [] }),
    };
    const payments = providersOf({ MX: { store: 'conekta' }, IN: {} }, [conekta]);
    const withMock = await buildTestApp({}, { payments, paymentMocks: { conekta: mock } });
    const without = await buildTestApp({}, { payments });
    try {
      const loan = await makeLoan(withMock.db);
      const v = read(await call(withMock.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL, payCode: 'store', requestType: 1 }), endpoints.voucher);
      const res = await payDev(withMock.app, { reference: v.repayDetail.vCode });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Wrapper>().data).toMatchObject({ provider: 'conekta', channel: 'store', amount: ONE_INSTALMENT_TOTAL, eventIds: ['evt_1'], delivered: true });
      expect(asked).toEqual([{ providerReference: `ord_${n}`, reference: newStoreReference(n), channel: 'store', amount: ONE_INSTALMENT_TOTAL }]);
      const refused = await payDev(without.app, { reference: v.repayDetail.vCode });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<Wrapper>().message).toContain('PAYMENT_PROVIDER_MOCKS=1');
    } finally {
      await Promise.all([withMock.close(), without.close()]);
    }
  });
});
