import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOrderStatuses, orderStatusNames } from '@presta/contract/order-status';
import { translate } from '../src/i18n/messages';
import { listAudit } from '../src/modules/audit/audit-log';
import { makeOrderInStatus } from '../src/modules/demo/demo-orders';
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
