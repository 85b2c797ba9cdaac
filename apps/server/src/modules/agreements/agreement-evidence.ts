import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import type { AgreementPackageFile, AgreementView } from '@presta/contract/api/console/agreements';
import { errorCodes } from '@presta/contract/error-codes';
import { markets } from '@presta/contract/markets';
import type { DbOrTx } from '../../db/database';
import { agreementDocuments, agreementSignatures, agreementTimestamps, borrowers, orders } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { maskPhone } from '../session/borrower-profile';
import type { TimestampAuthority, TimestampVerification } from './timestamp/timestamp-authority';
import { verifyTimestamp } from './timestamp/timestamp-verify';

/*
 * The evidence of a signed agreement (issue 38; docs/back-office.md "Agreements", docs/operations.md "The agreement
 * package"): for an order, the document (the PDF's bytes as signed), the borrower's signature (who, which phone,
 * when, from where, how the code was checked), the time-stamp as kept, and both checked now: the PDF's SHA-256
 * computed again against the stored one, and the token against those bytes and the authority's chain. The console
 * shows it (phone masked); the evidence package (console zip, `npm run ops -- agreement`) has it whole for an
 * auditor. Every read by staff is written in the audit trail in the read's own transaction (no event, no data).
 * Reads only: modules/agreements' repository writes these tables.
 */

/** What the evidence needs: the database and the time-stamp authority (its chain checks the token and is tsa.pem). */
export type EvidenceContext = { db: DbOrTx; authority: Pick<TimestampAuthority, 'chainPem'>; now?: Date };

type Document = typeof agreementDocuments.$inferSelect;
type Signature = typeof agreementSignatures.$inferSelect;
type Timestamp = typeof agreementTimestamps.$inferSelect;

/** An order's signed agreement as stored: the document, its signature, the signer and the time-stamp (if asked for). */
export type SignedAgreement = {
  orderNo: string;
  document: Document;
  signature: Signature;
  signer: { id: number; fullName: string };
  timestamp: Timestamp | null;
};

/** What checking the document now says: its bytes against their stored hash, the token against those bytes. */
export type AgreementCheck = {
  checkedAt: Date;
  document: { intact: boolean; computedSha256: string };
  /** null: no token kept yet (pending or never asked). */
  timestamp: TimestampVerification | null;
};

const objectType = 'order';

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The order's signed agreement (the signature the order was submitted with), or undefined: none. */
export async function signedAgreementOf(db: DbOrTx, orderNo: string): Promise<SignedAgreement | undefined> {
  const [row] = await db
    .select({ document: agreementDocuments, signature: agreementSignatures, signer: { id: borrowers.id, fullName: borrowers.fullName }, timestamp: agreementTimestamps })
    .from(orders)
    .innerJoin(agreementSignatures, eq(agreementSignatures.orderId, orders.id))
    .innerJoin(agreementDocuments, eq(agreementDocuments.id, agreementSignatures.documentId))
    .innerJoin(borrowers, eq(borrowers.id, agreementSignatures.borrowerId))
    .leftJoin(agreementTimestamps, eq(agreementTimestamps.documentId, agreementDocuments.id))
    .where(eq(orders.orderNo, orderNo))
    .limit(1);
  return row ? { orderNo, ...row } : undefined;
}

/**
 * The order's signed agreement, read and recorded as read by `actor` (`action`, the document's number and hash) in
 * one transaction; none: undefined, nothing recorded.
 */
async function auditedRead(db: DbOrTx, orderNo: string, actor: AuditActor, action: string): Promise<SignedAgreement | undefined> {
  return db.transaction(async (tx) => {
    const found = await signedAgreementOf(tx, orderNo);
    if (found) await recordAudit(tx, actor, { action, objectType, objectId: orderNo, after: { documentNo: found.document.documentNo, sha256: found.document.sha256 } });
    return found;
  });
}

