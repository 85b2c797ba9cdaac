import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accountHome, accountLoans, accountOffers, accountProfile } from '@presta/contract/api/account';
import { loanDetailConfirm } from '@presta/contract/api/loan';
import { borrowers } from '../src/db/schema';
import { applyPayment } from '../src/modules/ledger/ledger-service';
import { createOrder } from '../src/modules/orders/order-service';
import { addCoupon, borrowerWithOffer, buildCachingTestApp, connectTestDb, dataOf, injectAs, offerProduct, seedProduct, type TestApp } from './helpers';
import { makeLoan, ONE_INSTALMENT_TOTAL } from './repayment-fixtures';

/**
 * The account's reads (my loans, offers, home, profile) and the confirmation with the caches on (decision 007,
 * issue 18): whatever another process writes (another connection here) shows on the next reads, through the
 * change announcements: 'order:<id>' for a loan's ledger, 'borrower-data:<id>' for the borrower's orders, offers and
 * coupons (migration 0021), 'borrower:<id>' for the borrower's row.
 */
let t: TestApp;
let other: ReturnType<typeof connectTestDb>;

beforeAll(async () => {
  t = await buildCachingTestApp();
  other = connectTestDb();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const poll = { timeout: 5_000, interval: 20 };
const call = async <E extends Parameters<typeof dataOf>[1]>(sessionId: string, e: E, payload: Record<string, string | number> = {}) =>
  dataOf(await injectAs(t.app, sessionId, { url: e.path, payload }), e);

describe('the account with the cache on', () => {
  it('my loans and home show a payment from another process (the order mapped to its borrower)', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const outstanding = async () => (await call(loan.sessionId, accountLoans)).loans[0]?.outstanding;
    expect(await outstanding()).toBe(ONE_INSTALMENT_TOTAL);
    await expect.poll(() => t.app.repos.myLoans.cache.get(loan.borrower.id) !== undefined, poll).toBe(true);
    await applyPayment(other.db, { orderId: Number(loan.orderId), amount: 10_000, purpose: 'repayment', channel: 'store', provider: 'cache-test', providerEventId: `acct-${loan.orderId}` });
    await expect.poll(outstanding, poll).toBe(ONE_INSTALMENT_TOTAL - 10_000);
    expect((await call(loan.sessionId, accountHome)).activeLoan?.outstanding).toBe(ONE_INSTALMENT_TOTAL - 10_000);
  });

  it('offers show an offer granted by another process, and none once it makes an order', async () => {
    const setup = await borrowerWithOffer(t.db);
    const offered = async () => (await call(setup.sessionId, accountOffers)).offers.map((o) => o.productId).sort();
    expect(await offered()).toEqual([String(setup.product.id)]);
    await expect.poll(() => t.app.repos.offers.cache.get(setup.borrower.id) !== undefined, poll).toBe(true);

    const second = await seedProduct(other.db);
    await offerProduct(other.db, setup.borrower.id, second.id, 500_000);
    await expect.poll(offered, poll).toEqual([String(setup.product.id), String(second.id)].sort());

    const order = await createOrder(other.db, { borrowerId: setup.borrower.id, productId: setup.product.id, amount: 200_000, periods: 2, termUnit: 15 });
    await expect.poll(async () => (await call(setup.sessionId, accountOffers)).activeOrderId, poll).toBe(String(order.orderId));
  });

  it('the profile shows a name changed by another process', async () => {
    const setup = await borrowerWithOffer(t.db);
    const name = async () => (await call(setup.sessionId, accountProfile)).fullName;
    await name();
    await expect.poll(() => t.app.repos.profiles.cache.get(setup.borrower.id) !== undefined, poll).toBe(true);
    await other.db.update(borrowers).set({ fullName: 'Otra Persona' }).where(eq(borrowers.id, setup.borrower.id));
    await expect.poll(name, poll).toBe('Otra Persona');
  });
});

describe('the confirmation with the cache on', () => {
  it("shows a coupon added by another process, and refuses once another process made an order (409 activeLoanExists)", async () => {
    const setup = await borrowerWithOffer(t.db);
    const confirm = () => injectAs(t.app, setup.sessionId, { url: loanDetailConfirm.path, payload: { productId: setup.product.id } });
    expect(dataOf(await confirm(), loanDetailConfirm).couNum).toBe(0);
    await expect.poll(() => t.app.repos.offers.cache.get(setup.borrower.id) !== undefined, poll).toBe(true);

    await addCoupon(other.db, setup.borrower.id, 5_000);
    await expect.poll(async () => dataOf(await confirm(), loanDetailConfirm).couNum, poll).toBe(5_000);

    await createOrder(other.db, { borrowerId: setup.borrower.id, productId: setup.product.id, amount: 200_000, periods: 2, termUnit: 15 });
    await expect.poll(async () => (await confirm()).statusCode, poll).toBe(409);
  });
});
