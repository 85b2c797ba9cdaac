import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AgreementState } from '@presta/contract/api/console/review';
import type { DbOrTx } from '../../db/database';
import { agreementDocuments, agreementSignatures, agreementTimestamps } from '../../db/schema';
import type { TimestampToken } from './timestamp/timestamp-authority';

/*
 * The signed agreement's rows (issue 38, docs/agreements.md): the rendered documents, the borrower's signatures and
 * the documents' time-stamps. This file is the one writer of agreement_documents, agreement_signatures and
 * agreement_timestamps; a document's content never changes (migration 0030), a signature's only change is the
 * order it was submitted with (set once), a time-stamp's is pending → stamped.
 */

export type AgreementDocument = typeof agreementDocuments.$inferSelect;
export type AgreementSignature = typeof agreementSignatures.$inferSelect;
export type AgreementTimestamp = typeof agreementTimestamps.$inferSelect;

/** What the code's verification recorded of the signature (agreement_signatures.code_verification). */
export type CodeVerification = { method: 'sms_otp'; issuedAt: string; wrongTries: number; verifiedAt: string };

// ---------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const DOCUMENT_NO_CHARS = 12;

/** 'AG' + 12 Crockford base-32 characters from crypto random (60 bits): unique by its index, not guessable. */
export function newDocumentNo(): string {
  const bytes = randomBytes(DOCUMENT_NO_CHARS);
  let out = 'AG';
  for (const b of bytes) out += CROCKFORD[b & 31];
  return out;
}

/** The shape of a document number (a path parameter is checked against it before any read). */
export const isDocumentNo = (value: string) => /^AG[0-9A-HJKMNP-TV-Z]{12}$/.test(value);

export type NewDocument = Omit<typeof agreementDocuments.$inferInsert, 'id' | 'documentNo'>;

/** Inserts a rendered document under `documentNo` (drawn by the caller: the PDF prints it). */
export async function insertDocument(tx: DbOrTx, documentNo: string, doc: NewDocument): Promise<AgreementDocument> {
  const [row] = await tx
    .insert(agreementDocuments)
    .values({ ...doc, documentNo })
    .returning();
  return row!;
}

/** The borrower's document by number (undefined for unknown and foreign ones alike). */
export async function documentOf(db: DbOrTx, borrowerId: number, documentNo: string): Promise<AgreementDocument | undefined> {
  if (!isDocumentNo(documentNo)) return undefined;
  const [row] = await db
    .select()
    .from(agreementDocuments)
    .where(and(eq(agreementDocuments.documentNo, documentNo), eq(agreementDocuments.borrowerId, borrowerId)))
    .limit(1);
  return row;
}

/** The terms a document states, as prepare compares them (a new version when any differs). */
export type DocumentTerms = Pick<AgreementDocument, 'productId' | 'amount' | 'periods' | 'termUnit' | 'proposalNo' | 'lang' | 'templateVersion'>;

/**
 * The borrower's latest unsigned document with these terms and figures (jsonb equality: the same values, whatever
 * the keys' order) made since `since` (prepare reuses it while its code lives), or undefined.
 */
export async function latestUnsignedDocument(
  db: DbOrTx,
  borrowerId: number,
  terms: DocumentTerms,
  figures: unknown,
  since: Date,
): Promise<AgreementDocument | undefined> {
  const [row] = await db
    .select({ doc: agreementDocuments })
    .from(agreementDocuments)
    .leftJoin(agreementSignatures, eq(agreementSignatures.documentId, agreementDocuments.id))
    .where(
      and(
        eq(agreementDocuments.borrowerId, borrowerId),
        gte(agreementDocuments.createdAt, since),
        eq(agreementDocuments.productId, terms.productId),
        eq(agreementDocuments.amount, terms.amount),
        eq(agreementDocuments.periods, terms.periods),
        eq(agreementDocuments.termUnit, terms.termUnit),
        terms.proposalNo === null ? isNull(agreementDocuments.proposalNo) : eq(agreementDocuments.proposalNo, terms.proposalNo),
        eq(agreementDocuments.lang, terms.lang),
        eq(agreementDocuments.templateVersion, terms.templateVersion),
        sql`${agreementDocuments.figures} = ${JSON.stringify(figures)}::jsonb`,
        isNull(agreementSignatures.id),
      ),
    )
    .orderBy(desc(agreementDocuments.createdAt), desc(agreementDocuments.id))
    .limit(1);
  return row?.doc;
}

// ---------------------------------------------------------------------------
// Signatures
// ---------------------------------------------------------------------------

export type NewSignature = Omit<typeof agreementSignatures.$inferInsert, 'id' | 'orderId' | 'createdAt' | 'codeVerification'> & {
  codeVerification: CodeVerification;
};

/** The signature of a document, or undefined: not signed. */
export async function signatureOf(db: DbOrTx, documentId: number): Promise<AgreementSignature | undefined> {
  const [row] = await db.select().from(agreementSignatures).where(eq(agreementSignatures.documentId, documentId)).limit(1);
  return row;
}

/** Records a document's signature; undefined when it was signed already (one signature per document). */
export async function insertSignature(tx: DbOrTx, signature: NewSignature): Promise<AgreementSignature | undefined> {
  const [row] = await tx.insert(agreementSignatures).values(signature).onConflictDoNothing({ target: agreementSignatures.documentId }).returning();
  return row;
}

/** Sets the order a signature was submitted with, once: false when it is linked already (to any order). */
export async function linkSignatureToOrder(tx: DbOrTx, signatureId: number, orderId: number): Promise<boolean> {
  const rows = await tx
    .update(agreementSignatures)
    .set({ orderId })
    .where(and(eq(agreementSignatures.id, signatureId), isNull(agreementSignatures.orderId)))
    .returning({ id: agreementSignatures.id });
  return rows.length === 1;
}

