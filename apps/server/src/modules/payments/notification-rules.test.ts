import fs from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyHolds, expiredHolds, notificationRules, paymentCeiling, pickReference, purposeFor, receivedAtFor, samePayment } from './notification-rules';

describe('notification rules', () => {
  it('PAID_AT_NOT_BEFORE_REFERENCE / PAID_AT_NOT_AFTER_NOW: the ledger takes paidAt within [reference made, now]', () => {
    const made = new Date('2026-03-10T15:00:00Z');
    const now = new Date('2026-03-12T09:00:00Z');
    expect(receivedAtFor(new Date('2026-02-01T12:00:00Z'), made, now)).toEqual({ receivedAt: made, clamped: 'before_reference' });
    expect(receivedAtFor(new Date('2026-03-11T12:00:00Z'), made, now)).toEqual({ receivedAt: new Date('2026-03-11T12:00:00Z'), clamped: null });
    expect(receivedAtFor(new Date('2026-03-12T09:04:00Z'), made, now)).toEqual({ receivedAt: now, clamped: 'future' });
    fc.assert(
      fc.property(fc.integer({ min: -1e10, max: 1e10 }), (offset) => {
        const { receivedAt } = receivedAtFor(new Date(made.getTime() + offset), made, now);
        expect(receivedAt.getTime()).toBeGreaterThanOrEqual(made.getTime());
        expect(receivedAt.getTime()).toBeLessThanOrEqual(now.getTime());
      }),
    );
  });

  it('EVENT_ID_ONE_PAYMENT: same reference and amount, or it is another payment', () => {
    expect(samePayment({ reference: '80000000000011', amount: 100 }, { reference: '80000000000011', amount: 100 })).toBe(true);
    expect(samePayment({ reference: '80000000000011', amount: 100 }, { reference: '80000000000011', amount: 101 })).toBe(false);
    expect(samePayment({ reference: '80000000000011', amount: 100 }, { reference: '80000000000029', amount: 100 })).toBe(false);
  });

  it('CEILING_HOLDS_IN_SUSPENSE: a share of the larger of what is owed and the reference; EXTENSION_REFERENCE_ONCE', () => {
    expect(paymentCeiling(107_540, 0, 200)).toBe(215_080);
    expect(paymentCeiling(1_000, 107_541, 200)).toBe(215_082);
    expect(paymentCeiling(1_001, 0, 150)).toBe(1_501);
    expect(purposeFor({ purpose: 'extension', status: 'open' })).toBe('extension');
    expect(purposeFor({ purpose: 'extension', status: 'expired' })).toBe('extension');
    expect(purposeFor({ purpose: 'extension', status: 'paid' })).toBe('repayment');
    expect(purposeFor({ purpose: 'repayment', status: 'open' })).toBe('repayment');
  });
});

describe('references past their time, other currencies, loan accounts', () => {
  const expiresAt = new Date('2026-03-12T05:59:59Z');

  it('EXPIRED_REFERENCE_HOLDS_IN_SUSPENSE: held once received after the reference\'s time, unless it is the loan\'s own account', () => {
    const after = new Date(expiresAt.getTime() + 1);
    expect(expiredHolds(after, { expiresAt, loanAccount: false })).toBe(true);
    expect(expiredHolds(expiresAt, { expiresAt, loanAccount: false })).toBe(false);
    expect(expiredHolds(new Date(expiresAt.getTime() - 60_000), { expiresAt, loanAccount: false })).toBe(false);
    expect(expiredHolds(after, { expiresAt, loanAccount: true })).toBe(false);
  });

  it('OTHER_CURRENCY_HOLDS_IN_SUSPENSE: another currency is held; none named is the loan\'s', () => {
    expect(currencyHolds('INR', 'MXN')).toBe(true);
    expect(currencyHolds('MXN', 'MXN')).toBe(false);
    expect(currencyHolds(undefined, 'INR')).toBe(false);
  });

  it('LOAN_ACCOUNT_PICKS_REFERENCE: the open unexpired one of the amount, else the newest open, else the newest', () => {
    const at = new Date('2026-03-11T12:00:00Z');
    const later = new Date('2026-03-20T00:00:00Z');
    const ref = (id: number, status: 'open' | 'paid' | 'expired', amount: number, until = later) => ({ id, status, amount, expiresAt: until });
    const exact = ref(2, 'open', 500);
    expect(pickReference([ref(1, 'open', 500), exact, ref(3, 'open', 900)], 500, at)).toBe(exact);
    // The one of the amount is past its time: the newest open one instead.
    expect(pickReference([ref(2, 'open', 500, new Date('2026-03-10T00:00:00Z')), ref(3, 'open', 900), ref(1, 'open', 700)], 500, at)?.id).toBe(3);
    expect(pickReference([ref(4, 'paid', 500), ref(3, 'expired', 500), ref(2, 'open', 100)], 500, at)?.id).toBe(2);
    expect(pickReference([ref(3, 'expired', 500), ref(5, 'paid', 500)], 500, at)?.id).toBe(5);
    expect(pickReference([], 500, at)).toBeUndefined();
  });
});

describe('the named rules', () => {
  it('each is named in docs/api.md, where the notification route is described', () => {
    const doc = fs.readFileSync(new URL('../../../../../docs/api.md', import.meta.url), 'utf8');
    expect(new Set(notificationRules).size).toBe(notificationRules.length);
    for (const rule of notificationRules) expect(doc).toContain(`\`${rule}\``);
  });
});