/** auditedRead's agreement, or 404 (consoleAgreementNotFound). */
async function auditedReadOr404(db: DbOrTx, orderNo: string, actor: AuditActor, action: string): Promise<SignedAgreement> {
  const found = await auditedRead(db, orderNo, actor, action);
  if (!found) throw new AppError(404, errorCodes.notFound, 'consoleAgreementNotFound', { orderNo });
  return found;
}

/** The PDF's SHA-256 computed again against the stored one, and the kept token checked against the bytes and `chainPem`. */
export async function checkAgreement(found: SignedAgreement, chainPem: string, now = new Date()): Promise<AgreementCheck> {
  const computedSha256 = sha256Hex(found.document.pdf);
  const response = found.timestamp?.response ?? null;
  const timestamp = response ? await verifyTimestamp(response, Buffer.from(computedSha256, 'hex'), chainPem) : null;
  return { checkedAt: now, document: { intact: computedSha256 === found.document.sha256, computedSha256 }, timestamp };
}

const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);

/** The code's check as the signature keeps it ({ method, issuedAt, wrongTries, verifiedAt }), whatever was left out as null. */
function codeVerificationOf(stored: unknown) {
  const v = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const text = (x: unknown) => (typeof x === 'string' ? x : x instanceof Date ? x.toISOString() : null);
  return { method: text(v.method) ?? 'sms_otp', issuedAt: text(v.issuedAt), verifiedAt: text(v.verifiedAt), wrongTries: typeof v.wrongTries === 'number' ? v.wrongTries : null };
}

function verificationView(check: AgreementCheck): AgreementView['verification'] {
  const t = check.timestamp;
  const view: AgreementView['verification'] = { checkedAt: check.checkedAt.toISOString(), document: check.document };
  if (t) view.timestamp = t.valid ? { ...t, stampedAt: t.stampedAt.toISOString() } : { valid: false, reason: t.reason };
  return view;
}

/** The document's facts (the PDF's bytes left out). */
function documentFacts(d: Document) {
  return {
    documentNo: d.documentNo,
    market: d.market,
    lang: d.lang,
    templateVersion: d.templateVersion,
    createdAt: d.createdAt.toISOString(),
    sha256: d.sha256,
    byteSize: d.byteSize,
    amount: d.amount,
    currency: markets[d.market].currency.code,
    periods: d.periods,
    termUnit: d.termUnit,
    proposalNo: d.proposalNo,
  };
}

/** The signature's evidence with the phone as given (masked for the console, whole for the package). */
function signatureFacts({ signature: s, signer }: SignedAgreement) {
  return {
    borrowerId: signer.id,
    signerName: signer.fullName,
    signedAt: s.signedAt.toISOString(),
    clientIp: s.clientIp,
    userAgent: s.userAgent,
    deviceId: s.deviceId,
    sessionHash: s.sessionHash,
    codeVerification: codeVerificationOf(s.codeVerification),
  };
}

function timestampFacts(t: Timestamp | null) {
  if (!t) return null;
  return { status: t.status, authority: t.authority, stampedAt: iso(t.stampedAt), serialNumber: t.serialNumber, policy: t.policy, attempts: t.attempts, lastError: t.lastError };
}

/**
 * The console's view of an order's agreement, checked now (the phone masked), each view recorded as
 * agreements.evidence.read; null: the order has no signed agreement (nothing recorded).
 */
export async function agreementView(ctx: EvidenceContext, orderNo: string, actor: AuditActor): Promise<AgreementView | null> {
  const found = await auditedRead(ctx.db, orderNo, actor, 'agreements.evidence.read');
  if (!found) return null;
  const check = await checkAgreement(found, await ctx.authority.chainPem(), ctx.now);
  return {
    document: documentFacts(found.document),
    signature: { ...signatureFacts(found), maskedPhone: maskPhone(found.signature.phone) },
    timestamp: timestampFacts(found.timestamp),
    verification: verificationView(check),
  };
}

/** The signed PDF of an order, recorded as downloaded by `actor` (agreements.download). */
export async function agreementPdf(ctx: EvidenceContext, orderNo: string, actor: AuditActor): Promise<{ documentNo: string; pdf: Buffer }> {
  const found = await auditedReadOr404(ctx.db, orderNo, actor, 'agreements.download');
  return { documentNo: found.document.documentNo, pdf: found.document.pdf };
}

