import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { promoMessages } from './messages';

/*
 * Issue 13: wherever the promotion page states a price, its CAT must stand beside it (Banco de México). The
 * page states none today (a registration form); this test fails the day a price (an amount or a rate) is
 * added to its HTML or its texts without the CAT, so that the CAT goes in with it.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const price = /[$₹]\s?\d|\d+(?:[.,]\d+)?\s?%/;

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

describe('the promotion page and its prices', () => {
  it('states no price without the CAT beside it (HTML and every text)', () => {
    const html = fs.readFileSync(path.resolve(here, '../../promo/index.html'), 'utf8').replace(/<(script|style)[\s\S]*?<\/\1>/g, '').replace(/<[^>]+>/g, ' ');
    for (const text of [html, ...texts(promoMessages)]) {
      if (price.test(text)) expect(text, `a price without its CAT: ${text.slice(0, 80)}`).toMatch(/\bCAT\b/);
    }
  });
});
