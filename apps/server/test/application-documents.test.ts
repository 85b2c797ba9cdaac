import { deflateSync } from 'node:zlib';
import { and, eq, isNull } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDocumentUpload } from '@presta/contract/api/application';
import { APPLICATION_DOCUMENT_PATH, type DocumentKind } from '@presta/contract/application-rules';
import type { MarketCode } from '@presta/contract/markets';
import { creditApplicationDocuments, creditApplications } from '../src/db/schema';
import { cleanDocument } from '../src/modules/application/document-image';
import { createApplication } from '../src/modules/application/application-store';
import { buildTestApp, createBorrower, createSession, dataOf, wrapper, type TestApp } from './helpers';

/*
 * The credit application's documents (issue 34, docs/application.md "Documents"): the upload checks a file by its
 * content, refuses what is not a plain picture, keeps a re-encoded JPEG without metadata, one active per kind, and
 * shows it to its owner only.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Applicant = { borrowerId: number; sessionId: string; applicationId: number };

/** A borrower with a session and a draft application in `market`. */
async function applicant(market: MarketCode = 'MX'): Promise<Applicant> {
  const borrower = await createBorrower(t.db, { bankAccount: '' });
  const sessionId = await createSession(t.db, borrower.id);
  const row = await t.db.transaction((tx) => createApplication(tx, borrower.id, market, new Date()));
  return { borrowerId: borrower.id, sessionId, applicationId: row.id };
}

const picture = (width: number, height: number, background = '#3366cc') => sharp({ create: { width, height, channels: 3, background } });

/** A camera's JPEG: maker, model and a GPS position (Mexico City) in its EXIF. */
const cameraJpeg = (width = 640, height = 480) =>
  picture(width, height)
    .jpeg()
    .withExif({
      IFD0: { Make: 'PrestaCam', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 25/1 4200/100', GPSLongitudeRef: 'W', GPSLongitude: '99/1 8/1 0/1' },
    })
    .toBuffer();

/** A PNG chunk: length, type, data and its CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** A real decompression bomb: a 10000 × 6000 grey PNG (60 megapixels) of about 60 kilobytes. */
function bombPng(): Buffer {
  const [width, height] = [10_000, 6_000];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const raw = Buffer.alloc((width + 1) * height); // each row: filter byte 0 and zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG with a text chunk inserted before IEND. */
function pngWithText(png: Buffer, text: string): Buffer {
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), pngChunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1')), png.subarray(iend)]);
}

/** A JPEG with a comment segment (COM) after its start marker. */
function jpegWithComment(jpeg: Buffer, comment: string): Buffer {
  const text = Buffer.from(comment, 'latin1');
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, text, jpeg.subarray(2)]);
}

function multipart(parts: { field: string; filename?: string; type?: string; content: Buffer | string }[]) {
  const boundary = `----presta${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename !== undefined ? `form-data; name="${p.field}"; filename="${p.filename}"` : `form-data; name="${p.field}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(typeof p.content === 'string' ? Buffer.from(p.content) : p.content);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(sessionId: string | undefined, kind: string, content: Buffer | string, language?: '1' | '2') {
  const { body, contentType } = multipart([
    { field: 'kind', content: kind },
    { field: 'document', filename: 'photo.jpg', type: 'image/jpeg', content },
  ]);
  const query = { ...(sessionId ? { swift: sessionId } : {}), ...(language ? { language } : {}) };
  return t.app.inject({ method: 'POST', url: applicationDocumentUpload.path, query, headers: { 'content-type': contentType }, payload: body });
}

const getDocument = (sessionId: string | undefined, kind: string) =>
  t.app.inject({ method: 'GET', url: APPLICATION_DOCUMENT_PATH, query: { kind, ...(sessionId ? { swift: sessionId } : {}) } });

const storedRows = (applicationId: number) =>
  t.db.select().from(creditApplicationDocuments).where(eq(creditApplicationDocuments.applicationId, applicationId));

