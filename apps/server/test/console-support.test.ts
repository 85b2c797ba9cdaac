import { and, eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemDetail, problemSave } from '@presta/contract/api/complaint';
import { consoleComplaintReplyWithImages, consoleComplaints, consoleReplyImageField } from '@presta/contract/api/console/complaints';
import { complaintImages, complaints } from '../src/db/schema';
import { listAudit } from '../src/modules/audit/audit-log';
import { consoleSignInAs, staffMember, type ConsoleAuth } from './console-fixtures';
import { buildTestApp, type TestApp } from './helpers';
import { call, makeLoan, read, type Loan } from './repayment-fixtures';

/*
 * Support's reply with images over HTTP (issue 17): a multipart console call whose images are checked and cleaned
 * like a borrower's upload, stored with uploader 'support', listed in the borrower's complaint detail
 * (disposeImages) and served to that borrower only.
 */

let t: TestApp;
let support: ConsoleAuth;
let finance: ConsoleAuth;
beforeAll(async () => {
  t = await buildTestApp();
  support = await consoleSignInAs(t, await staffMember(t, ['support']), '198.51.100.140');
  finance = await consoleSignInAs(t, await staffMember(t, ['finance']), '198.51.100.141');
}, 60_000);
afterAll(async () => {
  await t.close();
});

type File = { content: Buffer | string; name: string; type: string };

const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff2a84' } }).png().toBuffer();
const gpsJpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PrestaCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 25/1 4200/100', GPSLongitudeRef: 'W', GPSLongitude: '99/1 8/1 0/1' } })
    .toBuffer();

