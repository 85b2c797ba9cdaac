import bwipjs from 'bwip-js/node';

/*
 * Code 128 barcode images of payment references (the store cashier scans them
 * off the borrower's phone), drawn by bwip-js.
 *
 * Two things a scanner needs that bwip-js does not do by default, both set here:
 * - an opaque WHITE background: bwip-js leaves it transparent, and a decoder
 *   that flattens transparency to black sees no bars at all (zbarimg finds
 *   nothing in a default bwip-js PNG);
 * - a quiet zone of 10 modules left and right (the Code 128 minimum).
 */

export type Code128Options = {
  /** Pixels per module (narrowest bar); 3 by default: a 14-digit reference is ~400 px wide. */
  scale?: number;
  /** Bar height in millimetres at 72 dpi (bwip-js `height`); 12 by default. */
  height?: number;
  /** Print the text under the bars. */
  includeText?: boolean;
};

/** Printable ASCII, 1 to 64 characters: all a payment reference needs, and always encodable in Code 128. */
export const CODE128_TEXT = /^[\x20-\x7e]{1,64}$/;
const QUIET_ZONE_MODULES = 10;

function renderOptions(text: string, options: Code128Options, includeTextDefault: boolean): bwipjs.RenderOptions {
  if (!CODE128_TEXT.test(text)) throw new RangeError(`Code 128 text must be 1 to 64 printable ASCII characters, got ${JSON.stringify(text)}`);
  const scale = options.scale ?? 3;
  const height = options.height ?? 12;
  if (!Number.isInteger(scale) || scale < 1 || scale > 10) throw new RangeError(`scale must be an integer from 1 to 10, got ${scale}`);
  if (!(height >= 5 && height <= 50)) throw new RangeError(`height must be from 5 to 50 mm, got ${height}`);
  return {
    bcid: 'code128',
    text,
    scale,
    height,
    includetext: options.includeText ?? includeTextDefault,
    textxalign: 'center',
    backgroundcolor: 'FFFFFF',
    paddingwidth: QUIET_ZONE_MODULES,
    paddingheight: 2,
  };
}

/** PNG image of `text` as a Code 128 barcode, the text printed under the bars unless includeText is false. */
export async function renderCode128Png(text: string, options: Code128Options = {}): Promise<Buffer> {
  // async: a text the symbology refuses is a rejection, like a failure to draw.
  return await bwipjs.toBuffer(renderOptions(text, options, true));
}

/**
 * SVG image of `text` as a Code 128 barcode: sharp at any size and light
 * (under 1 KB for a store reference). Without the text under the bars by
 * default, since bwip-js draws text as glyph outlines (~20 KB) and the page
 * shows the reference as text beside the image anyway.
 */
export function renderCode128Svg(text: string, options: Code128Options = {}): string {
  return bwipjs.toSVG(renderOptions(text, options, false));
}

/** A QR code's quiet zone, in modules: 4, the symbology's minimum. */
const QR_QUIET_ZONE_MODULES = 4;
/** bwip-js draws a QR module 2 units wide at scale 1 (its padding counts units). */
const QR_UNITS_PER_MODULE = 2;

function qrOptions(text: string, scale: number): bwipjs.RenderOptions {
  if (text.length < 1 || text.length > 1024) throw new RangeError(`QR text must be 1 to 1024 characters, got ${text.length}`);
  return {
    bcid: 'qrcode',
    // Error correction: BWIPP's default for QR codes, level M (15 % of the symbol may be lost and it still reads).
    text,
    scale,
    backgroundcolor: 'FFFFFF',
    paddingwidth: QR_QUIET_ZONE_MODULES * QR_UNITS_PER_MODULE,
    paddingheight: QR_QUIET_ZONE_MODULES * QR_UNITS_PER_MODULE,
  };
}

/**
 * SVG image of `text` as a QR code (a UPI payment link, issue 32), on white with its 4-module quiet zone:
 * a UPI app scans it from another phone or reads it from a screenshot.
 */
export function renderQrSvg(text: string): string {
  return bwipjs.toSVG(qrOptions(text, 4));
}

/** PNG image of `text` as a QR code (the same symbol as renderQrSvg). */
export async function renderQrPng(text: string): Promise<Buffer> {
  return await bwipjs.toBuffer(qrOptions(text, 4));
}
