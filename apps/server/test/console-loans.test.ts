import { randomInt, randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSave } from '@presta/contract/api/complaint';
import { consoleComplaintReply } from '@presta/contract/api/console/complaints';
import { consoleLoan, consoleLoanSearch } from '@presta/contract/api/console/loans';
import { addDays } from '@presta/contract/dates';
import { staffRoles, type StaffRole } from '@presta/contract/staff-roles';
import { borrowers, paymentReferences } from '../src/db/schema';
import { consoleCall, consoleSignInAs, staffMember, type ConsoleAuth } from './console-fixtures';
import { buildTestApp, type TestApp } from './helpers';
import { call, endpoints, makeLoan, notify, read, urls } from './repayment-fixtures';

/*
 * Loans over HTTP (issue 17): search by order number, whole phone or name; a loan's whole story (order, account
 * paid, history, plan, the ledger today, each payment with its allocation, the extensions bought, the complaints
 * about it); every role reads loans.
 */

let t: TestApp;
const signedIn = new Map<StaffRole, ConsoleAuth>();
beforeAll(async () => {
  t = await buildTestApp();
  for (const role of staffRoles) signedIn.set(role, await consoleSignInAs(t, await staffMember(t, [role]), `198.51.100.${110 + staffRoles.indexOf(role)}`));
}, 60_000);
afterAll(async () => {
  await t.close();
});

type Answer<D> = { data: D; code: string };
type Row = { orderNo: string; borrower: { fullName: string; maskedPhone: string } };
const search = async (q: string, role: StaffRole = 'support') =>
  (await consoleCall(t, signedIn.get(role)!, consoleLoanSearch, { q })).json<Answer<{ loans: Row[] }>>().data.loans;

