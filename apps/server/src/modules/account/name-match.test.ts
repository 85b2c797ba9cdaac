import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchNames, nameWords, NAME_MATCH_RULE, type IdentityName } from './name-match';

const mx = (givenNames: string, ...surnames: string[]): IdentityName => ({ givenNames, surnames });
const full = (fullName: string): IdentityName => ({ fullName });

const juan = mx('Juan Carlos', 'Pérez', 'López');
const maria = mx('María José', 'De la Cruz', 'Ñúñez');
const rahul = full('Rahul Kumar Sharma');

describe('nameWords', () => {
  it('drops accents, case, punctuation, particles and titles; joins apostrophes', () => {
    expect(nameWords('  María   José de la CRUZ-Ñúñez ')).toEqual(['MARIA', 'JOSE', 'CRUZ', 'NUNEZ']);
    expect(nameWords("Sr. J. Carlos D'Souza y Pérez")).toEqual(['J', 'CARLOS', 'DSOUZA', 'PEREZ']);
    expect(nameWords('MR. RAHUL K. SHARMA 123')).toEqual(['RAHUL', 'K', 'SHARMA']);
    expect(nameWords('***')).toEqual([]);
  });
});

describe('matchNames: Mexico', () => {
  it.each([
    ['both surnames, as the identity', 'JUAN CARLOS PEREZ LOPEZ'],
    ['accents and lower case', 'juan carlos pérez lópez'],
    ['surnames first (as banks often register)', 'PEREZ LOPEZ JUAN CARLOS'],
    ['only the paternal surname', 'JUAN CARLOS PEREZ'],
    ['only the maternal surname', 'JUAN LOPEZ'],
    ['one given name of two', 'CARLOS PEREZ LOPEZ'],
    ['an initial for the first given name', 'J. CARLOS PEREZ LOPEZ'],
    ['initials for both given names', 'J C PEREZ'],
    ['particles kept by the bank', 'MARIA JOSE DE LA CRUZ NUNEZ'],
  ])('match: %s', (_why, bank) => {
    const identity = bank.includes('MARIA') ? maria : juan;
    const result = matchNames(bank, identity);
    expect([result.outcome, result.reason]).toEqual(['match', 'match']);
    expect(result.rule).toBe(NAME_MATCH_RULE);
  });

  it('particles dropped by the bank', () => {
    expect(matchNames('MARIA JOSE CRUZ', maria).outcome).toBe('match');
    expect(matchNames('MA JOSE DELACRUZ NUNEZ', maria).outcome).toBe('mismatch');
  });

  it.each([
    ['a different person with the same surnames', 'MARIA PEREZ LOPEZ', 'word_not_in_identity'],
    ['a different given name and one surname', 'PEDRO PEREZ', 'word_not_in_identity'],
    ['a surname the borrower does not have', 'JUAN CARLOS PEREZ GARCIA', 'word_not_in_identity'],
    ['given names only', 'JUAN CARLOS', 'no_surname'],
    ['a surname only', 'PEREZ LOPEZ', 'no_given_name'],
    ['a surname only by its initial', 'JUAN P', 'no_surname'],
    ['the same word twice when the identity has it once', 'JUAN JUAN PEREZ', 'word_not_in_identity'],
    ['a company', 'COMERCIALIZADORA DEL NORTE SA DE CV', 'word_not_in_identity'],
    ['empty', '', 'empty_bank_name'],
    ['garbage', '--- 0000 ...', 'empty_bank_name'],
    ['too long to be a name', 'A B C D E F G H I J', 'too_many_words'],
  ])('mismatch: %s', (_why, bank, reason) => {
    const result = matchNames(bank, juan);
    expect([result.outcome, result.reason]).toEqual(['mismatch', reason]);
  });

  it('explains each word: matched, by initial, left out', () => {
    expect(matchNames('LOPEZ J. CARLOS', juan).lines).toEqual([
      { bank: 'LOPEZ', identity: 'LOPEZ', role: 'surname', how: 'same' },
      { bank: 'J', identity: 'JUAN', role: 'given', how: 'initial' },
      { bank: 'CARLOS', identity: 'CARLOS', role: 'given', how: 'same' },
      { bank: null, identity: 'PEREZ', role: 'surname', how: 'left_out' },
    ]);
  });

  it('explains a contradiction: the word that matches nothing', () => {
    const result = matchNames('MARIA PEREZ LOPEZ', juan);
    expect(result.lines.filter((l) => l.how === 'contradicts')).toEqual([{ bank: 'MARIA', identity: null, role: null, how: 'contradicts' }]);
    expect(result.lines.filter((l) => l.how === 'same').map((l) => l.bank)).toEqual(['PEREZ', 'LOPEZ']);
  });

  it('an identity without a name is a mismatch', () => {
    expect(matchNames('JUAN PEREZ', mx('', '')).reason).toBe('no_identity_name');
    expect(matchNames('JUAN PEREZ', full('  ')).reason).toBe('no_identity_name');
  });
});

