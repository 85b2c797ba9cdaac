import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CurpPerson } from './curp';
import { birthDate, person } from './identity-arbitraries';
import { checkRfc, rfcCheckDigit, rfcFor, rfcHomoclave } from './rfc';

const emma: CurpPerson = { givenNames: 'Emma', firstSurname: 'Gómez', secondSurname: 'Díaz', birthDate: '1956-12-31', sex: 'M', birthState: 'DF' };

describe('RFC (persona física)', () => {
  it('makes SAT\'s worked example: Gómez Díaz Emma, 31 Dec 1956 → homoclave GR, RFC GODE561231GR8', () => {
    expect(rfcHomoclave(emma)).toBe('GR');
    expect(rfcCheckDigit('GODE561231GR')).toBe('8');
    expect(rfcFor(emma)).toBe('GODE561231GR8');
    expect(checkRfc('GODE561231GR8', emma)).toBeNull();
    expect(checkRfc('gode-561231-gr8', emma)).toBeNull();
  });

  it('writes a check value of 10 as A and 11 as 0', () => {
    const homoclaves = [...'123456789ABCDEFGHIJKLMNPQRSTUVWXYZ'].map((c) => `GODE561231${c}1`);
    const withA = homoclaves.find((s) => rfcCheckDigit(s) === 'A')!;
    const withZero = homoclaves.find((s) => rfcCheckDigit(s) === '0')!;
    expect(checkRfc(withA + 'A')).toBeNull();
    expect(checkRfc(withZero + '0')).toBeNull();
    expect(checkRfc(withA + '0')).toBe('checkDigit');
  });

  it('takes letters from the given name when there is one surname, and accepts CURP\'s letters too', () => {
    const luis: CurpPerson = { givenNames: 'Luis', firstSurname: 'Pérez', secondSurname: '', birthDate: '1990-01-01', sex: 'H', birthState: 'DF' };
    expect(rfcFor(luis).slice(0, 4)).toBe('PELU');
    const curpLike = 'PEXL900101AB';
    expect(checkRfc(curpLike + rfcCheckDigit(curpLike), luis)).toBeNull();
  });

  it('names the fault: format, check digit, birth date, names', () => {
    expect(checkRfc('GODE561231GR')).toBe('format'); // a persona moral's length
    expect(checkRfc('GODE561331GR8')).toBe('format'); // month 13
    expect(checkRfc('GODE561231GR9')).toBe('checkDigit');
    expect(checkRfc('GODE561231GR8', { ...emma, birthDate: '1956-12-30' })).toBe('birthDate');
    expect(checkRfc('GODE561231GR8', { ...emma, givenNames: 'Rosa' })).toBe('names');
  });

  it('accepts every generated RFC, refuses a changed check digit and a different birth date', () => {
    fc.assert(
      fc.property(person, birthDate, fc.integer({ min: 1, max: 10 }), (p, otherDate, shift) => {
        const rfc = rfcFor(p);
        const digits = '0123456789A';
        const changed = rfc.slice(0, 12) + digits.charAt((digits.indexOf(rfc.charAt(12)) + shift) % 11);
        return (
          checkRfc(rfc, p) === null &&
          checkRfc(changed) === 'checkDigit' &&
          (otherDate === p.birthDate || checkRfc(rfc, { ...p, birthDate: otherDate }) === 'birthDate')
        );
      }),
    );
  });
});
