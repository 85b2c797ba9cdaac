import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintId, bigserialId, bytea, createdAt, market, minor, timestamptz } from '../columns';
import { borrowers } from './borrowers';
import { orders, products } from './orders';
import { verificationCodes } from './promotion';

// ---------------------------------------------------------------------------
// The signed agreement (issue 38, docs/agreements.md): the promissory note and terms rendered to a PDF, the
// borrower's signature with an SMS code, and the RFC 3161 time-stamp of the signed document. Written only by
// modules/agreements (agreement-repository.ts).
// ---------------------------------------------------------------------------

/**
 * One rendered agreement: the exact bytes the borrower was shown and signs, never changed (a trigger refuses an
 * UPDATE of the content and any DELETE). A changed figure, language or template is a new row (a new version).
 */
export const agreementDocuments = pgTable(
  'agreement_documents',
  {
    id: bigserialId(),
    /** The public number printed in the PDF and named by the pages and the console: 'AG' + 12 Crockford base-32. */
    documentNo: text('document_no').notNull(),
    borrowerId: bigintId('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    market: market(),
    lang: text('lang', { enum: ['es', 'en'] }).notNull(),
    amount: minor('amount').notNull(),
    periods: integer('periods').notNull(),
    termUnit: integer('term_unit').notNull(),
    /** India: the Key Facts Statement the document includes (its proposal number). */
    proposalNo: text('proposal_no'),
    /** The figures the document states, as the confirmation computed them (rows, plan, terms): the evidence of what was shown. */
    figures: jsonb('figures').notNull(),
    /** The template's version (agreement-pdf.ts AGREEMENT_TEMPLATE_VERSION): a new template is a new document. */
    templateVersion: text('template_version').notNull(),
    pdf: bytea('pdf').notNull(),
    /** SHA-256 of `pdf`, lowercase hex. */
    sha256: text('sha256').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('agreement_documents_no_uq').on(t.documentNo),
    index('agreement_documents_borrower_idx').on(t.borrowerId, t.createdAt),
    check('agreement_documents_sha256_ck', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * The borrower's signature of one document: who, with which code sent to which phone, when, from where. One per
 * document; the order it was submitted with is set once at submission (loan-detail-push). Never deleted.
 */
export const agreementSignatures = pgTable(
  'agreement_signatures',
  {
    id: bigserialId(),
    documentId: bigintId('document_id')
      .notNull()
      .references(() => agreementDocuments.id),
    borrowerId: bigintId('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    /** Set at submission; at most one signed document per order. */
    orderId: bigintId('order_id').references(() => orders.id),
    /** The phone the code went to (evidence; never logged). */
    phone: text('phone').notNull(),
    /** The accepted verification code (purpose agreement_signature, bound to this document by its sid). */
    codeId: bigintId('code_id')
      .notNull()
      .references(() => verificationCodes.id),
    /** How the code was checked: { method: 'sms_otp', issuedAt, wrongTries, verifiedAt }. */
    codeVerification: jsonb('code_verification').notNull(),
    signedAt: timestamptz('signed_at').notNull(),
    clientIp: text('client_ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /** The native app's device id where the page was opened in the app, else null. */
    deviceId: text('device_id'),
    /** SHA-256 of the session that signed (as the sessions table keeps it). */
    sessionHash: text('session_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('agreement_signatures_document_uq').on(t.documentId),
    uniqueIndex('agreement_signatures_order_uq').on(t.orderId),
    index('agreement_signatures_borrower_idx').on(t.borrowerId),
  ],
);

/** pending: asked for or to be asked again (the job retries); stamped: a token that verifies is kept (final). */
export const agreementTimestampStatuses = ['pending', 'stamped'] as const;
export type AgreementTimestampStatus = (typeof agreementTimestampStatuses)[number];

/**
 * The RFC 3161 time-stamp of a signed document's SHA-256: the authority's token (a DER TimeStampToken, the
 * `timeStampToken` of its TimeStampResp; agreement.tsr is the whole response), its time and serial number.
 */
export const agreementTimestamps = pgTable(
  'agreement_timestamps',
  {
    id: bigserialId(),
    documentId: bigintId('document_id')
      .notNull()
      .references(() => agreementDocuments.id),
    status: text('status', { enum: agreementTimestampStatuses }).notNull().default('pending'),
    /** Which authority (TimestampAuthority.id): 'local' (demo and tests) or 'rfc3161' (TSA_URL). */
    authority: text('authority').notNull(),
    /** The authority's whole TimeStampResp (DER), as `openssl ts -verify -in` reads it. */
    response: bytea('response'),
    /** genTime of the token. */
    stampedAt: timestamptz('stamped_at'),
    serialNumber: text('serial_number'),
    policy: text('policy'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('agreement_timestamps_document_uq').on(t.documentId), index('agreement_timestamps_pending_idx').on(t.status)],
);
