import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementPrepare, agreementSign } from '@presta/contract/api/agreement';
import { accountLoans } from '@presta/contract/api/account';
import { consoleApplications } from '@presta/contract/api/console/review';
import { loanDetailPush, loanDetails } from '@presta/contract/api/loan';
import { loanStatement } from '@presta/contract/api/statement';
import { agreementDocuments, agreementSignatures, agreementTimestamps, orders, smsOutbox, verificationCodes } from '../src/db/schema';
import { stampPendingAgreements } from '../src/modules/agreements/agreement-timestamps';
import { startDisbursal, type DisbursalContext } from '../src/modules/disbursal/disbursal-service';
import { transitionOrder } from '../src/modules/orders/order-service';
import { agreementCode, agreementPaths, prepareAgreement, signAgreement, switchableAuthority } from './agreement-fixtures';
import { consoleCall, consoleSignInAs, staffMember } from './console-fixtures';
import { borrowerWithOffer, buildTestApp, dataOf, injectAs, offerProduct, wrapper, type TestApp } from './helpers';
import { ScriptedPayouts, scriptedPayoutProviders, verifiedAccountOf } from './payout-fixtures';

/*
 * Issue 38: the signed agreement. The borrower prepares the agreement of the confirmed figures (a PDF and its
 * SHA-256; an SMS code naming the amount and the hash's tail), signs it with the code (wrong, expired, used and
 * another document's codes refused), submits with it (409009 otherwise); the pages offer the PDF (its exact bytes,
 * to its borrower only); the time-stamp is kept at signing or by the job; the disbursal needs both.
 */

let t: TestApp;
const authority = switchableAuthority();
const stp = new ScriptedPayouts('stp', 'MX');
let ctx: DisbursalContext;
const system = { type: 'system', via: 'cli' } as const;

beforeAll(async () => {
  t = await buildTestApp({}, { timestampAuthority: authority, payouts: scriptedPayoutProviders(stp) });
  ctx = { db: t.db, payouts: t.app.payouts, log: t.app.log, config: t.config };
}, 60_000);
afterAll(async () => {
  await t.close();
});

const figures = (productId: number, amount = 300_000) => ({ productId, amount, periods: 3, termUnit: 15 });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const sign = (sessionId: string, agreementNo: string, code: string, query: Record<string, string> = {}) =>
  injectAs(t.app, sessionId, { url: agreementPaths.sign, payload: { agreementNo, code }, query });
const push = (sessionId: string, payload: Record<string, string | number | undefined>, query: Record<string, string> = {}) =>
  injectAs(t.app, sessionId, { url: loanDetailPush.path, payload, query });
const pdf = (sessionId: string | undefined, agreementNo: string) =>
  t.app.inject({ method: 'GET', url: agreementPaths.pdf(agreementNo), query: sessionId ? { swift: sessionId } : {} });
const docRow = async (agreementNo: string) => (await t.db.select().from(agreementDocuments).where(eq(agreementDocuments.documentNo, agreementNo)))[0]!;
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

