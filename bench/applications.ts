import { sql } from 'drizzle-orm';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { borrowers } from '../apps/server/src/db/schema';
import { createSession } from '../apps/server/src/modules/session/session-service';
import { sessionQueryParams } from '../apps/server/src/modules/demo/demo-links';
import { BorrowerPool } from './borrower-reads';
import { mapLimit, nextBenchPhone, webFormRequest, type BenchDb, type WebRequest } from './fixtures';
import type { UploadRequest } from './complaints';

/*
 * The credit application's calls of npm run bench (issue 34): saving a step (the address, checked and completed:
 * final=1) and uploading a document (the selfie, a photo-sized JPEG sniffed, decoded, re-encoded and stored). Each
 * applicant is a new borrower (no order, no offer) with a live session and a Mexican draft whose identity step is
 * done, written straight into the tables as the application module writes them.
 */

export type Applicant = { borrowerId: string; params: Record<string, string> };

let applicationSeq = 0;

/** `count` applicants with a Mexican draft (identity completed), `parallel` at a time. */
async function createApplicants(db: BenchDb['db'], count: number, parallel = 6): Promise<Applicant[]> {
  return mapLimit(Array.from({ length: count }, (_, i) => i), parallel, (i) =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(borrowers).values({ phone: nextBenchPhone(), fullName: `Bench Applicant ${i + 1}`, language: 'es' }).returning({ id: borrowers.id });
      const borrowerId = row!.id;
      const sessionId = await createSession(tx, { borrowerId, deviceId: 'bench', ttlHours: 24 });
      const applicationNo = `AP9${String(++applicationSeq).padStart(9, '0')}`;
      const identity = JSON.stringify({ givenNames: 'BENCH', firstSurname: 'APPLICANT' });
      await tx.execute(sql`insert into credit_applications (application_no, borrower_id, market, identity, identity_completed_at)
                           values (${applicationNo}, ${borrowerId}, 'MX', ${identity}::jsonb, now())`);
      return { borrowerId: String(borrowerId), params: sessionQueryParams({ sessionId, language: 'es' }) };
    }),
  );
}

export const applicantPool = (db: BenchDb['db']) => new BorrowerPool<Applicant>('applicants with a draft', (n) => createApplicants(db, n));

/** The address step saved and completed, as the page sends it (a Mexican address). */
export function saveStepRequest(a: Applicant): WebRequest {
  return webFormRequest(apiRoutes.applicationAddress.path, a.params, {
    final: 1,
    street: 'Calle Durango',
    number: '81',
    colonia: 'Roma Norte',
    municipality: 'Cuauhtémoc',
    postalCode: '06700',
    state: 'DF',
    residentSince: '2019-03',
  });
}

/** The selfie uploaded as the documents step sends it: multipart, the kind first, then the file. */
export function documentUploadRequest(a: Applicant, photo: Buffer): UploadRequest {
  const boundary = '----prestabenchdoc5e2b91';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nselfie\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="selfie.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    method: 'POST',
    path: `${apiRoutes.applicationDocumentUpload.path}?${new URLSearchParams(a.params).toString()}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'application/json' },
    body: Buffer.concat([head, photo, tail]),
  };
}
