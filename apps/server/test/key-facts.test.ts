import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Endpoint } from '@presta/contract/api/endpoint';
import { keyFacts, keyFactsAcknowledge, keyFactsDataSchema } from '@presta/contract/api/key-facts';
import { loanAgreement, loanDetailConfirm, loanDetailPush } from '@presta/contract/api/loan';
import { addWorkingDays, loanAnnualCost } from '@presta/contract/annual-cost';
import { addDays, todayIn } from '@presta/contract/dates';
import { markets } from '@presta/contract/markets';
import { agreementDocuments, keyFactsStatements, orders, sessions } from '../src/db/schema';
import { transitionOrder } from '../src/modules/orders/order-service';
import { hashSessionId } from '../src/modules/session/session-service';
import { signAgreement, signedPayload } from './agreement-fixtures';
import { borrowerWithOffer, buildTestApp, createBorrower, createSession, injectAs, offerProduct, answerOf, dataOf, formBody, wrapper, type TestApp } from './helpers';

/*
 * Issue 13, India: the Key Facts Statement of an offer is issued with the confirmation, acknowledged by the
 * borrower (proposal number, time, session recorded), required by loan-detail-push, and part of the loan's
 * agreement afterwards, readable by order.
 */

const IN = { market: 'IN', currency: 'INR', timeZone: 'Asia/Kolkata', lateRule: 'in_tiered', vatPpm: 180_000, termUnitDays: 91, dailyRatePpm: 1_000, commissionPpm: 30_000, amountMin: 500_000, amountMax: 5_000_000, amountStep: 100_000, periodsMax: 4 } as const;
const confirmUrl = '/v3/loan-confirm/loan-detail-confirm';
const pushUrl = '/v3/loan-confirm/loan-detail-push';
const kfsUrl = '/v3/loan-confirm/key-facts';
const ackUrl = '/v3/loan-confirm/key-facts-acknowledge';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function indianOffer(language: '1' | '2' = '1') {
  const who = await borrowerWithOffer(t.db, { limit: 2_000_000, product: IN, borrower: { fullName: 'Priya Test' } });
  const call = <E extends Endpoint>(e: E, payload: Record<string, string | number | undefined> = {}) =>
    injectAs(t.app, who.sessionId, { url: e.path, payload, query: { language } }).then((r) => ({ status: r.statusCode, body: answerOf(r, e) }));
  const confirm = (await call(loanDetailConfirm, { productId: who.product.id, amount: 1_000_000, periods: 2 })).body.data;
  if (confirm.keyFacts === null) throw new Error('an Indian confirmation without its Key Facts Statement');
  return { ...who, call, confirm: { ...confirm, keyFacts: confirm.keyFacts } };
}

