import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintId, bigserialId, createdAt, day, market, minor, timestamptz } from '../columns';
import { creditApplicationConsents, creditApplications } from './applications';
import { borrowers } from './borrowers';
import { products } from './orders';
import { staffMembers } from './staff';

// ---------------------------------------------------------------------------
// The credit decision (issue 35, docs/credit-policy.md). Written by modules/credit only.
// ---------------------------------------------------------------------------

/**
 * A credit bureau's report, kept as received (body and content type), with the attributes the policy reads
 * extracted into columns. Pulled only under the application's bureau authorisation in force (consent_id), at most
 * once per application and 30 days. Readable in the back office by applications.bureau, each opening audited.
 */
export const bureauReports = pgTable(
  'bureau_reports',
  {
    id: bigserialId(),
    applicationId: bigintId('application_id')
      .notNull()
      .references(() => creditApplications.id),
    borrowerId: bigintId('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    market: market(),
    /** The bureau (its adapter's name): 'sandbox', 'circulo', 'buro', 'cibil', … */
    bureau: text('bureau').notNull(),
    /** The bureau authorisation that allowed the pull (credit_application_consents, kind 'bureau', granted). */
    consentId: bigintId('consent_id')
      .notNull()
      .references(() => creditApplicationConsents.id),
    /** found: a file; not_found: the bureau holds no file for the person. */
    outcome: text('outcome', { enum: ['found', 'not_found'] }).notNull(),
    /** The bureau's id of the inquiry (folio, control number). */
    reference: text('reference').notNull(),
    contentType: text('content_type').notNull(),
    /** The report as received. */
    body: text('body').notNull(),
    score: integer('score'),
    openAccounts: integer('open_accounts'),
    worstDelinquencyDays: integer('worst_delinquency_days'),
    inquiries90d: integer('inquiries_90d'),
    /** Minor units a month of the market's currency. */
    monthlyPayments: minor('monthly_payments'),
    /** The file's birth date and name (capitals, normalised), to check the application against. */
    fileBirthDate: day('file_birth_date'),
    fileNameKey: text('file_name_key'),
    requestedAt: timestamptz('requested_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('bureau_reports_application_idx').on(t.applicationId, t.requestedAt),
    index('bureau_reports_borrower_idx').on(t.borrowerId, t.requestedAt),
    check('bureau_reports_outcome_ok', sql`${t.outcome} in ('found', 'not_found')`),
  ],
);

/** What a decision was asked for: a submitted application, a reviewer's act, a confirmation of one, a settled loan. */
export const creditDecisionTriggers = ['application', 'review', 'confirmation', 'settlement'] as const;

/**
 * Every credit decision: the policy's version, every input, each rule's result, the scorecard's points, the limits
 * and the reasons. Running `inputs` through the same version gives the same outcome (docs/credit-policy.md
 * "Replay"). A reviewer's decision is a row too (trigger 'review', actor 'staff:<id>', the policy's lines of the
 * decision it answers copied), as is a credit manager's confirmation.
 */
export const creditDecisions = pgTable(
  'credit_decisions',
  {
    id: bigserialId(),
    applicationId: bigintId('application_id')
      .notNull()
      .references(() => creditApplications.id),
    borrowerId: bigintId('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    market: market(),
    trigger: text('trigger', { enum: creditDecisionTriggers }).notNull(),
    policyVersion: text('policy_version').notNull(),
    outcome: text('outcome', { enum: ['approved', 'referred', 'declined'] }).notNull(),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull(),
    rules: jsonb('rules').$type<unknown[]>().notNull().default([]),
    points: jsonb('points').$type<unknown[]>().notNull().default([]),
    score: integer('score'),
    band: text('band').notNull().default(''),
    /** [{ productCode, limitAmount, bandMax, affordableMax }] minor units. */
    limits: jsonb('limits').$type<{ productCode: string; limitAmount: number; bandMax: number; affordableMax: number }[]>().notNull().default([]),
    /** creditReasons codes. */
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    reapplyAfter: day('reapply_after'),
    bureauReportId: bigintId('bureau_report_id').references(() => bureauReports.id),
    /** 'job:credit-decision', 'staff:<id>', 'job:credit-redecision'. */
    actor: text('actor').notNull(),
    decidedAt: timestamptz('decided_at').notNull(),
  },
  (t) => [
    index('credit_decisions_application_idx').on(t.applicationId, t.decidedAt),
    index('credit_decisions_borrower_idx').on(t.borrowerId, t.decidedAt),
    check('credit_decisions_outcome_ok', sql`${t.outcome} in ('approved', 'referred', 'declined')`),
  ],
);

/**
 * A reviewer's approval above the policy's band, waiting for a member with credit_manager who is not its maker
 * (maker-checker). One pending per application; a confirmation or refusal closes it (kept).
 */
export const creditApprovalRequests = pgTable(
  'credit_approval_requests',
  {
    id: bigserialId(),
    applicationId: bigintId('application_id')
      .notNull()
      .references(() => creditApplications.id),
    /** [{ productCode, limitAmount }] minor units. */
    limits: jsonb('limits').$type<{ productCode: string; limitAmount: number }[]>().notNull(),
    note: text('note').notNull().default(''),
    makerId: bigintId('maker_id')
      .notNull()
      .references(() => staffMembers.id),
    status: text('status', { enum: ['pending', 'confirmed', 'refused'] }).notNull().default('pending'),
    checkerId: bigintId('checker_id').references(() => staffMembers.id),
    checkerNote: text('checker_note').notNull().default(''),
    createdAt: createdAt(),
    checkedAt: timestamptz('checked_at'),
  },
  (t) => [
    uniqueIndex('credit_approval_requests_one_pending_uq').on(t.applicationId).where(sql`${t.status} = 'pending'`),
    check('credit_approval_requests_checker_ok', sql`${t.checkerId} is null or ${t.checkerId} <> ${t.makerId}`),
  ],
);

/**
 * A higher limit proposed after a loan was settled (a 'settlement' decision): applied to product_offers only when
 * the borrower accepts, which is their recorded consent (India: no automatic increase). One pending per borrower
 * and product; a newer proposal supersedes it.
 */
export const limitIncreaseProposals = pgTable(
  'limit_increase_proposals',
  {
    id: bigserialId(),
    borrowerId: bigintId('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    decisionId: bigintId('decision_id')
      .notNull()
      .references(() => creditDecisions.id),
    currentLimit: minor('current_limit').notNull(),
    proposedLimit: minor('proposed_limit').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'expired', 'superseded'] }).notNull().default('pending'),
    expiresAt: timestamptz('expires_at').notNull(),
    /** The answer: when, from which session (its public id) and address. */
    answeredAt: timestamptz('answered_at'),
    answeredSession: text('answered_session'),
    answeredIp: text('answered_ip'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('limit_increase_proposals_one_pending_uq').on(t.borrowerId, t.productId).where(sql`${t.status} = 'pending'`),
    check('limit_increase_proposals_higher', sql`${t.proposedLimit} > ${t.currentLimit}`),
  ],
);
