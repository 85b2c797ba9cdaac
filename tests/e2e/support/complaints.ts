/**
 * Helpers of the complaint journeys (docs/complaints.md).
 *
 * - `complaintTexts`: the Spanish texts the pages show (the message catalogues
 *   of apps/web/src/features/complaint-filing and complaint-follow-up, and the
 *   server's type and tab titles: migration 0005, apps/server/src/i18n). The
 *   catalogues import the web app's '@/' alias, so the texts are copied here,
 *   like the repayment spec does.
 * - `makeTestImages`: real image files made with sharp in a temporary folder:
 *   a JPEG with EXIF (GPS position, camera, orientation 6 = "turn 90° right"),
 *   a PNG, and the support reply's JPEG.
 * - `opsComplaints` / `opsReply`: `npm run ops -- complaints` / `reply` against
 *   the e2e database; a refusal throws with the command's output.
 * - `expectImageLoaded`: an <img> really decoded by the browser.
 * - `readServedImage`: the bytes an <img> shows, fetched with its own address
 *   (session parameters included), and what sharp and exifr read in them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator } from '@playwright/test';
import exifr from 'exifr';
import sharp from 'sharp';
import { e2eDatabaseEnv, e2ePorts } from './e2e-env';

const root = path.resolve(import.meta.dirname, '../../..');

export const complaintTexts = {
  // Entry (/complaint)
  entryHeading: 'Quejas y sugerencias',
  myComplaints: 'Mis quejas',
  orderTitle: 'Pedido',
  typesTitle: 'Seleccione el tipo de problema',
  subTypesTitle: 'Seleccione el subtipo',
  collectionNotAllowed: 'El pedido seleccionado no admite quejas de cobranza',
  // Form (/complainPageNext)
  formHeading: 'Nueva queja',
  chosenTypeLabel: 'Tipo de problema elegido',
  chosenOrder: (orderNo: string) => `Pedido ${orderNo}`,
  descriptionLabel: 'Descripción del problema',
  counter: (count: number) => `${count}/200`,
  counterLabel: (count: number) => `${count} de 200 caracteres`,
  uploadTitle: 'Subir imagen',
  addImage: 'Agregar imagen',
  imageCountLabel: (count: number) => `${count} de 9 imágenes`,
  imageAlt: (n: number, total: number) => `Imagen ${n} de ${total}`,
  uploadDone: 'Carga exitosa',
  submit: 'Enviar',
  submitDoneTitle: 'Queja enviada',
  submitDoneText: 'Gracias. Revisaremos su caso y le responderemos en Mis quejas.',
  // List (/complaintList)
  listHeading: 'Mis quejas',
  itemNumber: (id: string) => `N.º ${id}`,
  // Detail (/complainDetails)
  detailHeading: 'Detalle de la queja',
  complaintNumber: (id: string) => `Queja N.º ${id}`,
  typeLabel: 'Tipo de problema',
  subTypeLabel: 'Subtipo',
  contentLabel: 'Descripción del problema',
  imagesLabel: 'Imágenes',
  viewImage: (index: number, total: number) => `Ver imagen ${index} de ${total}`,
  replyTitle: 'Atención al cliente',
  replyImagesLabel: 'Imágenes de la respuesta',
  viewReplyImage: (index: number, total: number) => `Ver imagen ${index} de ${total} de la respuesta`,
  rateReply: 'Calificar la respuesta',
  scoreTitle: '¿Qué le pareció nuestra respuesta?',
  scoreStar: (count: number) => `${count} de 5 estrellas`,
  scoreSend: 'Enviar',
  scoreThanks: '¡Gracias por su calificación!',
  // Server data: types (migration 0005) and tabs (apps/server/src/i18n/messages.ts)
  typeCollection: 'Cobranza',
  typeOther: 'Otro',
  subTypeContactCalls: 'Llamadas a mis contactos',
  tabOpen: 'En proceso',
  tabAnswered: 'Respondidas',
  tabClosed: 'Cerradas',
} as const;

export type TestImages = {
  dir: string;
  /** 640×480 JPEG with EXIF: GPS position, camera make, orientation 6 (shown upright it is 480×640). */
  photoWithGps: string;
  /** 300×200 PNG. */
  screenshotPng: string;
  /** 360×240 JPEG: the support reply's picture. */
  replyJpeg: string;
};

