import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { addDays } from '@presta/contract/dates';
import { repaymentDataSchema, extensionDataSchema, voucherDataSchema } from '@presta/contract/api/repayment';
import { agreementDataSchema } from '@presta/contract/api/loan';
import { scrambledBrand } from '@presta/contract/brand';
import { markets } from '@presta/contract/markets';
import { paymentReferences } from '../src/db/schema';
import { applyPayment, middayOf } from '../src/modules/ledger/ledger-service';
import { clabeForOrder } from '../src/modules/payments/clabe';
import { SANDBOX_CLABE_ISSUER } from '../src/modules/payments/sandbox-provider';
import { isValidStoreReference } from '../src/modules/payments/store-reference';
import { buildTestApp, dataAs, dataOf, injectAs, wrapper, type TestApp } from './helpers';
import { call, endpoints, makeLoan, ONE_DAY_FINE, ONE_INSTALMENT_TOTAL, read, urls } from './repayment-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const rowsOf = (d: { detail: { text: string; value: string }[] }) => Object.fromEntries(d.detail.map((r) => [r.text, r.value]));
const referencesOf = (orderId: string) => t.db.select().from(paymentReferences).where(eq(paymentReferences.orderId, Number(orderId)));

describe('loan-play-detail', () => {
  it('a loan due today: the amount due from the ledger, every detail row, the channel groups without a reference yet', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const d = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId, productId: loan.product.id }), endpoints.repaymentDetail);
    expect(repaymentDataSchema.safeParse(d).success).toBe(true);
    expect(d).toMatchObject({
      repayAmount: ONE_INSTALMENT_TOTAL,
      repayDate: loan.today,
      productName: loan.product.name,
      productLogo: loan.product.logoUrl,
      noticeMsg: `Pague $1.075,40 a más tardar el ${loan.today}. Su pago se refleja en minutos; conserve su comprobante.`,
    });
    // Issue 12: what must be paid today comes first (the page folds the list to two rows), then what it is made of.
    expect(d.detail.map((r: { text: string }) => r.text)).toEqual([
      'Total a pagar hoy',
      'Cargos por atraso',
      'Penalización por incumplimiento',
      'Cuota',
      'Capital',
      'Interés',
      'Comisión',
      'IVA del 16% sobre interés y comisión',
      'Ya pagado',
      'Saldo a favor',
    ]);
    expect(rowsOf(d)).toEqual({
      'Total a pagar hoy': '$1.075,40',
      'Cargos por atraso': '',
      'Penalización por incumplimiento': '',
      Cuota: '1 de 1',
      Capital: '$1.000,00',
      'Interés': '$15,00',
      'Comisión': '$50,00',
      'IVA del 16% sobre interés y comisión': '$10,40',
      'Ya pagado': '$0,00',
      'Saldo a favor': '',
    });
    expect(d.market).toBe('MX');
    expect(d.repayList).toEqual([
      {
        reviewer: 'Pago en efectivo en tiendas',
        list: [
          {
            payCode: 'store',
            logo: '/assets/channels/store.svg',
            desc: 'Tiendas de conveniencia: pague en efectivo en caja con su número de referencia o código de barras.',
            vCode: '',
            BARcodeImg: '',
          },
        ],
      },
      {
        reviewer: 'Transferencia bancaria SPEI',
        list: [
          {
            payCode: 'spei',
            logo: '/assets/channels/spei.svg',
            desc: 'Transfiera desde la app o la banca en línea de su banco a su CLABE personal.',
            vCode: '',
            BARcodeImg: '',
          },
        ],
      },
      {
        reviewer: 'Tarjeta de débito',
        list: [
          {
            payCode: 'card',
            logo: '/assets/channels/card.svg',
            desc: 'Pague al momento con una tarjeta registrada; le enviaremos un código por SMS.',
            vCode: '',
            BARcodeImg: '',
          },
        ],
      },
    ]);
  });

  it('shows the open reference of the current amount once a voucher was made (store: code and barcode URL; spei: CLABE)', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const store = read(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL, payCode: 'store', requestType: 1 }), endpoints.voucher);
    read(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL, payCode: 'spei', requestType: 1 }), endpoints.voucher);
    const d = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail);
    const storeChannel = d.repayList[0]!.list[0]!;
    const speiChannel = d.repayList[1]!.list[0]!;
    expect(storeChannel.vCode).toBe(store.repayDetail.vCode);
    expect(isValidStoreReference(storeChannel.vCode)).toBe(true);
    expect(storeChannel.BARcodeImg).toMatch(new RegExp(`^/api/payments/references/${storeChannel.vCode}/barcode\\.png\\?token=[0-9a-f]{32}$`));
    expect(storeChannel.BARcodeImg).toBe(store.repayDetail.repayCode);
    expect(speiChannel).toMatchObject({ vCode: clabeForOrder(Number(loan.orderId), SANDBOX_CLABE_ISSUER), BARcodeImg: '' });
  });

  it('an overdue loan: late charges included, overdue notice', async () => {
    const loan = await makeLoan(t.db, { status: '180', daysAgo: 20 }); // due 5 days ago
    const d = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail);
    expect(d.repayAmount).toBe(ONE_INSTALMENT_TOTAL + 5 * ONE_DAY_FINE);
    expect(d.repayDate).toBe(addDays(loan.today, -5));
    expect(rowsOf(d)['Cargos por atraso']).toBe('$161,30');
    expect(rowsOf(d)['Total a pagar hoy']).toBe('$1.236,70');
    expect(d.noticeMsg).toBe(`Su pago venció el ${addDays(loan.today, -5)} y cada día de atraso suma un cargo. Pague hoy $1.236,70.`);
  });

  it('before the prepayment window: shows the next instalment and when payments open; no voucher can be made yet', async () => {
    const loan = await makeLoan(t.db, { status: '174', amount: 300_000, periods: 3, daysAgo: 0 });
    const d = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail);
    // Instalment 1 of 300 000 / 3: 100 000 + 4 500 interest + 5 000 commission + 1 520 VAT.
    expect(d).toMatchObject({ repayAmount: 111_020, repayDate: addDays(loan.today, 15) });
    expect(rowsOf(d).Cuota).toBe('1 de 3');
    // Prepayment from max(7, ceil(45 / 2)) = 23 days after disbursal; instalment 1 falls due before: day 15.
    expect(d.noticeMsg).toContain(`a partir del ${addDays(loan.today, 15)}`);
    const refused = await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: 111_020, payCode: 'store', requestType: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, code: '409001' });
    expect(wrapper(refused).message).toContain(addDays(loan.today, 15));
    expect(await referencesOf(loan.orderId)).toHaveLength(0);
    // Issue 12: an amount that cannot be paid today is never called "to pay today".
    expect(d.detail.map((r: { text: string }) => r.text)).not.toContain('Total a pagar hoy');
    expect(rowsOf(d)['Monto de la cuota']).toBe('$1.110,20');
    expect(d.detail[0]!.text).toBe('Monto de la cuota');
  });

  it('in the prepayment window with nothing due: the next instalment is payable before its due date, its reference valid up to 3 days', async () => {
    // 3 × 15 days, disbursed 25 days ago: prepayment from day max(7, 23) = 23; instalment 1 paid on its due date.
    const loan = await makeLoan(t.db, { status: '174', amount: 300_000, periods: 3, daysAgo: 25 });
    await applyPayment(t.db, {
      orderId: Number(loan.orderId),
      amount: 111_020,
      purpose: 'repayment',
      channel: 'test',
      provider: 'test',
      providerEventId: `early-${loan.orderId}`,
      receivedAt: middayOf(addDays(loan.today, -10)),
    });
    const d = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail);
    // Instalment 2: 100 000 + 3 000 interest + 5 000 commission + 1 280 VAT.
    expect(d).toMatchObject({ repayAmount: 109_280, repayDate: addDays(loan.today, 5) });
    expect(rowsOf(d).Cuota).toBe('2 de 3');
    const voucher = read(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: 109_280, payCode: 'store', requestType: 1 }), endpoints.voucher);
    expect(voucher.dataList[1]!.content[0]).toBe(`Válida hasta el ${addDays(loan.today, 2)} 23:59:59 (hora local).`);
    // Payable today, but not due today: named as the instalment's amount; the earlier payment is already paid.
    expect(rowsOf(d)['Monto de la cuota']).toBe('$1.092,80');
    expect(rowsOf(d)['Ya pagado']).toBe('$1.110,20');
  });

  it('orders not in 174/180 → 409 with a clear message', async () => {
    for (const status of ['21', '151', '110', '200'] as const) {
      const loan = await makeLoan(t.db, { status });
      for (const url of [urls.repaymentDetail, urls.extensionDetail]) {
        const res = await call(t.app, loan.sessionId, url, { orderId: loan.orderId });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          success: false,
          code: '409001',
          message:
            status === '200'
              ? 'Este préstamo ya está pagado: no tiene nada pendiente.'
              : `El pedido ${loan.orderNo} está en estado ${status}: solo un préstamo desembolsado con saldo pendiente se paga aquí.`,
          data: null,
        });
      }
      const vcode = await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: 1_000, payCode: 'store', requestType: 1 });
      expect(vcode.statusCode).toBe(409);
    }
  });

  // Issue 12: the currency followed the language ('₹' for a Mexican loan read in English).
  it('English: English texts, and the Mexican loan’s pesos', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const res = await injectAs(t.app, loan.sessionId, { url: urls.repaymentDetail, payload: { orderId: loan.orderId }, query: { language: '1' } });
    const d = dataOf(res, endpoints.repaymentDetail);
    expect(d.repayList[0]!.reviewer).toBe('Cash payment at stores');
    expect(rowsOf(d)['Total due today']).toBe('$1.075,40');
    expect(JSON.stringify(d)).not.toContain('₹');
  });
});