describe('prepare, sign, submit, read', () => {
  it('the SMS names the amount and the hash tail; signed, submitted; loan details, my loans and the statement offer the exact PDF', async () => {
    const who = await borrowerWithOffer(t.db, { limit: 500_000 });
    const prepared = await prepareAgreement(t.app, who.sessionId, figures(who.product.id));
    expect(prepared.agreementNo).toMatch(/^AG[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(prepared).toMatchObject({ amount: 300_000, hashTail: prepared.sha256.slice(-8), pdfUrl: `/api/agreements/${prepared.agreementNo}.pdf`, resendAfter: 60, expiresIn: 300 });
    expect(prepared.phoneMasked).toBe(`******${who.borrower.phone.slice(-4)}`);
    const { code, body } = await agreementCode(t.db, prepared.hashTail);
    expect(body).toBe(`Presta: su código para firmar el contrato de $3.000,00 (documento …${prepared.hashTail}) es ${code}. Vence en 5 minutos. No lo comparta.`);
    const doc = await docRow(prepared.agreementNo);
    expect(doc).toMatchObject({ borrowerId: who.borrower.id, productId: who.product.id, amount: 300_000, periods: 3, termUnit: 15, lang: 'es', market: 'MX', sha256: prepared.sha256, proposalNo: null });
    expect(sha256(doc.pdf)).toBe(prepared.sha256);
    expect(doc.pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const signed = await sign(who.sessionId, prepared.agreementNo, code, { showy: 'device-42' });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(dataOf(signed, agreementSign)).toMatchObject({ agreementNo: prepared.agreementNo, timestamped: 1 });
    const [signature] = await t.db.select().from(agreementSignatures).where(eq(agreementSignatures.documentId, doc.id));
    expect(signature).toMatchObject({ borrowerId: who.borrower.id, phone: who.borrower.phone, orderId: null, clientIp: '127.0.0.1', deviceId: 'device-42' });
    expect(signature!.codeVerification).toMatchObject({ method: 'sms_otp', wrongTries: 0 });
    expect(signature!.sessionHash).toMatch(/^[0-9a-f]{64}$/);
    const [stamp] = await t.db.select().from(agreementTimestamps).where(eq(agreementTimestamps.documentId, doc.id));
    expect(stamp).toMatchObject({ status: 'stamped', authority: 'local', attempts: 1, lastError: null });
    expect(stamp!.response!.length).toBeGreaterThan(100);
    // A retry of a lost answer: the same signature, no code needed.
    expect(dataOf(await sign(who.sessionId, prepared.agreementNo, '999999'), agreementSign)).toEqual(dataOf(signed, agreementSign));

    const submitted = await push(who.sessionId, { ...figures(who.product.id), agreementNo: prepared.agreementNo });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const { orderId, orderNo } = dataOf(submitted, loanDetailPush);
    const [linked] = await t.db.select().from(agreementSignatures).where(eq(agreementSignatures.documentId, doc.id));
    expect(linked!.orderId).toBe(Number(orderId));
    const [sms] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.dedupeKey, `agreement-signed:${prepared.agreementNo}`));
    expect(sms).toMatchObject({ purpose: 'agreement_signed', phone: who.borrower.phone });
    expect(sms!.body).toBe(
      `Presta: firmó el contrato ${prepared.agreementNo} de su préstamo ${orderNo} de $3.000,00. Véalo y descárguelo aquí: ${t.config.publicBaseUrl}/loan-details?orderId=${orderId}&productId=${who.product.id}`,
    );
    // A retried submission answers the same order.
    expect(dataOf(await push(who.sessionId, { ...figures(who.product.id), agreementNo: prepared.agreementNo }), loanDetailPush).orderId).toBe(orderId);

    const link = { agreementNo: prepared.agreementNo, signedAt: signature!.signedAt.toISOString(), pdfUrl: prepared.pdfUrl };
    const details = await injectAs(t.app, who.sessionId, { url: loanDetails.path, payload: { orderId } });
    expect(dataOf(details, loanDetails).signedAgreement).toEqual(link);
    const loans = dataOf(await injectAs(t.app, who.sessionId, { url: accountLoans.path }), accountLoans).loans;
    expect(loans.find((l) => l.orderId === orderId)?.signedAgreement).toEqual(link);
    await transitionOrder(t.db, { orderNo, action: 'approve', actor: 'operator' });
    await transitionOrder(t.db, { orderNo, action: 'disburse', actor: 'operator' });
    const statement = await injectAs(t.app, who.sessionId, { url: loanStatement.path, payload: { orderId } });
    expect(dataOf(statement, loanStatement).signedAgreement).toEqual(link);

    const read = await pdf(who.sessionId, prepared.agreementNo);
    expect(read.statusCode).toBe(200);
    expect(read.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${prepared.agreementNo}.pdf"`,
      'cache-control': 'private, no-store',
      etag: `"${prepared.sha256}"`,
    });
    expect(sha256(read.rawPayload)).toBe(prepared.sha256);
    expect(read.rawPayload.equals(doc.pdf)).toBe(true);
    // Another borrower, no session, an unknown number: 404 or 401, never the document.
    const stranger = await borrowerWithOffer(t.db);
    expect((await pdf(stranger.sessionId, prepared.agreementNo)).statusCode).toBe(404);
    expect((await pdf(who.sessionId, 'AG0000000000000')).statusCode).toBe(404);
    expect((await pdf(undefined, prepared.agreementNo)).statusCode).toBe(401);
    // Another borrower cannot sign it either.
    expect((await sign(stranger.sessionId, prepared.agreementNo, code)).statusCode).toBe(404);
  });

  it('prepare again with the same figures reuses the document and sends a new code; the wait is per purpose', async () => {
    const who = await borrowerWithOffer(t.db);
    const first = await prepareAgreement(t.app, who.sessionId, figures(who.product.id));
    // Within 60 s another signing code is refused (429, Retry-After); a sign-in code would not be.
    const soon = await injectAs(t.app, who.sessionId, { url: agreementPaths.prepare, payload: figures(who.product.id), remoteAddress: '203.0.113.38' });
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    const again = await prepareAgreement(t.app, who.sessionId, figures(who.product.id));
    expect(again.agreementNo).toBe(first.agreementNo);
    expect(again.sha256).toBe(first.sha256);
    // In English: the page's language words the document, the borrower's the SMS.
    const english = await prepareAgreement(t.app, who.sessionId, figures(who.product.id), { language: '1' });
    expect(english.agreementNo).not.toBe(first.agreementNo);
    expect((await docRow(english.agreementNo)).lang).toBe('en');
  });
});

