import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountHome, accountLimitIncrease } from '@presta/contract/api/account';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { addDays, todayIn } from '@presta/contract/dates';
import { auditEvents, borrowerBankAccounts, bureauReports, limitIncreaseProposals, orderStatusHistory, productOffers, products, sessions, smsOutbox } from '../src/db/schema';
import { redecideApplication, redecideSettled } from '../src/modules/credit/credit-redecision';
import { createOrder, transitionOrder } from '../src/modules/orders/order-service';
import { answerOf, buildTestApp, TEST_CLABE, wrapper, type TestApp } from './helpers';
import { applicant, call, paths } from './application-fixtures';
import { decidedApplicant, decisionsOfApplication, expectDecisionsReplay, sandboxBureau } from './credit-fixtures';

/*
 * Returning borrowers (issue 35, docs/credit-policy.md "After a loan is settled", docs/account.md "Limit
 * increases"): an approved borrower who settles a loan gets a fresh decision on their history (trigger
 * 'settlement'); a higher limit is proposed, never applied until they accept it through
 * POST /v3/account/limit-increase (their recorded consent); declined, expired, foreign and answered proposals.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  expect(await expectDecisionsReplay(t.db)).toBeGreaterThan(0);
  await t.close();
});

const LOWER_LIMIT = 500_000;
const answerPath = apiRoutes.accountLimitIncrease.path;

/** An approved MX borrower whose offer is lowered to LOWER_LIMIT, with one loan taken and settled on time. */
async function settledBorrower() {
  const who = await decidedApplicant(t, 'MX', 'clean_high', { language: 'en' });
  expect(who.decision.outcome).toBe('approved');
  const [product] = await t.db.select().from(products).where(eq(products.code, 'presta-mx'));
  await t.db
    .update(productOffers)
    .set({ limitAmount: LOWER_LIMIT })
    .where(and(eq(productOffers.borrowerId, who.borrower.id), eq(productOffers.productId, product!.id)));
  await t.db.insert(borrowerBankAccounts).values({ borrowerId: who.borrower.id, market: 'MX', kind: 'clabe', accountNumber: TEST_CLABE, bankCode: '002', bankName: 'Banamex' });
  const { orderId } = await createOrder(t.db, { borrowerId: who.borrower.id, productId: product!.id, amount: 100_000, periods: 1 });
  const move = (action: 'approve' | 'disburse' | 'settle', extra: { disbursedOn?: string } = {}) => transitionOrder(t.db, { orderId, action, actor: 'operator', ...extra });
  await move('approve');
  await move('disburse', { disbursedOn: addDays(todayIn(product!.timeZone), -10) });
  await move('settle');
  return { ...who, product: product!, orderId };
}

const offerLimit = async (borrowerId: number, productId: number) =>
  (await t.db.select().from(productOffers).where(and(eq(productOffers.borrowerId, borrowerId), eq(productOffers.productId, productId))))[0]!.limitAmount;
const proposalsOf = (borrowerId: number) => t.db.select().from(limitIncreaseProposals).where(eq(limitIncreaseProposals.borrowerId, borrowerId)).orderBy(asc(limitIncreaseProposals.id));
const home = async (sessionId: string) => answerOf(await call(t.app, sessionId, paths.home, {}, 'en'), accountHome).data;

describe('the settlement decision', () => {
  it('proposes a higher limit, with an SMS, shown on home; the offer stays until accepted; the job runs once per settlement', async () => {
    const who = await settledBorrower();
    const run = await redecideSettled({ db: t.db, bureau: sandboxBureau() });
    expect(run.decided).toBeGreaterThanOrEqual(1);
    const decisions = await decisionsOfApplication(t.db, who.row.id);
    expect(decisions.map((d) => [d.trigger, d.actor])).toEqual([
      ['application', 'job:credit-decision'],
      ['settlement', 'job:credit-redecision'],
    ]);
    expect(decisions[1]!.inputs).toMatchObject({ history: { settledLoans: 1, settledOnTime: 1, everLate30: false, openLoans: 0 } });
    // The report of the application is younger than 30 days: reused, not pulled again.
    expect(decisions[1]!.bureauReportId).toBe(decisions[0]!.bureauReportId);
    expect(await t.db.select().from(bureauReports).where(eq(bureauReports.borrowerId, who.borrower.id))).toHaveLength(1);

    const [proposal] = await proposalsOf(who.borrower.id);
    expect(proposal).toMatchObject({ status: 'pending', currentLimit: LOWER_LIMIT, decisionId: decisions[1]!.id });
    expect(proposal!.proposedLimit).toBeGreaterThan(LOWER_LIMIT);
    expect(proposal!.proposedLimit).toBeLessThanOrEqual(LOWER_LIMIT * 1.5);
    expect(await offerLimit(who.borrower.id, who.product.id)).toBe(LOWER_LIMIT);
    const [sms] = await t.db.select().from(smsOutbox).where(and(eq(smsOutbox.phone, who.borrower.phone), eq(smsOutbox.purpose, 'limit_increase')));
    expect(sms?.body).toMatch(/^Presta: for repaying well, we propose a limit of .+ on Presta Quincenal\. Accept it in the app before .+\.$/);

    const h = await home(who.sessionId);
    expect(h.limitIncreases).toEqual([
      {
        proposalId: String(proposal!.id),
        productId: String(who.product.id),
        productName: 'Presta Quincenal',
        market: 'MX',
        currentLimit: LOWER_LIMIT,
        proposedLimit: proposal!.proposedLimit,
        expiresAt: proposal!.expiresAt.toISOString(),
      },
    ]);
    // The settlement is older than the newest decision now: nothing more to do for this borrower.
    await redecideSettled({ db: t.db, bureau: sandboxBureau() });
    expect(await decisionsOfApplication(t.db, who.row.id)).toHaveLength(2);
  });

  it('a newer proposal supersedes the pending one', async () => {
    const who = await settledBorrower();
    await redecideApplication({ db: t.db, bureau: sandboxBureau() }, who.row.id);
    await redecideApplication({ db: t.db, bureau: sandboxBureau() }, who.row.id);
    expect((await proposalsOf(who.borrower.id)).map((p) => p.status)).toEqual(['superseded', 'pending']);
  });

  it('a borrower ever 30 days late gets a decision but no proposal', async () => {
    const who = await settledBorrower();
    // The loan fell overdue for 40 days before it was settled.
    const [settled] = await t.db.select().from(orderStatusHistory).where(and(eq(orderStatusHistory.orderId, who.orderId), eq(orderStatusHistory.toStatus, '200')));
    await t.db.insert(orderStatusHistory).values({ orderId: who.orderId, fromStatus: '174', toStatus: '180', actor: 'system', createdAt: new Date(settled!.createdAt.getTime() - 40 * 86_400_000) });
    const done = await redecideApplication({ db: t.db, bureau: sandboxBureau() }, who.row.id);
    expect(done?.proposals).toBe(0);
    const [, settlement] = await decisionsOfApplication(t.db, who.row.id);
    expect(settlement!.inputs).toMatchObject({ history: { everLate30: true, settledOnTime: 0 } });
    expect(await proposalsOf(who.borrower.id)).toEqual([]);
  });
});