describe('loan search', () => {
  it('finds a loan by its order number, the whole phone (as typed) or a part of the name; the answer never holds the phone', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const phone = `55${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    const name = `Zoe Búsqueda ${randomUUID().slice(0, 6)}`;
    await t.db.update(borrowers).set({ phone, fullName: name }).where(eq(borrowers.id, loan.borrower.id));
    for (const q of [loan.orderNo, loan.orderNo.toLowerCase(), phone, `+${phone.slice(0, 2)} ${phone.slice(2)}`, name.slice(4)]) {
      const rows = await search(q);
      expect(rows.map((r) => r.orderNo), q).toEqual([loan.orderNo]);
      expect(rows[0]!.borrower).toEqual({ id: loan.borrower.id, fullName: name, maskedPhone: `******${phone.slice(-4)}` });
    }
    expect(JSON.stringify(await search(phone))).not.toContain(phone);
    expect(await search('PR0000000000000000')).toEqual([]);
    expect(await search('%%%')).toEqual([]);
    expect((await consoleCall(t, signedIn.get('analyst')!, consoleLoanSearch, { q: 'ab' })).statusCode).toBe(400);
  });
});

describe("a loan's whole story", () => {
  it('a disbursed loan paid in part at a store: account paid, history, plan, the ledger today and the payment with its allocation', async () => {
    const loan = await makeLoan(t.db, { status: '180' });
    // A voucher made as the repayment page makes it, paid in part at the store.
    const due = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail).repayAmount;
    const voucher = read(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: due, payCode: 'store', requestType: 1 }), endpoints.voucher);
    const [ref] = await t.db.select().from(paymentReferences).where(eq(paymentReferences.voucherCode, voucher.repayDetail.vCode)).orderBy(desc(paymentReferences.id)).limit(1);
    const eventId = `evt-${randomUUID()}`;
    expect((await notify(t.app, { eventId, reference: ref!.reference, amount: 30_000, paidAt: new Date().toISOString() })).json()).toMatchObject({ applied: true });
    const res = await consoleCall(t, signedIn.get('finance')!, consoleLoan, { orderNo: loan.orderNo });
    expect(res.statusCode, res.body).toBe(200);
    const story = res.json<Answer<{
      loan: { status: string; disbursedTo: { masked: string } | null };
      history: { to: string }[];
      plan: { seq: number }[];
      position: { owedTotal: number; paidTotal: number; outstandingTotal: number; waivedTotal: number; heldInSuspense: number } | null;
      events: { kind: string; amount: number; source: string; allocations: { amount: number }[] }[];
    }>>().data;
    expect(story.loan).toMatchObject({ status: '180', disbursedTo: { masked: '**** 5678' } });
    expect(story.history.map((h) => h.to)).toEqual(['21', '151', '174', '180']);
    expect(story.plan.map((p) => p.seq)).toEqual([1]);
    const p = story.position!;
    expect(p.owedTotal).toBe(p.paidTotal + p.waivedTotal + p.outstandingTotal);
    expect(p.paidTotal).toBe(30_000);
    expect(p.heldInSuspense).toBe(0);
    const [payment] = story.events;
    expect(payment).toMatchObject({ kind: 'payment', amount: 30_000 });
    expect(payment!.source).toContain(eventId);
    expect(payment!.allocations.reduce((a, x) => a + x.amount, 0)).toBe(30_000);
  });

  it('an extension bought and the complaints about the loan (an answered one, an open one) are in its story', async () => {
    const loan = await makeLoan(t.db, { status: '180', daysAgo: 20 });
    const extensionOffer = read(await call(t.app, loan.sessionId, urls.extensionDetail, { orderId: loan.orderId }), endpoints.extensionDetail);
    const amount = extensionOffer.delayInfo.delayAmount;
    const voucher = read(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount, payCode: 'spei', requestType: 2 }), endpoints.voucher);
    const [ref] = await t.db.select().from(paymentReferences).where(eq(paymentReferences.voucherCode, voucher.repayDetail.vCode)).orderBy(desc(paymentReferences.id)).limit(1);
    expect((await notify(t.app, { reference: ref!.reference, amount })).json()).toMatchObject({ applied: true });
    const file = (problemDetail: string) =>
      call(t.app, loan.sessionId, '/user-problem/problem-save', { orderNo: loan.orderNo, problemType: 2, problemDetail });
    const answered = read(await file('Pagué la prórroga dos veces.'), problemSave).problemId;
    const open = read(await file('No veo la nueva fecha.'), problemSave).problemId;
    expect((await consoleCall(t, signedIn.get('support')!, consoleComplaintReply, { problemId: answered, text: 'Solo vemos un pago.' })).statusCode).toBe(200);

    const res = await consoleCall(t, signedIn.get('reviewer')!, consoleLoan, { orderNo: loan.orderNo });
    expect(res.statusCode, res.body).toBe(200);
    const story = res.json<Answer<{
      loan: { status: string };
      events: { kind: string; id: number; amount: number }[];
      extensions: { at: string; paymentId: number; fromDueDate: string; toDueDate: string; shiftDays: number; fee: number; feeTax: number; lateCharges: number }[];
      complaints: { id: number; status: string; typeValue: number; type: string; repliedBy: string | null; repliedAt: string | null; createdAt: string }[];
    }>>().data;
    expect(story.loan.status).toBe('174');
    expect(story.extensions).toHaveLength(1);
    const [extension] = story.extensions;
    const payment = story.events.find((e) => e.kind === 'payment' && e.id === extension!.paymentId);
    expect(payment!.amount).toBe(amount);
    expect(extension).toMatchObject({ toDueDate: extensionOffer.delayInfo.delayTime, shiftDays: 20 });
    expect(addDays(extension!.fromDueDate, extension!.shiftDays)).toBe(extension!.toDueDate);
    expect(extension!.lateCharges + extension!.fee + extension!.feeTax).toBeGreaterThan(0);
    expect(new Date(extension!.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(story.complaints.map((c) => [c.id, c.status, c.typeValue, c.type, c.repliedBy !== null])).toEqual([
      [Number(open), 'open', 2, 'Pagos y reembolsos', false],
      [Number(answered), 'answered', 2, 'Pagos y reembolsos', true],
    ]);
    // The type's title in the caller's language.
    const english = await t.app.inject({
      method: 'POST',
      url: consoleLoan.path,
      headers: { cookie: signedIn.get('reviewer')!.cookie, 'x-csrf-token': signedIn.get('reviewer')!.csrfToken, origin: t.config.publicBaseUrl, 'content-type': 'application/json', language: '1' },
      payload: JSON.stringify({ orderNo: loan.orderNo }),
    });
    expect(english.json<Answer<{ complaints: { type: string }[] }>>().data.complaints[0]!.type).toBe('Payments and refunds');
  });

  it('an application not disbursed has no ledger yet; an unknown order is 404; every role reads loans', async () => {
    const loan = await makeLoan(t.db, { status: '21' });
    for (const role of staffRoles) {
      const res = await consoleCall(t, signedIn.get(role)!, consoleLoan, { orderNo: loan.orderNo });
      expect(res.statusCode, role).toBe(200);
      expect(res.json<Answer<{ position: unknown; events: unknown[] }>>().data).toMatchObject({ position: null, events: [], extensions: [], complaints: [] });
    }
    expect((await consoleCall(t, signedIn.get('admin')!, consoleLoan, { orderNo: 'PR0000000000000000' })).statusCode).toBe(404);
  });
});
