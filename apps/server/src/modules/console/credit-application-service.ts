import type { z } from 'zod';
import type { identityViewSchema } from '@presta/contract/api/application';
import type { consoleCreditApplication } from '@presta/contract/api/console/credit-applications';
import { creditReasons, type ApplicationStatus, type CreditReason, type DocumentKind } from '@presta/contract/application-rules';
import { errorCodes } from '@presta/contract/error-codes';
import type { Language } from '@presta/contract/language';
import type { DbOrTx } from '../../db/database';
import type { StepAnswers } from '../../db/schema/applications';
import { AppError } from '../../lib/app-error';
import type { CallContext } from '../../plugins/app/repositories';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { activeDocuments, documentBytes } from '../application/application-documents';
import { applicationView } from '../application/application-view';
import { maskPhone } from '../session/borrower-profile';
import { bureauReportOf, decisionsOf, latestDecision } from '../credit/credit-store';
import { latestDecisionsOf, pendingApprovalOf, pendingApprovals } from '../credit/credit-review';
import { bureauAttributes, decisionLine, decisionView, pendingApprovalView } from './credit-application-decision';
import { applicationByNo, applicationRecord, applicationsByIds, findApplications, referredApplications, type FoundApplication } from './credit-application-reads';

/*
 * Credit applications in the back office (issue 34; docs/back-office.md "Credit applications"). applications.read
 * sees identity numbers masked (CURP, RFC, PAN: the first four and last two characters); applications.identity
 * sees them whole and opens the documents, and each such opening is an audit event in the same transaction as
 * the read (no event, no data).
 */

type Detail = z.input<(typeof consoleCreditApplication)['data']>['application'];
type Identity = z.input<typeof identityViewSchema>;

/** What a member may see of an application: whether they hold applications.identity, and who they are (the audit's actor). */
export type Viewer = { identity: boolean; actor: AuditActor };

const objectType = 'credit_application';

/** CURP, RFC or PAN with all but the first four and last two characters hidden ('' stays ''). */
function maskIdentityNumber(value: string): string {
  if (value.length <= 6) return '*'.repeat(value.length);
  return `${value.slice(0, 4)}${'*'.repeat(value.length - 6)}${value.slice(-2)}`;
}

const text = (answers: StepAnswers, key: string) => {
  const value = answers[key];
  return typeof value === 'string' ? value : '';
};

/** The identity as the borrower's view has it, with CURP, RFC and PAN masked unless the member may see them whole. */
const identityFor = (identity: Identity, whole: boolean): Identity =>
  whole ? identity : { ...identity, curp: maskIdentityNumber(identity.curp), rfc: maskIdentityNumber(identity.rfc), pan: maskIdentityNumber(identity.pan) };

/** The applicant's name as on the application (MX: names and surnames; IN: as on the PAN), else as registered. */
function applicantName({ application: a, borrower }: FoundApplication): string {
  const parts = a.market === 'IN' ? [text(a.identity, 'fullName')] : ['givenNames', 'firstSurname', 'secondSurname'].map((k) => text(a.identity, k));
  return parts.join(' ').replace(/\s+/g, ' ').trim() || borrower.fullName;
}

/** An application as the list shows it. */
function applicationRow(found: FoundApplication) {
  const { application: a, borrower } = found;
  return {
    applicationNo: a.applicationNo,
    market: a.market,
    status: a.status,
    borrower: { id: borrower.id, fullName: applicantName(found), maskedPhone: maskPhone(borrower.phone) },
    createdAt: a.createdAt.toISOString(),
    submittedAt: a.submittedAt ? a.submittedAt.toISOString() : null,
    updatedAt: a.updatedAt.toISOString(),
    flags: a.flags,
  };
}

/** The applications a search finds, newest first. */
export async function listCreditApplications(ctx: CallContext, filter: { status: ApplicationStatus | ''; q: string; limit: number }) {
  return { applications: (await findApplications(ctx.db, filter)).map(applicationRow) };
}

/** The application's credit decisions explained, the bureau attributes they read and an approval waiting for a credit manager. */
async function creditRecord(tx: DbOrTx, applicationId: number, lang: Language) {
  const [latest, decisions, pending] = await Promise.all([latestDecision(tx, applicationId), decisionsOf(tx, applicationId), pendingApprovalOf(tx, applicationId)]);
  const report = latest?.bureauReportId ? await bureauReportOf(tx, latest.bureauReportId) : undefined;
  return {
    decision: latest ? decisionView(latest, lang) : null,
    decisions: decisions.map(decisionLine),
    bureau: report ? bureauAttributes(report) : null,
    pendingApproval: pending ? pendingApprovalView(pending) : null,
  };
}

