import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOrderStatuses, orderStatusNames } from '@presta/contract/order-status';
import { translate } from '../src/i18n/messages';
import { listAudit } from '../src/modules/audit/audit-log';
import { makeOrderInStatus } from '../src/modules/demo/demo-orders';
import { decideDemoApplicant, demoOutcomeProfiles, demoOutcomes, makeDemoApplicant } from '../src/modules/demo/demo-applicants';
import { createKycProvider } from '../src/modules/application/kyc/kyc-provider';
import { bureauConsentInForce, newestApplication } from '../src/modules/application/application-store';
import { SandboxBureau } from '../src/modules/credit/bureau/bureau-sandbox';
import { createRepositories } from '../src/repositories';
import { ensureCatalogue } from './credit-fixtures';
import { DEMO_FINANCE_EMAIL, DEMO_OPERATOR_EMAIL } from '../src/modules/demo/demo-staff';
import { findStaffByEmail } from '../src/modules/staff/staff-service';
import { borrowerWithOffer, buildTestApp, createBorrower, injectAs, type TestApp, type Wrapper } from './helpers';

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
      payload: { productId: product.id, amount: 300_000, periods: 3, termUnit: 15 },
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
  it('are approved by the demo operator and disbursed by a second demo member, finance only: both audited', async () => {
    const { product, borrower } = await borrowerWithOffer(t.db);
    const order = await makeOrderInStatus(t.db, { borrowerId: borrower.id, productId: product.id, status: '174', lang: 'es' });
    const events = await listAudit(t.db, { objectType: 'order', objectId: order.orderNo });
    expect(events.map((e) => [e.action, e.actorLabel, e.via])).toEqual([
      ['orders.disburse', DEMO_FINANCE_EMAIL, 'cli'],
      ['orders.approve', DEMO_OPERATOR_EMAIL, 'cli'],
    ]);
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
