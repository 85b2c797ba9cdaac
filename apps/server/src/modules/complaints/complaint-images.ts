import { createHash } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import { COMPLAINT_IMAGE_MAX_BYTES } from '@presta/contract/complaint-rules';

/*
 * Complaint images (docs/complaints.md "Images"): the type is recognised by
 * the file's first bytes, never by its name or declared type; the image is
 * decoded and encoded again, which drops every metadata block (EXIF with GPS
 * position and camera data, XMP, ICC, comments) and anything hidden after the
 * image data; it is turned upright first (EXIF orientation) and made no larger
 * than MAX_SIDE pixels a side.
 */

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

/** Longest side kept (pixels); larger photos are scaled down. */
export const MAX_SIDE = 2048;
/** Decoding refuses images over this many pixels (a "decompression bomb"). */
export const MAX_INPUT_PIXELS = 50_000_000;

export type ImageRefusal = 'empty' | 'too_large' | 'not_an_image' | 'unreadable';

export class ImageRejected extends Error {
  constructor(readonly reason: ImageRefusal) {
    super(reason);
    this.name = 'ImageRejected';
  }
}

/** JPEG, PNG or WebP by magic number; undefined for anything else (HTML, text, GIF, SVG, PDF…). */
export function sniffImageType(bytes: Uint8Array): ImageMime | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

export type CleanImage = { bytes: Buffer; mime: ImageMime; width: number; height: number; sha256: string };

/** Checks and re-encodes an uploaded file; throws ImageRejected with the reason. */
export async function cleanImage(input: Buffer): Promise<CleanImage> {
  if (input.length === 0) throw new ImageRejected('empty');
  if (input.length > COMPLAINT_IMAGE_MAX_BYTES) throw new ImageRejected('too_large');
  const mime = sniffImageType(input);
  if (!mime) throw new ImageRejected('not_an_image');
  let out: { data: Buffer; info: OutputInfo };
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      mime === 'image/jpeg'
        ? pipeline.jpeg({ quality: 82 })
        : mime === 'image/png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 82 });
    out = await encoded.toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageRejected('unreadable');
  }
  return {
    bytes: out.data,
    mime,
    width: out.info.width,
    height: out.info.height,
    sha256: createHash('sha256').update(out.data).digest('hex'),
  };
}