/** One application's page; with `viewer.identity`, its identity numbers whole, recorded as read by the member. */
export async function creditApplicationDetail(ctx: CallContext, applicationNo: string, viewer: Viewer): Promise<{ application: Detail }> {
  return ctx.db.transaction(async (tx) => {
    const found = await applicationByNo(tx, applicationNo);
    if (!found) throw new AppError(404, errorCodes.notFound, 'consoleApplicationNotFound');
    const id = found.application.id;
    // The answers as the borrower reads them (application-view.ts), problems in the member's language.
    const [view, documents, { consents, checks, history }] = await Promise.all([
      applicationView(tx, found.application, ctx.lang),
      activeDocuments(tx, id),
      applicationRecord(tx, id),
    ]);
    if (viewer.identity) await recordAudit(tx, viewer.actor, { action: 'application.identity.read', objectType, objectId: applicationNo });
    const application: Detail = {
      ...applicationRow(found),
      identityShown: viewer.identity,
      identity: identityFor(view.identity, viewer.identity),
      address: view.address,
      work: view.work,
      documents: documents.map((d) => ({ kind: d.kind, uploadedAt: d.createdAt.toISOString(), width: d.width, height: d.height, bytes: d.size })),
      consents: consents.map((c) => ({ kind: c.kind, version: c.version, granted: c.granted, at: c.at.toISOString(), ip: c.clientIp, device: c.device })),
      checks: checks.map((c) => ({ check: c.check, outcome: c.outcome, score: c.score, provider: c.provider, reference: c.reference, at: c.at.toISOString() })),
      problems: view.problems,
      history: history.map((h) => ({ at: h.at.toISOString(), from: h.fromStatus, to: h.toStatus, actor: h.actor })),
      ...(await creditRecord(tx, id, ctx.lang)),
    };
    return { application };
  });
}

/** A document's image for a member holding applications.identity, recorded as opened; none: 404, nothing recorded. */
export async function openApplicationDocument(ctx: CallContext, input: { applicationNo: string; kind: DocumentKind }, actor: AuditActor): Promise<Buffer> {
  return ctx.db.transaction(async (tx) => {
    const found = await applicationByNo(tx, input.applicationNo);
    const bytes = found ? await documentBytes(tx, found.application.id, input.kind) : undefined;
    if (!bytes) throw new AppError(404, errorCodes.notFound, 'applicationDocumentNotFound');
    await recordAudit(tx, actor, { action: 'application.document.read', objectType, objectId: input.applicationNo, after: { kind: input.kind } });
    return bytes;
  });
}

/**
 * The reviewer's queue: the referred applications oldest first by submission with the score, band and reasons of
 * the decision that referred them, and the approvals above the band waiting for a credit manager, oldest first.
 */
export async function creditQueue(ctx: CallContext, limit: number) {
  const [referred, waiting] = await Promise.all([referredApplications(ctx.db, limit), pendingApprovals(ctx.db, limit)]);
  const decisions = await latestDecisionsOf(ctx.db, referred.map((f) => f.application.id));
  const waitingApplications = await applicationsByIds(ctx.db, waiting.map((w) => w.request.applicationId));
  return {
    referred: referred.map((found) => {
      const decision = decisions.get(found.application.id);
      return {
        ...applicationRow(found),
        score: decision?.score ?? null,
        band: decision?.band ?? '',
        reasons: (decision?.reasons ?? []).filter((r): r is CreditReason => (creditReasons as readonly string[]).includes(r)),
      };
    }),
    awaitingConfirmation: waiting.flatMap((pending) => {
      const found = waitingApplications.find((f) => f.application.id === pending.request.applicationId);
      return found ? [{ ...applicationRow(found), approval: pendingApprovalView(pending) }] : [];
    }),
  };
}

/**
 * The bureau report as received, behind the application's newest decision, for a member holding
 * applications.bureau: recorded as opened in the same transaction as the read (no event, no data).
 */
export async function openBureauReport(ctx: CallContext, applicationNo: string, actor: AuditActor) {
  return ctx.db.transaction(async (tx) => {
    const found = await applicationByNo(tx, applicationNo);
    if (!found) throw new AppError(404, errorCodes.notFound, 'consoleApplicationNotFound');
    const latest = await latestDecision(tx, found.application.id);
    const report = latest?.bureauReportId ? await bureauReportOf(tx, latest.bureauReportId) : undefined;
    if (!report) throw new AppError(404, errorCodes.notFound, 'creditReviewNoBureauReport', { applicationNo });
    await recordAudit(tx, actor, { action: 'credit.bureau.read', objectType, objectId: applicationNo, after: { reportId: report.id, bureau: report.bureau } });
    return { bureau: report.bureau, reference: report.reference, requestedAt: report.requestedAt.toISOString(), contentType: report.contentType, body: report.body };
  });
}
