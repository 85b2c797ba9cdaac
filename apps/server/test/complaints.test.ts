import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import exifr from 'exifr';
import { problemDetail, problemInit, problemList, problemSave, problemScore, uploadProblemImg } from '@presta/contract/api/complaint';
import { complaintImages, complaints, orderStatusHistory } from '../src/db/schema';
import { PENDING_UPLOADS_MAX, replyToComplaint } from '../src/modules/complaints/complaint-service';
import { cleanImage } from '../src/modules/complaints/complaint-images';
import { sniffImageType } from '../src/lib/image-type';
import { runOpsCommand } from '../src/cli/ops';
import { consoleComplaintReply, consoleComplaints } from '@presta/contract/api/console/complaints';
import { listAudit } from '../src/modules/audit/audit-log';
import { apiTokenOf, bearerCall, consoleCall, consoleSignInAs, staffMember } from './console-fixtures';
import { opsStaff, buildTestApp, dataOf, wrapper, type TestApp } from './helpers';
import { call, makeLoan, read, type Loan } from './repayment-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const urls = {
  init: '/user-problem/problem-init',
  list: '/user-problem/problem-list',
  detail: '/user-problem/problem-detail',
  upload: '/user-problem/upload-problem-img',
  save: '/user-problem/problem-save',
  score: '/user-problem/problem-score',
};

const endpoints = { init: problemInit, list: problemList, detail: problemDetail, upload: uploadProblemImg, save: problemSave, score: problemScore };

async function png(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ff2a84' } }).png().toBuffer();
}
async function gpsJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PrestaCam', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 25/1 4200/100', GPSLongitudeRef: 'W', GPSLongitude: '99/1 8/1 0/1' },
    })
    .toBuffer();
}

/** A multipart body with one file part (and optional extra parts). */
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

function upload(sessionId: string | undefined, file: { content: Buffer | string; filename?: string; type?: string; field?: string }) {
  const { body, contentType } = multipart([
    { field: file.field ?? 'problemImage', filename: file.filename ?? 'photo.jpg', type: file.type ?? 'image/jpeg', content: file.content },
  ]);
  return t.app.inject({ method: 'POST', url: urls.upload, query: sessionId ? { swift: sessionId } : {}, headers: { 'content-type': contentType }, payload: body });
}

async function uploadOk(loan: Loan, content: Buffer, filename = 'photo.png'): Promise<string> {
  const res = await upload(loan.sessionId, { content, filename, type: 'image/png' });
  expect(res.statusCode, res.body).toBe(200);
  expect(wrapper(res)).toMatchObject({ success: true, code: '0' });
  return dataOf(res, uploadProblemImg).url;
}

const getImage = (sessionId: string | undefined, url: string) => t.app.inject({ method: 'GET', url, query: sessionId ? { swift: sessionId } : {} });

/** A loan that has been overdue (isShow 1): status 180 now. */
const overdueLoan = () => makeLoan(t.db, { status: '180' });

const save = (loan: Loan, payload: Record<string, string | number | undefined>) =>
  call(t.app, loan.sessionId, urls.save, { orderNo: loan.orderNo, problemType: 2, problemDetail: 'Me cobraron dos veces el mismo pago.', ...payload });

const complaintsOf = (loan: Loan) => t.db.select().from(complaints).where(eq(complaints.borrowerId, loan.borrower.id));