/** A picture with a few shapes (so that screenshots show something) on a coloured background. */
function drawing(width: number, height: number, background: string, mark: string): Buffer {
  const r = Math.round(Math.min(width, height) / 4);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="100%" height="100%" fill="${background}"/>` +
      `<circle cx="${width / 2}" cy="${height / 2}" r="${r}" fill="${mark}"/>` +
      `<rect x="${width / 10}" y="${height / 10}" width="${width / 5}" height="${height / 10}" fill="#ffffff"/>` +
      `</svg>`,
  );
}

/** Writes the three test images into a new temporary folder. */
export async function makeTestImages(): Promise<TestImages> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'presta-complaint-e2e-'));
  const photoWithGps = path.join(dir, 'recibo-cobranza.jpg');
  await sharp(drawing(640, 480, '#FFB74D', '#6D4C41'))
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PrestaCam', Model: 'E2E Phone' },
      // Mexico City, Zócalo.
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 25/1 4200/100', GPSLongitudeRef: 'W', GPSLongitude: '99/1 7/1 3000/100' },
    })
    .toFile(photoWithGps);
  const screenshotPng = path.join(dir, 'captura.png');
  await sharp(drawing(300, 200, '#90CAF9', '#0D47A1')).png().toFile(screenshotPng);
  const replyJpeg = path.join(dir, 'respuesta-soporte.jpg');
  await sharp(drawing(360, 240, '#A5D6A7', '#1B5E20')).jpeg({ quality: 85 }).toFile(replyJpeg);

  // The fixture itself: the JPEG really carries the GPS position and the orientation.
  const gps = await exifr.gps(photoWithGps);
  if (!gps || Math.abs(gps.latitude - 19.4283) > 0.001) throw new Error(`test JPEG has no GPS position: ${JSON.stringify(gps)}`);
  if ((await sharp(photoWithGps).metadata()).orientation !== 6) throw new Error('test JPEG has no EXIF orientation 6');
  return { dir, photoWithGps, screenshotPng, replyJpeg };
}

function runOps(args: string[]): string {
  try {
    return execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/ops.ts', ...args], {
      cwd: root,
      env: { ...process.env, ...e2eDatabaseEnv(), PORT: String(e2ePorts.main), PUBLIC_BASE_URL: `http://127.0.0.1:${e2ePorts.main}` },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const e = error as { status?: number; stdout?: string; stderr?: string };
    throw new Error(`ops ${args.join(' ')} exited with ${e.status}:\n${e.stdout ?? ''}\n${e.stderr ?? ''}`, { cause: error });
  }
}

/**
 * `npm run ops -- complaints`: the block of one complaint (its '#id …' line and
 * the indented lines under it), or null when it is not listed.
 */
export function opsComplaint(problemId: string, status?: 'open' | 'answered' | 'closed'): string | null {
  const out = runOps(['complaints', ...(status ? ['--status', status] : [])]);
  const lines = out.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`#${problemId} `));
  if (start < 0) return null;
  const block = [lines[start]!];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('    ')) break;
    block.push(line);
  }
  return block.join('\n');
}

/** `npm run ops -- reply <problemId> --text … [--image …]`; answers the command's line. */
export function opsReply(problemId: string, text: string, image?: string): string {
  return runOps(['reply', problemId, '--text', text, ...(image ? ['--image', image] : [])]).trim();
}

/** The image is shown: scrolled to (thumbnails may load lazily) and decoded with a real size. */
export async function expectImageLoaded(img: Locator, message: string) {
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), { message: `${message}: loaded` })
    .toBeGreaterThan(0);
}

export type ServedImage = { contentType: string; width: number; height: number; format: string; hasExif: boolean; gps: unknown };

/** Fetches what an <img> shows (its resolved address, with the session parameters) and reads it. */
export async function readServedImage(request: APIRequestContext, img: Locator): Promise<ServedImage> {
  const src = await img.evaluate((el: HTMLImageElement) => el.currentSrc || el.src);
  const response = await request.get(src);
  expect(response.status(), `GET ${src}`).toBe(200);
  const bytes = await response.body();
  const meta = await sharp(bytes).metadata();
  return {
    contentType: response.headers()['content-type'] ?? '',
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    format: meta.format ?? '',
    hasExif: meta.exif !== undefined,
    gps: (await exifr.gps(bytes).catch(() => undefined)) ?? null,
  };
}
