import { createHash } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import { COMPLAINT_IMAGE_MAX_BYTES } from '@presta/contract/complaint-rules';
import { sniffImageType, type ImageMime } from '../../lib/image-type';

/*
 * Complaint images (docs/complaints.md "Images"): the type is recognised by
 * the file's first bytes, never by its name or declared type; the image is
 * decoded and encoded again, which drops every metadata block (EXIF with GPS
 * position and camera data, XMP, ICC, comments) and anything hidden after the
 * image data; it is turned upright first (EXIF orientation) and made no larger
 * than MAX_SIDE pixels a side.
 */

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