/** The reply with images as the console sends it: a multipart form, the cookie, the CSRF token and the console's origin. */
async function replyWithImages(auth: ConsoleAuth, fields: Record<string, string | number>, files: File[], opts: { csrf?: boolean } = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  for (const f of files) form.append(consoleReplyImageField, new Blob([f.content], { type: f.type }), f.name);
  const request = new Request('http://console.local/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: consoleComplaintReplyWithImages.path,
    headers: {
      cookie: auth.cookie,
      ...(opts.csrf === false ? {} : { 'x-csrf-token': auth.csrfToken }),
      origin: t.config.publicBaseUrl,
      'content-type': request.headers.get('content-type')!,
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

async function complaintOf(loan: Loan, text = 'Me cobraron dos veces.') {
  const saved = await call(t.app, loan.sessionId, '/user-problem/problem-save', { orderNo: loan.orderNo, problemType: 2, problemDetail: text });
  return read(saved, problemSave).problemId;
}

const detailOf = async (loan: Loan, problemId: string) => read(await call(t.app, loan.sessionId, '/user-problem/problem-detail', { problemId }), problemDetail);
const borrowerGet = (loan: Loan, url: string) => t.app.inject({ method: 'GET', url, query: { swift: loan.sessionId } });
const supportImages = (problemId: string) =>
  t.db.select({ id: complaintImages.id }).from(complaintImages).where(and(eq(complaintImages.complaintId, Number(problemId)), eq(complaintImages.uploader, 'support')));

describe('the reply with images (back office)', () => {
  it("support answers with text and two images: stored as support's, cleaned, in the borrower's detail and served to them only; audited", async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const other = await makeLoan(t.db, { status: '174' });
    const problemId = await complaintOf(loan);
    const res = await replyWithImages(support, { problemId, text: 'Le devolvimos el cargo doble; vea el comprobante.' }, [
      { content: await gpsJpeg(), name: 'comprobante.jpg', type: 'image/jpeg' },
      // Named and declared as a JPEG, recognised as the PNG it is.
      { content: await png(), name: 'captura.jpg', type: 'image/jpeg' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: { problemId: string; images: number; imageIds: number[] } }>().data;
    expect(data).toMatchObject({ problemId, images: 2 });
    expect((await supportImages(problemId)).map((i) => i.id)).toEqual(data.imageIds);

    const detail = await detailOf(loan, problemId);
    expect(detail).toMatchObject({ disposeDetail: 'Le devolvimos el cargo doble; vea el comprobante.', isNeedScore: 1, images: [] });
    expect(detail.disposeImages).toEqual(data.imageIds.map((id) => `/user-problem/problem-image/${id}`));
    const [jpeg, image] = await Promise.all(detail.disposeImages.map((url: string) => borrowerGet(loan, url)));
    expect([jpeg!.statusCode, jpeg!.headers['content-type'], image!.headers['content-type']]).toEqual([200, 'image/jpeg', 'image/png']);
    expect(await exifr.parse(jpeg!.rawPayload, true)).toBeUndefined();
    expect((await borrowerGet(other, detail.disposeImages[0]!)).statusCode).toBe(404);

    // Support sees them in the inbox as support's.
    const inbox = await t.app.inject({ method: 'GET', url: `${consoleComplaints.path}?status=answered`, headers: { cookie: support.cookie } });
    const mine = inbox.json<{ data: { complaints: { id: number; images: { id: number; uploader: string }[] }[] } }>().data.complaints.find((c) => c.id === Number(problemId));
    expect(mine!.images).toEqual(data.imageIds.map((id) => ({ id, uploader: 'support' })));

    const [event] = await listAudit(t.db, { objectType: 'complaint', objectId: problemId });
    expect(event).toMatchObject({ action: 'complaints.reply', via: 'console', after: { status: 'answered', images: 2, imageIds: data.imageIds } });
  });

  it('text only is a reply too; a non-image, a tenth image or a bad field is refused with nothing stored', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const problemId = await complaintOf(loan);
    const html = await replyWithImages(support, { problemId, text: 'Vea el archivo.' }, [
      { content: await png(), name: 'a.png', type: 'image/png' },
      { content: '<html><script>alert(1)</script></html>', name: 'b.png', type: 'image/png' },
    ]);
    expect(html.statusCode, html.body).toBe(415);
    expect(html.json<{ message: string }>().message).toBe('Solo se admiten imágenes JPEG, PNG o WebP.');
    const ten = await replyWithImages(support, { problemId, text: 'Diez imágenes.' }, await Promise.all(Array.from({ length: 10 }, async (_, i) => ({ content: await png(), name: `${i}.png`, type: 'image/png' }))));
    expect(ten.statusCode, ten.body).toBe(400);
    expect((await replyWithImages(support, { problemId, text: '   ' }, [])).statusCode).toBe(400);
    expect((await replyWithImages(support, { problemId: 'abc', text: 'Hola' }, [])).statusCode).toBe(400);
    expect((await replyWithImages(support, { problemId: 999_999_999, text: 'Hola' }, [])).statusCode).toBe(404);
    const json = await t.app.inject({
      method: 'POST',
      url: consoleComplaintReplyWithImages.path,
      headers: { cookie: support.cookie, 'x-csrf-token': support.csrfToken, origin: t.config.publicBaseUrl, 'content-type': 'application/json' },
      payload: JSON.stringify({ problemId, text: 'JSON' }),
    });
    expect(json.statusCode).toBe(415);
    expect(await supportImages(problemId)).toEqual([]);
    const [row] = await t.db.select().from(complaints).where(eq(complaints.id, Number(problemId)));
    expect(row).toMatchObject({ status: 'open', replyText: '', repliedAt: null });
    // The inbox answers an open complaint's reply as none (null), never the column's '' (issue 32: "Respondida por — el —").
    const inbox = await t.app.inject({ method: 'GET', url: `${consoleComplaints.path}?status=open`, headers: { cookie: support.cookie } });
    const open = inbox.json<{ data: { complaints: { id: number; replyText: string | null; repliedAt: string | null }[] } }>().data.complaints;
    expect(open.find((c) => c.id === Number(problemId))).toMatchObject({ replyText: null, repliedAt: null });

    const textOnly = await replyWithImages(support, { problemId, text: 'Ya quedó resuelto.' }, []);
    expect(textOnly.json()).toMatchObject({ data: { problemId, images: 0, imageIds: [] } });
    expect(await detailOf(loan, problemId)).toMatchObject({ disposeDetail: 'Ya quedó resuelto.', disposeImages: [] });
  });

  it('finance gets 403 and nothing is stored; without the CSRF token 403', async () => {
    const loan = await makeLoan(t.db, { status: '174' });
    const problemId = await complaintOf(loan);
    const files = [{ content: await png(), name: 'a.png', type: 'image/png' }];
    const refused = await replyWithImages(finance, { problemId, text: 'No' }, files);
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([403, '403001']);
    const noCsrf = await replyWithImages(support, { problemId, text: 'No' }, files, { csrf: false });
    expect([noCsrf.statusCode, noCsrf.json<{ code: string }>().code]).toEqual([403, '403002']);
    expect(await supportImages(problemId)).toEqual([]);
    expect(await listAudit(t.db, { objectType: 'complaint', objectId: problemId })).toEqual([]);
  });
});
