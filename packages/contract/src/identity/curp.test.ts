import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCurp, curpCheckDigit, curpFor, type CurpPerson } from './curp';
import { birthDate, nameWord, person } from './identity-arbitraries';

const gloria: CurpPerson = { givenNames: 'Gloria', firstSurname: 'Hernández', secondSurname: 'García', birthDate: '1956-04-27', sex: 'M', birthState: 'VZ' };
const on1990 = (givenNames: string, firstSurname: string, secondSurname: string): CurpPerson =>
  ({ givenNames, firstSurname, secondSurname, birthDate: '1990-01-01', sex: 'H', birthState: 'DF' });

describe('CURP', () => {
  it('accepts the published example HEGG560427MVZRRL04 (Gloria Hernández García) and makes it from her data', () => {
    expect(curpCheckDigit('HEGG560427MVZRRL0')).toBe('4');
    expect(checkCurp('HEGG560427MVZRRL04', gloria)).toBeNull();
    expect(checkCurp('hegg 560427 mvzrrl04', gloria)).toBeNull();
    expect(curpFor(gloria)).toBe('HEGG560427MVZRRL04');
  });

  it('forms the letters as the Instructivo normativo\'s own examples do', () => {
    const letters = (g: string, f: string, s: string) => curpFor(on1990(g, f, s)).slice(0, 4);
    expect(letters('ALBERTO', 'ÑANDO', 'RODRIGUEZ')).toBe('XARA');
    expect(letters('MARIA LUISA', 'PEREZ', 'HERNANDEZ')).toBe('PEHL');
    expect(letters('LUIS ENRIQUE', 'ROMERO', 'PALAZUELOS')).toBe('ROPL');
    expect(letters('JUAN JOSE', 'D/AMICO', 'ALVAREZ')).toBe('DXAJ');
    expect(letters('ROCIO', 'RIVA PALACIO', 'CRUZ')).toBe('RICR');
    expect(letters('CARLOS', 'MC GREGOR', 'LOPEZ')).toBe('GELC');
    expect(letters('OFELIA', 'PEDRERO', 'DOMINGUEZ')).toBe('PXDO');
    expect(letters('ANDRES', 'ICH', 'RODRÍGUEZ')).toBe('IXRA');
    expect(letters('LUIS', 'PEREZ', '')).toBe('PEXL');
    // Alamán Pérez Ricardo, born 21 March 1963 in Mexico City (the Instructivo's worked example).
    expect(curpFor({ ...on1990('Ricardo', 'Alamán', 'Pérez'), birthDate: '1963-03-21' }).slice(0, 17)).toBe('AAPR630321HDFLRC0');
  });

  it('is tolerant where RENAPO\'s records are: a special character skipped, MARIA kept, accents and case ignored', () => {
    const juan = { ...on1990('JUAN JOSE', "D'AMICO", 'ALVAREZ') };
    const skipped = 'DAAJ900101HDFMLN0';
    expect(checkCurp(skipped + curpCheckDigit(skipped), juan)).toBeNull();
    const maria = on1990('María Luisa', 'Pérez', 'Hernández');
    const kept = 'PEHM900101HDFRRR0';
    expect(checkCurp(kept + curpCheckDigit(kept), maria)).toBeNull();
    expect(checkCurp(curpFor(maria), { ...maria, givenNames: 'MARIA LUISA', firstSurname: 'PEREZ' })).toBeNull();
  });

  it('names the fault: format, check digit, birth date, sex, state, names', () => {
    expect(checkCurp('HEGG560427MVZRRL0')).toBe('format');
    expect(checkCurp('HEGG560231MVZRRL04')).toBe('format'); // 31 February
    expect(checkCurp('HEGG560427MZZRRL04')).toBe('format'); // no state ZZ
    expect(checkCurp('HEGG560427MVZRRL05')).toBe('checkDigit');
    expect(checkCurp('HEGG560427MVZRRL04', { ...gloria, birthDate: '1956-04-28' })).toBe('birthDate');
    expect(checkCurp('HEGG560427MVZRRL04', { ...gloria, sex: 'H' })).toBe('sex');
    expect(checkCurp('HEGG560427MVZRRL04', { ...gloria, birthState: 'JC' })).toBe('state');
    expect(checkCurp('HEGG560427MVZRRL04', { ...gloria, givenNames: 'Rosa' })).toBe('names');
    expect(checkCurp('HEGG560427MVZRRL04', { ...gloria, secondSurname: 'Gómez' })).toBe('names'); // inner consonant M, not R
  });

  it('reads the century from position 17: a digit before 2000, a letter from 2000', () => {
    const child = { ...gloria, birthDate: '2005-04-27' };
    expect(curpFor(child)[16]).toBe('A');
    expect(checkCurp(curpFor(child), child)).toBeNull();
    const wrongCentury = curpFor(child, '0');
    expect(checkCurp(wrongCentury, child)).toBe('birthDate');
  });

  it('accepts every generated CURP with its person', () => {
    fc.assert(fc.property(person, (p) => checkCurp(curpFor(p), p) === null));
  });

  it('refuses a changed check digit', () => {
    fc.assert(
      fc.property(person, fc.integer({ min: 1, max: 9 }), (p, shift) => {
        const curp = curpFor(p);
        const changed = curp.slice(0, 17) + String((Number(curp[17]) + shift) % 10);
        return checkCurp(changed) === 'checkDigit' && checkCurp(changed, p) === 'checkDigit';
      }),
    );
  });

  it('refuses a CURP that disagrees with the birth date, the sex, the state or the names', () => {
    fc.assert(
      fc.property(person, birthDate, nameWord, (p, otherDate, otherSurname) => {
        const curp = curpFor(p);
        const otherSex = p.sex === 'H' ? 'M' : 'H';
        const otherState = p.birthState === 'JC' ? 'NL' : 'JC';
        return (
          (otherDate === p.birthDate || checkCurp(curp, { ...p, birthDate: otherDate }) === 'birthDate') &&
          checkCurp(curp, { ...p, sex: otherSex }) === 'sex' &&
          checkCurp(curp, { ...p, birthState: otherState }) === 'state' &&
          (otherSurname[0] === p.firstSurname[0] || checkCurp(curp, { ...p, firstSurname: otherSurname }) === 'names')
        );
      }),
    );
  });
});