describe('problem-init', () => {
  it('types, collection sub-types, the chosen order card (isShow from the overdue history) and every order', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const res = await call(t.app, loan.sessionId, urls.init, { orderId: loan.orderId });
    const d = read(res, problemInit);
    expect(problemInit.data.safeParse(d).success).toBe(true);
    expect(d.problemType.map((x: { value: number }) => x.value)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(d.problemType[0]).toEqual({ title: 'Cobranza', value: 1 });
    expect(d.problemSonType.map((x: { value: number }) => x.value)).toEqual([101, 102, 103, 104, 105]);
    expect(d.orderDetail).toMatchObject({ orderNo: loan.orderNo, status: 'Desembolsado', isShow: 0, productName: loan.product.name });
    expect(d.orderDetail!.list.map((r: { text: string }) => r.text)).toEqual(['Número de pedido', 'Monto del préstamo', 'Fecha de solicitud']);
    expect(d.orderList).toHaveLength(1);

    const overdue = await overdueLoan();
    const od = read(await call(t.app, overdue.sessionId, urls.init, {}), endpoints.init);
    expect(od.orderDetail).toMatchObject({ orderNo: overdue.orderNo, status: 'Vencido', isShow: 1 });
    // Cured or settled after being overdue: still isShow 1 (it has been in collection).
    await t.db.insert(orderStatusHistory).values({ orderId: Number(loan.orderId), fromStatus: '174', toStatus: '180', actor: 'system' });
    expect((read(await call(t.app, loan.sessionId, urls.init, {}), endpoints.init)).orderDetail!.isShow).toBe(1);
  });

  it("English titles; another borrower's order is not found; a borrower without orders gets null", async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const other = await makeLoan(t.db, { status: '174' });
    const en = read(await t.app.inject({
      method: 'POST',
      url: urls.init,
      query: { swift: loan.sessionId, language: '1' },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    }), endpoints.init);
    expect(en.problemType[0]).toEqual({ title: 'Collection', value: 1 });
    expect((await call(t.app, loan.sessionId, urls.init, { orderId: other.orderId })).statusCode).toBe(404);
    const fresh = await makeLoan(t.db, { status: '21' });
    expect((read(await call(t.app, fresh.sessionId, urls.init, {}), endpoints.init)).orderDetail).not.toBeNull();
  });
});

