import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCreditRefund, consoleNotificationResolve, consoleNotifications, consoleSuspense, consoleSuspenseAssign, consoleSuspenseRefund } from '@presta/contract/api/console/payments';
import { consoleActions, staffRoles, type ConsoleAction, type StaffRole } from '@presta/contract/staff-roles';
import { desc, eq } from 'drizzle-orm';
import { addDays } from '@presta/contract/dates';
import { paymentReferences } from '../src/db/schema';
import { listAudit } from '../src/modules/audit/audit-log';
import { refreshLedgerStatus } from '../src/modules/ledger/ledger-credit';
import { recordNotification } from '../src/modules/payments/notification-log';
import { newStoreReference } from '../src/modules/payments/store-reference';
import { SANDBOX_VERIFICATION } from '../src/modules/payments/sandbox-provider';
import { consoleCall, consoleSignInAs, staffMember, type ConsoleAuth } from './console-fixtures';
import { buildTestApp, type TestApp } from './helpers';
import { call, endpoints, makeLoan, notify, read, urls } from './repayment-fixtures';

/*
 * Finance's payment calls over HTTP (issue 17): the open suspense entries and their resolution, the provider's
 * notifications with their outcome and a refused one's review resolved, a settled loan's credit refunded; each change
 * audited as the member; and the role × action matrix of these calls (a refused one changes nothing).
 */

let t: TestApp;
const signedIn = new Map<StaffRole, ConsoleAuth>();

beforeAll(async () => {
  t = await buildTestApp();
  for (const role of staffRoles) signedIn.set(role, await consoleSignInAs(t, await staffMember(t, [role]), `198.51.100.${80 + staffRoles.indexOf(role)}`));
}, 60_000);
afterAll(async () => {
  await t.close();
});

const as = (role: StaffRole) => signedIn.get(role)!;
type Answer<D> = { success: boolean; code: string; message: string; data: D };

/** 400,00 paid at a store against a reference no order has: held in suspense; answers the entry's id. */
async function heldInSuspense(): Promise<{ id: number; eventId: string; reference: string }> {
  const eventId = `evt-console-${randomUUID()}`;
  const reference = newStoreReference(99_000_000_000 + Math.floor(Math.random() * 900_000_000));
  expect((await notify(t.app, { eventId, reference, amount: 40_000, paidAt: new Date().toISOString() })).json()).toMatchObject({ held: 'suspense' });
  const list = await consoleCall(t, as('finance'), consoleSuspense);
  const entry = list.json<Answer<{ entries: { id: number; eventId: string }[] }>>().data.entries.find((e) => e.eventId === eventId);
  expect(entry, 'the entry is listed').toBeDefined();
  return { id: entry!.id, eventId, reference };
}

describe('suspense and notifications', () => {
  it('finance lists the open entries, assigns one to a loan through the ledger once, and records another’s refund; both audited', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const a = await heldInSuspense();
    const assigned = await consoleCall(t, as('finance'), consoleSuspenseAssign, { id: a.id, orderNo: loan.orderNo, note: 'ticket 42' });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<Answer<unknown>>().data).toMatchObject({ id: a.id, orderNo: loan.orderNo, statusFrom: '174' });
    const twice = await consoleCall(t, as('finance'), consoleSuspenseAssign, { id: a.id, orderNo: loan.orderNo });
    expect([twice.statusCode, twice.json<Answer<null>>().code]).toEqual([409, '409001']);
    const b = await heldInSuspense();
    const refunded = await consoleCall(t, as('finance'), consoleSuspenseRefund, { id: b.id, note: 'returned by the store' });
    expect(refunded.json<Answer<unknown>>().data).toEqual({ id: b.id, amount: 40_000 });
    const open = (await consoleCall(t, as('finance'), consoleSuspense)).json<Answer<{ entries: { id: number }[] }>>().data.entries.map((e) => e.id);
    expect(open).not.toContain(a.id);
    expect(open).not.toContain(b.id);
    const [assignEvent] = await listAudit(t.db, { objectType: 'suspense', objectId: String(a.id) });
    expect(assignEvent).toMatchObject({ action: 'suspense.assign', via: 'console', after: { orderNo: loan.orderNo, note: 'ticket 42' } });
    expect(assignEvent!.actorLabel).toMatch(/^finance\./);
    expect((await consoleCall(t, as('finance'), consoleSuspenseRefund, { id: 987_654_321 })).statusCode).toBe(404);
  });

  it('the provider’s notifications with their outcome, newest first; review=open lists what an operator must look at', async () => {
    const held = await heldInSuspense();
    const all = await consoleCall(t, as('analyst'), consoleNotifications, { limit: 500 });
    const rows = all.json<Answer<{ notifications: { id: number; eventId: string | null; outcome: string; review: string; reason: string | null }[] }>>().data.notifications;
    // Each with its provider, how it was verified, the event's type and kind (issue 36).
    expect(rows.find((n) => n.eventId === held.eventId)).toMatchObject({
      provider: 'sandbox',
      verification: SANDBOX_VERIFICATION,
      eventType: 'payment',
      kind: 'paid',
      providerEventId: held.eventId,
      outcome: 'held',
      review: 'open',
      reason: 'unknown_reference',
    });
    expect([...rows.map((n) => n.id)].sort((x, y) => y - x)).toEqual(rows.map((n) => n.id));
    const open = await consoleCall(t, as('finance'), consoleNotifications, { review: 'open', limit: 500 });
    expect(open.json<Answer<{ notifications: { review: string }[] }>>().data.notifications.every((n) => n.review === 'open')).toBe(true);
  });
});