describe('loan-play-delay-detail', () => {
  it('an overdue loan: price = late charges + due interest and its VAT + one term of interest and its VAT; plan after the extension', async () => {
    const loan = await makeLoan(t.db, { status: '180', daysAgo: 20 });
    const d = read(await call(t.app, loan.sessionId, urls.extensionDetail, { orderId: loan.orderId, productId: loan.product.id }), endpoints.extensionDetail);
    expect(extensionDataSchema.safeParse(d).success).toBe(true);
    const newDue = addDays(loan.today, 15);
    // 5 days × 3 226 fine + 1 500 interest + 240 VAT on it + 1 500 fee + 240 VAT on the fee.
    expect(d.delayInfo).toEqual({
      reviewer: `Extienda su plazo 20 días: su próxima fecha de pago pasa al ${newDue}.`,
      delayAmount: 5 * ONE_DAY_FINE + 1_500 + 240 + 1_500 + 240,
      delayTime: newDue,
    });
    // Left after the extension: 100 000 principal + 5 000 commission + 800 VAT.
    expect(d.repayPlan).toEqual([{ title: 'Cuota 1/1', amount: 105_800, remark: `Antes vencía el ${addDays(loan.today, -5)}`, time: newDue }]);
    expect(d.repayList.map((g: { title: string }) => g.title)).toEqual(['Pago en efectivo en tiendas', 'Transferencia bancaria SPEI']);
    expect(d.repayList[0]!.list[0]).toMatchObject({ payCode: 'store', vCode: '', BARcodeImg: '' });
    expect(d.noticeMsg).toContain('No reduce el capital');
    expect(d.note).toBe('Pague exactamente $196,10. Un monto menor se aplica como pago normal y no extiende el plazo.');
    expect(d).toMatchObject({ productName: loan.product.name, productLogo: loan.product.logoUrl });
  });

  it('a current loan: one term later, the vCode of an extension reference once made', async () => {
    const loan = await makeLoan(t.db, { status: '174', daysAgo: 3 }); // due in 12 days
    const d = read(await call(t.app, loan.sessionId, urls.extensionDetail, { orderId: loan.orderId }), endpoints.extensionDetail);
    expect(d.delayInfo).toMatchObject({ delayAmount: 1_740, delayTime: addDays(loan.today, 27) });
    const voucher = read(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: 1_740, payCode: 'store', requestType: 2 }), endpoints.voucher);
    const again = read(await call(t.app, loan.sessionId, urls.extensionDetail, { orderId: loan.orderId }), endpoints.extensionDetail);
    expect(again.repayList[0]!.list[0]!.vCode).toBe(voucher.repayDetail.vCode);
    // The repayment page does not show the extension's reference: nothing is payable
    // yet there (prepaying opens at half the term), so it offers no channel at all.
    const play = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail);
    expect(play.repayList).toEqual([]);
    expect(play.noticeMsg).toContain(addDays(loan.today, 5));
  });

  it('a product without extensions → 409 with the reason', async () => {
    const loan = await makeLoan(t.db, { status: '174', product: { extensionEnabled: false } });
    const res = await call(t.app, loan.sessionId, urls.extensionDetail, { orderId: loan.orderId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: '409001', message: 'Este producto no ofrece extensiones de plazo.' });
    const vcode = await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: 1_740, payCode: 'store', requestType: 2 });
    expect(vcode.statusCode).toBe(409);
  });
});

