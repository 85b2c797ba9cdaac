import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { receiptDataSchema, statementDataSchema, type StatementData } from '@presta/contract/api/statement';
import { addDays } from '@presta/contract/dates';
import { runOpsCommand } from '../src/cli/ops';
import { ledgerCoolingOffExits, ledgerWaivers, orders, paymentReferences } from '../src/db/schema';
import { getLoanPosition } from '../src/modules/ledger/ledger-position';
import { applyPayment } from '../src/modules/ledger/ledger-service';
import { opsStaff, buildTestApp, injectAs, type TestApp } from './helpers';
import { call, data, endpoints, makeLoan, notify, read, urls, catalogueProduct, type Loan } from './repayment-fixtures';

/*
 * India's cooling-off exit (decision 016, docs/ledger.md "Cooling-off exit") through the database, the operator
 * command and app.inject: the operator records the exit within 3 days of disbursal, the borrower's pages ask
 * for the exit amount (principal + interest for the days used), the payment that completes it settles the loan
 * and waives the rest of the schedule as its own ledger rows, which the statement and `ops show` show.
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

/** ₹5.000 in one 91-day instalment (the catalogue: 0,10 % a day, 3 % fee + 18 % GST): interest 45 500, fee 15 000, GST 2 700. */
const indianLoan = (daysAgo: number) => makeLoan(t.db, { status: '174', product: catalogueProduct('IN'), amount: 500_000, periods: 1, daysAgo });

async function disbursedOn(loan: Loan) {
  const [o] = await t.db.select({ disbursedOn: orders.disbursedOn }).from(orders).where(eq(orders.id, Number(loan.orderId)));
  return o!.disbursedOn!;
}

async function statementOf(loan: Loan): Promise<StatementData> {
  const res = await injectAs(t.app, loan.sessionId, { url: '/v3/loan-details/loan-statement', payload: { orderId: loan.orderId }, query: { language: '2' } });
  return statementDataSchema.parse(await data(res));
}