/** A signed notification refused for review (another payment under a known event id): answers its id. */
async function refusedNotification(): Promise<number> {
  const eventId = `evt-refused-${randomUUID()}`;
  await recordNotification(t.db, 'sandbox', `{"eventId":"${eventId}"}`, { outcome: 'refused', reason: 'event_conflict', notification: { eventId, reference: '12345678901234', amount: 100, paidAt: new Date() } });
  const list = await consoleCall(t, as('finance'), consoleNotifications, { review: 'open', limit: 500 });
  const row = list.json<Answer<{ notifications: { id: number; eventId: string | null }[] }>>().data.notifications.find((n) => n.eventId === eventId);
  expect(row, 'the refused notification is open for review').toBeDefined();
  return row!.id;
}

describe('resolving a refused notification’s review', () => {
  it('finance resolves it with a note, once: the list shows who, when and the note; the audit trail has it', async () => {
    const id = await refusedNotification();
    const res = await consoleCall(t, as('finance'), consoleNotificationResolve, { id, note: 'Provider resent it under a new event id.' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<Answer<{ review: string; reviewedBy: string; reviewNote: string }>>().data;
    expect(data).toMatchObject({ id, review: 'resolved', reviewNote: 'Provider resent it under a new event id.' });
    expect(data.reviewedBy).toMatch(/^finance\./);
    const all = await consoleCall(t, as('analyst'), consoleNotifications, { limit: 500 });
    const row = all.json<Answer<{ notifications: { id: number; review: string; reviewedBy: string | null; reviewNote: string | null; reviewedAt: string | null }[] }>>().data.notifications.find((n) => n.id === id);
    expect(row).toMatchObject({ review: 'resolved', reviewedBy: data.reviewedBy, reviewNote: 'Provider resent it under a new event id.' });
    expect(row!.reviewedAt).not.toBeNull();
    const open = await consoleCall(t, as('finance'), consoleNotifications, { review: 'open', limit: 500 });
    expect(open.json<Answer<{ notifications: { id: number }[] }>>().data.notifications.map((n) => n.id)).not.toContain(id);
    const [event] = await listAudit(t.db, { objectType: 'payment_notification', objectId: String(id) });
    expect(event).toMatchObject({ action: 'payments.resolveReview', actorType: 'staff', via: 'console', before: { review: 'open' }, after: { review: 'resolved', note: 'Provider resent it under a new event id.', reason: 'event_conflict' } });
    const twice = await consoleCall(t, as('finance'), consoleNotificationResolve, { id, note: 'again' });
    expect([twice.statusCode, twice.json<Answer<null>>().code]).toEqual([409, '409001']);
  });

  it('a held notification’s review closes with its suspense entry (409); an unknown id is 404; a note is needed', async () => {
    const held = await heldInSuspense();
    const list = await consoleCall(t, as('finance'), consoleNotifications, { review: 'open', limit: 500 });
    const row = list.json<Answer<{ notifications: { id: number; eventId: string | null }[] }>>().data.notifications.find((n) => n.eventId === held.eventId)!;
    const res = await consoleCall(t, as('finance'), consoleNotificationResolve, { id: row.id, note: 'not this way' });
    expect([res.statusCode, res.json<Answer<null>>().code]).toEqual([409, '409001']);
    expect((await consoleCall(t, as('finance'), consoleNotificationResolve, { id: 987_654_321, note: 'nothing' })).statusCode).toBe(404);
    expect((await consoleCall(t, as('finance'), consoleNotificationResolve, { id: row.id })).statusCode).toBe(400);
    expect(await listAudit(t.db, { objectType: 'payment_notification', objectId: String(row.id) })).toEqual([]);
  });
});

describe('credit refunds', () => {
  it('a loan still being repaid keeps its credit (409); an amount that is not a whole positive number is 400', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const res = await consoleCall(t, as('finance'), consoleCreditRefund, { orderNo: loan.orderNo, amount: 100 });
    expect([res.statusCode, res.json<Answer<null>>().code]).toEqual([409, '409001']);
    expect((await consoleCall(t, as('finance'), consoleCreditRefund, { orderNo: loan.orderNo, amount: -5 })).statusCode).toBe(400);
    expect((await consoleCall(t, as('finance'), consoleCreditRefund, { orderNo: loan.orderNo, amount: 1.5 })).statusCode).toBe(400);
    expect(await listAudit(t.db, { objectType: 'order', objectId: loan.orderNo, action: 'ledger.refund' })).toEqual([]);
  });

  it("a settled loan's credit paid back by finance: never more than the credit, then once in full, audited as the member", async () => {
    // 111 020, 109 280, 107 540 owed; 700 more than everything paid at once, then settled on the day prepayment may apply.
    const loan = await makeLoan(t.db, { status: '174', amount: 300_000, periods: 3, daysAgo: 15 });
    const way = read(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: 111_020, payCode: 'store', requestType: 1 }), endpoints.voucher);
    const [reference] = await t.db.select().from(paymentReferences).where(eq(paymentReferences.voucherCode, way.repayDetail.vCode)).orderBy(desc(paymentReferences.id)).limit(1);
    expect((await notify(t.app, { reference: reference!.reference, amount: 327_840 + 700 })).json()).toEqual({ received: true, applied: true });
    await refreshLedgerStatus(t.db, { orderId: Number(loan.orderId), today: addDays(loan.today, 8) });

    const tooMuch = await consoleCall(t, as('finance'), consoleCreditRefund, { orderNo: loan.orderNo, amount: 701 });
    expect(tooMuch.statusCode).toBe(422);
    const res = await consoleCall(t, as('finance'), consoleCreditRefund, { orderNo: loan.orderNo, amount: 700, note: 'SPEI back to the payer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Answer<{ orderNo: string; amount: number; creditLeft: number }>>().data).toMatchObject({ orderNo: loan.orderNo, amount: 700, creditLeft: 0 });
    expect((await consoleCall(t, as('finance'), consoleCreditRefund, { orderNo: loan.orderNo, amount: 1 })).statusCode).toBe(422);
    const [event] = await listAudit(t.db, { objectType: 'order', objectId: loan.orderNo, action: 'ledger.refund' });
    expect(event).toMatchObject({ actorType: 'staff', via: 'console', actorLabel: expect.stringContaining('finance.') as unknown });
  });
});

describe('the role × action matrix of the payment calls (each role alone)', () => {
  const cases: { action: ConsoleAction; call: (auth: ConsoleAuth) => Promise<{ statusCode: number; suspenseId?: number; notificationId?: number }> }[] = [
    { action: 'payments.read', call: async (auth) => ({ statusCode: (await consoleCall(t, auth, consoleSuspense)).statusCode }) },
    { action: 'payments.read', call: async (auth) => ({ statusCode: (await consoleCall(t, auth, consoleNotifications)).statusCode }) },
    {
      action: 'suspense.refund',
      call: async (auth) => {
        const held = await heldInSuspense();
        return { statusCode: (await consoleCall(t, auth, consoleSuspenseRefund, { id: held.id })).statusCode, suspenseId: held.id };
      },
    },
    {
      action: 'payments.resolveReview',
      call: async (auth) => {
        const id = await refusedNotification();
        return { statusCode: (await consoleCall(t, auth, consoleNotificationResolve, { id, note: 'looked at it' })).statusCode, notificationId: id };
      },
    },
  ];
  for (const role of staffRoles) {
    for (const [i, { action, call }] of cases.entries()) {
      const allowed = (consoleActions[action] as readonly StaffRole[]).includes(role);
      it(`${role} × ${action} (${i}): ${allowed ? 'allowed' : '403, nothing changed'}`, async () => {
        const r = await call(as(role));
        expect(r.statusCode).toBe(allowed ? 200 : 403);
        if (!allowed && r.suspenseId !== undefined) {
          const open = (await consoleCall(t, as('finance'), consoleSuspense)).json<Answer<{ entries: { id: number }[] }>>().data.entries.map((e) => e.id);
          expect(open).toContain(r.suspenseId);
          expect(await listAudit(t.db, { objectType: 'suspense', objectId: String(r.suspenseId) })).toEqual([]);
        }
        if (!allowed && r.notificationId !== undefined) {
          const open = (await consoleCall(t, as('finance'), consoleNotifications, { review: 'open', limit: 500 })).json<Answer<{ notifications: { id: number }[] }>>().data;
          expect(open.notifications.map((n) => n.id)).toContain(r.notificationId);
          expect(await listAudit(t.db, { objectType: 'payment_notification', objectId: String(r.notificationId) })).toEqual([]);
        }
      });
    }
  }
});