describe('generate-vcode', () => {
  it('store, repayment: the voucher of §3 with a store reference and its barcode URL', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const d = read(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL, payCode: 'store', requestType: 1 }), endpoints.voucher);
    expect(voucherDataSchema.safeParse(d).success).toBe(true);
    const ref = d.repayDetail.vCode;
    expect(isValidStoreReference(ref)).toBe(true);
    expect(d).toMatchObject({
      topLogo: loan.product.logoUrl,
      repayDetail: {
        amount: ONE_INSTALMENT_TOTAL,
        repayTitle: 'Pago en efectivo en tiendas',
        repayDes: 'Muestre el código de barras en caja o dicte el número de referencia y pague exactamente $1.075,40 en efectivo.',
        companyName: markets.MX.legalEntity.name,
      },
      imgList: { title: 'Tiendas participantes', eMail: t.config.support.MX.email, content: ['/assets/channels/store.svg'] },
      bottomLogo: '/assets/channels/store.svg',
      market: 'MX',
      paymentDetails: [
        { label: 'Número de referencia', value: ref, copy: 1 },
        { label: 'Este pago es para', value: `Pago del préstamo ${loan.orderNo}`, copy: 0 },
      ],
    });
    expect(d.repayDetail.repayCode).toMatch(new RegExp(`^/api/payments/references/${ref}/barcode\\.png\\?token=[0-9a-f]{32}$`));
    expect(d.dataList.map((s: { title: string }) => s.title)).toEqual(['Cómo pagar en tienda', 'Vigencia']);
    expect(d.dataList[0]!.content).toContain(`Muestre el código de barras o dicte la referencia ${ref}.`);
    // Issue 32: where to pay, the provider's store network (the sandbox plays OXXO cash).
    expect(d.stores).toEqual(['OXXO']);
    expect(d.dataList[0]!.content[0]).toBe('Acuda a cualquier tienda OXXO.');
    expect(d.payLink).toBe('');
    // Due today: the amount changes tomorrow (late charges), so the reference is valid through today.
    expect(d.dataList[1]!.content[0]).toBe(`Válida hasta el ${loan.today} 23:59:59 (hora local).`);

    const [row] = await referencesOf(loan.orderId);
    expect(row).toMatchObject({
      borrowerId: loan.borrower.id,
      purpose: 'repayment',
      channel: 'store',
      provider: 'sandbox',
      reference: ref,
      voucherCode: ref,
      clabe: null,
      amount: ONE_INSTALMENT_TOTAL,
      status: 'open',
    });
  });

  it('spei: the CLABE of the order as the voucher code, no barcode', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const d = read(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL, payCode: 'spei', requestType: 1 }), endpoints.voucher);
    const clabe = clabeForOrder(Number(loan.orderId), SANDBOX_CLABE_ISSUER);
    expect(d.repayDetail).toMatchObject({ vCode: clabe, repayCode: '', repayTitle: 'Transferencia bancaria SPEI' });
    expect(d.dataList[0]!.title).toBe('Cómo pagar por SPEI');
    const [row] = await referencesOf(loan.orderId);
    expect(row).toMatchObject({ channel: 'spei', clabe, voucherCode: clabe });
    // Issue 32: the 14-digit reference goes in the concept ("concepto de pago", up to 40 characters); the bank's
    // 7-digit "referencia numérica" is not where it goes (the CLABE and the concept identify the payment).
    expect(d.dataList[0]!.content).toContain(
      `En «Concepto de pago» escriba ${row!.reference}. Si su banco pide una referencia numérica, escriba cualquier número de hasta 7 dígitos (por ejemplo, 1): su pago se identifica por la CLABE y el concepto.`,
    );
    expect(JSON.stringify(d)).not.toMatch(/referencia numérica escriba/);
    expect(d.payLink).toBe('');
    expect(d.stores).toEqual([]);
  });

  // Issue 12: the SPEI voucher showed the CLABE as the "payment reference", gave the reference to type in the
  // concept no copy button, and a second "Concepto" section ("Pago del préstamo …") contradicted it.
  it('spei: the CLABE as the account to transfer to and the reference as the concept to type, each to copy; no contradicting "Concepto"', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const d = read(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL, payCode: 'spei', requestType: 1 }), endpoints.voucher);
    const [row] = await referencesOf(loan.orderId);
    const clabe = clabeForOrder(Number(loan.orderId), SANDBOX_CLABE_ISSUER);
    expect(d.paymentDetails).toEqual([
      { label: 'CLABE: la cuenta a la que transfiere', value: clabe, copy: 1 },
      { label: 'Concepto de pago: escriba esta referencia', value: row!.reference, copy: 1 },
      { label: 'Banco', value: 'STP', copy: 0 },
      { label: 'Beneficiario', value: 'Presta Servicios Financieros S.A. de C.V.', copy: 0 },
      { label: 'Este pago es para', value: `Pago del préstamo ${loan.orderNo}`, copy: 0 },
    ]);
    expect(d.dataList.map((x: { title: string }) => x.title)).not.toContain('Concepto');
    // Where a sentence ends after the company, one full stop.
    expect(d.dataList[0]!.content).toContain(`CLABE: ${clabe}. Banco: STP. Beneficiario: Presta Servicios Financieros S.A. de C.V.`);
    expect(JSON.stringify(d)).not.toContain('C.V..');
    expect(d.repayDetail.repayDes).toBe('Haga una transferencia SPEI por exactamente $1.075,40 a la CLABE de abajo y escriba la referencia en el concepto de pago.');
  });

  it('a Mexican loan does not take India’s channels (400, nothing made)', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    for (const payCode of ['upi', 'bank_transfer']) {
      const res = await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL, payCode, requestType: 1 });
      expect(res.statusCode).toBe(400);
      expect(wrapper(res).message).toBe(`Este préstamo no se paga por ${payCode}. Use uno de estos canales: store, spei.`);
    }
    expect(await referencesOf(loan.orderId)).toHaveLength(0);
  });

  it('reuses the open reference for the same order, purpose, channel and amount (also under 12 concurrent taps, more than the pool has connections)', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const payload = { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL, payCode: 'store', requestType: 1 };
    const answers = await Promise.all(Array.from({ length: 12 }, () => call(t.app, loan.sessionId, urls.voucher, payload)));
    const codes = new Set(answers.map((r) => read(r, endpoints.voucher).repayDetail.vCode));
    expect(codes.size).toBe(1);
    const again = read(await call(t.app, loan.sessionId, urls.voucher, payload), endpoints.voucher);
    expect(again.repayDetail.vCode).toBe([...codes][0]);
    expect(await referencesOf(loan.orderId)).toHaveLength(1);
  });

  it('an expired reference is not reused: marked expired, a new one is made, the page no longer shows it', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const payload = { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL, payCode: 'store', requestType: 1 };
    const first = read(await call(t.app, loan.sessionId, urls.voucher, payload), endpoints.voucher);
    await t.db.update(paymentReferences).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(paymentReferences.reference, first.repayDetail.vCode));
    const page = read(await call(t.app, loan.sessionId, urls.repaymentDetail, { orderId: loan.orderId }), endpoints.repaymentDetail);
    expect(page.repayList[0]!.list[0]!.vCode).toBe('');
    const second = read(await call(t.app, loan.sessionId, urls.voucher, payload), endpoints.voucher);
    expect(second.repayDetail.vCode).not.toBe(first.repayDetail.vCode);
    const rows = await referencesOf(loan.orderId);
    expect(rows.map((r) => r.status).sort()).toEqual(['expired', 'open']);
  });

  it('extension (requestType 2): exactly the extension price; the repayment amount is refused', async () => {
    const loan = await makeLoan(t.db, { status: '180', daysAgo: 20 });
    const price = 5 * ONE_DAY_FINE + 1_500 + 240 + 1_500 + 240;
    const wrong = await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL + 5 * ONE_DAY_FINE, payCode: 'store', requestType: 2 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: '422001',
      message: 'El monto $1.236,70 no coincide con el costo de la extensión hoy ($196,10). Actualice la página e inténtelo de nuevo.',
    });
    const d = read(await call(t.app, loan.sessionId, urls.voucher, { orderId: loan.orderId, amount: price, payCode: 'store', requestType: 2 }), endpoints.voucher);
    expect(d.repayDetail.amount).toBe(price);
    expect(d.paymentDetails.at(-1)).toEqual({ label: 'Este pago es para', value: `Extensión de plazo del préstamo ${loan.orderNo}`, copy: 0 });
    const [row] = await referencesOf(loan.orderId);
    expect(row).toMatchObject({ purpose: 'extension', amount: price });
  });

  it('bad input: zero, negative, fractional or wrong amount, unknown payCode, wrong requestType → 400/422, nothing made', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const base = { orderId: loan.orderId, amount: ONE_INSTALMENT_TOTAL, payCode: 'store', requestType: 1 } as Record<string, string | number>;
    const cases: [Record<string, string | number | undefined>, number, string][] = [
      [{ amount: 0 }, 400, '400001'],
      [{ amount: -5 }, 400, '400001'],
      [{ amount: '1075.40' }, 400, '400001'],
      [{ amount: undefined }, 400, '400001'],
      [{ amount: ONE_INSTALMENT_TOTAL - 1 }, 422, '422001'],
      [{ amount: ONE_INSTALMENT_TOTAL + 1 }, 422, '422001'],
      [{ payCode: 'oxxo' }, 400, '400001'],
      [{ payCode: '' }, 400, '400001'],
      [{ requestType: 3 }, 400, '400001'],
      [{ requestType: 0 }, 400, '400001'],
      [{ requestType: 'x' }, 400, '400001'],
      [{ orderId: 'abc' }, 400, '400001'],
    ];
    for (const [change, status, code] of cases) {
      const res = await call(t.app, loan.sessionId, urls.voucher, { ...base, ...change });
      expect({ change, status: res.statusCode, code: wrapper(res).code }).toEqual({ change, status, code });
    }
    const unknownChannel = await call(t.app, loan.sessionId, urls.voucher, { ...base, payCode: 'oxxo' });
    expect(wrapper(unknownChannel).message).toBe(
      'Canal de pago desconocido: oxxo. Use store (efectivo en tienda) o spei (transferencia) en México, upi o bank_transfer en India.',
    );
    const wrong = await call(t.app, loan.sessionId, urls.voucher, { ...base, amount: 100 });
    expect(wrapper(wrong).message).toBe('El monto $1,00 no coincide con el monto a pagar hoy ($1.075,40). Actualice la página e inténtelo de nuevo.');
    expect(await referencesOf(loan.orderId)).toHaveLength(0);
  });

  it('no session → 401', async () => {
    const res = await call(t.app, undefined, urls.voucher, { orderId: '1', amount: 100, payCode: 'store', requestType: 1 });
    expect(res.statusCode).toBe(401);
    expect(wrapper(res).code).toBe('401001');
  });
});

