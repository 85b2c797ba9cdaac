import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MIN_SIDE_PX, DOCUMENT_STORED_MAX_SIDE_PX } from '@presta/contract/application-rules';
import { sniffImageType, type ImageMime } from '../../lib/image-type';

/*
 * The credit application's documents and selfie (docs/application.md "Documents"), checked like complaint images
 * and stricter: the type by the file's first bytes (JPEG, PNG, WebP); nothing after the image's end and no markup,
 * PDF or ZIP in its metadata blocks (a polyglot: a file that is also a page, a script or an archive); its size
 * read from the header before any decoding (a decompression bomb is refused unread); big enough to show a face
 * or a card. What is kept is decoded and encoded again as JPEG: upright (EXIF orientation), no larger than
 * DOCUMENT_STORED_MAX_SIDE_PX, without any metadata (EXIF with the GPS position, XMP, ICC, comments).
 */

/** Decoding refuses images over this many pixels (a "decompression bomb"): a 48-megapixel phone photo passes. */
export const DOCUMENT_MAX_PIXELS = 50_000_000;

export type DocumentRefusal = 'empty' | 'too_large' | 'not_an_image' | 'polyglot' | 'too_many_pixels' | 'too_small' | 'unreadable';

export class DocumentRejected extends Error {
  constructor(readonly reason: DocumentRefusal) {
    super(reason);
    this.name = 'DocumentRejected';
  }
}

export type CleanDocument = { bytes: Buffer; width: number; height: number; sha256: string };

/** Checks an uploaded file and re-encodes it as the JPEG to keep; throws DocumentRejected with the reason. */
export async function cleanDocument(input: Buffer): Promise<CleanDocument> {
  if (input.length === 0) throw new DocumentRejected('empty');
  if (input.length > DOCUMENT_MAX_BYTES) throw new DocumentRejected('too_large');
  const mime = sniffImageType(input);
  if (!mime) throw new DocumentRejected('not_an_image');
  const layout = imageLayout(input, mime);
  if (!layout) throw new DocumentRejected('unreadable');
  if (hidesSomething(input, layout)) throw new DocumentRejected('polyglot');
  const { width, height } = await headerSize(input);
  if (width * height > DOCUMENT_MAX_PIXELS) throw new DocumentRejected('too_many_pixels');
  if (Math.min(width, height) < DOCUMENT_MIN_SIDE_PX) throw new DocumentRejected('too_small');
  try {
    const out = await sharp(input, { limitInputPixels: DOCUMENT_MAX_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize({ width: DOCUMENT_STORED_MAX_SIDE_PX, height: DOCUMENT_STORED_MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: out.data, width: out.info.width, height: out.info.height, sha256: createHash('sha256').update(out.data).digest('hex') };
  } catch {
    throw new DocumentRejected('unreadable');
  }
}

/** The picture's width and height from its header (no pixel is decoded). */
async function headerSize(input: Buffer): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new DocumentRejected('unreadable');
  }
  if (!meta.width || !meta.height) throw new DocumentRejected('unreadable');
  return { width: meta.width, height: meta.height };
}

/** Where the image's data ends, and its metadata blocks (comments, EXIF, XMP, text chunks): where a polyglot hides. */
type Layout = { end: number; metadata: Buffer[] };

function imageLayout(bytes: Buffer, mime: ImageMime): Layout | undefined {
  if (mime === 'image/jpeg') return jpegLayout(bytes);
  if (mime === 'image/png') return pngLayout(bytes);
  return webpLayout(bytes);
}

/** Text that makes a file something else too: a web page, a script, a PDF, a ZIP (or JAR) archive. */
const foreignSignatures = ['<script', '<html', '<?php', '<!doctype', '<iframe', '<svg', '<body', 'javascript:', '%pdf-', 'pk\u0003\u0004', 'pk\u0005\u0006'];

/** Whether bytes follow the image's end (zeros aside), or a metadata block carries a foreign signature. */
function hidesSomething(bytes: Buffer, layout: Layout): boolean {
  for (let i = layout.end; i < bytes.length; i++) if (bytes[i] !== 0) return true;
  return layout.metadata.some((block) => {
    const text = block.toString('latin1').toLowerCase();
    return foreignSignatures.some((signature) => text.includes(signature));
  });
}

const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/**
 * JPEG: markers and their segments from SOI to EOI; after each scan header, the entropy-coded data runs to the next
 * marker (0xFF followed by neither a stuffed 0x00 nor a restart marker). APPn and COM segments are metadata.
 */
function jpegLayout(b: Buffer): Layout | undefined {
  const metadata: Buffer[] = [];
  let i = 2;
  while (i + 1 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    if (marker === 0xff) i += 1;
    else if (marker === 0xd9) return { end: i + 2, metadata };
    else if (marker === 0x01 || isRestart(marker)) i += 2;
    else {
      if (i + 4 > b.length) return undefined;
      const next = i + 2 + b.readUInt16BE(i + 2);
      if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) metadata.push(b.subarray(i + 4, next));
      i = marker === 0xda ? scanEnd(b, next) : next;
    }
  }
  return undefined;
}

function scanEnd(b: Buffer, from: number): number {
  let i = b.indexOf(0xff, from);
  while (i !== -1 && i + 1 < b.length && (b[i + 1] === 0x00 || isRestart(b[i + 1]!))) i = b.indexOf(0xff, i + 2);
  return i === -1 ? b.length : i;
}

/** PNG: chunks (length, type, data, CRC) after the signature, to IEND; every chunk but the pixels' and palette's is metadata. */
function pngLayout(b: Buffer): Layout | undefined {
  const metadata: Buffer[] = [];
  const pixels = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);
  let i = 8;
  while (i + 8 <= b.length) {
    const length = b.readUInt32BE(i);
    const type = b.toString('latin1', i + 4, i + 8);
    const next = i + 12 + length;
    if (next > b.length) return undefined;
    if (!pixels.has(type)) metadata.push(b.subarray(i + 8, i + 8 + length));
    if (type === 'IEND') return { end: next, metadata };
    i = next;
  }
  return undefined;
}

/** WebP: a RIFF file of the size its header says; every chunk but the image's own is metadata. */
function webpLayout(b: Buffer): Layout | undefined {
  const end = 8 + b.readUInt32LE(4);
  if (end > b.length) return undefined;
  const metadata: Buffer[] = [];
  const image = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
  let i = 12;
  while (i + 8 <= end) {
    const type = b.toString('latin1', i, i + 4);
    const length = b.readUInt32LE(i + 4);
    if (i + 8 + length > end) return undefined;
    if (!image.has(type)) metadata.push(b.subarray(i + 8, i + 8 + length));
    i += 8 + length + (length % 2);
  }
  return { end, metadata };
}
