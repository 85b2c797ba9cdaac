import { describe, expect, it } from 'vitest';
import { endSentence, marketCodes, markets } from '@presta/contract/markets';
import { loanTerms } from '@/legal/loan-terms';
import { privacyNotice } from '@/legal/privacy-notice';
import { siteMessages } from '../../site/messages';

/*
 * Issue 14, item 9: "S.A. de C.V.." — a lender's name ending in a full stop
 * followed by a sentence's full stop. Every text the borrower can read that
 * names a lender is scanned here with each market's lender put in: the
 * catalogues of every feature, the marketing site's and the legal texts. (The
 * server's vouchers and checkout end their sentences with endSentence and are
 * scanned as rendered pages by tests/e2e/new-user-fixes.spec.ts.)
 */

/** Two full stops in a row that are not an ellipsis. */
const doubleStop = /(?<!\.)\.\.(?!\.)/;

/** Placeholders that take a lender's name, and the ones that take its address. */
const namePlaceholders = new Set(['company', 'companyName', 'lender', 'payee']);
const addressPlaceholders = new Set(['address', 'companyAddress']);

/** Every string inside a catalogue (nested objects and arrays too). */
function stringsOf(value: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => stringsOf(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) stringsOf(v, `${path}.${k}`, out);
  return out;
}

/** The text with each market's lender (name and address) in the placeholders, one rendering per market. */
function renderings(template: string): string[] {
  return marketCodes.map((code) => {
    const { name, address } = markets[code].legalEntity;
    return template.replace(/\{(\w+)\}/g, (_m, key: string) => (namePlaceholders.has(key) ? name : addressPlaceholders.has(key) ? address : 'x'));
  });
}

function doubleStops(entries: [string, string][]): string[] {
  const found: string[] = [];
  for (const [path, template] of entries) {
    for (const text of renderings(template)) {
      const hit = doubleStop.exec(text);
      if (hit) found.push(`${path}: …${text.slice(Math.max(0, hit.index - 40), hit.index + 2)}`);
    }
  }
  return found;
}

const featureCatalogues = import.meta.glob<Record<string, unknown>>('../features/*/messages.ts', { eager: true });
const sharedCatalogues = import.meta.glob<Record<string, unknown>>('../shared/**/*messages.ts', { eager: true });

describe('one full stop after a lender’s name ("S.A. de C.V.", never "S.A. de C.V..")', () => {
  it('one lender at least ends in a full stop, so the scan below can find the fault', () => {
    expect(marketCodes.some((code) => markets[code].legalEntity.name.endsWith('.'))).toBe(true);
    expect(doubleStops([['probe', 'Beneficiario: {company}.']])).toHaveLength(1);
    // The helper that ends such a sentence: applied to the text once the name is in.
    for (const code of marketCodes) {
      const sentence = endSentence(`Beneficiario: ${markets[code].legalEntity.name}`);
      expect(sentence.endsWith('.')).toBe(true);
      expect(doubleStop.test(sentence)).toBe(false);
    }
  });

  it('in every feature’s and shared message catalogue, with each market’s lender in the placeholders', () => {
    const entries = [...Object.entries(featureCatalogues), ...Object.entries(sharedCatalogues)].flatMap(([file, module]) =>
      stringsOf(module, file),
    );
    expect(entries.length).toBeGreaterThan(500);
    expect(doubleStops(entries)).toEqual([]);
  });

  it('in the marketing site’s texts', () => {
    expect(doubleStops(stringsOf(siteMessages, 'site'))).toEqual([]);
  });

  it('in the legal texts (privacy notice, loan terms), which name their market’s lender', () => {
    const entries = [...stringsOf(privacyNotice, 'privacyNotice'), ...stringsOf(loanTerms, 'loanTerms')];
    expect(entries.some(([, text]) => text.includes(markets.MX.legalEntity.name))).toBe(true);
    expect(doubleStops(entries)).toEqual([]);
  });
});