describe('matchNames: India', () => {
  it.each([
    ['as the identity', 'RAHUL KUMAR SHARMA'],
    ['without the middle name', 'RAHUL SHARMA'],
    ['swapped order', 'SHARMA RAHUL'],
    ['an initial for the given name', 'R. SHARMA'],
    ['an initial for the middle name', 'RAHUL K SHARMA'],
    ['a title', 'MR RAHUL SHARMA'],
  ])('match: %s', (_why, bank) => {
    expect(matchNames(bank, rahul).outcome).toBe('match');
  });

  it('an identity with an initial matches the whole word at the bank', () => {
    expect(matchNames('PRIYA RAMESH IYER', full('Priya R. Iyer')).outcome).toBe('match');
    expect(matchNames('PRIYA IYER', full('Priya Iyer')).outcome).toBe('match');
  });

  it.each([
    ['a different person with the same surname', 'ANIL SHARMA', 'word_not_in_identity'],
    ['another given name with the middle name', 'ANIL KUMAR', 'word_not_in_identity'],
    ['the surname by its initial only', 'RAHUL S', 'no_surname'],
    ['the surname only', 'SHARMA', 'no_given_name'],
    ['one word', 'RAHUL', 'no_surname'],
    ['a business name', 'SHARMA TRADERS', 'word_not_in_identity'],
  ])('mismatch: %s', (_why, bank, reason) => {
    expect([matchNames(bank, rahul).outcome, matchNames(bank, rahul).reason]).toEqual(['mismatch', reason]);
  });

  it('a middle word counts as given name or as surname, never both', () => {
    expect(matchNames('KUMAR', rahul).outcome).toBe('mismatch');
    expect(matchNames('KUMAR SHARMA', rahul).outcome).toBe('match');
    expect(matchNames('RAHUL KUMAR', rahul).outcome).toBe('match');
  });
});

describe('matchNames: properties', () => {
  const words = ['JUAN', 'CARLOS', 'PEREZ', 'LOPEZ', 'MARIA', 'JOSE', 'J', 'C', 'P', 'GARCIA', 'RAHUL', 'KUMAR', 'SHARMA', 'R', 'K', 'DE', 'LA'];
  const accented: Record<string, string> = { PEREZ: 'Pérez', LOPEZ: 'lópez', MARIA: 'maría', JOSE: 'Jośe', GARCIA: 'García', SHARMA: 'sharmá' };
  const identities = [juan, maria, rahul, full('José María Pérez García'), mx('Ana', 'Pérez', 'Pérez')];

  it('the order of the words and their accents or case never change the outcome', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...words), { minLength: 0, maxLength: 6 }),
        fc.constantFrom(...identities),
        fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })),
        fc.boolean(),
        (bank, identity, randoms, accent) => {
          const shuffled = [...bank]
            .map((w) => ({ w, k: randoms.next().value as number }))
            .sort((a, b) => a.k - b.k)
            .map(({ w }) => (accent ? (accented[w] ?? w.toLowerCase()) : w));
          expect(matchNames(shuffled.join(accent ? ', ' : ' '), identity).outcome).toBe(matchNames(bank.join(' '), identity).outcome);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the identity’s own name always matches it, whatever its order', () => {
    fc.assert(
      fc.property(fc.constantFrom(...identities), fc.boolean(), (identity, reverse) => {
        const text = 'givenNames' in identity ? [identity.givenNames, ...identity.surnames].join(' ') : identity.fullName;
        const bank = reverse ? text.split(' ').reverse().join(' ') : text;
        expect(matchNames(bank, identity).outcome).toBe('match');
      }),
    );
  });
});
