import fc from 'fast-check';
import { mxStates } from '../application-rules';
import type { CurpPerson } from './curp';

/* fast-check generators of people for the validators' property tests. */

const SKIPPED_WORDS = new Set(['DA', 'DAS', 'DE', 'DEL', 'DER', 'DI', 'DIE', 'DD', 'EL', 'LA', 'LOS', 'LAS', 'LE', 'LES', 'MAC', 'MC', 'VAN', 'VON', 'Y', 'MARIA', 'MA', 'M', 'JOSE', 'J']);

/** A name word of plain capitals that no rule skips. */
export const nameWord = fc
  .array(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), { minLength: 2, maxLength: 10 })
  .map((letters) => letters.join(''))
  .filter((w) => !SKIPPED_WORDS.has(w));

/** A calendar date 'YYYY-MM-DD' between 1930 and 2012. */
export const birthDate = fc
  .date({ min: new Date(Date.UTC(1930, 0, 1)), max: new Date(Date.UTC(2012, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

export const person: fc.Arbitrary<CurpPerson> = fc.record({
  givenNames: fc.array(nameWord, { minLength: 1, maxLength: 2 }).map((w) => w.join(' ')),
  firstSurname: nameWord,
  secondSurname: fc.oneof(nameWord, fc.constant('')),
  birthDate,
  sex: fc.constantFrom('H', 'M', 'X'),
  birthState: fc.constantFrom(...Object.keys(mxStates)),
});