describe('upload-document', () => {
  it('keeps a camera JPEG re-encoded without EXIF or position, and answers the application with it', async () => {
    const a = await applicant('MX');
    const original = await cameraJpeg();
    expect((await exifr.gps(original))?.latitude).toBeCloseTo(19.428, 2);
    const res = await upload(a.sessionId, 'ine_front', original);
    expect(res.statusCode, res.body).toBe(200);
    const { application } = dataOf(res, applicationDocumentUpload);
    expect(application.documents).toEqual([{ kind: 'ine_front', url: `${APPLICATION_DOCUMENT_PATH}?kind=ine_front`, uploadedAt: expect.any(String) as unknown }]);

    const image = await getDocument(a.sessionId, 'ine_front');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(await exifr.parse(image.rawPayload, true)).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('PrestaCam'))).toBe(false);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
  });

  it('keeps a large PNG as a JPEG no longer than 2000 px', async () => {
    const a = await applicant('IN');
    const res = await upload(a.sessionId, 'pan_card', await picture(3000, 1200).png().toBuffer());
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await storedRows(a.applicationId);
    expect(row).toMatchObject({ kind: 'pan_card', mime: 'image/jpeg', width: 2000, height: 800, replacedAt: null });
    expect((await sharp(row!.bytes).metadata()).format).toBe('jpeg');
  });

  it.each([
    ['a text file', 'just some text', 415, 'Solo se admiten fotos JPEG, PNG o WebP.'],
    ['an HTML page', '<html><script>alert(1)</script></html>', 415, 'Solo se admiten fotos JPEG, PNG o WebP.'],
    ['an empty file', Buffer.alloc(0), 400, 'El archivo está vacío.'],
    ['a truncated PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 415, 'No pudimos leer esta foto. Pruebe con otra.'],
  ])('%s is refused, nothing stored', async (_label, content, status, message) => {
    const a = await applicant('MX');
    const res = await upload(a.sessionId, 'selfie', content);
    expect(res.statusCode).toBe(status);
    expect(wrapper(res)).toMatchObject({ success: false, message });
    expect(await storedRows(a.applicationId)).toHaveLength(0);
  });

  it('a picture too small to read is refused, in the page’s language', async () => {
    const a = await applicant('MX');
    const res = await upload(a.sessionId, 'selfie', await picture(400, 300).jpeg().toBuffer(), '1');
    expect(res.statusCode).toBe(422);
    expect(wrapper(res).message).toBe('The photo is too small: it needs at least 320 pixels a side to be read.');
    expect(await storedRows(a.applicationId)).toHaveLength(0);
  });

  it('a decompression bomb is refused from its header, unread', async () => {
    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(200 * 1024);
    const a = await applicant('MX');
    const started = Date.now();
    const res = await upload(a.sessionId, 'selfie', bomb);
    expect(res.statusCode).toBe(413);
    expect(wrapper(res).message).toBe('La foto tiene demasiados píxeles. Tómela con una resolución menor.');
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(cleanDocument(bomb)).rejects.toMatchObject({ reason: 'too_many_pixels' });
  });

  it('polyglots are refused: an archive after the image, markup in a comment or a text chunk', async () => {
    const jpeg = await picture(640, 480).jpeg().toBuffer();
    const png = await picture(640, 480).png().toBuffer();
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(40, 1), Buffer.from('PK\u0005\u0006', 'latin1'), Buffer.alloc(18)]);
    const polyglots = [
      Buffer.concat([jpeg, zip]),
      Buffer.concat([png, Buffer.from('<?php echo 1; ?>')]),
      jpegWithComment(jpeg, '*/=1;<script>alert(1)</script>/*'),
      pngWithText(png, '<html><body>hi</body></html>'),
    ];
    const a = await applicant('MX');
    for (const file of polyglots) {
      const res = await upload(a.sessionId, 'ine_front', file);
      expect(res.statusCode).toBe(415);
      expect(wrapper(res).message).toBe('El archivo lleva algo más que una foto. Tome la foto de nuevo con la cámara.');
    }
    expect(await storedRows(a.applicationId)).toHaveLength(0);
    // The same pictures without what was added pass, and a harmless comment too.
    expect((await upload(a.sessionId, 'ine_front', jpegWithComment(jpeg, 'Taken with PrestaCam'))).statusCode).toBe(200);
    expect((await upload(a.sessionId, 'ine_back', Buffer.concat([png, Buffer.alloc(16)]))).statusCode).toBe(200);
  });

  it('a kind the market does not ask for, or no kind at all, is refused', async () => {
    const mx = await applicant('MX');
    const jpeg = await cameraJpeg();
    const wrong = await upload(mx.sessionId, 'pan_card', jpeg);
    expect(wrong.statusCode).toBe(400);
    expect(wrapper(wrong).message).toBe('Su solicitud no pide este documento.');
    const unknown = await upload(mx.sessionId, 'passport', jpeg, '1');
    expect(unknown.statusCode).toBe(400);
    expect(wrapper(unknown).message).toMatch(/^Say which document/);
    const india = await applicant('IN');
    expect((await upload(india.sessionId, 'ine_front', jpeg)).statusCode).toBe(400);
    expect(await storedRows(mx.applicationId)).toHaveLength(0);
  });

  it('without an application: 404; a submitted one: 409; not multipart: 415; no session: 401', async () => {
    const borrower = await createBorrower(t.db, { bankAccount: '' });
    const sessionId = await createSession(t.db, borrower.id);
    const jpeg = await cameraJpeg();
    expect((await upload(sessionId, 'selfie', jpeg)).statusCode).toBe(404);
    const a = await applicant('MX');
    await t.db.update(creditApplications).set({ status: 'submitted' }).where(eq(creditApplications.id, a.applicationId));
    expect((await upload(a.sessionId, 'selfie', jpeg)).statusCode).toBe(409);
    const form = await t.app.inject({
      method: 'POST',
      url: applicationDocumentUpload.path,
      query: { swift: a.sessionId },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'kind=selfie&document=x',
    });
    expect(form.statusCode).toBe(415);
    expect((await upload(undefined, 'selfie', jpeg)).statusCode).toBe(401);
  });

  it('a new upload of a kind replaces the active one, which is kept', async () => {
    const a = await applicant('MX');
    expect((await upload(a.sessionId, 'ine_back', await picture(640, 480, '#ff0000').jpeg().toBuffer())).statusCode).toBe(200);
    expect((await upload(a.sessionId, 'ine_back', await picture(800, 600, '#00ff00').jpeg().toBuffer())).statusCode).toBe(200);
    const rows = await storedRows(a.applicationId);
    expect(rows).toHaveLength(2);
    const active = await t.db
      .select()
      .from(creditApplicationDocuments)
      .where(and(eq(creditApplicationDocuments.applicationId, a.applicationId), isNull(creditApplicationDocuments.replacedAt)));
    expect(active.map((r) => [r.kind, r.width])).toEqual([['ine_back', 800]]);
    const served = await getDocument(a.sessionId, 'ine_back');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(800);
  });

  it('uploads are limited per borrower: 20 in 10 minutes', async () => {
    const a = await applicant('MX');
    for (let i = 0; i < 20; i++) expect((await upload(a.sessionId, 'selfie', 'not an image')).statusCode).toBe(415);
    const limited = await upload(a.sessionId, 'selfie', 'not an image');
    expect(limited.statusCode).toBe(429);
    expect(wrapper(limited).success).toBe(false);
  });
});

describe('document image', () => {
  it('to its owner only: another borrower, a missing kind or no session get nothing', async () => {
    const owner = await applicant('MX');
    const other = await applicant('MX');
    await upload(owner.sessionId, 'selfie' satisfies DocumentKind, await cameraJpeg());
    expect((await getDocument(owner.sessionId, 'selfie')).statusCode).toBe(200);
    const stranger = await getDocument(other.sessionId, 'selfie');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers['content-type']).toMatch(/^application\/json/);
    expect((await getDocument(owner.sessionId, 'ine_front')).statusCode).toBe(404);
    expect((await getDocument(owner.sessionId, 'passport')).statusCode).toBe(400);
    expect((await getDocument(undefined, 'selfie')).statusCode).toBe(401);
  });
});