describe('upload-problem-img', () => {
  it('re-encodes the image by its content and serves it to its owner only, with its type and nosniff', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const other = await makeLoan(t.db, { status: '174' });
    // A PNG named .jpg and declared image/jpeg: stored and served as PNG.
    const res = await upload(loan.sessionId, { content: await png(), filename: 'photo.jpg', type: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    const url = dataOf(res, uploadProblemImg).url;
    expect(url).toMatch(/^\/user-problem\/problem-image\/\d+$/);
    const img = await getImage(loan.sessionId, url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(sniffImageType(img.rawPayload)).toBe('image/png');
    expect((await getImage(other.sessionId, url)).statusCode).toBe(404);
    expect((await getImage(undefined, url)).statusCode).toBe(401);
  });

  it('strips GPS position and camera data from a JPEG', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const original = await gpsJpeg();
    expect((await exifr.gps(original))?.latitude).toBeCloseTo(19.428, 2);
    const res = await upload(loan.sessionId, { content: original, filename: 'IMG_0001.JPG', type: 'image/jpeg' });
    const stored = await getImage(loan.sessionId, dataOf(res, uploadProblemImg).url);
    expect(stored.headers['content-type']).toBe('image/jpeg');
    expect(await exifr.parse(stored.rawPayload, true)).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('PrestaCam'))).toBe(false);
  });

  it.each([
    ['a text file named .png', { content: 'just some text, not an image', filename: 'notes.png', type: 'image/png' }, 415, 'Solo se admiten imágenes JPEG, PNG o WebP.'],
    ['an HTML file', { content: '<html><script>alert(1)</script></html>', filename: 'x.html', type: 'text/html' }, 415, 'Solo se admiten imágenes JPEG, PNG o WebP.'],
    ['an SVG with a script', { content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', filename: 'x.svg', type: 'image/svg+xml' }, 415, 'Solo se admiten imágenes JPEG, PNG o WebP.'],
    ['a truncated PNG', { content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), filename: 'x.png', type: 'image/png' }, 415, 'No pudimos leer esta imagen. Pruebe con otra.'],
    ['an empty file', { content: Buffer.alloc(0), filename: 'x.png', type: 'image/png' }, 400, ''],
    ['a file in another field', { content: Buffer.from('x'), field: 'file' }, 400, 'Falta la imagen (campo problemImage).'],
  ])('%s is refused with a clear message, nothing stored', async (_label, file, status, message) => {
    const loan = await makeLoan(t.db, { status: '174' });
    const res = await upload(loan.sessionId, file);
    expect(res.statusCode).toBe(status);
    expect(wrapper(res).success).toBe(false);
    if (message) expect(wrapper(res).message).toBe(message);
    expect(wrapper(res).message.length).toBeGreaterThan(0);
    expect(await t.db.select().from(complaintImages).where(eq(complaintImages.borrowerId, loan.borrower.id))).toHaveLength(0);
  });

  it('an oversized file (over 5 MB): 413 with the size message', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload(loan.sessionId, { content: big, filename: 'big.png', type: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(wrapper(res).message).toBe('La imagen pesa más de 5 MB. Elija una más ligera.');
  });

  it('a form body instead of multipart: 415, not 500', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const res = await call(t.app, loan.sessionId, urls.upload, { problemImage: 'x' });
    expect(res.statusCode).toBe(415);
    expect(wrapper(res).success).toBe(false);
  });

  it('the pending-upload cap holds under concurrency: 25 pending and 10 uploads at once → exactly 30, the rest refused (429)', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const stored = await cleanImage(await png(12, 12));
    const row = { borrowerId: loan.borrower.id, uploader: 'borrower' as const, mime: stored.mime, width: stored.width, height: stored.height, bytes: stored.bytes, sha256: stored.sha256 };
    await t.db.insert(complaintImages).values(Array.from({ length: PENDING_UPLOADS_MAX - 5 }, () => row));
    const content = await png(16, 16);
    const results = await Promise.all(Array.from({ length: 10 }, () => upload(loan.sessionId, { content, filename: 'photo.png', type: 'image/png' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    for (const refused of results.filter((r) => r.statusCode === 429)) {
      expect(wrapper(refused)).toEqual({ success: false, code: '429001', message: 'Subió demasiadas imágenes. Inténtelo más tarde.', data: null });
    }
    const pending = await t.db
      .select({ n: count() })
      .from(complaintImages)
      .where(and(eq(complaintImages.borrowerId, loan.borrower.id), isNull(complaintImages.complaintId)));
    expect(pending[0]!.n).toBe(PENDING_UPLOADS_MAX);
  });

  it('cleanImage: a decompression bomb is refused', async () => {
    const huge = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    await expect(cleanImage(huge)).rejects.toMatchObject({ reason: 'unreadable' });
  });
});

describe('problem-save', () => {
  it('saves a complaint with its images; the list and detail show it; a double tap saves one', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const a = await uploadOk(loan, await png(20, 20));
    const b = await uploadOk(loan, await png(30, 20));
    const payload = { problemType: 2, problemDetail: '  Me cobraron dos veces el mismo pago.  ', problemImage: `${a},${b}` };
    const [r1, r2] = await Promise.all([save(loan, payload), save(loan, payload)]);
    const id1 = read(r1, problemSave).problemId;
    expect(read(r2, problemSave).problemId).toBe(id1);
    expect(await complaintsOf(loan)).toHaveLength(1);

    const list = read(await call(t.app, loan.sessionId, urls.list, {}), endpoints.list);
    expect(problemList.data.safeParse(list).success).toBe(true);
    expect(list.tabs.map((x: { title: string }) => x.title)).toEqual(['En proceso', 'Respondidas', 'Cerradas']);
    expect(list.tabs[0]!.list).toEqual([{ id: id1, time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/) as unknown, type: 'Pagos y reembolsos', content: 'Me cobraron dos veces el mismo pago.' }]);

    const detail = read(await call(t.app, loan.sessionId, urls.detail, { problemId: id1 }), endpoints.detail);
    expect(problemDetail.data.safeParse(detail).success).toBe(true);
    expect(detail).toEqual({
      type: 'Pagos y reembolsos',
      sonType: '',
      problemId: id1,
      content: 'Me cobraron dos veces el mismo pago.',
      images: [a, b],
      disposeDetail: '',
      disposeImages: [],
      isNeedScore: 0,
    });
  });

  it('collection (type 1) needs a sub-type and an order that has been overdue', async () => {
    const current = await makeLoan(t.db, { status: '174' });
    const refused = await save(current, { problemType: 1, problemSonType: 101 });
    expect(refused.statusCode).toBe(422);
    expect(wrapper(refused).message).toBe('El pedido seleccionado no admite quejas de cobranza.');
    const overdue = await overdueLoan();
    expect(wrapper(await save(overdue, { problemType: 1 })).message).toBe('Elija un subtipo de problema de la lista.');
    expect(wrapper(await save(overdue, { problemType: 1, problemSonType: 999 })).message).toBe('Elija un subtipo de problema de la lista.');
    const ok = read(await save(overdue, { problemType: 1, problemSonType: 102 }), problemSave);
    const detail = read(await call(t.app, overdue.sessionId, urls.detail, { problemId: ok.problemId }), endpoints.detail);
    expect(detail).toMatchObject({ type: 'Cobranza', sonType: 'Trato o lenguaje ofensivo' });
    expect(wrapper(await save(overdue, { problemType: 2, problemSonType: 102 })).message).toBe('Este tipo de problema no tiene subtipos.');
    expect(await complaintsOf(current)).toHaveLength(0);
  });

  it.each([
    ['an empty description', { problemDetail: '   ' }, 'Por favor, escriba sus opiniones y sugerencias.'],
    ['201 characters', { problemDetail: 'x'.repeat(201) }, 'La descripción admite como máximo 200 caracteres.'],
    ['an unknown type', { problemType: 42 }, 'Elija un tipo de problema de la lista.'],
    ['a sub-type as type', { problemType: 101 }, 'Elija un tipo de problema de la lista.'],
    ['a text type', { problemType: 'abc' }, ''],
    ['no order', { orderNo: '' }, ''],
    ['a made-up image address', { problemImage: '/user-problem/problem-image/999999999' }, 'Una de las imágenes no es suya o ya se usó. Vuelva a subirla.'],
    ['a foreign address', { problemImage: 'https://evil.example/x.png' }, 'Una de las imágenes no es suya o ya se usó. Vuelva a subirla.'],
  ])('%s: 4xx with a message, nothing saved', async (_label, patch, message) => {
    const loan = await makeLoan(t.db, { status: '174' });
    const res = await save(loan, patch);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(wrapper(res).success).toBe(false);
    if (message) expect(wrapper(res).message).toBe(message);
    expect(await complaintsOf(loan)).toHaveLength(0);
  });

  it('200 characters are taken; ten images are refused and none is attached', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    expect((await save(loan, { problemDetail: 'y'.repeat(200) })).statusCode).toBe(200);
    const urlsTen: string[] = [];
    for (let i = 0; i < 10; i++) urlsTen.push(await uploadOk(loan, await png(10 + i, 10)));
    const res = await save(loan, { problemDetail: 'Diez imágenes', problemImage: urlsTen.join(',') });
    expect(res.statusCode).toBe(400);
    expect(wrapper(res).message).toBe('Puede adjuntar como máximo 9 imágenes.');
    const attached = await t.db.select().from(complaintImages).where(eq(complaintImages.borrowerId, loan.borrower.id));
    expect(attached.filter((x) => x.complaintId !== null)).toHaveLength(0);
    expect((await save(loan, { problemDetail: 'Nueve imágenes', problemImage: urlsTen.slice(0, 9).join(',') })).statusCode).toBe(200);
  });

  it("another borrower's order or image: refused, nothing saved", async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const other = await makeLoan(t.db, { status: '174' });
    const theirImage = await uploadOk(other, await png());
    const withTheirOrder = await save(loan, { orderNo: other.orderNo });
    expect(withTheirOrder.statusCode).toBe(404);
    const withTheirImage = await save(loan, { problemImage: theirImage });
    expect(withTheirImage.statusCode).toBe(400);
    expect(await complaintsOf(loan)).toHaveLength(0);
    // An image already used in a complaint cannot be reused in another.
    const mine = await uploadOk(loan, await png());
    read(await save(loan, { problemImage: mine }), problemSave);
    expect((await save(loan, { problemDetail: 'Otra queja distinta', problemImage: mine })).statusCode).toBe(400);
  });
});

