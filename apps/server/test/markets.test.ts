import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { marketSchema } from '@presta/contract/api/common';
import { repaymentHuichao } from '@presta/contract/api/legacy-payment';
import { addDays } from '@presta/contract/dates';
import { formatMarketMoney, markets } from '@presta/contract/markets';
import { productCatalogue } from '../src/db/catalogue';
import { ledgerPayments, paymentReferences } from '../src/db/schema';
import { quoteExtension } from '../src/modules/ledger/ledger-position';
import { applyPayment, middayOf } from '../src/modules/ledger/ledger-service';
import { transitionOrder } from '../src/modules/orders/order-service';
import { SANDBOX_UPI_ISSUER, SANDBOX_VIRTUAL_ACCOUNT_ISSUER } from '../src/modules/payments/sandbox-provider';
import { vpaForOrder, virtualAccountForOrder } from '../src/modules/payments/india-accounts';
import { buildTestApp, dataAs, dataOf, injectAs, without, wrapper, type TestApp } from './helpers';
import { decodeBarcode, endpoints, makeLoan, notify, read, urls } from './repayment-fixtures';

/*
 * Issue 12: everything a borrower sees about a loan comes from its market,
 * whatever the page's language. Each test names the bug it reproduces: before
 * the fix, an Indian loan read in Spanish showed '$', a Mexican loan read in
 * English '₹', Indian borrowers were offered SPEI and store cash, vouchers
 * named the Mexican company and IVA was charged on Indian interest.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const mexicanProduct = without(productCatalogue.find((p) => p.market === 'MX')!, 'code');
const indianProduct = without(productCatalogue.find((p) => p.market === 'IN')!, 'code');

/** An Indian loan of the catalogue's product (₹5,000.00 over one 91-day instalment), disbursed `daysAgo` days ago. */
const indianLoan = (daysAgo = 91, status: '174' | '180' = '174') => makeLoan(t.db, { status, product: indianProduct, amount: 500_000, daysAgo });
const mexicanLoan = (daysAgo = 15) => makeLoan(t.db, { status: '174', product: mexicanProduct, amount: 100_000, daysAgo });

const as = (loan: { sessionId: string }, url: string, payload: Record<string, string | number>, language: '1' | '2') =>
  injectAs(t.app, loan.sessionId, { url, payload, query: { language } });

/** Every display string of an answer (rows, notices, descriptions), for sign checks. */
const textOf = (d: unknown) => JSON.stringify(d);