describe('the borrower’s answer', () => {
  const proposed = async () => {
    const who = await settledBorrower();
    await redecideApplication({ db: t.db, bureau: sandboxBureau() }, who.row.id);
    const [proposal] = await proposalsOf(who.borrower.id);
    return { ...who, proposal: proposal! };
  };
  const answer = (sessionId: string, proposalId: number, accept: 0 | 1, lang: 'es' | 'en' = 'en') =>
    call(t.app, sessionId, answerPath, { proposalId: String(proposalId), accept }, lang);

  it('accept: the limit raised through the offer, the consent recorded with time, session and address, audited', async () => {
    const who = await proposed();
    const res = await answer(who.sessionId, who.proposal.id, 1);
    const data = answerOf(res, accountLimitIncrease).data;
    expect(data.limitIncreases).toEqual([]);
    expect(data.offers.find((o) => o.productId === String(who.product.id))?.amountMax).toBeLessThanOrEqual(who.proposal.proposedLimit);
    expect(await offerLimit(who.borrower.id, who.product.id)).toBe(who.proposal.proposedLimit);
    const [row] = await proposalsOf(who.borrower.id);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.borrowerId, who.borrower.id));
    expect(row).toMatchObject({ status: 'accepted', answeredSession: session!.publicId, answeredIp: '127.0.0.1' });
    expect(row!.answeredAt).not.toBeNull();
    const audits = await t.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'credit.limitIncreaseAnswer'), eq(auditEvents.objectId, String(row!.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ status: 'accepted', proposedLimit: who.proposal.proposedLimit });
    // Answered already: 409 in the page's language.
    const again = await answer(who.sessionId, who.proposal.id, 1, 'es');
    expect(again.statusCode).toBe(409);
    expect(wrapper(again).message).toBe('Ya respondió esta propuesta de límite.');
  });

  it('turned down: the limit stays', async () => {
    const who = await proposed();
    expect(answerOf(await answer(who.sessionId, who.proposal.id, 0), accountLimitIncrease).data.limitIncreases).toEqual([]);
    expect(await offerLimit(who.borrower.id, who.product.id)).toBe(LOWER_LIMIT);
    expect((await proposalsOf(who.borrower.id))[0]).toMatchObject({ status: 'declined' });
  });

  it('expired: not on home, 404 in the page’s language, marked expired; the limit stays', async () => {
    const who = await proposed();
    await t.db.update(limitIncreaseProposals).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(limitIncreaseProposals.id, who.proposal.id));
    expect((await home(who.sessionId)).limitIncreases).toEqual([]);
    const res = await answer(who.sessionId, who.proposal.id, 1);
    expect(res.statusCode).toBe(404);
    expect(wrapper(res).message).toBe('We could not find that limit proposal, or it has expired.');
    expect((await proposalsOf(who.borrower.id))[0]).toMatchObject({ status: 'expired' });
    expect(await offerLimit(who.borrower.id, who.product.id)).toBe(LOWER_LIMIT);
  });

  it('another borrower’s proposal: 404, untouched', async () => {
    const who = await proposed();
    const stranger = await applicant(t.db);
    const res = await answer(stranger.sessionId, who.proposal.id, 1, 'es');
    expect(res.statusCode).toBe(404);
    expect(wrapper(res).message).toBe('No encontramos esa propuesta de límite, o ya venció.');
    expect((await proposalsOf(who.borrower.id))[0]).toMatchObject({ status: 'pending' });
    expect((await answer(stranger.sessionId, 99_999_999, 1)).statusCode).toBe(404);
  });

  it('without a session: 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: answerPath, payload: 'proposalId=1&accept=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(401);
  });
});