describe('the code', () => {
  it('a wrong code is counted; the sixth try is refused even when right', async () => {
    const who = await borrowerWithOffer(t.db);
    const prepared = await prepareAgreement(t.app, who.sessionId, figures(who.product.id));
    const { code } = await agreementCode(t.db, prepared.hashTail);
    const wrong = await sign(who.sessionId, prepared.agreementNo, wrongOf(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrapper(wrong)).toMatchObject({ code: '400002', message: 'El código SMS no es correcto.' });
    expect(wrapper(await sign(who.sessionId, prepared.agreementNo, wrongOf(code), { language: '1' })).message).toBe('The SMS code is not right.');
    const [row] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.sid, prepared.agreementNo));
    expect(row).toMatchObject({ purpose: 'agreement_signature', wrongTries: 2, usedAt: null });
    for (let i = 0; i < 3; i++) await sign(who.sessionId, prepared.agreementNo, wrongOf(code));
    const blocked = await sign(who.sessionId, prepared.agreementNo, code);
    expect(wrapper(blocked)).toMatchObject({ code: '400002', message: 'Demasiados intentos con este código. Pida uno nuevo.' });
    // A new code signs it; the signature records the wrong tries of its own code (none).
    const again = await prepareAgreement(t.app, who.sessionId, figures(who.product.id));
    const fresh = await agreementCode(t.db, again.hashTail);
    expect((await sign(who.sessionId, again.agreementNo, fresh.code)).statusCode).toBe(200);
  });

  it('an expired code is refused', async () => {
    const who = await borrowerWithOffer(t.db);
    const prepared = await prepareAgreement(t.app, who.sessionId, figures(who.product.id));
    const { code } = await agreementCode(t.db, prepared.hashTail);
    await t.db.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.sid, prepared.agreementNo));
    const res = await sign(who.sessionId, prepared.agreementNo, code);
    expect(wrapper(res)).toMatchObject({ code: '400002', message: 'El código SMS venció o no existe. Pida uno nuevo.' });
    expect(await t.db.select().from(agreementSignatures).where(eq(agreementSignatures.borrowerId, who.borrower.id))).toHaveLength(0);
  });

  it('a used code does not sign another document; a code for another document is refused both ways', async () => {
    const who = await borrowerWithOffer(t.db);
    const a = await prepareAgreement(t.app, who.sessionId, figures(who.product.id, 300_000));
    const codeA = (await agreementCode(t.db, a.hashTail)).code;
    const b = await prepareAgreement(t.app, who.sessionId, figures(who.product.id, 350_000));
    const codeB = (await agreementCode(t.db, b.hashTail)).code;
    expect(b.agreementNo).not.toBe(a.agreementNo);
    // A's code for B: B's code is the live one, so A's is wrong (counted); B's code for A: sent for another document.
    expect(wrapper(await sign(who.sessionId, b.agreementNo, codeA))).toMatchObject({ code: '400002', message: 'El código SMS no es correcto.' });
    const other = await sign(who.sessionId, a.agreementNo, codeB);
    expect(other.statusCode).toBe(400);
    expect(wrapper(other)).toMatchObject({ code: '400002', message: 'Este código se envió para otra versión del contrato. Pida uno nuevo.' });
    expect(wrapper(await sign(who.sessionId, a.agreementNo, codeB, { language: '1' })).message).toBe('This code was sent for another version of the agreement. Ask for a new one.');
    // B signed with its code; that used code signs nothing else (C's code is the live one).
    expect((await sign(who.sessionId, b.agreementNo, codeB)).statusCode).toBe(200);
    const c = await prepareAgreement(t.app, who.sessionId, figures(who.product.id, 400_000));
    expect(wrapper(await sign(who.sessionId, c.agreementNo, codeB))).toMatchObject({ code: '400002', message: 'El código SMS no es correcto.' });
    expect(await t.db.select().from(agreementSignatures).where(eq(agreementSignatures.borrowerId, who.borrower.id))).toHaveLength(1);
  });

  it('a changed figure is a new document and a new signature; submitting another figure’s agreement or none is 409009', async () => {
    const who = await borrowerWithOffer(t.db);
    const first = await signAgreement(t.app, who.sessionId, figures(who.product.id, 300_000));
    const second = await signAgreement(t.app, who.sessionId, figures(who.product.id, 350_000));
    expect(second).not.toBe(first);
    const [d1, d2] = [await docRow(first), await docRow(second)];
    expect(d1.sha256).not.toBe(d2.sha256);
    const none = await push(who.sessionId, figures(who.product.id, 300_000));
    expect(none.statusCode).toBe(409);
    expect(wrapper(none)).toMatchObject({ success: false, code: '409009', message: 'Firme el contrato para solicitar su préstamo.', data: null });
    expect(wrapper(await push(who.sessionId, figures(who.product.id, 300_000), { language: '1' })).message).toBe('Sign the agreement to apply for your loan.');
    const mismatch = await push(who.sessionId, { ...figures(who.product.id, 300_000), agreementNo: second });
    expect(wrapper(mismatch)).toMatchObject({ code: '409009', message: 'El contrato firmado no corresponde a este préstamo. Firme el contrato con estas condiciones para solicitarlo.' });
    // An unsigned document, another borrower's: 409009 too.
    const unsigned = await prepareAgreement(t.app, who.sessionId, figures(who.product.id, 400_000));
    expect(wrapper(await push(who.sessionId, { ...figures(who.product.id, 400_000), agreementNo: unsigned.agreementNo })).code).toBe('409009');
    const stranger = await borrowerWithOffer(t.db);
    await offerProduct(t.db, stranger.borrower.id, who.product.id, 500_000);
    expect(wrapper(await push(stranger.sessionId, { ...figures(who.product.id, 300_000), agreementNo: first })).code).toBe('409009');
    expect(await t.db.select().from(orders).where(eq(orders.borrowerId, who.borrower.id))).toHaveLength(0);
    // The right one submits.
    expect((await push(who.sessionId, { ...figures(who.product.id, 300_000), agreementNo: first })).statusCode).toBe(200);
  });
});