describe('the currency is the loan’s market’s, never the language’s', () => {
  it('an Indian loan read in Spanish: ₹ on loan details, repayment, extension, voucher and the promissory note', async () => {
    const loan = await indianLoan();
    const answers = await Promise.all([
      as(loan, urls.details, { orderId: loan.orderId }, '2'),
      as(loan, urls.repaymentDetail, { orderId: loan.orderId }, '2'),
      as(loan, urls.extensionDetail, { orderId: loan.orderId }, '2'),
      as(loan, urls.agreement, { orderNo: loan.orderNo }, '2'),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      const d = dataAs(res, z.object({ market: marketSchema }));
      expect(d.market).toBe('IN');
      expect(textOf(d)).toMatch(/₹\d/);
      expect(textOf(d)).not.toMatch(/\$\d/);
    }
    const play = dataOf(answers[1], endpoints.repaymentDetail);
    const voucher = read(await as(loan, urls.voucher, { orderId: loan.orderId, amount: play.repayAmount, payCode: 'upi', requestType: 1 }, '2'), endpoints.voucher);
    expect(voucher.market).toBe('IN');
    expect(voucher.repayDetail.repayDes).toMatch(/^Pague exactamente ₹\d/);
    expect(textOf(voucher)).not.toMatch(/\$\d/);
  });

  it('a Mexican loan read in English: $ everywhere (it read "₹10,000.00" on its promissory note)', async () => {
    const loan = await makeLoan(t.db, { status: '174', product: mexicanProduct, amount: 1_000_000, daysAgo: 15 });
    const note = read(await as(loan, urls.agreement, { orderNo: loan.orderNo }, '1'), endpoints.agreement);
    expect(note.mount).toBe('$10.000,00');
    for (const page of ['details', 'repaymentDetail', 'extensionDetail'] as const) {
      const d = read(await as(loan, urls[page], { orderId: loan.orderId }, '1'), endpoints[page]);
      expect(d.market).toBe('MX');
      expect(textOf(d)).not.toContain('₹');
    }
    expect(textOf(note)).not.toContain('₹');
  });

  it('loan-detail-confirm and refusals: the product’s currency in any language', async () => {
    // Settled: no open order, so the product is quoted (one active loan, issue 16).
    const loan = await indianLoan();
    await transitionOrder(t.db, { orderNo: loan.orderNo, action: 'settle', actor: 'operator' });
    const refused = await injectAs(t.app, loan.sessionId, { url: '/v3/loan-confirm/loan-detail-confirm', payload: { productId: loan.product.id, amount: 123 }, query: { language: '2' } });
    expect(refused.statusCode).toBe(422);
    expect(wrapper(refused).message).toContain('₹5,000.00');
    expect(wrapper(refused).message).not.toContain('$');
  });
});

describe('India’s tax is GST on the processing fee, named so; Mexico’s IVA', () => {
  it('Indian rows name GST at 18 % of the commission, never IVA; the extension fee carries none', async () => {
    const loan = await indianLoan();
    for (const [language, label] of [
      ['2', 'GST del 18% sobre comisión'],
      ['1', 'GST at 18% of commission'],
    ] as const) {
      const details = read(await as(loan, urls.details, { orderId: loan.orderId }, language), endpoints.details);
      const play = read(await as(loan, urls.repaymentDetail, { orderId: loan.orderId }, language), endpoints.repaymentDetail);
      const extensionOffer = read(await as(loan, urls.extensionDetail, { orderId: loan.orderId }, language), endpoints.extensionDetail);
      // Loan details shows the whole plan's tax: its label also gives the amount taxed (issue 32).
      expect(details.userOrderDetail.detail.map((r: { text: string }) => r.text).filter((x) => x.startsWith(`${label} (₹`))).toHaveLength(1);
      expect(play.detail.map((r: { text: string }) => r.text)).toContain(label);
      for (const d of [details, play, extensionOffer]) expect(textOf(d)).not.toMatch(/IVA|VAT/);
    }
    const extensionOffer = read(await as(loan, urls.extensionDetail, { orderId: loan.orderId }, '2'), endpoints.extensionDetail);
    expect(extensionOffer.noticeMsg).toBe('La extensión cubre los cargos por atraso y los intereses vencidos, más una comisión de extensión. No reduce el capital.');
    const mx = await mexicanLoan();
    const mxExtension = read(await as(mx, urls.extensionDetail, { orderId: mx.orderId }, '2'), endpoints.extensionDetail);
    expect(mxExtension.noticeMsg).toBe('La extensión cubre los cargos por atraso y los intereses vencidos, más una comisión de extensión con IVA. No reduce el capital.');
  });
});

describe('India’s payment channels', () => {
  it('the repayment and extension pages offer UPI and bank transfer only (no SPEI, no store cash, no card)', async () => {
    const loan = await indianLoan();
    for (const language of ['1', '2'] as const) {
      const play = read(await as(loan, urls.repaymentDetail, { orderId: loan.orderId }, language), endpoints.repaymentDetail);
      expect(play.repayList.flatMap((g: { list: { payCode: string }[] }) => g.list.map((c) => c.payCode))).toEqual(['upi', 'bank_transfer']);
      const extensionOffer = read(await as(loan, urls.extensionDetail, { orderId: loan.orderId }, language), endpoints.extensionDetail);
      expect(extensionOffer.repayList.flatMap((g: { list: { payCode: string }[] }) => g.list.map((c) => c.payCode))).toEqual(['upi', 'bank_transfer']);
      expect(textOf(play)).not.toMatch(/SPEI|CLABE|STP|tiend|store/i);
    }
    const mx = await mexicanLoan();
    const mxPlay = read(await as(mx, urls.repaymentDetail, { orderId: mx.orderId }, '1'), endpoints.repaymentDetail);
    expect(mxPlay.repayList.flatMap((g: { list: { payCode: string }[] }) => g.list.map((c) => c.payCode))).toEqual(['store', 'spei', 'card']);
  });

  it('UPI: the order’s VPA to pay to and the reference to type as the note, the Indian lender as beneficiary', async () => {
    const loan = await indianLoan();
    const play = read(await as(loan, urls.repaymentDetail, { orderId: loan.orderId }, '1'), endpoints.repaymentDetail);
    const d = read(await as(loan, urls.voucher, { orderId: loan.orderId, amount: play.repayAmount, payCode: 'upi', requestType: 1 }, '1'), endpoints.voucher);
    const vpa = vpaForOrder(Number(loan.orderId), SANDBOX_UPI_ISSUER);
    const [row] = await t.db.select().from(paymentReferences).where(eq(paymentReferences.orderId, Number(loan.orderId)));
    expect(row).toMatchObject({ channel: 'upi', vpa, voucherCode: vpa, clabe: null, accountNumber: null, ifsc: null });
    expect(d.repayDetail).toMatchObject({ vCode: vpa, repayTitle: 'UPI', companyName: 'Presta Finance India Private Limited' });
    // Issue 32: the UPI link (NPCI's linking specification) with everything filled in, and its QR code.
    const amount = `${Math.floor(play.repayAmount / 100)}.${String(play.repayAmount % 100).padStart(2, '0')}`;
    expect(d.payLink).toBe(
      `upi://pay?pa=${vpa}&pn=Presta%20Finance%20India%20Private%20Limited&am=${amount}&cu=INR&tn=${row!.reference}&tr=${row!.reference}`,
    );
    expect(d.repayDetail.repayCode).toMatch(new RegExp(`^/api/payments/references/${row!.reference}/qr\\.svg\\?token=[0-9a-f]{32}$`));
    const qr = await t.app.inject({ method: 'GET', url: d.repayDetail.repayCode.replace('qr.svg', 'qr.png') });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    expect(await decodeBarcode(qr.rawPayload, 'png')).toBe(d.payLink);
    expect(d.stores).toEqual([]);
    expect(d.paymentDetails).toEqual([
      { label: 'UPI address (VPA) you pay to', value: vpa, copy: 1 },
      { label: 'Reference: type it as the payment note', value: row!.reference, copy: 1 },
      { label: 'Beneficiary', value: 'Presta Finance India Private Limited', copy: 0 },
      { label: 'This payment is for', value: `Payment of loan ${loan.orderNo}`, copy: 0 },
    ]);
    expect(d.dataList[0]!.content).toContain(`To type them yourself, pay to the address ${vpa}. Beneficiary: Presta Finance India Private Limited.`);
    expect(d.imgList).toEqual({ title: 'Any UPI app', eMail: markets.IN.support.email, content: ['/assets/channels/upi.svg'] });
    expect(textOf(d)).not.toMatch(/S\.A\. de C\.V|\+52|ayuda@/);
  });

  it('bank transfer: the order’s virtual account, its IFSC and the reference to type in the remarks', async () => {
    const loan = await indianLoan();
    const play = read(await as(loan, urls.repaymentDetail, { orderId: loan.orderId }, '2'), endpoints.repaymentDetail);
    const d = read(await as(loan, urls.voucher, { orderId: loan.orderId, amount: play.repayAmount, payCode: 'bank_transfer', requestType: 1 }, '2'), endpoints.voucher);
    const account = virtualAccountForOrder(Number(loan.orderId), SANDBOX_VIRTUAL_ACCOUNT_ISSUER);
    const [row] = await t.db.select().from(paymentReferences).where(eq(paymentReferences.orderId, Number(loan.orderId)));
    expect(row).toMatchObject({ channel: 'bank_transfer', accountNumber: account, ifsc: 'SBOX0PRESTA', voucherCode: account, vpa: null, clabe: null });
    expect(d.paymentDetails).toEqual([
      { label: 'Número de cuenta: la cuenta a la que transfiere', value: account, copy: 1 },
      { label: 'IFSC', value: 'SBOX0PRESTA', copy: 1 },
      { label: 'Beneficiario', value: 'Presta Finance India Private Limited', copy: 0 },
      { label: 'Referencia: escríbala en el concepto (remarks)', value: row!.reference, copy: 1 },
      { label: 'Este pago es para', value: `Pago del préstamo ${loan.orderNo}`, copy: 0 },
    ]);
  });

  it('an Indian loan does not take SPEI or store cash (400, nothing made); nor the card (409)', async () => {
    const loan = await indianLoan();
    const play = read(await as(loan, urls.repaymentDetail, { orderId: loan.orderId }, '1'), endpoints.repaymentDetail);
    for (const payCode of ['spei', 'store']) {
      const res = await as(loan, urls.voucher, { orderId: loan.orderId, amount: play.repayAmount, payCode, requestType: 1 }, '1');
      expect(res.statusCode).toBe(400);
      expect(wrapper(res).message).toBe(`This loan is not paid by ${payCode}. Use one of these channels: upi, bank_transfer.`);
    }
    expect(await t.db.select().from(paymentReferences).where(eq(paymentReferences.orderId, Number(loan.orderId)))).toHaveLength(0);
    const way = await injectAs(t.app, loan.sessionId, { url: '/api/v1/youmi/youmi-api/service/loan/repayment-way', payload: { orderId: loan.orderId } });
    expect(way.statusCode).toBe(409);
    expect(wrapper(way).message).toBe('Este préstamo no se paga con tarjeta: elija uno de los métodos de la página de pago.');
  });

  it('a payment notification for a UPI or bank transfer reference is applied like a store or SPEI one', async () => {
    for (const payCode of ['upi', 'bank_transfer'] as const) {
      const loan = await indianLoan();
      const play = read(await as(loan, urls.repaymentDetail, { orderId: loan.orderId }, '1'), endpoints.repaymentDetail);
      const voucher = read(await as(loan, urls.voucher, { orderId: loan.orderId, amount: play.repayAmount, payCode, requestType: 1 }, '1'), endpoints.voucher);
      const reference = voucher.paymentDetails.find((x: { label: string }) => x.label.startsWith('Reference'))!.value;
      const res = await notify(t.app, { reference, amount: play.repayAmount });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ received: true, applied: true });
      const [payment] = await t.db.select().from(ledgerPayments).where(eq(ledgerPayments.orderId, Number(loan.orderId)));
      expect(payment).toMatchObject({ channel: payCode, amount: play.repayAmount, provider: 'sandbox' });
      const after = read(await as(loan, urls.details, { orderId: loan.orderId }, '1'), endpoints.details);
      expect(after.orderStatus).toBe('200');
    }
  });
});