/** A signed document with its signature and time-stamp (the borrower's pages, the disbursal's gate). */
export type SignedAgreement = {
  documentNo: string;
  documentId: number;
  sha256: string;
  signedAt: Date;
  orderId: number | null;
  stamped: boolean;
};

const signedColumns = {
  documentNo: agreementDocuments.documentNo,
  documentId: agreementDocuments.id,
  sha256: agreementDocuments.sha256,
  signedAt: agreementSignatures.signedAt,
  orderId: agreementSignatures.orderId,
  stamped: sql<boolean>`coalesce(${agreementTimestamps.status} = 'stamped', false)`,
};

/** The signed agreements of these orders, by order id (one read for a list). */
export async function signedAgreementsOfOrders(db: DbOrTx, orderIds: readonly number[]): Promise<Map<number, SignedAgreement>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select(signedColumns)
    .from(agreementSignatures)
    .innerJoin(agreementDocuments, eq(agreementDocuments.id, agreementSignatures.documentId))
    .leftJoin(agreementTimestamps, eq(agreementTimestamps.documentId, agreementDocuments.id))
    .where(inArray(agreementSignatures.orderId, [...orderIds]));
  return new Map(rows.map((r) => [r.orderId!, r]));
}

/** The signed agreement of an order, or undefined: the order has none. */
export async function signedAgreementOfOrder(db: DbOrTx, orderId: number): Promise<SignedAgreement | undefined> {
  return (await signedAgreementsOfOrders(db, [orderId])).get(orderId);
}

/** Where an order's agreement stands for its disbursal (the console's queue says it, startDisbursal refuses on it). */
export type { AgreementState };

export const agreementStateOf = (signed: SignedAgreement | undefined): AgreementState =>
  !signed ? 'unsigned' : signed.stamped ? 'signed' : 'awaiting_timestamp';

/** The same as SQL over an order's id column (`orderId`: e.g. sql`o.id`), for a query that lists orders. */
export const agreementStateSql = (orderId: SQL) => sql<AgreementState>`coalesce((
  select case when t.status = 'stamped' then 'signed' else 'awaiting_timestamp' end
    from agreement_signatures s left join agreement_timestamps t on t.document_id = s.document_id
   where s.order_id = ${orderId}), 'unsigned')`;

// ---------------------------------------------------------------------------
// Time-stamps
// ---------------------------------------------------------------------------

/** A signed document's time-stamp, to be asked for (pending, no attempt yet). */
export async function insertPendingTimestamp(tx: DbOrTx, documentId: number, authority: string): Promise<void> {
  await tx.insert(agreementTimestamps).values({ documentId, authority, status: 'pending' }).onConflictDoNothing({ target: agreementTimestamps.documentId });
}

/** The time-stamp row of a document, or undefined. */
export async function timestampOf(db: DbOrTx, documentId: number): Promise<AgreementTimestamp | undefined> {
  const [row] = await db.select().from(agreementTimestamps).where(eq(agreementTimestamps.documentId, documentId)).limit(1);
  return row;
}

/** Keeps the authority's token: pending → stamped (false when it was stamped already). */
export async function markStamped(db: DbOrTx, documentId: number, authority: string, token: TimestampToken): Promise<boolean> {
  const rows = await db
    .update(agreementTimestamps)
    .set({
      status: 'stamped',
      authority,
      response: token.response,
      stampedAt: token.stampedAt,
      serialNumber: token.serialNumber,
      policy: token.policy,
      attempts: sql`${agreementTimestamps.attempts} + 1`,
      lastError: null,
    })
    .where(and(eq(agreementTimestamps.documentId, documentId), eq(agreementTimestamps.status, 'pending')))
    .returning({ id: agreementTimestamps.id });
  return rows.length === 1;
}

/** Counts a failed attempt and why (never a secret: the authority's error class and status). */
export async function markAttemptFailed(db: DbOrTx, documentId: number, lastError: string): Promise<void> {
  await db
    .update(agreementTimestamps)
    .set({ attempts: sql`${agreementTimestamps.attempts} + 1`, lastError: lastError.slice(0, 300) })
    .where(and(eq(agreementTimestamps.documentId, documentId), eq(agreementTimestamps.status, 'pending')));
}

/**
 * The pending time-stamps due another attempt, oldest first: after n attempts the next is due (2^n − 1) minutes
 * after the row was written (1, 3, 7, 15, 31, 63 minutes), then every hour.
 */
export async function dueTimestamps(db: DbOrTx, now: Date, limit: number): Promise<{ documentId: number; sha256: string; attempts: number }[]> {
  const dueAt = sql`${agreementTimestamps.createdAt} + (case when ${agreementTimestamps.attempts} <= 6
      then power(2, ${agreementTimestamps.attempts}) - 1 else 63 + (${agreementTimestamps.attempts} - 6) * 60 end) * interval '1 minute'`;
  return db
    .select({ documentId: agreementTimestamps.documentId, sha256: agreementDocuments.sha256, attempts: agreementTimestamps.attempts })
    .from(agreementTimestamps)
    .innerJoin(agreementDocuments, eq(agreementDocuments.id, agreementTimestamps.documentId))
    .where(and(eq(agreementTimestamps.status, 'pending'), sql`${dueAt} <= ${now.toISOString()}::timestamptz`))
    .orderBy(asc(agreementTimestamps.createdAt), asc(agreementTimestamps.id))
    .limit(limit);
}