describe('problem-detail and the reply', () => {
  it("another borrower's complaint reads as not found, and so do its images", async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const other = await makeLoan(t.db, { status: '174' });
    const img = await uploadOk(loan, await png());
    const { problemId } = read(await save(loan, { problemImage: img }), problemSave);
    const res = await call(t.app, other.sessionId, urls.detail, { problemId });
    expect(res.statusCode).toBe(404);
    expect(wrapper(res).message).toBe('No encontramos esta queja.');
    expect((await getImage(other.sessionId, img)).statusCode).toBe(404);
    expect((await call(t.app, other.sessionId, urls.detail, { problemId: 'abc' })).statusCode).toBe(400);
    const otherList = read(await call(t.app, other.sessionId, urls.list, {}), endpoints.list);
    expect(otherList.tabs.flatMap((x: { list: unknown[] }) => x.list)).toEqual([]);
  });

  it('support answers with text and an image; the borrower sees it, is asked for a score once; scoring closes it', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { problemId } = read(await save(loan, {}), problemSave);
    const reply = await replyToComplaint(t.db, { problemId, text: 'Revisamos su pago y le devolvimos el cargo doble.', images: [await cleanImage(await gpsJpeg())], by: 'test' });
    expect(reply).toMatchObject({ problemId, images: 1 });
    const detail = read(await call(t.app, loan.sessionId, urls.detail, { problemId }), endpoints.detail);
    expect(detail).toMatchObject({ disposeDetail: 'Revisamos su pago y le devolvimos el cargo doble.', isNeedScore: 1, images: [] });
    expect(detail.disposeImages).toHaveLength(1);
    const replyImage = await getImage(loan.sessionId, detail.disposeImages[0]!);
    expect(replyImage.statusCode).toBe(200);
    expect(await exifr.parse(replyImage.rawPayload, true)).toBeUndefined();
    const list = read(await call(t.app, loan.sessionId, urls.list, {}), endpoints.list);
    expect(list.tabs[1]!.list.map((x: { id: string }) => x.id)).toEqual([problemId]);

    expect((await call(t.app, loan.sessionId, urls.score, { problemId, score: 0 })).statusCode).toBe(400);
    expect((await call(t.app, loan.sessionId, urls.score, { problemId, score: 6 })).statusCode).toBe(400);
    const scored = read(await call(t.app, loan.sessionId, urls.score, { problemId, score: 4 }), endpoints.score);
    expect(scored).toEqual({ problemId, score: 4 });
    const again = await call(t.app, loan.sessionId, urls.score, { problemId, score: 5 });
    expect(again.statusCode).toBe(409);
    expect((read(await call(t.app, loan.sessionId, urls.detail, { problemId }), endpoints.detail)).isNeedScore).toBe(0);
    expect((read(await call(t.app, loan.sessionId, urls.list, {}), endpoints.list)).tabs[2]!.list).toHaveLength(1);
  });

  it('support reads any image with a console session or their API token (the operator token’s call is gone: 404), nobody without one', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const img = await uploadOk(loan, await png());
    const id = img.split('/').at(-1);
    expect((await t.app.inject({ method: 'GET', url: `/api/ops/complaint-images/${id}`, headers: { authorization: 'Bearer any-token' } })).statusCode).toBe(404);
    const image = { method: 'GET' as const, path: `/console/api/complaints/images/${id}` };
    expect((await t.app.inject({ method: 'GET', url: image.path })).statusCode).toBe(401);
    const support = await consoleSignInAs(t, await staffMember(t, ['support']), '198.51.100.92');
    const { secret } = await apiTokenOf(t, support);
    const ok = await bearerCall(t, secret, image);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect((await bearerCall(t, `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`, image)).statusCode).toBe(401);
  });

  it('the back office (issue 17): support reads the inbox with the images and the masked phone, opens an image, replies (audited); the borrower sees the reply; other roles 403', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const img = await uploadOk(loan, await png());
    const { problemId } = read(await save(loan, { problemDetail: 'Queja para el personal', problemImage: img }), problemSave);
    const support = await consoleSignInAs(t, await staffMember(t, ['support']), '198.51.100.90');
    const finance = await consoleSignInAs(t, await staffMember(t, ['finance']), '198.51.100.91');
    const inbox = await consoleCall(t, support, consoleComplaints, { status: 'open' });
    expect(inbox.statusCode, inbox.body).toBe(200);
    type Inbox = { data: { complaints: { id: number; maskedPhone: string; detail: string; images: { id: number; uploader: string }[] }[] } };
    const mine = inbox.json<Inbox>().data.complaints.find((c) => c.id === Number(problemId));
    expect(mine).toMatchObject({ detail: 'Queja para el personal', maskedPhone: `******${loan.borrower.phone.slice(-4)}`, images: [{ uploader: 'borrower' }] });
    expect(inbox.body).not.toContain(loan.borrower.phone);
    const image = await consoleCall(t, support, { method: 'GET', path: `/console/api/complaints/images/${mine!.images[0]!.id}` });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await consoleCall(t, finance, { method: 'GET', path: `/console/api/complaints/images/${mine!.images[0]!.id}` })).statusCode).toBe(403);
    expect((await consoleCall(t, finance, consoleComplaints)).statusCode).toBe(403);
    expect((await consoleCall(t, finance, consoleComplaintReply, { problemId, text: 'No' })).statusCode).toBe(403);
    const replied = await consoleCall(t, support, consoleComplaintReply, { problemId, text: 'Lo revisamos y ya está resuelto.' });
    expect(replied.statusCode, replied.body).toBe(200);
    const detail = read(await call(t.app, loan.sessionId, urls.detail, { problemId }), endpoints.detail);
    expect(detail).toMatchObject({ disposeDetail: 'Lo revisamos y ya está resuelto.', isNeedScore: 1 });
    const [event] = await listAudit(t.db, { objectType: 'complaint', objectId: problemId });
    expect(event).toMatchObject({ action: 'complaints.reply', via: 'console', after: { status: 'answered', replyText: 'Lo revisamos y ya está resuelto.' } });
    expect((await consoleCall(t, support, consoleComplaintReply, { problemId: 999_999_999, text: 'x' })).statusCode).toBe(404);
  });

  it('npm run ops -- complaints lists them; reply answers with text and an image file', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const { problemId } = read(await save(loan, { problemDetail: 'Queja para el operador' }), problemSave);
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    expect(await runOpsCommand(t.db, ['complaints', '--status', 'open'], io, await opsStaff(t.db))).toBe(0);
    expect(out.join('\n')).toContain(`#${problemId}  open`);
    expect(out.join('\n')).toContain('Queja para el operador');

    const { writeFile, mkdtemp } = await import('node:fs/promises');
    const dir = await mkdtemp('/tmp/presta-ops-');
    await writeFile(`${dir}/reply.jpg`, await gpsJpeg());
    await writeFile(`${dir}/fake.png`, 'not an image');
    expect(await runOpsCommand(t.db, ['reply', problemId, '--text', 'Gracias, ya lo resolvimos.', '--image', `${dir}/fake.png`], io, await opsStaff(t.db))).toBe(1);
    expect(err.join('\n')).toContain('Cannot use the image');
    expect(await runOpsCommand(t.db, ['reply', problemId, '--text', 'Gracias, ya lo resolvimos.', '--image', `${dir}/reply.jpg`], io, await opsStaff(t.db))).toBe(0);
    expect(out.at(-1)).toBe(`Complaint #${problemId} answered with 1 image(s); the borrower is asked for a score.`);
    const detail = read(await call(t.app, loan.sessionId, urls.detail, { problemId }), endpoints.detail);
    expect(detail).toMatchObject({ disposeDetail: 'Gracias, ya lo resolvimos.', isNeedScore: 1 });
    expect(await runOpsCommand(t.db, ['reply', '999999999', '--text', 'x'], io, await opsStaff(t.db))).toBe(1);
  });
});
