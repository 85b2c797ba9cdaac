import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Db } from '../../db/database';
import { ProviderUnavailable, type CreateReferenceInput, type PaymentProvider } from './payment-provider';
import { createPaymentProviders, PROVIDER_UNAVAILABLE_MS, providersOf } from './payment-providers';

// Building the registry touches no database (the reference sequence is read on a reference's first number).
const db = {} as Db;
const input: CreateReferenceInput = { orderId: 7, amount: 10_000, purpose: 'repayment', channel: 'store', expiresAt: new Date('2026-12-01T05:59:59Z') };

describe('createPaymentProviders', () => {
  it('development with PAYMENT_CHANNELS unset: the sandbox serves every channel of both markets, built once', () => {
    const payments = createPaymentProviders({ db, config: loadConfig({}) });
    expect(payments.all.map((p) => p.id)).toEqual(['sandbox']);
    expect(payments.forChannel('MX', 'store')).toBe(payments.byId('sandbox'));
    expect(payments.forChannel('IN', 'upi')).toBe(payments.byId('sandbox'));
    expect(payments.byId('conekta')).toBeUndefined();
  });

  it('a channel switched off is not offered; the providers in use are built; one lacking its settings is refused by name', () => {
    const payments = createPaymentProviders({ db, config: loadConfig({ PAYMENT_CHANNELS: 'MX.spei=none,IN.bank_transfer=none' }) });
    expect(payments.forChannel('MX', 'spei')).toBeUndefined();
    expect(payments.forChannel('IN', 'bank_transfer')).toBeUndefined();
    expect(payments.forChannel('MX', 'store')?.id).toBe('sandbox');
    expect(() => createPaymentProviders({ db, config: loadConfig({ PAYMENT_CHANNELS: 'MX.store=conekta', CONEKTA_PRIVATE_KEY: 'key_test' }) })).toThrow(
      'PAYMENT_CHANNELS names conekta, which needs CONEKTA_WEBHOOK_PUBLIC_KEY.',
    );
    expect(() => createPaymentProviders({ db, config: loadConfig({ PAYMENT_CHANNELS: 'IN.upi=razorpay' }) })).toThrow(
      'RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET',
    );
  });
});

describe('the breaker', () => {
  function flaky() {
    const state = { calls: 0, down: true };
    const provider: PaymentProvider = {
      id: 'conekta',
      channels: ['store'],
      stores: ['OXXO'],
      verification: 'test',
      createReference(i) {
        state.calls += 1;
        if (state.down) return Promise.reject(new ProviderUnavailable('conekta', 'no answer in 8 s'));
        return Promise.resolve({ reference: '80000000000011', voucherCode: '93000000000001', expiresAt: i.expiresAt });
      },
      handleWebhook: () => Promise.resolve({ ok: false, reason: 'missing' }),
      fetchStatus: () => Promise.resolve({ state: 'unknown', paidAmount: 0, events: [] }),
    };
    return { provider, state };
  }

  it('after a ProviderUnavailable the provider is not asked for PROVIDER_UNAVAILABLE_MS, then it is', async () => {
    const { provider, state } = flaky();
    let now = 1_000_000;
    const payments = providersOf({ MX: { store: 'conekta' }, IN: {} }, [provider], () => now);
    const guarded = payments.forChannel('MX', 'store')!;
    expect(guarded.id).toBe('conekta');
    expect(guarded.stores).toEqual(['OXXO']);
    await expect(guarded.createReference(input)).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(payments.unavailableFor('conekta')).toBe(PROVIDER_UNAVAILABLE_MS / 1000);
    state.down = false;
    now += PROVIDER_UNAVAILABLE_MS - 1_500;
    await expect(guarded.createReference(input)).rejects.toThrow('not asked again for 2 s');
    expect(state.calls).toBe(1);
    now += 1_500;
    expect(payments.unavailableFor('conekta')).toBe(0);
    await expect(guarded.createReference(input)).resolves.toMatchObject({ voucherCode: '93000000000001' });
    expect(state.calls).toBe(2);
  });

  it('any other failure (a refused input) does not open it; a provider serves only its own channels', async () => {
    const { provider, state } = flaky();
    provider.createReference = () => {
      state.calls += 1;
      return Promise.reject(new RangeError('invalid reference request'));
    };
    const payments = providersOf({ MX: { store: 'conekta', spei: 'conekta' }, IN: {} }, [provider]);
    await expect(payments.byId('conekta')!.createReference(input)).rejects.toBeInstanceOf(RangeError);
    expect(payments.unavailableFor('conekta')).toBe(0);
    expect(payments.forChannel('MX', 'spei')).toBeUndefined();
  });
});
