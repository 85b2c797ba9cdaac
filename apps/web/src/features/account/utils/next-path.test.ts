import { describe, expect, it } from 'vitest';
import { nextPath } from './next-path';

const origin = 'https://presta.example';

describe('nextPath: where sign-in goes afterwards', () => {
  it.each([
    ['/setting', '/setting'],
    ['/order?orderId=12', '/order?orderId=12'],
    ['/loan-details?orderId=3#plan', '/loan-details?orderId=3#plan'],
    ['/complainDetails?problemId=4', '/complainDetails?problemId=4'],
    // Normalised to a page of ours: the normal form is what is returned.
    ['/a/../setting', '/setting'],
  ])('keeps a page of this site: %s', (next, expected) => {
    expect(nextPath(next, origin)).toBe(expected);
  });

  it.each([
    // Issue 32, item 1: each normalises to //evil.example/x, another origin once navigated to.
    '/.//evil.example/x',
    '/a/..//evil.example/x',
    '/%2e//evil.example/x',
    '/%2E//evil.example/x',
    '/././/evil.example/x',
    '//evil.example/x',
    '///evil.example/x',
    '/\\evil.example/x',
    '/.\\/evil.example/x',
    '\\\\evil.example/x',
    '/%5Cevil.example/x',
    '/%2f%2fevil.example/x',
    '/%2F/evil.example/x',
    '/\t/evil.example/x',
    '/\n/evil.example/x',
    'https://evil.example/main',
    'http://presta.example/main',
    'https:evil.example/main',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/login',
    '/login?next=/setting',
    '/./login',
    '/unknown-page',
    '/%73etting',
    '/api/dev/whatever',
    '/v3/account/profile',
    'main',
    '',
    null,
  ])('goes home for anything else: %s', (next) => {
    expect(nextPath(next, origin)).toBe('/main');
  });
});