/** The evidence package's files: agreement.tsr only once a token is kept (evidence.json says so otherwise). */
export type EvidencePackage = { orderNo: string; documentNo: string; check: AgreementCheck; files: Partial<Record<AgreementPackageFile, Buffer>> };

/** The version of evidence.json's layout (docs/operations.md "The agreement package"); a change of layout is a new one. */
export const EVIDENCE_FORMAT = 'presta.agreement-evidence/1';

/** Who exported the package, as evidence.json names them. */
function exporter(actor: AuditActor) {
  return actor.type === 'staff' ? { type: actor.type, staffId: actor.staffId, email: actor.email, via: actor.via } : { type: actor.type, staffId: null, email: null, via: actor.via };
}

/**
 * evidence.json: a stable layout (keys in this order, 2-space indent, UTC ISO times, money in minor units) of the
 * document, the signature (the phone whole: the auditor's), the time-stamp, the check made now, the files' SHA-256,
 * when it was made and by whom.
 */
export function evidenceJson(found: SignedAgreement, check: AgreementCheck, files: { tsr: Buffer | null; chainPem: string }, actor: AuditActor): string {
  const d = found.document;
  const t = check.timestamp;
  const evidence = {
    format: EVIDENCE_FORMAT,
    generatedAt: check.checkedAt.toISOString(),
    exportedBy: exporter(actor),
    orderNo: found.orderNo,
    document: { ...documentFacts(d), file: 'agreement.pdf', figures: d.figures },
    signature: { ...signatureFacts(found), phone: found.signature.phone, signedSha256: d.sha256 },
    timestamp: { ...(timestampFacts(found.timestamp) ?? { status: 'none' }), file: files.tsr ? 'agreement.tsr' : null },
    verification: {
      checkedAt: check.checkedAt.toISOString(),
      document: { ...check.document, storedSha256: d.sha256 },
      timestamp: t === null ? null : t.valid ? { ...t, stampedAt: t.stampedAt.toISOString() } : t,
      chainFile: 'tsa.pem',
    },
    files: {
      'agreement.pdf': sha256Hex(d.pdf),
      'agreement.tsr': files.tsr ? sha256Hex(files.tsr) : null,
      'tsa.pem': sha256Hex(Buffer.from(files.chainPem)),
    },
  };
  return `${JSON.stringify(evidence, null, 2)}\n`;
}

/**
 * The order's evidence package for an auditor: agreement.pdf, agreement.tsr (once stamped), evidence.json and
 * tsa.pem; recorded as exported by `actor` (agreements.export, with how: console or cli).
 */
export async function evidencePackage(ctx: EvidenceContext, orderNo: string, actor: AuditActor): Promise<EvidencePackage> {
  const found = await auditedReadOr404(ctx.db, orderNo, actor, 'agreements.export');
  const chainPem = await ctx.authority.chainPem();
  const check = await checkAgreement(found, chainPem, ctx.now);
  const tsr = found.timestamp?.response ?? null;
  const files: EvidencePackage['files'] = {
    'agreement.pdf': found.document.pdf,
    ...(tsr ? { 'agreement.tsr': tsr } : {}),
    'evidence.json': Buffer.from(evidenceJson(found, check, { tsr, chainPem }, actor)),
    'tsa.pem': Buffer.from(chainPem),
  };
  return { orderNo, documentNo: found.document.documentNo, check, files };
}

/** The package as one zip (the PDF and token stored as they are: already compressed or tiny). */
export function zipEvidence(pkg: EvidencePackage, at = new Date()): Uint8Array {
  const entries = Object.entries(pkg.files).map(([name, bytes]) => [name, [new Uint8Array(bytes), { level: name.endsWith('.json') || name.endsWith('.pem') ? 6 : 0, mtime: at }]]);
  return zipSync(Object.fromEntries(entries) as Parameters<typeof zipSync>[0]);
}
