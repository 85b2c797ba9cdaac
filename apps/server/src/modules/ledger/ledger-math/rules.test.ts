import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ledgerRules } from './rules';

describe('the named rules', () => {
  it('each is named in docs/ledger.md', () => {
    const doc = fs.readFileSync(new URL('../../../../../../docs/ledger.md', import.meta.url), 'utf8');
    expect(new Set(ledgerRules).size).toBe(ledgerRules.length);
    for (const rule of ledgerRules) expect(doc).toContain(`\`${rule}\``);
  });
});
