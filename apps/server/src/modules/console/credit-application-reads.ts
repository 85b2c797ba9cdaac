import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { ApplicationStatus } from '@presta/contract/application-rules';
import { normalizeIdentityNumber } from '@presta/contract/identity/normalize';
import type { DbOrTx } from '../../db/database';
import { borrowers, creditApplicationConsents, creditApplicationHistory, creditApplications, kycChecks } from '../../db/schema';

/*
 * The back office's reads of credit applications (issue 34; docs/back-office.md "Credit applications"): the search
 * and what one application's page shows. modules/application writes these tables; the console only reads them.
 */

export type ApplicationRow = typeof creditApplications.$inferSelect;
export type FoundApplication = { application: ApplicationRow; borrower: { id: number; fullName: string; phone: string } };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What the search's text can be: an application number, a whole CURP (18) or PAN (10) as typed (spaces, dashes
 * and case aside), or 3+ characters of the applicant's name (as on the application, else as registered).
 */
function matchesOf(q: string): SQL[] {
  const key = normalizeIdentityNumber(q);
  const matches: SQL[] = [];
  if (/^AP\d{10}$/.test(key)) matches.push(eq(creditApplications.applicationNo, key));
  if (/^[A-Z]{4}\d{6}[HMX][A-Z]{5}[A-Z\d]\d$/.test(key)) matches.push(eq(creditApplications.curp, key));
  if (/^[A-Z]{5}\d{4}[A-Z]$/.test(key)) matches.push(eq(creditApplications.pan, key));
  const name = q.trim();
  if (name.length >= 3 && !/\d/.test(name)) {
    const pattern = `%${escapeLike(name)}%`;
    matches.push(ilike(creditApplications.nameKey, pattern), ilike(borrowers.fullName, pattern));
  }
  return matches;
}

/** Applications newest first (by their last change): in a state, found by `q`, or both; `limit` at most. */
export async function findApplications(db: DbOrTx, filter: { status: ApplicationStatus | ''; q: string; limit: number }): Promise<FoundApplication[]> {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(creditApplications.status, filter.status));
  if (filter.q) {
    const matches = matchesOf(filter.q);
    if (matches.length === 0) return [];
    where.push(or(...matches)!);
  }
  return db
    .select({ application: creditApplications, borrower: { id: borrowers.id, fullName: borrowers.fullName, phone: borrowers.phone } })
    .from(creditApplications)
    .innerJoin(borrowers, eq(borrowers.id, creditApplications.borrowerId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(creditApplications.updatedAt), desc(creditApplications.id))
    .limit(filter.limit);
}

/** One application by its number, with its borrower. */
export async function applicationByNo(db: DbOrTx, applicationNo: string): Promise<FoundApplication | undefined> {
  const [found] = await db
    .select({ application: creditApplications, borrower: { id: borrowers.id, fullName: borrowers.fullName, phone: borrowers.phone } })
    .from(creditApplications)
    .innerJoin(borrowers, eq(borrowers.id, creditApplications.borrowerId))
    .where(eq(creditApplications.applicationNo, applicationNo))
    .limit(1);
  return found;
}

/** The consents in force (each kind's latest signing), the verifier's checks and the state changes, oldest first. */
export async function applicationRecord(db: DbOrTx, applicationId: number) {
  const [consents, checks, history] = await Promise.all([
    db
      .select()
      .from(creditApplicationConsents)
      .where(and(eq(creditApplicationConsents.applicationId, applicationId), isNull(creditApplicationConsents.supersededAt)))
      .orderBy(asc(creditApplicationConsents.at), asc(creditApplicationConsents.id)),
    db.select().from(kycChecks).where(eq(kycChecks.applicationId, applicationId)).orderBy(asc(kycChecks.at), asc(kycChecks.id)),
    db
      .select()
      .from(creditApplicationHistory)
      .where(eq(creditApplicationHistory.applicationId, applicationId))
      .orderBy(asc(creditApplicationHistory.at), asc(creditApplicationHistory.id)),
  ]);
  return { consents, checks, history };
}

/** The referred applications, oldest first by submission (the reviewer's queue), `limit` at most. */
export async function referredApplications(db: DbOrTx, limit: number): Promise<FoundApplication[]> {
  return db
    .select({ application: creditApplications, borrower: { id: borrowers.id, fullName: borrowers.fullName, phone: borrowers.phone } })
    .from(creditApplications)
    .innerJoin(borrowers, eq(borrowers.id, creditApplications.borrowerId))
    .where(eq(creditApplications.status, 'referred'))
    .orderBy(asc(creditApplications.submittedAt), asc(creditApplications.id))
    .limit(limit);
}

/** Applications by id, with their borrowers (in no particular order). */
export async function applicationsByIds(db: DbOrTx, ids: number[]): Promise<FoundApplication[]> {
  if (ids.length === 0) return [];
  return db
    .select({ application: creditApplications, borrower: { id: borrowers.id, fullName: borrowers.fullName, phone: borrowers.phone } })
    .from(creditApplications)
    .innerJoin(borrowers, eq(borrowers.id, creditApplications.borrowerId))
    .where(inArray(creditApplications.id, ids));
}
