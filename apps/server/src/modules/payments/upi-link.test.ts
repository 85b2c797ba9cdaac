import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { upiAmount, upiPayUri } from './upi-link';

describe('UPI payment link (NPCI linking specification)', () => {
  it('names the payee, the amount in rupees, INR, the note and the reference', () => {
    expect(upiPayUri({ vpa: 'presta.1234@sbxupi', payeeName: 'Presta Finance India Private Limited', amount: 2_716_798, reference: '80000000000011' })).toBe(
      'upi://pay?pa=presta.1234@sbxupi&pn=Presta%20Finance%20India%20Private%20Limited&am=27167.98&cu=INR&tn=80000000000011&tr=80000000000011',
    );
  });

  it('writes any amount in rupees with two decimals that read back as the same paise', () => {
    expect(upiAmount(5)).toBe('0.05');
    expect(upiAmount(10_000_000)).toBe('100000.00');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e13 }), (paise) => {
        const text = upiAmount(paise);
        expect(text).toMatch(/^\d+\.\d{2}$/);
        expect(Math.round(Number(text) * 100)).toBe(paise);
      }),
    );
    expect(() => upiAmount(0)).toThrow(RangeError);
  });

  it('encodes every value so that the link parses back to the same fields', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }), (name) => {
        const uri = upiPayUri({ vpa: 'a.b@sbxupi', payeeName: name, amount: 100, reference: '80000000000011' });
        const params = new URLSearchParams(uri.slice('upi://pay?'.length));
        expect(params.get('pn')).toBe(name);
        expect(params.get('pa')).toBe('a.b@sbxupi');
      }),
    );
  });
});
