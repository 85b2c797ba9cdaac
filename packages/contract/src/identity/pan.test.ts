import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameWord } from './identity-arbitraries';
import { checkPan, panFor } from './pan';

describe('PAN', () => {
  it('reads the Income Tax Department\'s structure: 4th letter P for a person, 5th the surname\'s initial', () => {
    expect(checkPan('ABCPS1234F', 'Rahul Kumar Sharma')).toBeNull();
    expect(checkPan('abcps 1234 f', 'rahul kumar sharma')).toBeNull();
    expect(checkPan('ABCPS1234F')).toBeNull();
    expect(checkPan('ABCCS1234F')).toBe('notPerson'); // C: a company
    expect(checkPan('ABCHS1234F')).toBe('notPerson'); // H: a Hindu undivided family
    expect(checkPan('ABCPK1234F', 'Rahul Kumar Sharma')).toBe('name');
    expect(checkPan('ABCPS123F')).toBe('format');
    expect(checkPan('ABCPS12345')).toBe('format');
    expect(checkPan('1BCPS1234F')).toBe('format');
  });

  it('takes a single-word name\'s first letter as the surname\'s', () => {
    expect(checkPan('ABCPM1234F', 'Madhavan')).toBeNull();
  });

  it('accepts every generated PAN, refuses another kind of holder and another surname', () => {
    fc.assert(
      fc.property(fc.array(nameWord, { minLength: 1, maxLength: 3 }), nameWord, fc.nat(), (words, other, seed) => {
        const name = words.join(' ');
        const pan = panFor(name, seed);
        const company = pan.slice(0, 3) + 'C' + pan.slice(4);
        return (
          checkPan(pan, name) === null &&
          checkPan(company, name) === 'notPerson' &&
          (other[0] === words.at(-1)![0] || checkPan(pan, `${words[0]} ${other}`) === 'name')
        );
      }),
    );
  });
});
