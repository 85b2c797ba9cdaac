import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidIfsc,
  isValidVpa,
  MAX_INDIA_ORDER_ID,
  orderIdFromVirtualAccount,
  orderIdFromVpa,
  virtualAccountForOrder,
  vpaForOrder,
} from './india-accounts';

const upi = { prefix: 'presta', handle: 'sbxupi' };
const bank = { prefix: '2223', ifsc: 'SBOX0PRESTA', bankName: 'Sandbox Bank' };

describe('UPI virtual payment address', () => {
  it('is the order’s own, valid and reversible', () => {
    expect(vpaForOrder(1_234, upi)).toBe('presta.1234@sbxupi');
    expect(isValidVpa(vpaForOrder(1_234, upi))).toBe(true);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_INDIA_ORDER_ID }), (id) => orderIdFromVpa(vpaForOrder(id, upi), upi) === id),
    );
  });
  it('never names another order and refuses other handles', () => {
    expect(orderIdFromVpa('presta.1234@otherbank', upi)).toBeNull();
    expect(orderIdFromVpa('other.1234@sbxupi', upi)).toBeNull();
    expect(orderIdFromVpa('presta.01234@sbxupi', upi)).toBeNull();
    expect(() => vpaForOrder(-1, upi)).toThrow(RangeError);
    expect(() => vpaForOrder(1, { prefix: 'P!', handle: 'x' })).toThrow(RangeError);
  });
  it('checks the VPA form', () => {
    expect(isValidVpa('someone@okbank')).toBe(true);
    expect(isValidVpa('no-handle')).toBe(false);
    expect(isValidVpa('a@b1')).toBe(false);
  });
});

describe('virtual bank account', () => {
  it('is the prefix and the zero-padded order id, and reversible', () => {
    expect(virtualAccountForOrder(1_234, bank)).toBe('2223000000001234');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_INDIA_ORDER_ID }), (id) => orderIdFromVirtualAccount(virtualAccountForOrder(id, bank), bank) === id),
    );
    expect(orderIdFromVirtualAccount('9999000000001234', bank)).toBeNull();
    expect(orderIdFromVirtualAccount('22230000001234', bank)).toBeNull();
  });
  it('checks the IFSC form and refuses a bad issuer', () => {
    expect(isValidIfsc('SBOX0PRESTA')).toBe(true);
    expect(isValidIfsc('HDFC0001234')).toBe(true);
    expect(isValidIfsc('HDFC1001234')).toBe(false);
    expect(isValidIfsc('hdfc0001234')).toBe(false);
    expect(() => virtualAccountForOrder(1, { ...bank, ifsc: 'BAD' })).toThrow(RangeError);
    expect(() => virtualAccountForOrder(MAX_INDIA_ORDER_ID + 1, bank)).toThrow(RangeError);
  });
});
