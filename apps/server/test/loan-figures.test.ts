import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementDataSchema } from '@presta/contract/api/statement';
import { addDays } from '@presta/contract/dates';
import { moneyIn } from '../src/i18n/market-texts';
import { getLoanPosition } from '../src/modules/ledger/ledger-position';
import { applyPayment } from '../src/modules/ledger/ledger-service';
import { buildTestApp, injectAs, type TestApp } from './helpers';
import { call, data, endpoints, makeLoan, read, urls, catalogueProduct, type Loan } from './repayment-fixtures';

/*
 * Issue 32, the figures a borrower reads: an overdue loan's details say what is owed today (the ledger's
 * outstanding, late charges included, the statement's "Saldo pendiente") beside the agreed plan's total, in both
 * markets; and Repay is offered only while something can be paid, the pages saying from when and how much.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const rowsOf = (d: { userOrderDetail: { detail: { text: string; value: string }[] } }) =>
  Object.fromEntries(d.userOrderDetail.detail.map((r) => [r.text, r.value]));

async function detailsOf(loan: Loan, language: '1' | '2') {
  return read(await injectAs(t.app, loan.sessionId, { url: urls.details, payload: { orderId: loan.orderId }, query: { language } }), endpoints.details);
}

async function statementOutstanding(loan: Loan) {
  const res = await injectAs(t.app, loan.sessionId, { url: '/v3/loan-details/loan-statement', payload: { orderId: loan.orderId } });
  return statementDataSchema.parse(await data(res)).totals.outstanding;
}

describe('an overdue loan says what is owed today (issue 32)', () => {
  it('Mexico: plan total, late charges and owed today = the ledger outstanding = the statement outstanding', async () => {
    // The test product: 1 000,00 in one 15-day instalment (1 075,40), disbursed 20 days ago: 5 days of the 3 % fine.
    const loan = await makeLoan(t.db, { status: '180' });
    const d = await detailsOf(loan, '2');
    const { position } = await getLoanPosition(t.db, Number(loan.orderId));
    const money = moneyIn('MX');
    expect(position.totals.outstanding.late_fee).toBeGreaterThan(0);
    const rows = rowsOf(d);
    expect(rows['Total a pagar']).toBeUndefined();
    expect(rows['Total del plan de pagos']).toBe('$1.075,40');
    expect(rows['Cargos por atraso']).toBe(money(position.totals.owed.late_fee));
    expect(rows['Adeudo total hoy']).toBe(money(position.totals.outstandingTotal));
    expect(position.totals.outstandingTotal).toBe(107_540 + position.totals.owed.late_fee);
    expect(await statementOutstanding(loan)).toBe(position.totals.outstandingTotal);
  });

  it('India, in English: the default penalty and the late interest counted in what is owed today', async () => {
    // ₹5,000 in one 91-day instalment, disbursed 95 days ago: 4 days late.
    const loan = await makeLoan(t.db, { status: '180', product: catalogueProduct('IN'), amount: 500_000, periods: 1, daysAgo: 95 });
    const d = await detailsOf(loan, '1');
    const { position } = await getLoanPosition(t.db, Number(loan.orderId));
    const money = moneyIn('IN');
    const { owed, outstandingTotal } = position.totals;
    expect(owed.default_penalty).toBeGreaterThan(0);
    const rows = rowsOf(d);
    expect(rows['Total to repay']).toBeUndefined();
    expect(rows['Repayment plan total']).toBe(money(owed.principal + owed.interest + owed.commission + owed.vat));
    expect(rows['Late charges']).toBe(money(owed.late_fee));
    expect(rows['Default penalty']).toBe(money(owed.default_penalty));
    expect(rows['Total owed today']).toBe(money(outstandingTotal));
    expect(await statementOutstanding(loan)).toBe(outstandingTotal);
  });

  it('a loan on time has no "owed today" row', async () => {
    const loan = await makeLoan(t.db, { status: '174', periods: 3, daysAgo: 2 });
    const rows = rowsOf(await detailsOf(loan, '2'));
    expect(rows['Adeudo total hoy']).toBeUndefined();
    expect(rows['Total del plan de pagos']).toBeDefined();
  });
});

describe('Repay only while something can be paid (issue 32)', () => {
  it('after paying the overdue instalment, before prepaying opens: no Repay, one sentence on both pages, no channels', async () => {
    // Three 15-day instalments disbursed 20 days ago: the first is overdue; prepaying opens on day 23 (half the term).
    const loan = await makeLoan(t.db, { status: '180', periods: 3, daysAgo: 20 });
    const before = await detailsOf(loan, '2');
    expect(before).toMatchObject({ orderStatus: '180', payable: 1 });
    const due = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail);
    const paid = await applyPayment(t.db, {
      orderId: Number(loan.orderId),
      amount: due.repayAmount,
      purpose: 'repayment',
      channel: 'store',
      provider: 'test',
      providerEventId: `i32-${loan.orderId}`,
    });
    expect(paid).toMatchObject({ applied: true, statusTo: '174' });

    const { position } = await getLoanPosition(t.db, Number(loan.orderId));
    const from = addDays(loan.today, 3);
    expect(position.prepaymentFrom).toBe(from);
    const next = moneyIn('MX')(position.instalments[1]!.totalOutstanding);
    const sentence = `Podrá pagar su próxima cuota, ${next}, a partir del ${from}.`;

    const after = await detailsOf(loan, '2');
    expect(after).toMatchObject({ orderStatus: '174', payable: 0, noticeDesText: sentence });
    const page = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail);
    expect(page.repayList).toEqual([]);
    expect(page.noticeMsg).toBe(sentence);
  });
});