describe('contract-detail', () => {
  it('the promissory note fields of an order, by orderNo', async () => {
    const loan = await makeLoan(t.db, { status: '174', amount: 300_000, periods: 3, daysAgo: 2 });
    const d = read(await call(t.app, loan.sessionId, urls.agreement, { orderNo: loan.orderNo }), endpoints.agreement);
    expect(agreementDataSchema.safeParse(d).success).toBe(true);
    // 300 000 over 3 × 15 days: interest 4 500 + 3 000 + 1 500, commission 15 000, VAT 16 %.
    const { terms, ...note } = d;
    expect(terms.market).toBe('MX');
    expect(note).toEqual({
      username: 'Ana Prueba',
      userName: 'Ana Prueba',
      productName: loan.product.name,
      mount: '$3.000,00',
      amount: 300_000,
      bankNo: '**** 5678',
      daiDate: addDays(loan.today, -2),
      planDate: addDays(loan.today, 43),
      contractAmount: '$3.278,40',
      commission: '$150,00',
      Interest: '$90,00',
      IVA: '$38,40',
      giveAmount: '$3.000,00',
      userAddress: 'Calle Falsa 123, CDMX',
      contractDate: loan.today,
      company: markets.MX.legalEntity.name,
      market: 'MX',
      // Issue 13: a Mexican loan has no Key Facts Statement.
      keyFacts: null,
    });
  });

  it('before disbursal: no disbursal date; any status has a contract', async () => {
    const loan = await makeLoan(t.db, { status: '21' });
    const d = read(await call(t.app, loan.sessionId, urls.agreement, { orderNo: loan.orderNo }), endpoints.agreement);
    expect(d.daiDate).toBe('');
    expect(d.amount).toBe(100_000);
  });

  it('bad input → 400', async () => {
    const loan = await makeLoan(t.db, { status: '21' });
    expect((await call(t.app, loan.sessionId, urls.agreement, {})).statusCode).toBe(400);
    expect((await call(t.app, loan.sessionId, urls.agreement, { orderNo: 'x'.repeat(41) })).statusCode).toBe(400);
  });
});