describe('time-stamp and disbursal', () => {
  async function signedOrder(opts: { authorityDown?: boolean } = {}) {
    const who = await borrowerWithOffer(t.db);
    await verifiedAccountOf(t.db, who.borrower.id);
    authority.down = opts.authorityDown ?? false;
    try {
      const agreementNo = await signAgreement(t.app, who.sessionId, figures(who.product.id));
      const { orderNo } = dataOf(await push(who.sessionId, { ...figures(who.product.id), agreementNo }), loanDetailPush);
      await transitionOrder(t.db, { orderNo, action: 'approve', actor: 'operator' });
      return { ...who, agreementNo, orderNo, doc: await docRow(agreementNo) };
    } finally {
      authority.down = false;
    }
  }

  it('the authority down: signed anyway (timestamped 0), pending; disbursal refused until the job stamps it', async () => {
    const s = await signedOrder({ authorityDown: true });
    const [pending] = await t.db.select().from(agreementTimestamps).where(eq(agreementTimestamps.documentId, s.doc.id));
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, lastError: 'unavailable: test: the authority is down', response: null });
    const refused = startDisbursal(ctx, { orderNo: s.orderNo, audit: system });
    await expect(refused).rejects.toMatchObject({ status: 409, code: '409009', messageKey: 'disbursalAgreementNotStamped' });

    // The console's queue says why.
    const finance = await consoleSignInAs(t, await staffMember(t, ['finance']), '198.51.100.81');
    const queue = await consoleCall(t, finance, consoleApplications, { status: '151', limit: 200 });
    const listed = queue.json<{ data: { applications: { orderNo: string; agreement: string }[] } }>().data.applications;
    expect(listed.find((a) => a.orderNo === s.orderNo)?.agreement).toBe('awaiting_timestamp');

    // The job waits 1 minute after one attempt, then stamps it.
    expect(await stampPendingAgreements({ db: t.db, authority, log: t.app.log }, new Date())).toMatchObject({ stamped: 0 });
    await t.db.update(agreementTimestamps).set({ createdAt: sql`${agreementTimestamps.createdAt} - interval '2 minutes'` }).where(eq(agreementTimestamps.documentId, s.doc.id));
    const counts = await stampPendingAgreements({ db: t.db, authority, log: t.app.log }, new Date());
    expect(counts.stamped).toBeGreaterThanOrEqual(1);
    const [stamped] = await t.db.select().from(agreementTimestamps).where(eq(agreementTimestamps.documentId, s.doc.id));
    expect(stamped).toMatchObject({ status: 'stamped', attempts: 2, lastError: null });
    expect(stamped!.serialNumber).toMatch(/^[0-9a-f]+$/i);

    const view = await startDisbursal(ctx, { orderNo: s.orderNo, audit: system });
    expect(view.status).toBe('pending');
    const after = await consoleCall(t, finance, consoleApplications, { status: '151', limit: 200 });
    const again = after.json<{ data: { applications: { orderNo: string; agreement: string }[] } }>().data.applications;
    expect(again.find((a) => a.orderNo === s.orderNo)?.agreement).toBe('signed');
  });

  it('an order without a signed agreement is not disbursed (409009, said in es and en)', async () => {
    const who = await borrowerWithOffer(t.db);
    await verifiedAccountOf(t.db, who.borrower.id);
    const { createOrder } = await import('../src/modules/orders/order-service');
    const order = await createOrder(t.db, { borrowerId: who.borrower.id, productId: who.product.id, amount: 200_000, periods: 2, termUnit: 15 });
    await transitionOrder(t.db, { orderNo: order.orderNo, action: 'approve', actor: 'operator' });
    await expect(startDisbursal(ctx, { orderNo: order.orderNo, audit: system })).rejects.toMatchObject({ status: 409, code: '409009', messageKey: 'disbursalAgreementUnsigned' });
    const { translate } = await import('../src/i18n/messages');
    expect(translate('es', 'disbursalAgreementUnsigned', { orderNo: order.orderNo })).toBe(`El contrato del préstamo ${order.orderNo} no está firmado: no puede desembolsarse.`);
    expect(stp.sent.some((r) => r.orderNo === order.orderNo)).toBe(false);
  });

  it('a signed, stamped order is disbursed', async () => {
    const s = await signedOrder();
    expect((await startDisbursal(ctx, { orderNo: s.orderNo, audit: system })).status).toBe('pending');
  });
});

