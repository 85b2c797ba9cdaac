import { describe, expect, it } from 'vitest';
import { readProblemId } from './problem-id';

describe('readProblemId', () => {
  it('reads a numeric id of 1 to 18 digits', () => {
    expect(readProblemId('?problemId=41&swift=s')).toBe('41');
    expect(readProblemId('?problemId=%2041%20')).toBe('41');
    expect(readProblemId(`?problemId=${'9'.repeat(18)}`)).toBe('9'.repeat(18));
  });

  it('gives null for a missing, empty or malformed id', () => {
    for (const search of ['', '?problemId=', '?problemId=abc', '?problemId=4.1', '?problemId=-4', `?problemId=${'9'.repeat(19)}`]) {
      expect(readProblemId(search)).toBeNull();
    }
  });
});
