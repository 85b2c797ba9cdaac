import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { addDays } from '@presta/contract/dates';
import {
  cardRepayTokens,
  ledgerAllocations,
  ledgerCreditEvents,
  ledgerLateCharges,
  ledgerPayments,
  orders,
  paymentNotifications,
  paymentReferences,
  paymentSuspense,
  paymentSuspenseResolutions,
} from '../src/db/schema';
import { DEV_SANDBOX_SECRET } from '../src/config';
import { runOpsCommand } from '../src/cli/ops';
import { listAudit } from '../src/modules/audit/audit-log';
import { repaymentWay } from '../src/modules/card-repayment/card-repayment-service';
import { refreshLedgerStatus } from '../src/modules/ledger/ledger-credit';
import { getLoanPosition } from '../src/modules/ledger/ledger-position';
import { applyPayment } from '../src/modules/ledger/ledger-service';
import { getLoanDetails } from '../src/modules/loan/loan-details';
import { createRepositories } from '../src/repositories';
import { signNotification, unixSeconds } from '../src/modules/payments/notification-signature';
import { createSandboxProvider } from '../src/modules/payments/sandbox-provider';
import { newStoreReference } from '../src/modules/payments/store-reference';
import { createOrReuseReference } from '../src/modules/payments/payment-reference-repository';
import { referenceSeqSource } from '../src/modules/payments/payment-references';
import { receiveNotification } from '../src/modules/payments/notification-service';
import { openSuspense, suspenseHeldFor, suspenseTotals } from '../src/modules/payments/suspense-service';
import { opsStaff, buildTestApp, type TestApp } from './helpers';
import { call, endpoints, makeLoan, notify, ONE_DAY_FINE, ONE_INSTALMENT_TOTAL, read, urls, type Loan } from './repayment-fixtures';