describe('the repayment page (issue 12, display)', () => {
  it('"Ya pagado" is every payment: an extension bought (fee and its tax included) shows in it', async () => {
    const loan = await makeLoan(t.db, { status: '174', product: mexicanProduct, amount: 100_000, periods: 2, daysAgo: 15 });
    const quote = await quoteExtension(t.db, Number(loan.orderId), loan.today);
    expect(quote.fee).toBeGreaterThan(0);
    await applyPayment(t.db, {
      orderId: Number(loan.orderId),
      amount: quote.amount,
      purpose: 'extension',
      channel: 'test',
      provider: 'test',
      providerEventId: `ext-${loan.orderId}`,
      receivedAt: middayOf(loan.today),
    });
    const d = read(await as(loan, urls.repaymentDetail, { orderId: loan.orderId }, '2'), endpoints.repaymentDetail);
    const rows = Object.fromEntries(d.detail.map((r: { text: string; value: string }) => [r.text, r.value]));
    // Before: only what went to the quoted instalments (the interest and its IVA), not the extension fee and its IVA.
    expect(rows['Ya pagado']).toBe(formatMarketMoney(quote.amount, 'MX'));
  });

  it('the borrower’s credit shows as a row on the repayment page and on loan details while there is some', async () => {
    const loan = await makeLoan(t.db, { status: '174', product: mexicanProduct, amount: 300_000, periods: 3, daysAgo: 15 });
    const before = read(await as(loan, urls.repaymentDetail, { orderId: loan.orderId }, '2'), endpoints.repaymentDetail);
    expect(before.detail.find((r: { text: string }) => r.text === 'Saldo a favor')!.value).toBe('');
    // Instalment 1 and 50,00 more: instalment 2 cannot be prepaid yet, so the 50,00 is held as credit.
    await applyPayment(t.db, {
      orderId: Number(loan.orderId),
      amount: before.repayAmount + 5_000,
      purpose: 'repayment',
      channel: 'test',
      provider: 'test',
      providerEventId: `credit-${loan.orderId}`,
      receivedAt: middayOf(loan.today),
    });
    const play = read(await as(loan, urls.repaymentDetail, { orderId: loan.orderId }, '2'), endpoints.repaymentDetail);
    const rows = Object.fromEntries(play.detail.map((r: { text: string; value: string }) => [r.text, r.value]));
    expect(rows['Saldo a favor']).toBe('$50,00');
    expect(rows['Ya pagado']).toBe(formatMarketMoney(before.repayAmount + 5_000, 'MX'));
    const details = read(await as(loan, urls.details, { orderId: loan.orderId }, '1'), endpoints.details);
    expect(details.userOrderDetail.detail.find((r: { text: string }) => r.text === 'Credit')!.value).toBe('$50,00');
  });

  it('the folded list (two rows) shows first what must be paid today and the late charges', async () => {
    const loan = await makeLoan(t.db, { status: '180', product: mexicanProduct, amount: 100_000, daysAgo: 20 });
    const d = read(await as(loan, urls.repaymentDetail, { orderId: loan.orderId }, '2'), endpoints.repaymentDetail);
    expect(d.detail.slice(0, 2).map((r: { text: string }) => r.text)).toEqual(['Total a pagar hoy', 'Cargos por atraso']);
    expect(d.detail[1]!.value).not.toBe('$0,00');
  });
});

