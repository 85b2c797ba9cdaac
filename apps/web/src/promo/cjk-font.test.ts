import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { promoMessages } from './messages';

/*
 * The Chinese messages' font (docs/promotion.md): every character they use is in the shipped subset of Noto
 * Sans SC, whose files stay small, and the page's font stack starts with it. A changed message needs
 * `npx tsx scripts/promo-cjk-font.ts`.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const fontsDir = `${here}/fonts/`;
const css = readFileSync(`${fontsDir}presta-cjk.css`, 'utf8');

function coveredCodePoints(): Set<number> {
  const points = new Set<number>();
  for (const [, ranges] of css.matchAll(/unicode-range:\s*([^;]+);/g)) {
    for (const range of ranges!.split(',')) points.add(parseInt(range.trim().replace(/^U\+/i, ''), 16));
  }
  return points;
}

describe('the promotion page’s Chinese font', () => {
  it('covers every character of the Chinese messages outside ASCII', () => {
    const covered = coveredCodePoints();
    const missing = [...Object.values(promoMessages.zh).join('')].filter((c) => c.codePointAt(0)! > 0x7f && !covered.has(c.codePointAt(0)!));
    expect(missing.join('')).toBe('');
  });

  it('ships small files, each named by a rule, local Noto Sans CJK SC first', () => {
    const files = [...css.matchAll(/url\('\.\/([^']+\.woff2)'\)/g)].map(([, file]) => file!);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(existsSync(`${fontsDir}${file}`), file).toBe(true);
      expect(statSync(`${fontsDir}${file}`).size, file).toBeLessThan(4_000);
    }
    expect([...css.matchAll(/src: local\('Noto Sans CJK SC Regular'\), local\('NotoSansCJKsc-Regular'\), local\('PingFang SC Regular'\)/g)]).toHaveLength(files.length);
  });

  it('is the first font of the page (after a system font lacking the characters, Chromium draws boxes)', () => {
    const page = readFileSync(`${here}/promo.css`, 'utf8');
    const stack = /body \{[^}]*font-family:([^;]+);/.exec(page)?.[1]?.replace(/\s+/g, ' ');
    expect(stack?.trim()).toMatch(/^'Presta CJK', system-ui, .*'PingFang SC', 'Noto Sans CJK SC', 'Microsoft YaHei', sans-serif$/);
    expect(page).toContain("@import './fonts/presta-cjk.css';");
  });
});
