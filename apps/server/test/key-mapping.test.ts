import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loanDetails } from '@presta/contract/api/loan';
import { scrambledBrand } from '@presta/contract/brand';
import { unscrambleKeys } from '@presta/contract/key-mapping';
import { transitionOrder } from '../src/modules/orders/order-service';
import { signAgreement } from './agreement-fixtures';
import { answerOf, borrowerWithOffer, buildTestApp, checked, dataAs, injectAs, wrapper, type TestApp } from './helpers';

let plain: TestApp;
let scrambled: TestApp;

beforeAll(async () => {
  plain = await buildTestApp();
  scrambled = await buildTestApp({ brand: scrambledBrand });
});
afterAll(async () => {
  await plain.close();
  await scrambled.close();
});

describe('obfuscating key mapping (scrambledBrand)', () => {
  it('push, details and confirm accept scrambled keys and answer scrambled keys; unscrambled = the plain answer', async () => {
    const { product, sessionId } = await borrowerWithOffer(plain.db);
    // The agreement's number has no scrambled key: it travels as it is.
    const agreementNo = await signAgreement(plain.app, sessionId, { productId: product.id, amount: 200_000, periods: 2, termUnit: 15 });
    const push = await injectAs(scrambled.app, sessionId, {
      url: '/v3/loan-confirm/loan-detail-push',
      payload: { pdq: product.id, amq: 200_000, prz: 2, tmu: 15, agreementNo },
    });
    expect(push.statusCode).toBe(200);
    const pushed = dataAs(push, z.looseObject({ odx: z.string() }));
    expect(Object.keys(pushed).sort()).toEqual(['ldu', 'odx', 'onr']);
    const orderId = pushed.odx;
    await transitionOrder(plain.db, { orderId: Number(orderId), action: 'approve', actor: 'operator' });
    await transitionOrder(plain.db, { orderId: Number(orderId), action: 'disburse', actor: 'operator' });

    const s = await injectAs(scrambled.app, sessionId, { url: '/v3/loan-details/loan-details', payload: { odx: orderId } });
    expect(s.statusCode).toBe(200);
    const sBody = wrapper(s);
    const sData = checked(sBody.data, z.looseObject({ ost: z.unknown(), orderStatus: z.unknown().optional(), uod: z.looseObject({ dtx: z.array(z.unknown()) }) }));
    expect(sData.ost).toBe('174');
    expect(sData.orderStatus).toBeUndefined();
    expect(sData.uod.dtx[0]).toHaveProperty('txt');
    expect(sData.uod.dtx[0]).toHaveProperty('vlu');
    // the wrapper itself is never scrambled
    expect(Object.keys(sBody).sort()).toEqual(['code', 'data', 'message', 'success']);

    const p = await injectAs(plain.app, sessionId, { url: '/v3/loan-details/loan-details', payload: { orderId } });
    const pBody = answerOf(p, loanDetails);
    expect(pBody.data.orderStatus).toBe('174');
    expect(unscrambleKeys(sBody.data)).toEqual(pBody.data);

    // a plain-key request is accepted by the scrambling brand too (plain-key fallback)
    const mixed = await injectAs(scrambled.app, sessionId, { url: '/v3/loan-details/loan-details', payload: { orderId } });
    expect(wrapper(mixed).data).toEqual(sBody.data);

    // Settled: no open order, so the product is quoted again (one active loan, issue 16).
    await transitionOrder(plain.db, { orderId: Number(orderId), action: 'settle', actor: 'operator' });
    const sc = await injectAs(scrambled.app, sessionId, { url: '/v3/loan-confirm/loan-detail-confirm', payload: { pdq: product.id } });
    const pc = await injectAs(plain.app, sessionId, { url: '/v3/loan-confirm/loan-detail-confirm', payload: { productId: product.id } });
    expect(dataAs(sc, z.looseObject({ rpl: z.array(z.unknown()) })).rpl[0]).toHaveProperty('pyt');
    expect(unscrambleKeys(wrapper(sc).data)).toEqual(wrapper(pc).data);

    const score = await injectAs(scrambled.app, sessionId, { url: '/v3/loan-details/google-score', payload: { scv: 5, odx: orderId } });
    expect(wrapper(score)).toMatchObject({ success: true, data: { success: true } });
  });

  it('refusals keep the plain wrapper', async () => {
    const { sessionId } = await borrowerWithOffer(plain.db);
    const res = await injectAs(scrambled.app, sessionId, { url: '/v3/loan-details/loan-details', payload: { odx: '987654321' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, code: '404001', message: 'No encontramos este pedido.', data: null });
  });
});