describe('contract-detail names the loan’s market’s lender', () => {
  it('India’s entity on an Indian loan, Mexico’s on a Mexican one, whatever the language', async () => {
    const indian = await indianLoan();
    const mexican = await mexicanLoan();
    for (const language of ['1', '2'] as const) {
      expect((read(await as(indian, urls.agreement, { orderNo: indian.orderNo }, language), endpoints.agreement)).company).toBe('Presta Finance India Private Limited');
      expect((read(await as(mexican, urls.agreement, { orderNo: mexican.orderNo }, language), endpoints.agreement)).company).toBe('Presta Servicios Financieros S.A. de C.V.');
    }
  });
});

describe('the hosted checkout page names the lender and the loan’s currency', () => {
  it('a Mexican loan read in English: $ and the Mexican lender', async () => {
    const loan = await makeLoan(t.db, { status: '174', product: mexicanProduct, amount: 100_000, daysAgo: 15 });
    const play = read(await as(loan, urls.repaymentDetail, { orderId: loan.orderId }, '1'), endpoints.repaymentDetail);
    const res = await injectAs(t.app, loan.sessionId, {
      url: '/api/v1/youmi/youmi-api/service/loan/repayment-huichao',
      payload: { orderId: loan.orderId, amount: play.repayAmount },
      query: { language: '1' },
    });
    const page = await t.app.inject({ method: 'GET', url: new URL(dataOf(res, repaymentHuichao).url).pathname });
    expect(page.body).toContain(formatMarketMoney(play.repayAmount, 'MX'));
    expect(page.body).not.toContain('₹');
    expect(page.body).toContain('You are paying Presta Servicios Financieros S.A. de C.V.');
    expect(page.body).not.toContain('C.V..');
  });
});

describe('days and dates still follow the loan (sanity)', () => {
  it('an Indian loan due today is payable today', async () => {
    const loan = await indianLoan(91);
    const d = read(await as(loan, urls.repaymentDetail, { orderId: loan.orderId }, '2'), endpoints.repaymentDetail);
    expect(d.repayDate).toBe(addDays(loan.today, 0));
    expect(d.detail[0]!.text).toBe('Total a pagar hoy');
  });
});