describe('the document is immutable', () => {
  it('PostgreSQL refuses an UPDATE of the PDF and a DELETE', async () => {
    const who = await borrowerWithOffer(t.db);
    const prepared = await prepareAgreement(t.app, who.sessionId, figures(who.product.id));
    await expect(t.db.update(agreementDocuments).set({ pdf: Buffer.from('%PDF-forged') }).where(eq(agreementDocuments.documentNo, prepared.agreementNo))).rejects.toThrow();
    await expect(t.db.delete(agreementDocuments).where(eq(agreementDocuments.documentNo, prepared.agreementNo))).rejects.toThrow();
    expect(sha256((await docRow(prepared.agreementNo)).pdf)).toBe(prepared.sha256);
  });
});

describe('wire', () => {
  it('prepare refuses what the confirmation refuses: an unknown product (404), terms outside the rules (422)', async () => {
    const who = await borrowerWithOffer(t.db, { limit: 500_000 });
    const unknown = await injectAs(t.app, who.sessionId, { url: agreementPrepare.path, payload: { ...figures(who.product.id), productId: 999_999_999 } });
    expect([unknown.statusCode, wrapper(unknown).code]).toEqual([404, '404001']);
    const over = await injectAs(t.app, who.sessionId, { url: agreementPrepare.path, payload: figures(who.product.id, 900_000) });
    expect([over.statusCode, wrapper(over).code]).toEqual([422, '422001']);
    const json = await t.app.inject({ method: 'POST', url: agreementPrepare.path, query: { swift: who.sessionId }, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(figures(who.product.id)) });
    expect(json.statusCode).toBe(415);
  });
});
