import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPayment } from '../src/modules/ledger/ledger-service';
import { buildTestApp, connectTestDb, dataOf, type TestApp } from './helpers';
import { call, endpoints, makeLoan, ONE_DAY_FINE, ONE_INSTALMENT_TOTAL, urls } from './repayment-fixtures';

/**
 * loan-details reads the ledger from its cached order snapshot (decision 007):
 * a payment written by another process (another connection here) must show on
 * the next reads, through the change notifications of the ledger tables.
 */
let t: TestApp;
let other: ReturnType<typeof connectTestDb>;

beforeAll(async () => {
  t = await buildTestApp({ cacheTtlMs: 60_000 });
  other = connectTestDb();
  for (let i = 0; i < 250 && !t.app.caches.orderDetails.enabled; i++) await new Promise((r) => setTimeout(r, 20));
  if (!t.app.caches.orderDetails.enabled) throw new Error('the change feed did not start listening');
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const amountDue = (d: { userOrderDetail: { detail: { text: string; value: string }[] } }) =>
  d.userOrderDetail.detail.find((r) => r.text === 'Monto a pagar')?.value;

describe('loan-details with the cache on', () => {
  it('a payment from another process updates the cached amount due, then the status', async () => {
    const loan = await makeLoan(t.db, { status: '180', daysAgo: 17 }); // 2 days late
    const read = async () => dataOf(await call(t.app, loan.sessionId, urls.details, { orderId: loan.orderId }), endpoints.details);
    const owed = ONE_INSTALMENT_TOTAL + 2 * ONE_DAY_FINE;
    await expect.poll(async () => amountDue(await read()), { timeout: 5_000, interval: 20 }).toBe('$1.139,92');
    await expect.poll(() => t.app.caches.orderDetails.get(Number(loan.orderId)) !== undefined, { timeout: 5_000, interval: 20 }).toBe(true);

    const pay = (amount: number, n: number) =>
      applyPayment(other.db, { orderId: Number(loan.orderId), amount, purpose: 'repayment', channel: 'store', provider: 'cache-test', providerEventId: `cache-${loan.orderId}-${n}` });
    await pay(40_000, 1);
    await expect.poll(async () => amountDue(await read()), { timeout: 5_000, interval: 20 }).toBe('$739,92');
    await pay(owed - 40_000, 2);
    await expect.poll(async () => (await read()).orderStatus, { timeout: 5_000, interval: 20 }).toBe('200');
    expect(amountDue(await read())).toBe('');
  });
});
