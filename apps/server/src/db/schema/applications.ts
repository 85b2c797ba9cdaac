import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintId, bigserialId, bytea, createdAt, day, market, timestamptz } from '../columns';
import { borrowers } from './borrowers';

// ---------------------------------------------------------------------------
// Credit applications (issue 34, docs/application.md). Written by modules/application only.
// ---------------------------------------------------------------------------

export const creditApplicationStatuses = ['draft', 'submitted', 'returned', 'in_review', 'referred', 'approved', 'declined'] as const;

/** A step's answers as saved (strings as typed, '' for not typed); never an Aadhaar number. */
export type StepAnswers = Record<string, string | number | boolean | null>;

/**
 * A borrower's credit application: the answers of each step (jsonb, as the page shows them), when each step was
 * completed, and the identity keys read back out of them for search and for finding the same person under another
 * phone. India's Aadhaar: its last four digits and the verifier's reference only (docs/application.md "Aadhaar").
 * One open application per borrower.
 */
export const creditApplications = pgTable(
  'credit_applications',
  {
    id: bigserialId(),
    /** 'AP' and 10 digits, from the id. */
    applicationNo: text('application_no').notNull().unique(),
    borrowerId: bigintId('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    market: market(),
    status: text('status', { enum: creditApplicationStatuses }).notNull().default('draft'),
    identity: jsonb('identity').$type<StepAnswers>().notNull().default({}),
    address: jsonb('address').$type<StepAnswers>().notNull().default({}),
    work: jsonb('work').$type<StepAnswers>().notNull().default({}),
    identityCompletedAt: timestamptz('identity_completed_at'),
    addressCompletedAt: timestamptz('address_completed_at'),
    workCompletedAt: timestamptz('work_completed_at'),
    /** Identity keys, set when the identity step completes: CURP (MX), PAN (IN), birth date, the name in capitals. */
    curp: text('curp'),
    pan: text('pan'),
    birthDate: day('birth_date'),
    nameKey: text('name_key'),
    aadhaarLast4: text('aadhaar_last4'),
    /** The verifier's handle for the Aadhaar number it was given at the identity step (the number itself is not kept). */
    aadhaarReference: text('aadhaar_reference'),
    /** Why a returned application was returned: [{ step, reason }] (message keys, translated when answered). */
    problems: jsonb('problems').$type<{ step: string; reason: string }[]>().notNull().default([]),
    /** [{ kind, detail, otherApplicationNo }]: what a reviewer should look at (the same identity under another phone). */
    flags: jsonb('flags').$type<{ kind: 'duplicate_identity'; detail: string; otherApplicationNo: string | null }[]>().notNull().default([]),
    submittedAt: timestamptz('submitted_at'),
    /**
     * The credit decision as the borrower reads it (issue 35), written with the state change that makes it: when,
     * the reasons of a decline (creditReasons codes, translated when answered) and the first day a new application
     * is taken. The decision itself, explained: credit_decisions.
     */
    decidedAt: timestamptz('decided_at'),
    decisionReasons: jsonb('decision_reasons').$type<string[]>().notNull().default([]),
    reapplyAfter: day('reapply_after'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_applications_one_open_uq')
      .on(t.borrowerId)
      .where(sql`${t.status} in ('draft', 'submitted', 'returned', 'in_review', 'referred')`),
    index('credit_applications_borrower_idx').on(t.borrowerId, t.createdAt),
    index('credit_applications_status_idx').on(t.status, t.updatedAt),
    index('credit_applications_curp_idx').on(t.curp),
    index('credit_applications_pan_idx').on(t.pan),
    index('credit_applications_aadhaar_idx').on(t.aadhaarLast4, t.birthDate),
    check('credit_applications_status_ok', sql`${t.status} in ('draft', 'submitted', 'returned', 'in_review', 'referred', 'approved', 'declined')`),
    index('credit_applications_reapply_idx').on(t.borrowerId, t.reapplyAfter),
    check('credit_applications_no_ok', sql`${t.applicationNo} ~ '^AP[0-9]{10}$'`),
    check('credit_applications_aadhaar_last4_ok', sql`${t.aadhaarLast4} is null or ${t.aadhaarLast4} ~ '^[0-9]{4}$'`),
    check('credit_applications_no_aadhaar_number', sql`not (${t.identity} ? 'aadhaar')`),
  ],
);

/** Every change of an application's state, with who made it (the borrower, a job, a staff member). */
export const creditApplicationHistory = pgTable(
  'credit_application_history',
  {
    id: bigserialId(),
    applicationId: bigintId('application_id')
      .notNull()
      .references(() => creditApplications.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** 'borrower', 'job:<name>' or 'staff:<id>'. */
    actor: text('actor').notNull(),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [index('credit_application_history_app_idx').on(t.applicationId, t.at)],
);

export const applicationDocumentKinds = ['ine_front', 'ine_back', 'pan_card', 'selfie'] as const;

/**
 * The documents and the selfie, re-encoded as JPEG without metadata, kept in the database so that every process
 * serves them. A new upload of a kind replaces the active one (kept, with replaced_at).
 */
export const creditApplicationDocuments = pgTable(
  'credit_application_documents',
  {
    id: bigserialId(),
    applicationId: bigintId('application_id')
      .notNull()
      .references(() => creditApplications.id),
    kind: text('kind', { enum: applicationDocumentKinds }).notNull(),
    mime: text('mime', { enum: ['image/jpeg'] }).notNull(),
    bytes: bytea('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** SHA-256 of the stored bytes, hex. */
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
    replacedAt: timestamptz('replaced_at'),
  },
  (t) => [
    uniqueIndex('credit_application_documents_active_uq')
      .on(t.applicationId, t.kind)
      .where(sql`${t.replacedAt} is null`),
    check('credit_application_documents_kind_ok', sql`${t.kind} in ('ine_front', 'ine_back', 'pan_card', 'selfie')`),
  ],
);

/**
 * The consents as signed (or the bureau's withheld): the text's version, when, from which address and device, and
 * the SMS code that signed them. A new signing supersedes the earlier rows (kept).
 */
export const creditApplicationConsents = pgTable(
  'credit_application_consents',
  {
    id: bigserialId(),
    applicationId: bigintId('application_id')
      .notNull()
      .references(() => creditApplications.id),
    kind: text('kind', { enum: ['bureau', 'privacy', 'data_use'] }).notNull(),
    version: text('version').notNull(),
    granted: boolean('granted').notNull(),
    clientIp: text('client_ip').notNull(),
    /** The session's device name and id as the client gave them. */
    device: text('device').notNull(),
    /** The verification code (verification_codes.id) that signed it. */
    codeId: bigintId('code_id').notNull(),
    at: timestamptz('at').notNull().defaultNow(),
    supersededAt: timestamptz('superseded_at'),
  },
  (t) => [
    uniqueIndex('credit_application_consents_current_uq')
      .on(t.applicationId, t.kind)
      .where(sql`${t.supersededAt} is null`),
  ],
);

/** The identity verifier's answers, one row per check and submission (docs/application.md "Identity verification"). */
export const kycChecks = pgTable(
  'kyc_checks',
  {
    id: bigserialId(),
    applicationId: bigintId('application_id')
      .notNull()
      .references(() => creditApplications.id),
    check: text('check', { enum: ['curp', 'ine', 'pan', 'aadhaar', 'face'] }).notNull(),
    outcome: text('outcome', { enum: ['verified', 'not_found', 'name_mismatch', 'data_mismatch', 'face_mismatch', 'unavailable'] }).notNull(),
    /** The face match's score, 0–100. */
    score: smallint('score'),
    provider: text('provider').notNull(),
    /** The provider's id of the check (its request or transaction id). */
    reference: text('reference').notNull(),
    /** What the provider answered besides, without identity numbers (names it read, its own codes). */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [index('kyc_checks_application_idx').on(t.applicationId, t.at)],
);