describe('Key Facts Statement (India)', () => {
  it('the confirmation issues one for the quote, valid 3 working days; a reload reuses it; its APR is the pure function’s', async () => {
    const { confirm, call, product } = await indianOffer();
    const today = todayIn('Asia/Kolkata');
    expect(confirm.keyFacts).toMatchObject({ acknowledged: false, validUntil: addWorkingDays(today, 3) });
    expect(confirm.keyFacts.proposalNo).toMatch(/^KFS\d{8}[0-9A-F]{8}$/);
    expect(confirm.keyFacts.url).toBe(`/key-facts?proposalNo=${confirm.keyFacts.proposalNo}`);
    const again = await call(loanDetailConfirm, { productId: product.id, amount: 1_000_000, periods: 2 });
    expect(again.body.data.keyFacts!.proposalNo).toBe(confirm.keyFacts.proposalNo);
    const other = await call(loanDetailConfirm, { productId: product.id, amount: 1_100_000, periods: 2 });
    expect(other.body.data.keyFacts!.proposalNo).not.toBe(confirm.keyFacts.proposalNo);

    const expected = loanAnnualCost('IN', {
      start: today,
      received: 1_000_000,
      termUnitDays: 91,
      plan: confirm.terms.plan.map((x: { dueDate: string; principal: number; interest: number; commission: number; tax: number }) => x),
    })!;
    expect(confirm.terms.annualCost).toMatchObject({ kind: 'APR', ratePpm: expected.ratePpm, rate: expected.rate, includesTax: true, unit: 'periods', unitDays: 91 });

    const kfs = await call(keyFacts, { proposalNo: confirm.keyFacts.proposalNo });
    expect(kfs.status).toBe(200);
    const d = kfs.body.data;
    expect(keyFactsDataSchema.safeParse(d).success).toBe(true);
    expect(d).toMatchObject({ proposalNo: confirm.keyFacts.proposalNo, market: 'IN', currency: 'INR', borrowerName: 'Priya Test', issuedOn: today, validWorkingDays: 3, expired: false, acknowledgedAt: null, orderNo: null });
    expect(d.terms.annualCost.rate).toBe(expected.rate);
    expect(d.terms.plan).toEqual(confirm.terms.plan);
    expect(d.grievance).toEqual(markets.IN.keyFacts!.grievanceOfficer);
    expect(d.coolingOff).toEqual({ days: 3, until: '' });
  });

  it('loan-detail-push refuses an Indian application without an acknowledged KFS (409 409004, a clear message in the language), then takes it and links the KFS', async () => {
    const { confirm, call, product, borrower, sessionId } = await indianOffer('1');
    const payload = { productId: product.id, amount: 1_000_000, periods: 2, termUnit: 91 };
    const none = await call(loanDetailPush, payload);
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ success: false, code: '409004', message: 'Before you apply, read the Key Facts Statement of this offer and confirm that you have understood it.' });
    const unread = await call(loanDetailPush, { ...payload, proposalNo: confirm.keyFacts.proposalNo });
    expect(unread.body.code).toBe('409004');
    const es = await injectAs(t.app, sessionId, { url: pushUrl, payload: { ...payload, proposalNo: confirm.keyFacts.proposalNo }, query: { language: '2' } });
    expect(wrapper(es).message).toBe('Antes de solicitar el préstamo, lea la Hoja de Datos Clave de esta oferta y confirme que la entendió.');
    expect(await t.db.select().from(orders).where(eq(orders.borrowerId, borrower.id))).toHaveLength(0);

    const ack = await call(keyFactsAcknowledge, { proposalNo: confirm.keyFacts.proposalNo });
    expect(ack.status).toBe(200);
    expect(ack.body.data).toMatchObject({ proposalNo: confirm.keyFacts.proposalNo, validUntil: confirm.keyFacts.validUntil });
    const [row] = await t.db.select().from(keyFactsStatements).where(eq(keyFactsStatements.proposalNo, confirm.keyFacts.proposalNo));
    expect(row).toMatchObject({ acknowledgedSession: hashSessionId(sessionId), acknowledgedLanguage: 'en', orderId: null });
    expect(row!.acknowledgedAt).toBeInstanceOf(Date);
    // Acknowledging twice keeps the first time.
    const twice = await call(keyFactsAcknowledge, { proposalNo: confirm.keyFacts.proposalNo });
    expect(twice.body.data.acknowledgedAt).toBe(ack.body.data.acknowledgedAt);

    const mismatch = await call(loanDetailPush, { ...payload, amount: 1_100_000, proposalNo: confirm.keyFacts.proposalNo });
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.message).toContain(confirm.keyFacts.proposalNo);

    // Issue 38: the agreement signed includes this KFS.
    const agreementNo = await signAgreement(t.app, sessionId, { ...payload, proposalNo: confirm.keyFacts.proposalNo });
    const [document] = await t.db.select().from(agreementDocuments).where(eq(agreementDocuments.documentNo, agreementNo));
    expect(document).toMatchObject({ market: 'IN', proposalNo: confirm.keyFacts.proposalNo });
    const ok = await call(loanDetailPush, { ...payload, proposalNo: confirm.keyFacts.proposalNo, agreementNo });
    expect(ok.status).toBe(200);
    const orderId = Number(ok.body.data.orderId);
    const [linked] = await t.db.select().from(keyFactsStatements).where(eq(keyFactsStatements.proposalNo, confirm.keyFacts.proposalNo));
    expect(linked!.orderId).toBe(orderId);
    // A retry answers the same order.
    const retry = await call(loanDetailPush, { ...payload, proposalNo: confirm.keyFacts.proposalNo, agreementNo });
    expect(retry.body.data.orderId).toBe(ok.body.data.orderId);

    // After acceptance: readable by order, and the agreement's summary box names it.
    const byOrder = await call(keyFacts, { orderId });
    expect(byOrder.body.data).toMatchObject({ proposalNo: confirm.keyFacts.proposalNo, orderNo: ok.body.data.orderNo, orderId: String(orderId) });
    expect(byOrder.body.data.acknowledgedAt).toBe(ack.body.data.acknowledgedAt);
    const contract = await call(loanAgreement, { orderNo: ok.body.data.orderNo });
    expect(contract.body.data.keyFacts).toEqual({ proposalNo: confirm.keyFacts.proposalNo, acknowledgedAt: ack.body.data.acknowledgedAt, url: `/key-facts?orderId=${orderId}` });

    // Once disbursed, the cooling-off dates are the loan's.
    await transitionOrder(t.db, { orderId, action: 'approve', actor: 'operator' });
    const today = todayIn('Asia/Kolkata');
    await transitionOrder(t.db, { orderId, action: 'disburse', actor: 'operator', disbursedOn: today });
    const disbursed = await call(keyFacts, { orderId });
    expect(disbursed.body.data).toMatchObject({ disbursedOn: today, coolingOff: { days: 3, until: addDays(today, 3) } });
    expect(disbursed.body.data.terms.plan[0]!.dueDate).toBe(addDays(today, 91));
  });

  it.each([
    ['the app, its session id in the address', 'address'],
    ['the app, its session id in the swift header', 'header'],
    ['a browser signed in with its session cookie', 'cookie'],
  ] as const)('the acknowledgement records the session that made it: %s (issue 32, item 2)', async (_, way) => {
    const { confirm, sessionId, borrower } = await indianOffer('1');
    const proposalNo = confirm.keyFacts.proposalNo;
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (way === 'header') headers.swift = sessionId;
    if (way === 'cookie') Object.assign(headers, { cookie: `presta_session=${sessionId}`, 'sec-fetch-site': 'same-origin' });
    const ack = await t.app.inject({ method: 'POST', url: ackUrl, query: way === 'address' ? { swift: sessionId, language: '1' } : { language: '1' }, headers, payload: formBody({ proposalNo }) });
    expect(ack.statusCode, ack.body).toBe(200);
    const [row] = await t.db.select().from(keyFactsStatements).where(eq(keyFactsStatements.proposalNo, proposalNo));
    const [session] = await t.db.select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.borrowerId, borrower.id));
    // The digest the sessions table keeps (never the id itself), and never the digest of no session.
    expect(row!.acknowledgedSession).toBe(session!.idHash);
    expect(row!.acknowledgedSession).toBe(hashSessionId(sessionId));
    expect(row!.acknowledgedSession).not.toBe(hashSessionId(''));
    expect(row!.acknowledgedSession).not.toContain(sessionId);
  });

  it('an expired KFS cannot be acknowledged nor applied with (409 409004 naming the day it expired)', async () => {
    const { confirm, call, product } = await indianOffer('1');
    const proposalNo = confirm.keyFacts.proposalNo;
    await t.db.update(keyFactsStatements).set({ validUntil: '2026-01-02' }).where(eq(keyFactsStatements.proposalNo, proposalNo));
    const ack = await call(keyFactsAcknowledge, { proposalNo });
    expect(ack.status).toBe(409);
    expect(ack.body).toMatchObject({ code: '409004', message: `Key Facts Statement ${proposalNo} expired on 2026-01-02. Read the new one and confirm it to apply.` });
    const fresh = await call(loanDetailConfirm, { productId: product.id, amount: 1_000_000, periods: 2 });
    expect(fresh.body.data.keyFacts!.proposalNo).not.toBe(proposalNo);
    const kfs = await call(keyFacts, { proposalNo });
    expect(kfs.body.data.expired).toBe(true);
  });

  it("another borrower's proposal number is a 404 like an unknown one, for reading, acknowledging and applying", async () => {
    const { confirm } = await indianOffer('1');
    const stranger = await createBorrower(t.db);
    const session = await createSession(t.db, stranger.id);
    const product = (await borrowerWithOffer(t.db, { product: IN })).product;
    await offerProduct(t.db, stranger.id, product.id, 2_000_000);
    for (const url of [kfsUrl, ackUrl]) {
      const res = await injectAs(t.app, session, { url, payload: { proposalNo: confirm.keyFacts.proposalNo } });
      expect(res.statusCode).toBe(404);
    }
    const unknown = await injectAs(t.app, session, { url: kfsUrl, payload: { proposalNo: 'KFS2026010100000000' } });
    expect(unknown.statusCode).toBe(404);
    const push = await injectAs(t.app, session, { url: pushUrl, payload: { productId: product.id, amount: 1_000_000, periods: 2, termUnit: 91, proposalNo: confirm.keyFacts.proposalNo } });
    expect(push.statusCode).toBe(409);
  });

  it('a Mexican offer has no KFS and applies without one; its CAT is stated without IVA', async () => {
    const { product, sessionId } = await borrowerWithOffer(t.db, { limit: 500_000 });
    const confirm = await injectAs(t.app, sessionId, { url: confirmUrl, payload: { productId: product.id, amount: 300_000, periods: 3 } });
    const data = dataOf(confirm, loanDetailConfirm);
    expect(data.keyFacts).toBeNull();
    expect(data.terms.annualCost).toMatchObject({ kind: 'CAT', includesTax: false, unit: 'years', unitDays: 360, computedOn: todayIn(product.timeZone) });
    expect(data.terms.annualCost.rate).toMatch(/^\d+,\d%$/);
    const payload = await signedPayload(t.app, sessionId, { productId: product.id, amount: 300_000, periods: 3, termUnit: 15 });
    const push = await injectAs(t.app, sessionId, { url: pushUrl, payload });
    expect(push.statusCode).toBe(200);
  });
});