describe('cooling-off exit (India)', () => {
  it('asked on day 2: exit amount = principal + 2 days of interest; a smaller payment keeps the loan open; the rest through the repayment page settles it with the fee, GST and the rest of the interest waived', async () => {
    const loan = await indianLoan(2);
    const until = addDays(await disbursedOn(loan), 3);

    const asked = await ops('cooling-off-exit', loan.orderNo, '--note', 'borrower wrote to support');
    expect(asked.code).toBe(0);
    expect(asked.out[0]).toContain(`exit amount 501000 = principal 500000 + interest 1000 for 2 day(s) used; valid through ${until}. To pay: 501000`);
    const [row] = await t.db.select().from(ledgerCoolingOffExits).where(eq(ledgerCoolingOffExits.orderId, Number(loan.orderId)));
    expect(row).toMatchObject({ daysUsed: 2, principal: 500_000, interest: 1_000, amount: 501_000, expiresOn: until, actor: 'operator', note: 'borrower wrote to support' });

    // loan-details and the repayment page ask for the exit amount, by the period's last day.
    expect((await getLoanPosition(t.db, Number(loan.orderId))).position.nextPayment).toEqual({ dueDate: until, amount: 501_000 });
    const details = read(await call(t.app, loan.sessionId, urls.details, { orderId: loan.orderId }), endpoints.details);
    expect(JSON.stringify(details)).toContain(until);
    expect(JSON.stringify(details)).toContain('₹5,010.00');
    expect(read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail).repayAmount).toBe(501_000);

    // Less than the exit amount: credit, the loan stays open, the schedule stands.
    const part = await applyPayment(t.db, { orderId: Number(loan.orderId), amount: 300_000, purpose: 'repayment', channel: 'upi', provider: 'test', providerEventId: `coe-${loan.orderId}-1` });
    expect(part).toMatchObject({ applied: true, statusTo: '174', credited: 300_000 });
    expect('coolingOffExit' in part && part.coolingOffExit).toBeFalsy();
    expect(await t.db.select().from(ledgerWaivers).where(eq(ledgerWaivers.orderId, Number(loan.orderId)))).toEqual([]);
    const plan = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail);
    expect(plan.repayAmount).toBe(201_000);

    // The rest through a payment reference and the provider's notification: settled.
    read(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: plan.repayAmount, payCode: 'upi', requestType: 1 }), endpoints.voucher);
    const [ref] = await t.db.select().from(paymentReferences).where(eq(paymentReferences.orderId, Number(loan.orderId))).orderBy(desc(paymentReferences.id)).limit(1);
    expect(ref!.amount).toBe(201_000);
    expect((await notify(t.app, { reference: ref!.reference, amount: 201_000 })).statusCode).toBe(200);

    const { status, position: p } = await getLoanPosition(t.db, Number(loan.orderId));
    expect(status).toBe('200');
    expect(p.totals).toMatchObject({ owedTotal: 563_200, paidTotal: 501_000, waivedTotal: 62_200, outstandingTotal: 0 });
    expect(p.totals.paid).toMatchObject({ principal: 500_000, interest: 1_000, commission: 0, vat: 0 });
    expect(p.totals.waived).toMatchObject({ interest: 44_500, commission: 15_000, vat: 2_700, principal: 0 });
    expect(p).toMatchObject({ received: 501_000, credit: 0, coolingOffExit: null, nextPayment: null });
    const waivers = await t.db.select().from(ledgerWaivers).where(eq(ledgerWaivers.orderId, Number(loan.orderId)));
    expect(waivers.map((w) => [w.component, w.amount, w.exitId])).toEqual([
      ['commission', 15_000, row!.id],
      ['vat', 2_700, row!.id],
      ['interest', 44_500, row!.id],
    ]);

    // The statement: the waiver as its own event; totals tie to the ledger.
    const d = await statementOf(loan);
    const waiver = d.events.find((e) => e.kind === 'waiver');
    expect(waiver).toMatchObject({ amount: 62_200, balance: 0, credit: 0 });
    expect(waiver && 'allocations' in waiver ? waiver.allocations.map((a) => [a.component, a.amount]) : []).toEqual([
      ['commission', 15_000],
      ['tax', 2_700],
      ['interest', 44_500],
    ]);
    expect(d.events.map((e) => e.kind).slice(-3)).toEqual(['credit_applied', 'payment', 'waiver']);
    expect(d.totals).toMatchObject({ charged: 563_200, waived: 62_200, paid: 501_000, received: 501_000, creditApplied: 300_000, credit: 0, outstanding: 0 });
    expect(d.totals.charged - d.totals.waived - d.totals.paid).toBe(d.totals.outstanding);

    // Issue 32: the receipt of the payment that carried out the exit counts its waiver and says the loan is settled
    // (it read a balance after of ₹622,00 and no waiver); the partial payment before it settled nothing.
    const paymentIds = d.events.flatMap((e) => (e.kind === 'payment' ? [e.paymentId] : []));
    const receiptOf = async (paymentId: string) =>
      receiptDataSchema.parse(await data(await injectAs(t.app, loan.sessionId, { url: '/v3/loan-details/payment-receipt', payload: { paymentId } })));
    expect(await receiptOf(paymentIds.at(-1)!)).toMatchObject({ amount: 201_000, waived: 62_200, balanceAfter: 0, creditAfter: 0, settled: true });
    expect(await receiptOf(paymentIds[0]!)).toMatchObject({ amount: 300_000, waived: 0, settled: false });

    // ops show: the waived total and the waiver event; the exit request too.
    const shown = await ops('show', loan.orderNo);
    expect(shown.code).toBe(0);
    expect(shown.out.join('\n')).toContain('owed 563200, paid 501000, outstanding 0');
    expect(shown.out.join('\n')).toContain('waived 62200');
    expect(shown.out.find((l) => l.includes('  waiver  '))).toContain('[1:commission 15000, 1:vat 2700, 1:interest 44500]');
    expect(shown.out.find((l) => l.includes('  cooling_off_exit  '))).toContain('principal 500000 + interest 1000 (2 day(s) used)');

    // Settled: a second request is refused.
    const again = await ops('cooling-off-exit', loan.orderNo);
    expect(again.code).toBe(1);
    expect(again.err[0]).toContain('already settled');
  });

  it('ops show lists an exit in force with what is left to pay', async () => {
    const loan = await indianLoan(3);
    expect((await ops('cooling-off-exit', loan.orderNo)).out[0]).toContain('exit amount 501500 = principal 500000 + interest 1500 for 3 day(s) used');
    const shown = await ops('show', loan.orderNo);
    expect(shown.out.join('\n')).toContain('exit amount 501500 = principal 500000 + interest 1500 (3 day(s) used); to pay 501500 by');
  });

  it('refused on day 4 (outside the period) and for a Mexican loan, with clear lines; nothing recorded', async () => {
    const late = await indianLoan(4);
    const refusedLate = await ops('cooling-off-exit', late.orderNo);
    expect(refusedLate.code).toBe(1);
    const from = await disbursedOn(late);
    expect(refusedLate.err[0]).toBe(
      `error: Loan ${late.orderNo} cannot take a cooling-off exit on ${addDays(from, 4)}: the period runs from the disbursal (${from}) through ${addDays(from, 3)}, with no instalment fallen due.`,
    );

    const mx = await makeLoan(t.db, { status: '174', product: catalogueProduct('MX'), amount: 300_000, periods: 1, daysAgo: 2 });
    const refusedMx = await ops('cooling-off-exit', mx.orderNo);
    expect(refusedMx.code).toBe(1);
    expect(refusedMx.err[0]).toBe(`error: Loan ${mx.orderNo} (MX) has no cooling-off exit: only Indian loans (KFS) have one.`);

    for (const l of [late, mx]) {
      expect(await t.db.select().from(ledgerCoolingOffExits).where(eq(ledgerCoolingOffExits.orderId, Number(l.orderId)))).toEqual([]);
    }
  });
});
