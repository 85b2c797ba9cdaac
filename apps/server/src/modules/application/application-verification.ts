import { eq } from 'drizzle-orm';
import type { ApplicationStep } from '@presta/contract/application-rules';
import type { Db } from '../../db/database';
import { creditApplications, type StepAnswers } from '../../db/schema';
import type { MessageKey } from '../../i18n/messages';
import { recordAudit, systemActor } from '../audit/audit-log';
import { documentBytes } from './application-documents';
import { queueCreditDecision } from './application-queue';
import { changeState, lockApplication, recordKycChecks, sameIdentityElsewhere, type ApplicationRow } from './application-store';
import { KycUnavailable, type KycCheckResult, type KycProvider } from './kyc/kyc-provider';

/*
 * The verification job (docs/application.md "Verification"): run for a submitted application by the queue
 * (application-queue.ts). It hands the identity and the documents to the KYC provider, stores every answer in
 * kyc_checks, flags the same identity under another borrower for the reviewer (it refuses nothing), and moves the
 * application to in_review (every check verified) or returned (with the step to correct and why). A provider that
 * does not answer throws KycUnavailable: the queue runs the job again later. Safe to run twice: a second run finds
 * the application no longer submitted and does nothing. In_review sends the credit decision's job in the same
 * transaction (issue 35).
 */

export const VERIFICATION_ACTOR = 'job:application-verification';

export type VerificationOutcome = { outcome: 'skipped' | 'in_review' | 'returned'; outboxId?: number };

/** What each check's failure asks the borrower to correct, and where. */
function problemOf(result: KycCheckResult): { step: ApplicationStep; reason: MessageKey } | undefined {
  if (result.outcome === 'verified') return undefined;
  const mismatch = result.outcome === 'name_mismatch' || result.outcome === 'data_mismatch';
  switch (result.check) {
    case 'curp':
      return { step: 'identity', reason: mismatch ? 'kycCurpMismatch' : 'kycCurpNotFound' };
    case 'ine':
      return { step: 'documents', reason: 'kycIneNotVerified' };
    case 'pan':
      return { step: 'identity', reason: mismatch ? 'kycPanNameMismatch' : 'kycPanNotFound' };
    case 'aadhaar':
      return { step: 'identity', reason: 'kycAadhaarNotVerified' };
    case 'face':
      return { step: 'documents', reason: 'kycFaceMismatch' };
  }
}

/** The problems of a set of answers, one per step and reason. */
export function problemsOf(results: KycCheckResult[]): { step: ApplicationStep; reason: MessageKey }[] {
  const problems = results.map(problemOf).filter((p) => p !== undefined);
  return problems.filter((p, i) => problems.findIndex((q) => q.step === p.step && q.reason === p.reason) === i);
}

const text = (answers: StepAnswers, key: string) => {
  const v = answers[key];
  return typeof v === 'string' ? v : '';
};

/** The document's bytes; a missing one (replaced since the submit) reads as empty: the provider answers it unverified. */
async function bytesOf(db: Db, row: ApplicationRow, kind: Parameters<typeof documentBytes>[2]): Promise<Buffer> {
  return (await documentBytes(db, row.id, kind)) ?? Buffer.alloc(0);
}

/** The provider's checks of a submitted application (outside any transaction: the provider may take seconds). */
async function askProvider(db: Db, kyc: KycProvider, row: ApplicationRow): Promise<KycCheckResult[]> {
  const a = row.identity;
  if (row.market === 'MX') {
    return kyc.verifyMexico({
      curp: text(a, 'curp'),
      givenNames: text(a, 'givenNames'),
      firstSurname: text(a, 'firstSurname'),
      secondSurname: text(a, 'secondSurname'),
      birthDate: text(a, 'birthDate'),
      sex: text(a, 'sex'),
      birthState: text(a, 'birthState'),
      ineFront: await bytesOf(db, row, 'ine_front'),
      ineBack: await bytesOf(db, row, 'ine_back'),
      selfie: await bytesOf(db, row, 'selfie'),
    });
  }
  return kyc.verifyIndia({
    pan: text(a, 'pan'),
    fullName: text(a, 'fullName'),
    birthDate: text(a, 'birthDate'),
    aadhaarReference: row.aadhaarReference ?? '',
    panCard: await bytesOf(db, row, 'pan_card'),
    selfie: await bytesOf(db, row, 'selfie'),
  });
}

/** Verifies one submitted application (the queue's job); `outboxId`: the SMS to deliver after the commit. */
export async function verifyApplication(
  deps: { db: Db; kyc: KycProvider; queueSchema?: string },
  applicationId: number,
  now = () => new Date(),
): Promise<VerificationOutcome> {
  const { db, kyc } = deps;
  const [row] = await db.select().from(creditApplications).where(eq(creditApplications.id, applicationId));
  if (!row || row.status !== 'submitted') return { outcome: 'skipped' };
  const results = await askProvider(db, kyc, row);
  // A check the provider could not make now is not a problem of the borrower's: the whole run is tried again.
  if (results.some((r) => r.outcome === 'unavailable')) throw new KycUnavailable('a check was unavailable');
  return db.transaction(async (tx) => {
    const locked = await lockApplication(tx, applicationId);
    if (!locked || locked.status !== 'submitted') return { outcome: 'skipped' as const };
    const at = now();
    await recordKycChecks(tx, locked.id, results, at);
    const flags = await sameIdentityElsewhere(tx, locked);
    const problems = problemsOf(results);
    const to = problems.length === 0 ? 'in_review' : 'returned';
    const { outboxId } = await changeState(tx, locked, { to, actor: VERIFICATION_ACTOR, now: at, problems, flags });
    if (to === 'in_review') await queueCreditDecision(tx, locked.id, deps.queueSchema);
    await recordAudit(tx, systemActor, {
      action: 'applications.verify',
      objectType: 'credit_application',
      objectId: locked.id,
      before: { status: locked.status },
      after: { status: to, problems: problems.map((p) => `${p.step}:${p.reason}`), flags: flags.map((f) => f.detail) },
    });
    return { outcome: to, outboxId };
  });
}
