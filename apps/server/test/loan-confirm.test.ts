import { signedPayload } from './agreement-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loanDetailConfirm } from '@presta/contract/api/loan';
import { productOffers } from '../src/db/schema';
import { addCoupon, borrowerWithOffer, buildTestApp, createBorrower, createSession, injectAs, offerProduct, seedProduct, answerOf, dataOf, wrapper, type TestApp } from './helpers';

const url = '/v3/loan-confirm/loan-detail-confirm';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('loan-detail-confirm', () => {
  it('quotes the offer: default amount = limit, periodsMin, plan, details, links', async () => {
    const { product, sessionId } = await borrowerWithOffer(t.db, { limit: 300_000, product: { periodsMin: 3, periodsMax: 6 } });
    const res = await injectAs(t.app, sessionId, { url, payload: { productId: product.id } });
    expect(res.statusCode).toBe(200);
    const body = answerOf(res, loanDetailConfirm);
    expect(body).toMatchObject({ success: true, code: '0', message: 'Éxito' });
    const d = body.data;
    expect(d).toMatchObject({
      amount: 300_000,
      periods: 3,
      termUnit: 15,
      isNeedPop: 0,
      sendSms: 0,
      loanRate: '0,10%',
      messageType: 0,
      comProductLogo: product.logoUrl,
      comProductName: product.name,
      couNum: 0,
      amountMin: 100_000,
      amountMax: 1_000_000,
      amountStep: 50_000,
      periodsMin: 3,
      periodsMax: 6,
      isNewContract: `/loan-agreement?productId=${product.id}&amount=300000&periods=3`,
      market: 'MX',
    });
    expect(d.repay_plans).toHaveLength(3);
    expect(d.repay_plans.map((p: { amount: number }) => p.amount)).toEqual([111_020, 109_280, 107_540]);
    expect(d.repay_plans[0]!.title).toBe('Cuota 1/3');
    expect(d.repay_plans[0]!.description).toBe('Capital $1.000,00 + interés $45,00 + comisión $50,00 + IVA $15,20');
    expect(d.firstPayTime).toBe(d.repay_plans[0]!.pay_time);
    const value = (text: string) => d.details.find((r: { text: string }) => r.text === text)?.value;
    expect(value('Monto del préstamo')).toBe('$3.000,00');
    expect(value('Plazo')).toBe('45 días');
    expect(value('Total a pagar')).toBe('$3.278,40');
    expect(value('Monto a recibir')).toBe('$3.000,00');
    // Issue 32: without a coupon one interest row; the tax named by the charges it is on and their sum, never an
    // extension fee a quote does not have: 16 % × (90,00 + 150,00) = 38,40.
    expect(value('Cupón de descuento')).toBeUndefined();
    expect(value('Interés')).toBe('$90,00');
    expect(value('Comisión')).toBe('$150,00');
    expect(value('IVA del 16% sobre interés y comisión ($240,00)')).toBe('$38,40');
    expect(d.details.map((r) => r.text).join(' ')).not.toContain('extensión');
  });

  // Issue 12: the currency followed the language ('₹' for the Mexican product read in English).
  it('quotes asked-for terms, in English with the product’s pesos for language=1, with the best coupon', async () => {
    const { product, borrower, sessionId } = await borrowerWithOffer(t.db, { limit: 800_000 });
    await addCoupon(t.db, borrower.id, 1_000);
    await addCoupon(t.db, borrower.id, 2_000);
    await addCoupon(t.db, borrower.id, 9_000, { expiresAt: new Date(Date.now() - 1000) }); // expired
    const res = await injectAs(t.app, sessionId, {
      url,
      payload: { productId: product.id, amount: 300_000, periods: 3 },
      query: { language: '1' },
    });
    expect(res.statusCode).toBe(200);
    const d = dataOf(res, loanDetailConfirm);
    expect(wrapper(res).message).toBe('Success');
    expect(d.couNum).toBe(2_000);
    expect(d.repay_plans[0]!.title).toBe('Instalment 1/3');
    expect(d.repay_plans[0]!.amount).toBe(111_020 - 2_000 - 320);
    // Issue 32: the interest before the coupon, the coupon and the interest charged read as one subtraction; the
    // tax's label names its real base, the interest after the coupon and the commission: 16 % × 220,00 = 35,20.
    const rows = d.details.map((r) => [r.text, r.value]);
    expect(rows.slice(3, 8)).toEqual([
      ['Interest before the coupon', '$90,00'],
      ['Discount coupon', '-$20,00'],
      ['Interest after the coupon', '$70,00'],
      ['Commission', '$150,00'],
      ['VAT (IVA) at 16% of interest after the coupon and commission ($220,00)', '$35,20'],
    ]);
    expect(d.details.find((r: { text: string }) => r.text === 'Loan amount')!.value).toBe('$3.000,00');
    expect(d.repay_plans[0]!.description).toMatch(/^Principal \$1\.000,00 \+ interest \$/);
    expect(JSON.stringify(d)).not.toContain('₹');
  });

  it('a stale offer answers isNeedPop 1; isType=1 re-evaluates it (limit capped by the product max) and answers 0', async () => {
    const product = await seedProduct(t.db);
    const borrower = await createBorrower(t.db);
    const offer = await offerProduct(t.db, borrower.id, product.id, 2_000_000, { evaluatedAt: new Date(Date.now() - 25 * 3_600_000) });
    const sessionId = await createSession(t.db, borrower.id);
    const first = await injectAs(t.app, sessionId, { url, payload: { productId: product.id } });
    expect(dataOf(first, loanDetailConfirm).isNeedPop).toBe(1);
    expect(dataOf(first, loanDetailConfirm).amount).toBe(1_000_000);
    const again = await injectAs(t.app, sessionId, { url, payload: { productId: product.id, isType: 1 } });
    expect(dataOf(again, loanDetailConfirm).isNeedPop).toBe(0);
    const [after] = await t.db.select().from(productOffers).where(eq(productOffers.id, offer.id));
    expect(after!.limitAmount).toBe(1_000_000);
    expect(Date.now() - after!.evaluatedAt.getTime()).toBeLessThan(60_000);
    const third = await injectAs(t.app, sessionId, { url, payload: { productId: product.id } });
    expect(dataOf(third, loanDetailConfirm).isNeedPop).toBe(0);
  });

  it('404 for a product not offered, inactive, unknown or huge id — same answer', async () => {
    const { borrower, sessionId } = await borrowerWithOffer(t.db);
    const other = await seedProduct(t.db);
    const inactive = await seedProduct(t.db, { active: false });
    await offerProduct(t.db, borrower.id, inactive.id, 500_000);
    for (const productId of [other.id, inactive.id, 999_999_999, '999999999999999999']) {
      const res = await injectAs(t.app, sessionId, { url, payload: { productId } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, code: '404001', message: 'Este producto no está disponible para usted.', data: null });
    }
  });

  it('one active loan (issue 16): an open order of any product answers 409005 before anything is quoted', async () => {
    const { product, borrower, sessionId } = await borrowerWithOffer(t.db, { limit: 500_000 });
    const other = await seedProduct(t.db);
    await offerProduct(t.db, borrower.id, other.id, 500_000);
    const push = await injectAs(t.app, sessionId, {
      url: '/v3/loan-confirm/loan-detail-push',
      payload: await signedPayload(t.app, sessionId, { productId: product.id, amount: 200_000, periods: 2, termUnit: 15 }),
    });
    expect(push.statusCode).toBe(200);
    for (const productId of [other.id, product.id]) {
      const res = await injectAs(t.app, sessionId, { url, payload: { productId } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        code: '409005',
        message: 'Ya tiene un préstamo activo (en revisión, aprobado o en pago). Podrá solicitar otro cuando lo termine de pagar.',
        data: null,
      });
    }
    // Another borrower is not affected.
    const stranger = await borrowerWithOffer(t.db);
    expect((await injectAs(t.app, stranger.sessionId, { url, payload: { productId: stranger.product.id } })).statusCode).toBe(200);
  });

  it("another borrower's offer is not quoted to me", async () => {
    const a = await borrowerWithOffer(t.db);
    const b = await borrowerWithOffer(t.db);
    const res = await injectAs(t.app, b.sessionId, { url, payload: { productId: a.product.id } });
    expect(res.statusCode).toBe(404);
    expect(wrapper(res).code).toBe('404001');
  });

  it('422001 for asked-for terms outside the rules, with formatted figures', async () => {
    const { product, sessionId } = await borrowerWithOffer(t.db, { limit: 500_000 });
    const cases: [Record<string, number>, string][] = [
      [{ amount: 50_000 }, 'El monto debe estar entre $1.000,00 y $10.000,00, en múltiplos de $500,00.'],
      [{ amount: 120_000 }, 'El monto debe estar entre $1.000,00 y $10.000,00, en múltiplos de $500,00.'],
      [{ amount: 600_000 }, 'El monto supera su límite aprobado de $5.000,00.'],
      [{ periods: 7 }, 'El número de cuotas debe estar entre 1 y 6.'],
    ];
    for (const [extra, message] of cases) {
      const res = await injectAs(t.app, sessionId, { url, payload: { productId: product.id, ...extra } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ success: false, code: '422001', message, data: null });
    }
  });

  it('422001 offerBelowMinimum when the limit is below the product minimum', async () => {
    const { product, sessionId } = await borrowerWithOffer(t.db, { limit: 90_000 });
    const res = await injectAs(t.app, sessionId, { url, payload: { productId: product.id } });
    expect(res.statusCode).toBe(422);
    expect(wrapper(res).code).toBe('422001');
  });
});
