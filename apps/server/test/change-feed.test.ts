import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { signedPayload } from './agreement-fixtures';
import { loanDetailPush, loanDetails } from '@presta/contract/api/loan';
import { sessions } from '../src/db/schema';
import { hashSessionId, newSessionId } from '../src/modules/session/session-service';
import { guessLimits } from '../src/plugins/app/guess-limits';
import { deferRatingPrompt } from '../src/modules/loan/loan-service';
import { createRepositories } from '../src/repositories';
import { transitionOrder } from '../src/modules/orders/order-service';
import { borrowerWithOffer, buildCachingTestApp, connectTestDb, injectAs, dataOf, wrapper, type TestApp } from './helpers';

/**
 * Caches on: sessions and loan-details reads are served from memory until the
 * database announces a change. The writes here go through another connection,
 * as the ops command in another process would.
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

const details = (sessionId: string, orderId: string) =>
  injectAs(t.app, sessionId, { url: '/v3/loan-details/loan-details', payload: { orderId } });

async function placeOrder() {
  const setup = await borrowerWithOffer(t.db, { limit: 500_000 });
  const push = await injectAs(t.app, setup.sessionId, {
    url: '/v3/loan-confirm/loan-detail-push',
    payload: await signedPayload(t.app, setup.sessionId, { productId: setup.product.id, amount: 300_000, periods: 3, termUnit: setup.product.termUnitDays }),
  });
  const { orderId } = dataOf(push, loanDetailPush);
  return { ...setup, orderId };
}

describe('change feed', () => {
  it('serves a status change made by another process on the next reads', async () => {
    const { sessionId, orderId } = await placeOrder();
    // The order's own creation is announced too; once those announcements are in, the read stays cached.
    await expect
      .poll(async () => {
        expect(dataOf(await details(sessionId, orderId), loanDetails).orderStatus).toBe('21');
        return t.app.repos.orderDetails.cache.get(Number(orderId)) !== undefined;
      }, { timeout: 5_000, interval: 20 })
      .toBe(true);

    await transitionOrder(other.db, { orderId: Number(orderId), action: 'approve', actor: 'operator' });
    await expect
      .poll(async () => dataOf(await details(sessionId, orderId), loanDetails).orderStatus, { timeout: 5_000, interval: 20 })
      .toBe('151');
  });

  it('an answer built from the cached order is reused, and follows the language and a rating', async () => {
    const { sessionId, orderId } = await placeOrder();
    await transitionOrder(other.db, { orderId: Number(orderId), action: 'approve', actor: 'operator' });
    await transitionOrder(other.db, { orderId: Number(orderId), action: 'disburse', actor: 'operator' });
    // Once the announcements are in, the order sits in the cache and its answers are reused.
    await expect
      .poll(async () => {
        const data = dataOf(await details(sessionId, orderId), loanDetails);
        return data.orderStatus === '174' && t.app.repos.orderDetails.cache.get(Number(orderId)) !== undefined;
      }, { timeout: 5_000, interval: 20 })
      .toBe(true);
    const first = dataOf(await details(sessionId, orderId), loanDetails);
    expect(dataOf(await details(sessionId, orderId), loanDetails)).toEqual(first);
    expect(first.isScore).toBe(1);

    // Another language is another answer, not the cached Spanish one.
    const english = await injectAs(t.app, sessionId, { url: '/v3/loan-details/loan-details', payload: { orderId }, query: { language: '1' } });
    expect(dataOf(english, loanDetails).noticeStatusText).not.toBe(first.noticeStatusText);
    expect(dataOf(await details(sessionId, orderId), loanDetails).noticeStatusText).toBe(first.noticeStatusText);

    // A rating (through this app) ends the rating prompt on the next reads.
    const rated = await injectAs(t.app, sessionId, { url: '/v3/loan-details/google-score', payload: { orderId, score: 4 } });
    expect(rated.statusCode).toBe(200);
    await expect.poll(async () => dataOf(await details(sessionId, orderId), loanDetails).isScore, { timeout: 5_000, interval: 20 }).toBe(0);
  });

  it('a "not now" to the rating prompt written by another process drops the borrower\'s cached answers (issue 14)', async () => {
    const { sessionId, orderId, borrower } = await placeOrder();
    await transitionOrder(other.db, { orderId: Number(orderId), action: 'approve', actor: 'operator' });
    await transitionOrder(other.db, { orderId: Number(orderId), action: 'disburse', actor: 'operator' });
    await expect
      .poll(async () => {
        const data = dataOf(await details(sessionId, orderId), loanDetails);
        return data.isScore === 1 && t.app.repos.orderDetails.cache.get(Number(orderId)) !== undefined;
      }, { timeout: 5_000, interval: 20 })
      .toBe(true);
    await deferRatingPrompt({ db: other.db, repos: createRepositories(other.db), lang: 'es', now: new Date(), borrowerId: borrower.id });
    await expect.poll(async () => dataOf(await details(sessionId, orderId), loanDetails).isScore, { timeout: 5_000, interval: 20 }).toBe(0);
  });

  it('still refuses another borrower an order that sits in the cache', async () => {
    const mine = await placeOrder();
    const someoneElse = await borrowerWithOffer(t.db, { limit: 500_000 });
    await details(mine.sessionId, mine.orderId); // cached now
    const res = await details(someoneElse.sessionId, mine.orderId);
    expect(res.statusCode).toBe(404);
    expect(wrapper(res).code).toBe('404001');
  });

  it('stops a revoked session quickly although it was cached', async () => {
    const { sessionId, orderId } = await placeOrder();
    expect((await details(sessionId, orderId)).statusCode).toBe(200);
    await other.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.idHash, hashSessionId(sessionId)));
    await expect.poll(async () => (await details(sessionId, orderId)).statusCode, { timeout: 5_000, interval: 20 }).toBe(401);
  });

  it('a session held live in the cache is served from an address that used up its guesses; an uncached one is refused (429)', async () => {
    const cached = await placeOrder();
    const notYet = await borrowerWithOffer(t.db); // a session no call has used yet: not in the cache
    const remoteAddress = `10.${200 + Math.floor(Math.random() * 50)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    const ask = (sessionId: string, orderId: string) =>
      t.app.inject({ method: 'POST', url: '/v3/loan-details/loan-details', query: { swift: sessionId }, remoteAddress, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `orderId=${orderId}` });
    expect((await ask(cached.sessionId, cached.orderId)).statusCode).toBe(200);
    expect(t.app.repos.sessions.cache.get(cached.sessionId)).toBeDefined();
    for (let i = 0; i < guessLimits.session.max; i += 1) expect((await ask(newSessionId(), cached.orderId)).statusCode).toBe(401);
    expect((await ask(newSessionId(), cached.orderId)).statusCode).toBe(429);
    expect(t.app.repos.sessions.cache.get(notYet.sessionId)).toBeUndefined();
    expect((await ask(notYet.sessionId, cached.orderId)).statusCode).toBe(429);
    expect((await ask(cached.sessionId, cached.orderId)).statusCode).toBe(200);
  });
});
