import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numbersAsWritten } from './json-number-literals';

describe('numbersAsWritten', () => {
  it('turns the number values of one key into their text, as written', () => {
    expect(numbersAsWritten('{"monto":1500.50,"id":7}', 'monto')).toBe('{"monto":"1500.50","id":7}');
    expect(numbersAsWritten('{ "monto" : 0.10 }', 'monto')).toBe('{ "monto" : "0.10" }');
    expect(numbersAsWritten('{"monto":1e3}', 'monto')).toBe('{"monto":"1e3"}');
    expect(numbersAsWritten('{"monto":-2.5E-1}', 'monto')).toBe('{"monto":"-2.5E-1"}');
  });

  it('in every object, nested or in arrays, and for a key written with escapes', () => {
    const text = '{"datos":[{"monto":40.0,"x":{"monto":1}},{"\\u006donto":0.01}],"total":2}';
    expect(JSON.parse(numbersAsWritten(text, 'monto'))).toEqual({ datos: [{ monto: '40.0', x: { monto: '1' } }, { monto: '0.01' }], total: 2 });
  });

  it('leaves other keys, string values, nulls and text inside strings alone', () => {
    for (const text of [
      '{"montoTotal":1.5,"amount":2.50}',
      '{"monto":"1500.50"}',
      '{"monto":null}',
      '{"concepto":"\\"monto\\":12.5","monto2":3}',
      '{"a":"monto","b":["monto", 1.5]}',
    ]) {
      expect(numbersAsWritten(text, 'monto')).toBe(text);
    }
  });

  it('a value JSON.parse reads as a number is the same number read from the text', () => {
    const amount = fc.oneof(fc.integer({ min: 0, max: 10 ** 9 }), fc.double({ min: 0, max: 1e9, noNaN: true }));
    fc.assert(
      fc.property(amount, fc.constantFrom(' ', '', '\n'), (n, space) => {
        const text = `{"id":1,"monto":${space}${JSON.stringify(n)},"nombre":"a"}`;
        const read = JSON.parse(numbersAsWritten(text, 'monto')) as { monto: string; id: number };
        expect(Number(read.monto)).toBe(n);
        expect(read.id).toBe(1);
      }),
    );
  });
});
