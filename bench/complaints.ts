import sharp from 'sharp';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { COMPLAINT_IMAGE_FIELD } from '@presta/contract/complaint-rules';
import { webFormRequest, type BenchDb, type DueBorrower, type WebRequest } from './fixtures';

/*
 * The complaint calls of npm run bench (issue 4): problem-list for a borrower
 * with complaints in every state, and upload-problem-img with a photo-sized
 * JPEG (sniffed, decoded, re-encoded, stored in PostgreSQL on every call).
 */

/** Complaints seeded for the problem-list borrower: open, answered and closed ones. */
export const LISTED_COMPLAINTS = 24;

export async function seedComplaints(database: BenchDb, b: DueBorrower, count = LISTED_COMPLAINTS): Promise<void> {
  const statuses = ['open', 'answered', 'closed'] as const;
  for (let i = 0; i < count; i++) {
    const status = statuses[i % 3]!;
    await database.sql`
      insert into complaints (borrower_id, order_id, type_value, detail, status, reply_text, content_hash, created_at)
      values (${Number(b.borrowerId)}, ${Number(b.orderId)}, ${2 + (i % 5)}, ${`Queja de prueba número ${i + 1}: el pago no se reflejó a tiempo en mi cuenta.`},
              ${status}, ${status === 'open' ? '' : 'Revisamos su caso y lo resolvimos.'}, ${`bench-${b.borrowerId}-${i}`}, now() - ${`${i} hours`}::interval)`;
  }
}

export function problemListRequest(b: DueBorrower): WebRequest {
  return webFormRequest(apiRoutes.problemList.path, b.params, {});
}

/** A 1280×960 JPEG with photo-like noise (what a phone camera picture scaled by the app weighs: some 0.5 MB). */
export async function benchPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1280, height: 960, channels: 3, background: '#8899aa', noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'BenchCam', Model: 'B1' } })
    .toBuffer();
}

export type UploadRequest = { method: 'POST'; path: string; headers: Record<string, string>; body: Buffer };

/** The upload as the form page sends it: multipart, the file in problemImage, the session parameters in the query. */
export function uploadRequest(b: DueBorrower, photo: Buffer): UploadRequest {
  const boundary = '----prestabench7d1f0c2e';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${COMPLAINT_IMAGE_FIELD}"; filename="IMG_0001.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    method: 'POST',
    path: `${apiRoutes.uploadProblemImg.path}?${new URLSearchParams(b.params).toString()}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'application/json' },
    body: Buffer.concat([head, photo, tail]),
  };
}