describe('ownership: every call taking an id answers 404 for another borrower, as for an unknown id', () => {
  it('order ids, order numbers', async () => {
    const mine = await makeLoan(t.db, { status: '174' });
    const theirs = await makeLoan(t.db, { status: '180', daysAgo: 20 });
    const notFound = { success: false, code: '404001', message: 'No encontramos este pedido.', data: null };
    for (const orderId of [theirs.orderId, '987654321', '999999999999999999']) {
      for (const url of [urls.repaymentDetail, urls.extensionDetail]) {
        const res = await call(t.app, mine.sessionId, url, { orderId });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(notFound);
      }
      const vcode = await call(t.app, mine.sessionId, urls.voucher, { orderId, amount: ONE_INSTALMENT_TOTAL + 5 * ONE_DAY_FINE, payCode: 'store', requestType: 1 });
      expect(vcode.statusCode).toBe(404);
      expect(vcode.json()).toEqual(notFound);
    }
    for (const orderNo of [theirs.orderNo, 'PR00000000000']) {
      const res = await call(t.app, mine.sessionId, urls.agreement, { orderNo });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    const theirRefs = await t.db.select().from(paymentReferences).where(and(eq(paymentReferences.orderId, Number(theirs.orderId))));
    expect(theirRefs).toHaveLength(0);
  });
});

describe('scrambled brand', () => {
  it('answers with the scrambled keys of the mapping', async () => {
    const x = await buildTestApp({ brand: scrambledBrand });
    try {
      const loan = await makeLoan(x.db, { status: '174' });
      const res = await injectAs(x.app, loan.sessionId, { url: urls.repaymentDetail, payload: { odx: loan.orderId } });
      expect(res.statusCode).toBe(200);
      const d = dataAs(res, z.object({ ram: z.number(), rls: z.array(z.object({ rvw: z.string(), lst: z.array(z.object({ pcd: z.string() })) })) }));
      expect(d.ram).toBe(ONE_INSTALMENT_TOTAL);
      expect(d.rls[0]!.rvw).toBe('Pago en efectivo en tiendas');
      expect(d.rls[0]!.lst[0]!.pcd).toBe('store');
    } finally {
      await x.close();
    }
  });
});