/*
 * Issue 12 ("Money that tells the truth") through the real notification route, the ledger and the operator
 * command: money received is never lost (expired references, unknown references, amounts above the ceiling,
 * settled loans), a repeated event id must carry the same payment, a backdated paidAt cannot skip late
 * charges, and a disbursal cannot precede its application.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function ops(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOpsCommand(t.db, argv, { out: (l) => out.push(l), err: (l) => err.push(l) }, await opsStaff(t.db));
  return { code, out, err };
}

const paymentsOf = (orderId: string | number) =>
  t.db.select().from(ledgerPayments).where(eq(ledgerPayments.orderId, Number(orderId))).orderBy(asc(ledgerPayments.id));
const statusOf = async (orderId: string | number) => (await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, Number(orderId))))[0]!.s;
const recorded = (eventId: string) =>
  t.db.select().from(paymentNotifications).where(eq(paymentNotifications.eventId, eventId)).orderBy(asc(paymentNotifications.id));

async function referenceFor(loan: Loan, amount: number, requestType: 1 | 2 = 1): Promise<string> {
  const d = read(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount, payCode: 'store', requestType }), endpoints.voucher);
  const [row] = await t.db
    .select()
    .from(paymentReferences)
    .where(eq(paymentReferences.voucherCode, d.repayDetail.vCode))
    .orderBy(desc(paymentReferences.id))
    .limit(1);
  return row!.reference;
}

describe('issue 12 reproductions (each failed before the fix)', () => {
  it('4a: money paid after its reference\'s time is held in suspense, answered 200, and an operator applies it (issue 36: was applied as the reference\'s; before issue 12: 409, recorded nowhere)', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const reference = await referenceFor(loan, ONE_INSTALMENT_TOTAL);
    await t.db.update(paymentReferences).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(paymentReferences.reference, reference));
    const eventId = `evt-expired-${randomUUID()}`;
    const res = await notify(t.app, { eventId, reference, amount: ONE_INSTALMENT_TOTAL });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, applied: false, held: 'suspense', reason: 'reference_expired' });
    expect(await paymentsOf(loan.orderId)).toEqual([]);
    expect(await recorded(eventId)).toEqual([expect.objectContaining({ outcome: 'held', reason: 'reference_expired', review: 'open', kind: 'paid' })]);
    const [entry] = await t.db.select().from(paymentSuspense).where(eq(paymentSuspense.eventId, eventId));
    expect(entry).toMatchObject({ reason: 'reference_expired', orderId: Number(loan.orderId), amount: ONE_INSTALMENT_TOTAL, channel: 'store' });
    // Never lost: the operator assigns it to its loan, once.
    const { code } = await ops('suspense', 'assign', String(entry!.id), loan.orderNo);
    expect(code).toBe(0);
    expect((await paymentsOf(loan.orderId)).map((p) => p.amount)).toEqual([ONE_INSTALMENT_TOTAL]);
    expect(await statusOf(loan.orderId)).toBe('200');
  });

  it('4a: a loan\'s own account (STP\'s CLABE, a Smart Collect account) takes money past a reference\'s time: applied, noted', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const reference = await referenceFor(loan, ONE_INSTALMENT_TOTAL);
    await t.db.update(paymentReferences).set({ expiresAt: new Date(Date.now() - 60_000), loanAccount: true }).where(eq(paymentReferences.reference, reference));
    const eventId = `evt-account-${randomUUID()}`;
    const res = await notify(t.app, { eventId, reference, amount: ONE_INSTALMENT_TOTAL });
    expect(res.json()).toEqual({ received: true, applied: true });
    expect((await paymentsOf(loan.orderId)).map((p) => p.amount)).toEqual([ONE_INSTALMENT_TOTAL]);
    expect(await recorded(eventId)).toEqual([expect.objectContaining({ outcome: 'applied', reason: 'reference_expired', review: 'none' })]);
  });

  it('4b: a repeated event id with another amount or reference is refused (409 event_conflict) and recorded for review (was taken as a duplicate)', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const reference = await referenceFor(loan, ONE_INSTALMENT_TOTAL);
    const eventId = `evt-conflict-${randomUUID()}`;
    const paidAt = new Date().toISOString();
    expect((await notify(t.app, { eventId, reference, amount: 40_000, paidAt })).json()).toEqual({ received: true, applied: true });
    const other = await notify(t.app, { eventId, reference, amount: 45_000, paidAt });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ received: false, error: 'event_conflict' });
    const same = await notify(t.app, { eventId, reference, amount: 40_000, paidAt });
    expect(same.json()).toEqual({ received: true, applied: false });
    expect((await recorded(eventId)).map((r) => [r.outcome, r.reason, r.review, r.amount])).toEqual([
      ['applied', null, 'none', 40_000],
      ['refused', 'event_conflict', 'open', 45_000],
      ['duplicate', null, 'none', 40_000],
    ]);
    expect((await paymentsOf(loan.orderId)).map((p) => p.amount)).toEqual([40_000]);
  });

  it('6: a paidAt before the reference was made is clamped to its creation: the late charges already due are not skipped', async () => {
    const loan = await makeLoan(t.db, { status: '180', daysAgo: 20 }); // due 5 days ago: 5 days of fine today
    const reference = await referenceFor(loan, ONE_INSTALMENT_TOTAL + 5 * ONE_DAY_FINE);
    const [ref] = await t.db.select().from(paymentReferences).where(eq(paymentReferences.reference, reference));
    const backdated = addDays(loan.today, -19); // the day after the disbursal, before the due date
    const res = await notify(t.app, { reference, amount: ONE_INSTALMENT_TOTAL + 5 * ONE_DAY_FINE, paidAt: `${backdated}T18:00:00.000Z` });
    expect(res.json()).toEqual({ received: true, applied: true });
    const [payment] = await paymentsOf(loan.orderId);
    expect(payment!.receivedAt.getTime()).toBe(ref!.createdAt.getTime());
    expect(payment!.valueDate).toBe(loan.today);
    const charges = await t.db.select().from(ledgerLateCharges).where(eq(ledgerLateCharges.orderId, Number(loan.orderId)));
    expect(charges.reduce((a, c) => a + c.amount, 0)).toBe(5 * ONE_DAY_FINE);
    expect(await statusOf(loan.orderId)).toBe('200');
    const [row] = await t.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderId, Number(loan.orderId)));
    expect(row).toMatchObject({ outcome: 'applied', reason: 'paid_at_clamped' });
  });

  it('6: the clamp is logged — what the provider said and what the ledger took, no body, header or secret', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const reference = await referenceFor(loan, ONE_INSTALMENT_TOTAL);
    const provider = createSandboxProvider({ secret: DEV_SANDBOX_SECRET, nextSeq: referenceSeqSource(t.db) });
    const paidAt = `${addDays(loan.today, -10)}T18:00:00.000Z`;
    const rawBody = JSON.stringify({ eventId: `evt-log-${randomUUID()}`, reference, amount: 1_000, paidAt });
    const header = signNotification(DEV_SANDBOX_SECRET, rawBody, unixSeconds(new Date()));
    const outcome = await receiveNotification(t.db, provider, { rawBody, headers: { 'x-presta-signature': header } }, { ceilingPercent: 200 });
    expect(outcome.status).toBe(200);
    expect(outcome.log).toMatchObject({ paidAtClamped: 'before_reference', paidAt, applied: true, reference, amount: 1_000 });
    const [payment] = await paymentsOf(loan.orderId);
    expect(outcome.log.receivedAt).toBe(payment!.receivedAt.toISOString());
    expect(JSON.stringify(outcome.log)).not.toContain(header);
    expect(JSON.stringify(outcome.log)).not.toContain(DEV_SANDBOX_SECRET);
  });

  // 7 (`ops disburse --on` refused a day before the application day): since issue 37 the disbursal day is the payout
  // provider's value date, never typed (docs/disbursal.md); disbursal.test.ts covers it.
});

// ---------------------------------------------------------------------------
// Credit applied by itself (the Mexican example through the database)
// ---------------------------------------------------------------------------

const positionOn = async (orderId: string | number, day?: string) => (await getLoanPosition(t.db, Number(orderId), day)).position;
const creditEventsOf = (orderId: string | number) =>
  t.db.select().from(ledgerCreditEvents).where(eq(ledgerCreditEvents.orderId, Number(orderId))).orderBy(asc(ledgerCreditEvents.id));
const detailRows = async (loan: Loan) => {
  const d = read(await call(t.app, loan.sessionId, urls.details, { orderId: loan.orderId }), endpoints.details);
  return Object.fromEntries(d.userOrderDetail.detail.map((r: { text: string; value: string }) => [r.text, r.value])) as Record<string, string>;
};

describe('credit applied by itself', () => {
  it('the issue: Mexico $3.500 × 3, 300 000 paid on instalment 1’s due date — the credit pays instalment 2 when it may, nothing accrues, the borrower is asked for the rest of instalment 3', async () => {
    // The catalogue's Mexican rates (0,05 %/day, 5 %, IVA 16 %): 126 477, 125 462, 124 450; instalment 1 due today, window on day 23.
    const loan = await makeLoan(t.db, { status: '174', amount: 350_000, periods: 3, daysAgo: 15, product: { dailyRatePpm: 500 } });
    const reference = await referenceFor(loan, 126_477);
    expect((await notify(t.app, { reference, amount: 300_000 })).json()).toEqual({ received: true, applied: true });

    const now = await positionOn(loan.orderId);
    expect(now).toMatchObject({ credit: 173_523, received: 300_000, nextPayment: { dueDate: addDays(loan.today, 30), amount: 76_389 } });
    // loan-details asks for what the credit leaves (before the fix: instalment 2 in full, 1.254,62, by its due date)
    const rows = await detailRows(loan);
    expect(rows).toMatchObject({ 'Próximo vencimiento': addDays(loan.today, 30), 'Monto a pagar': '$763,89', 'Saldo a favor': '$1.735,23' });
    // the repayment page: nothing payable before the window, what the credit leaves of instalment 3 shown
    const page = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail);
    expect(page).toMatchObject({ repayAmount: 76_389, repayDate: addDays(loan.today, 30) });

    // The day after instalment 2 falls due: paid by the credit on the window's first day, no fine (before the fix: 3 764).
    const later = await positionOn(loan.orderId, addDays(loan.today, 16));
    expect(later.instalments[1]).toMatchObject({ paidOff: true, totalOutstanding: 0 });
    expect(later.totals.owed.late_fee).toBe(0);
    expect(later).toMatchObject({ credit: 0, creditApplied: 173_523, expectedStatus: '174' });

    // The sweep crystallises it: one credit event on day 23 with its allocations, no late charge; again: nothing new.
    expect(await refreshLedgerStatus(t.db, { orderId: Number(loan.orderId), today: addDays(loan.today, 16) })).toEqual([]);
    const events = await creditEventsOf(loan.orderId);
    expect(events.map((e) => [e.kind, e.valueDate, e.amount, e.actor])).toEqual([['application', addDays(loan.today, 8), 173_523, 'system']]);
    const allocated = await t.db.select().from(ledgerAllocations).where(eq(ledgerAllocations.creditEventId, events[0]!.id));
    expect(allocated.reduce((a, x) => a + x.amount, 0)).toBe(173_523);
    expect(allocated.every((x) => x.paymentId === null && x.instalmentId !== null)).toBe(true);
    await refreshLedgerStatus(t.db, { orderId: Number(loan.orderId), today: addDays(loan.today, 16) });
    expect(await creditEventsOf(loan.orderId)).toHaveLength(1);
    expect(await t.db.select().from(ledgerLateCharges).where(eq(ledgerLateCharges.orderId, Number(loan.orderId)))).toEqual([]);
    expect(await positionOn(loan.orderId, addDays(loan.today, 16))).toEqual(later);
  });

  it('credit that covers everything left settles the loan once it may be applied; the rest is refundable with `ops refund`, shown by `ops show`', async () => {
    const loan = await makeLoan(t.db, { status: '174', amount: 300_000, periods: 3, daysAgo: 15 }); // 111 020, 109 280, 107 540; window on day 23
    const reference = await referenceFor(loan, 111_020);
    expect((await notify(t.app, { reference, amount: 327_840 + 700 })).json()).toEqual({ received: true, applied: true });
    expect(await statusOf(loan.orderId)).toBe('174'); // prepayment not allowed yet: held as credit
    expect(await positionOn(loan.orderId)).toMatchObject({ credit: 216_820 + 700, nextPayment: null });
    // an open loan's credit is not refunded: it pays the next instalments by itself
    expect(await ops('refund', loan.orderNo, '--amount', '700')).toMatchObject({
      code: 1,
      err: [`error: Loan ${loan.orderNo} is in status 174: its credit (217520) goes to its next instalments by itself; only the credit of a settled loan is refunded.`],
    });

    const moved = await refreshLedgerStatus(t.db, { orderId: Number(loan.orderId), today: addDays(loan.today, 8) });
    expect(moved.map((m) => [m.from, m.to])).toEqual([['174', '200']]);
    expect(await positionOn(loan.orderId, addDays(loan.today, 8))).toMatchObject({ credit: 700, expectedStatus: '200' });

    expect(await ops('refund', loan.orderNo, '--amount', '701')).toMatchObject({ code: 1, err: [`error: Cannot refund 701 of loan ${loan.orderNo}: its credit is 700.`] });
    const refunded = await ops('refund', loan.orderNo, '--amount', '700', '--note', 'SPEI back to the payer');
    expect(refunded.code).toBe(0);
    expect(refunded.out[0]).toMatch(new RegExp(`^Order ${loan.orderNo}: refunded 700 of its credit on \\d{4}-\\d\\d-\\d\\d \\(credit event \\d+\\); credit left 0\\.$`));
    expect((await creditEventsOf(loan.orderId)).map((e) => [e.kind, e.amount, e.actor, e.note])).toEqual([
      ['application', 216_820, 'system', ''],
      ['refund', 700, 'operator', 'SPEI back to the payer'],
    ]);
    const shown = await ops('show', loan.orderNo);
    const ledgerLine = shown.out.find((l) => l.startsWith('Ledger on'))!;
    expect(ledgerLine).toContain('received 328540;');
    expect(ledgerLine).toContain('credit 0 (applied 216820, refunded 700)');
    expect(shown.out.some((l) => l.includes('  refund  ') && l.includes('operator (SPEI back to the payer)') && l.includes('-:refund 700'))).toBe(true);
    expect(shown.out.some((l) => l.includes('  credit_application  ') && l.includes('2:principal 100000'))).toBe(true);
    expect((await ops('refund', loan.orderNo, '--amount', '0')).code).toBe(1);
  });

  it('a payment after settlement is credit, shown by the position and by loan-details (issue: it vanished)', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const reference = await referenceFor(loan, ONE_INSTALMENT_TOTAL);
    await notify(t.app, { reference, amount: ONE_INSTALMENT_TOTAL });
    expect(await statusOf(loan.orderId)).toBe('200');
    expect((await notify(t.app, { reference, amount: 2_500 })).json()).toEqual({ received: true, applied: true });
    expect(await positionOn(loan.orderId)).toMatchObject({ credit: 2_500, received: ONE_INSTALMENT_TOTAL + 2_500, expectedStatus: '200' });
    expect((await detailRows(loan))['Saldo a favor']).toBe('$25,00');
  });
});

// ---------------------------------------------------------------------------
// Money never lost: every signed notification's money is applied or held
// ---------------------------------------------------------------------------

const suspenseOf = (eventId: string) => t.db.select().from(paymentSuspense).where(eq(paymentSuspense.eventId, eventId));

describe('money never lost', () => {
  it('an extension reference paid twice: the second payment repays, it buys no second extension', async () => {
    const loan = await makeLoan(t.db, { status: '180', daysAgo: 20 });
    const extensionOffer = read(await call(t.app, loan.sessionId, urls.extensionDetail, { orderId: loan.orderId }), endpoints.extensionDetail);
    const price = extensionOffer.delayInfo.delayAmount;
    const reference = await referenceFor(loan, price, 2);
    expect((await notify(t.app, { reference, amount: price })).json()).toEqual({ received: true, applied: true });
    expect((await notify(t.app, { reference, amount: price })).json()).toEqual({ received: true, applied: true });
    expect((await paymentsOf(loan.orderId)).map((p) => [p.purpose, p.extended])).toEqual([
      ['extension', true],
      ['repayment', false],
    ]);
    expect((await positionOn(loan.orderId)).nextDueDate).toBe(addDays(loan.today, 15)); // moved once
  });

  it('unknown reference: held in suspense, listed by `ops suspense`, assigned once to an order through the ledger; a repeat answers as the first', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const eventId = `evt-suspense-${randomUUID()}`;
    const unknownRef = newStoreReference(99_000_000_000 + Math.floor(Math.random() * 900_000_000));
    const paidAt = new Date().toISOString();
    const res = await notify(t.app, { eventId, reference: unknownRef, amount: 40_000, paidAt });
    expect(res.json()).toEqual({ received: true, applied: false, held: 'suspense', reason: 'unknown_reference' });
    expect((await notify(t.app, { eventId, reference: unknownRef, amount: 40_000, paidAt })).json()).toEqual({ received: true, applied: false, held: 'suspense' });
    expect((await notify(t.app, { eventId, reference: unknownRef, amount: 40_001, paidAt })).statusCode).toBe(409);
    const [entry] = await suspenseOf(eventId);
    expect(entry).toMatchObject({ amount: 40_000, reason: 'unknown_reference', orderId: null, reference: unknownRef });
    expect((await recorded(eventId)).map((r) => [r.outcome, r.review])).toEqual([
      ['held', 'open'],
      ['duplicate', 'none'],
      ['refused', 'open'],
    ]);

    const listed = await ops('suspense');
    expect(listed.code).toBe(0);
    expect(listed.out.some((l) => l.startsWith(`  ${entry!.id}  `) && l.includes('40000  unknown_reference  sandbox') && l.includes(unknownRef))).toBe(true);

    const assigned = await ops('suspense', 'assign', String(entry!.id), loan.orderNo);
    expect(assigned).toMatchObject({ code: 0, err: [] });
    expect(assigned.out[0]).toMatch(new RegExp(`^Suspense ${entry!.id} \\(40000\\) assigned to order ${loan.orderNo}: payment \\d+ on ${loan.today}; status 174 → 174\\.$`));
    expect((await paymentsOf(loan.orderId)).map((p) => [p.amount, p.provider, p.providerEventId, p.channel])).toEqual([[40_000, 'sandbox', eventId, 'suspense']]);
    expect((await recorded(eventId))[0]).toMatchObject({ outcome: 'held', review: 'resolved' });
    // In the audit trail as the member who ran it (issue 17).
    expect((await listAudit(t.db, { objectType: 'suspense', objectId: String(entry!.id) }))[0]).toMatchObject({
      action: 'suspense.assign',
      via: 'cli',
      actorLabel: 'ops-tests@presta.example',
      before: { status: 'open', amount: 40_000 },
      after: { status: 'assigned', orderNo: loan.orderNo },
    });
    // once: assigning or refunding it again is refused; it is no longer listed; the provider's retry is still a repeat
    expect(await ops('suspense', 'assign', String(entry!.id), loan.orderNo)).toMatchObject({ code: 1, err: [`error: Suspense entry ${entry!.id} is already resolved (assigned).`] });
    expect(await ops('suspense', 'refund', String(entry!.id))).toMatchObject({ code: 1 });
    expect((await ops('suspense')).out.some((l) => l.startsWith(`  ${entry!.id}  `))).toBe(false);
    expect((await notify(t.app, { eventId, reference: unknownRef, amount: 40_000, paidAt })).json()).toMatchObject({ received: true, applied: false });
    expect(await paymentsOf(loan.orderId)).toHaveLength(1);
    expect(await ops('suspense', 'refund', '987654321')).toMatchObject({ code: 1, err: ['error: There is no suspense entry 987654321.'] });
    expect((await ops('suspense', 'assign', 'x', loan.orderNo)).code).toBe(1);
  });

  it('above the ceiling: held (not applied), then recorded as refunded to the payer by `ops suspense refund`', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const reference = await referenceFor(loan, ONE_INSTALMENT_TOTAL);
    const eventId = `evt-ceiling-${randomUUID()}`;
    expect((await notify(t.app, { eventId, reference, amount: 10 ** 10 })).json()).toMatchObject({ held: 'suspense', reason: 'amount_above_ceiling' });
    const [entry] = await suspenseOf(eventId);
    expect(await suspenseHeldFor(t.db, Number(loan.orderId))).toBe(10 ** 10);
    const refunded = await ops('suspense', 'refund', String(entry!.id), '--note', 'returned by the store');
    expect(refunded).toEqual({ code: 0, out: [`Suspense ${entry!.id} (10000000000) recorded as refunded to the payer.`], err: [] });
    expect((await listAudit(t.db, { objectType: 'suspense', objectId: String(entry!.id) }))[0]).toMatchObject({
      action: 'suspense.refund',
      after: { status: 'refunded', note: 'returned by the store' },
    });
    expect(await suspenseHeldFor(t.db, Number(loan.orderId))).toBe(0);
    expect(await paymentsOf(loan.orderId)).toEqual([]);
    await expect(t.db.update(paymentSuspense).set({ amount: 1 }).where(eq(paymentSuspense.id, entry!.id))).rejects.toThrow();
    await expect(t.db.delete(paymentSuspenseResolutions).where(eq(paymentSuspenseResolutions.suspenseId, entry!.id))).rejects.toThrow();
  });
});

// ---------------------------------------------------------------------------
// Properties through the real route (fast-check)
// ---------------------------------------------------------------------------

type Action =
  | { kind: 'pay'; amount: number }
  | { kind: 'expired'; amount: number }
  | { kind: 'backdated'; amount: number }
  | { kind: 'unknown'; amount: number }
  | { kind: 'repeat' }
  | { kind: 'conflict'; delta: number }
  | { kind: 'refund'; amount: number }
  | { kind: 'assign' };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('pay' as const), amount: fc.oneof(fc.integer({ min: 1, max: 60_000 }), fc.integer({ min: 60_000, max: 400_000 })) }),
  fc.record({ kind: fc.constant('expired' as const), amount: fc.integer({ min: 1, max: 200_000 }) }),
  fc.record({ kind: fc.constant('backdated' as const), amount: fc.integer({ min: 1, max: 200_000 }) }),
  fc.record({ kind: fc.constant('unknown' as const), amount: fc.integer({ min: 1, max: 200_000 }) }),
  fc.record({ kind: fc.constant('repeat' as const) }),
  fc.record({ kind: fc.constant('conflict' as const), delta: fc.integer({ min: 1, max: 1_000 }) }),
  fc.record({ kind: fc.constant('refund' as const), amount: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({ kind: fc.constant('assign' as const) }),
);

const sumOf = (xs: readonly { amount: number }[]) => xs.reduce((a, x) => a + x.amount, 0);

describe('every minor unit received is in the ledger or in suspense (fast-check, through the notification route)', () => {
  it('random payments, overpayments, expired and unknown references, backdated paidAt, repeats, conflicts, refunds and suspense assignments', async () => {
    const provider = createSandboxProvider({ secret: DEV_SANDBOX_SECRET, nextSeq: referenceSeqSource(t.db) });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 60 }), fc.array(actionArb, { minLength: 1, maxLength: 8 }), async (daysAgo, actions) => {
        const loan = await makeLoan(t.db, { status: '174', amount: 300_000, periods: 3, daysAgo });
        const orderId = Number(loan.orderId);
        const accepted = new Map<string, number>(); // event id → amount, for every money-bearing answer
        const sent: { eventId: string; reference: string; amount: number; paidAt: string }[] = [];
        const held: string[] = [];
        const newRef = async (amount: number) =>
          (
            await createOrReuseReference(t.db, provider, {
              orderId,
              borrowerId: loan.borrower.id,
              purpose: 'repayment',
              channel: 'store',
              amount,
              expiresAt: new Date(Date.now() + 3_600_000),
            })
          ).reference;
        const send = async (body: { eventId: string; reference: string; amount: number; paidAt: string }) => {
          const res = await notify(t.app, body);
          const answer = res.json<{ received: boolean; applied?: boolean; held?: string; error?: string }>();
          if (res.statusCode === 200 && !accepted.has(body.eventId)) accepted.set(body.eventId, body.amount);
          if (answer.held === 'suspense' && !held.includes(body.eventId)) held.push(body.eventId);
          // never a business refusal: only a conflicting reuse of an event id is refused
          expect(res.statusCode === 200 || (res.statusCode === 409 && answer.error === 'event_conflict')).toBe(true);
          sent.push(body);
          return res;
        };
        for (const a of actions) {
          const eventId = `evt-prop-${randomUUID()}`;
          const paidAt = new Date().toISOString();
          if (a.kind === 'pay' || a.kind === 'expired' || a.kind === 'backdated') {
            const ref = await newRef(a.amount);
            if (a.kind === 'expired') await t.db.update(paymentReferences).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(paymentReferences.id, ref.id));
            const at = a.kind === 'backdated' ? `${addDays(loan.today, -daysAgo)}T12:00:00.000Z` : paidAt;
            await send({ eventId, reference: ref.reference, amount: a.amount, paidAt: at });
          } else if (a.kind === 'unknown') {
            await send({ eventId, reference: newStoreReference(90_000_000_000 + Math.floor(Math.random() * 9_000_000_000)), amount: a.amount, paidAt });
          } else if (a.kind === 'repeat' && sent.length > 0) {
            await send(sent[sent.length - 1]!);
          } else if (a.kind === 'conflict' && sent.length > 0) {
            const last = sent[sent.length - 1]!;
            const res = await send({ ...last, amount: last.amount + a.delta });
            if (accepted.has(last.eventId)) expect(res.statusCode).toBe(409);
          } else if (a.kind === 'refund') {
            await ops('refund', loan.orderNo, '--amount', String(a.amount)); // refused unless settled and covered: either way nothing is lost
          } else if (a.kind === 'assign') {
            const open = (await openSuspense(t.db)).find((e) => held.includes(e.eventId));
            if (open) expect((await ops('suspense', 'assign', String(open.id), loan.orderNo)).code).toBe(0);
          }
        }

        // Every event answered 200 is money in the ledger (this loan's payments) or in suspense — once.
        const payments = await paymentsOf(orderId);
        const entries = held.length ? await t.db.select().from(paymentSuspense).where(inArray(paymentSuspense.eventId, held)) : [];
        const assigned = new Set(payments.map((p) => p.providerEventId));
        const stillHeld = entries.filter((e) => !assigned.has(e.eventId));
        expect(sumOf(payments) + sumOf(stillHeld)).toBe([...accepted.values()].reduce((a, b) => a + b, 0));
        expect(new Set([...payments.map((p) => p.providerEventId), ...stillHeld.map((e) => e.eventId)])).toEqual(new Set(accepted.keys()));

        // The loan's books: received = paid + extension fees + credit + refunded; owed = paid + outstanding.
        const { position: p } = await getLoanPosition(t.db, orderId);
        expect(p.received).toBe(sumOf(payments));
        expect(p.received).toBe(p.totals.paidTotal + p.extensionFeePaid + p.extensionTaxPaid + p.credit + p.refunded);
        expect(p.totals.owedTotal).toBe(p.totals.paidTotal + p.totals.outstandingTotal);
        if (p.credit > 0) expect(p.payableNow).toBe(0);
        // allocated by payments = received; by credit events = the credit they consumed
        const rows = await t.db.select().from(ledgerAllocations).where(eq(ledgerAllocations.orderId, orderId));
        expect(sumOf(rows.filter((r) => r.paymentId !== null))).toBe(p.received);
        const creditEvents = await creditEventsOf(orderId);
        expect(sumOf(rows.filter((r) => r.creditEventId !== null))).toBe(sumOf(creditEvents));
        expect(sumOf(rows.filter((r) => r.component === 'overpayment')) - sumOf(creditEvents)).toBe(p.credit);
        await refreshLedgerStatus(t.db, { orderId });
        expect(await statusOf(orderId)).toBe(p.expectedStatus);
        // Suspense adds up: every entry is open, assigned or refunded.
        const totals = await suspenseTotals(t.db);
        expect(totals.held).toBe(totals.open + totals.assigned + totals.refunded);
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});

describe('every reader follows the credit', () => {
  it('a backdated payment whose credit covers everything once the window opened: settled at once, the credit applications crystallised with it', async () => {
    const loan = await makeLoan(t.db, { status: '174', amount: 300_000, periods: 3, daysAgo: 24 }); // instalment 1 due 9 days ago; window opened yesterday
    const dueDay = addDays(loan.today, -9);
    const r = await applyPayment(t.db, {
      orderId: Number(loan.orderId),
      amount: 327_840 + 700, // on instalment 1's due date: 216 820 held until the window
      purpose: 'repayment',
      channel: 'spei',
      provider: 'test-psp',
      providerEventId: `evt-${randomUUID()}`,
      receivedAt: new Date(`${dueDay}T18:00:00.000Z`),
    });
    if (!r.applied) throw new Error('expected the payment to be applied');
    expect(r).toMatchObject({ valueDate: dueDay, credited: 217_520, statusTo: '200' });
    expect(r.creditApplications.map((c) => [c.day, c.amount])).toEqual([[addDays(loan.today, -1), 216_820]]);
    expect((await creditEventsOf(loan.orderId)).map((e) => [e.kind, e.valueDate, e.amount, e.paymentId])).toEqual([
      ['application', addDays(loan.today, -1), 216_820, r.paymentId],
    ]);
    // the stored ledger says what the status says: nothing left unpaid, 700 of credit
    const rows = await t.db.select().from(ledgerAllocations).where(eq(ledgerAllocations.orderId, Number(loan.orderId)));
    expect(sumOf(rows.filter((x) => x.instalmentId !== null))).toBe(327_840);
    expect(await positionOn(loan.orderId)).toMatchObject({ credit: 700, expectedStatus: '200' });
  });

  it('loan-details of an order whose credit settled it since the last look: the read moves it to 200 (refreshLedgerStatus)', async () => {
    const loan = await makeLoan(t.db, { status: '174', amount: 300_000, periods: 3, daysAgo: 15 }); // window in 8 days
    const reference = await referenceFor(loan, 111_020);
    await notify(t.app, { reference, amount: 327_840 });
    expect(await statusOf(loan.orderId)).toBe('174');
    // 8 days later (the window opens): the read finds the ledger says 200
    const later = new Date(Date.now() + 8 * 86_400_000);
    const d = await getLoanDetails({ db: t.db, repos: createRepositories(t.db), lang: 'es', now: later, borrowerId: loan.borrower.id }, loan.orderId);
    expect(d.orderStatus).toBe('200');
    expect(await statusOf(loan.orderId)).toBe('200');
    expect((await creditEventsOf(loan.orderId)).map((e) => [e.kind, e.amount])).toEqual([['application', 216_820]]);
    // The sweep's rule applied by the read: in the audit trail as the system's move, as the job's are (issue 17).
    const events = await listAudit(t.db, { objectType: 'order', objectId: loan.orderNo, action: 'orders.settle' });
    expect(events.map((e) => [e.actorType, e.via, e.before, e.after])).toEqual([['system', 'job', { status: '174' }, { status: '200', reason: 'credit applied' }]]);
  });

  it('the extension page and the card token: an instalment the credit covers is not asked for', async () => {
    // 5 × 15 days (window on day 38); instalment 1 due 12 days ago, paid then with 30 000 more: instalment 2 (due in 3 days) is partly covered
    const loan = await makeLoan(t.db, { status: '174', amount: 500_000, periods: 5, daysAgo: 27 });
    const dueDay = addDays(loan.today, -12);
    const before = (await getLoanPosition(t.db, Number(loan.orderId), dueDay)).position;
    await applyPayment(t.db, {
      orderId: Number(loan.orderId),
      amount: before.amountDueNow + 30_000,
      purpose: 'repayment',
      channel: 'spei',
      provider: 'test-psp',
      providerEventId: `evt-${randomUUID()}`,
      receivedAt: new Date(`${dueDay}T18:00:00.000Z`),
    });
    const second = before.instalments[1]!.totalOutstanding;
    const extensionOffer = read(await call(t.app, loan.sessionId, urls.extensionDetail, { orderId: loan.orderId }), endpoints.extensionDetail);
    expect(extensionOffer.repayPlan[0]).toMatchObject({ amount: second - 30_000 });

    // covered in full: the card token is bound to the next instalment the borrower pays (3), not to 2
    const covered = await makeLoan(t.db, { status: '174', amount: 500_000, periods: 5, daysAgo: 27 });
    const coveredDue = addDays(covered.today, -12);
    const p = (await getLoanPosition(t.db, Number(covered.orderId), coveredDue)).position;
    await applyPayment(t.db, {
      orderId: Number(covered.orderId),
      amount: p.amountDueNow + p.instalments[1]!.totalOutstanding,
      purpose: 'repayment',
      channel: 'spei',
      provider: 'test-psp',
      providerEventId: `evt-${randomUUID()}`,
      receivedAt: new Date(`${coveredDue}T18:00:00.000Z`),
    });
    await repaymentWay({ db: t.db, repos: createRepositories(t.db), lang: 'es', now: new Date(), borrowerId: covered.borrower.id }, covered.orderId);
    const [token] = await t.db.select().from(cardRepayTokens).where(eq(cardRepayTokens.orderId, Number(covered.orderId)));
    expect(token!.instalmentSeq).toBe(3);
  });
});
