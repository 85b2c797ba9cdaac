import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderCode128Png, renderCode128Svg, renderQrPng, renderQrSvg } from './barcode';
import { newStoreReference } from './store-reference';

/*
 * The images are checked by DECODING them with a real barcode reader, zbarimg
 * (Debian package zbar-tools; .ci/run installs it). Without it these tests
 * fail: they are never skipped.
 */

const run = promisify(execFile);
let dir = '';
let fileNo = 0;

let zbarimgChecked: Promise<void> | undefined;
/** Rejects, with what to install, when zbarimg cannot be run: each test that needs it fails (never skips). */
function requireZbarimg(): Promise<void> {
  zbarimgChecked ??= run('zbarimg', ['--version']).then(
    () => undefined,
    (error: Error) => {
      throw new Error(
        `zbarimg is required to decode the barcode images in these tests and could not be run (${error.message}). ` +
          'Install it: apt-get install zbar-tools (CI does so in .ci/run).',
      );
    },
  );
  return zbarimgChecked;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'presta-barcode-'));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** What zbarimg reads in an image file: the data of each symbol found, one per line; '' when it finds none. */
async function decode(bytes: Buffer, extension: string): Promise<string> {
  await requireZbarimg();
  const file = path.join(dir, `${++fileNo}.${extension}`);
  await writeFile(file, bytes);
  try {
    const { stdout } = await run('zbarimg', ['--raw', '-q', file]);
    return stdout.replace(/\n$/, '');
  } catch (error) {
    if ((error as { code?: unknown }).code === 4) return ''; // zbarimg: no symbol found
    throw error;
  }
}

it('zbarimg (Debian zbar-tools) is installed', async () => {
  await requireZbarimg();
});

/**
 * Rasterises a bwip-js barcode SVG to a greyscale PGM for zbarimg (which reads
 * no SVG here): a white page, each stroked vertical segment painted black
 * over its stroke width. Anything else in the SVG fails the test.
 */
function svgToPgm(svg: string): Buffer {
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  if (!viewBox) throw new Error('SVG without a viewBox');
  const width = Number(viewBox[1]);
  const height = Number(viewBox[2]);
  const pixels = Buffer.alloc(width * height, 255);
  expect(svg).toContain('<rect width="100%" height="100%" fill="#FFFFFF" />');
  let bars = 0;
  for (const [, strokeWidth, d] of svg.matchAll(/<path stroke="#000000" stroke-width="([\d.]+)" d="([^"]+)" \/>/g)) {
    for (const [, x0, y0, x1, y1] of d!.matchAll(/M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)/g)) {
      if (x0 !== x1) throw new Error(`not a vertical bar: ${x0},${y0} → ${x1},${y1}`);
      const half = Number(strokeWidth) / 2;
      const [top, bottom] = [Math.min(Number(y0), Number(y1)), Math.max(Number(y0), Number(y1))];
      for (let x = Math.round(Number(x0) - half); x < Math.round(Number(x0) + half); x++) {
        for (let y = Math.round(top); y < Math.round(bottom); y++) pixels[y * width + x] = 0;
      }
      bars++;
    }
  }
  if (bars === 0) throw new Error('no bars found in the SVG');
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii'), pixels]);
}

describe('renderCode128Png', () => {
  it('a PNG that zbarimg decodes back to the store reference', async () => {
    const reference = newStoreReference(123_456);
    const png = await renderCode128Png(reference);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(await decode(png, 'png')).toBe(reference);
  });

  it('decodes without the printed text and at the smallest scale', async () => {
    const reference = newStoreReference(99_999_999_999);
    expect(await decode(await renderCode128Png(reference, { includeText: false }), 'png')).toBe(reference);
    expect(await decode(await renderCode128Png(reference, { scale: 1 }), 'png')).toBe(reference);
  });

  it('any printable ASCII text of 1 to 30 characters round-trips through zbarimg', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 30 }), async (text) => {
        expect(await decode(await renderCode128Png(text, { includeText: false }), 'png')).toBe(text);
      }),
      { numRuns: 20 },
    );
  });

  it('refuses text Code 128 cannot carry here, and bad sizes', async () => {
    for (const bad of ['', 'ñ', 'a\nb', 'x'.repeat(65)]) await expect(renderCode128Png(bad)).rejects.toThrow(RangeError);
    await expect(renderCode128Png('123', { scale: 0 })).rejects.toThrow(RangeError);
    await expect(renderCode128Png('123', { height: 1 })).rejects.toThrow(RangeError);
  });
});

describe('renderCode128Svg', () => {
  it('a small SVG (no text by default) whose bars zbarimg decodes back to the reference', async () => {
    const reference = newStoreReference(42);
    const svg = renderCode128Svg(reference);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(Buffer.byteLength(svg)).toBeLessThan(1_500);
    expect(svg).not.toContain('fill="#000000"'); // no glyph outlines
    expect(await decode(svgToPgm(svg), 'pgm')).toBe(reference);
  });

  it('the same bars at another scale, and with the text when asked', async () => {
    const reference = newStoreReference(7_654_321);
    expect(await decode(svgToPgm(renderCode128Svg(reference, { scale: 2 })), 'pgm')).toBe(reference);
    expect(renderCode128Svg(reference, { includeText: true }).length).toBeGreaterThan(renderCode128Svg(reference).length);
    expect(() => renderCode128Svg('é')).toThrow(RangeError);
  });
});

describe('QR code of a UPI payment link (issue 32)', () => {
  const link = 'upi://pay?pa=presta.1234@sbxupi&pn=Presta%20Finance%20India%20Private%20Limited&am=27167.98&cu=INR&tn=80000000000011&tr=80000000000011';

  it('decodes to exactly the link', async () => {
    expect(await decode(await renderQrPng(link), 'png')).toBe(link);
  });

  it('draws the same symbol as an SVG on white, small enough for a page', () => {
    const svg = renderQrSvg(link);
    expect(svg).toContain('<rect width="100%" height="100%" fill="#FFFFFF" />');
    expect(svg.length).toBeLessThan(20_000);
  });

  it('refuses an empty text', () => {
    expect(() => renderQrSvg('')).toThrow(RangeError);
  });
});
