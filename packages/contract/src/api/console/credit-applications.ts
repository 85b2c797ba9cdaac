import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import { endpoint } from '../endpoint';
import { marketSchema } from '../common';
import { addressViewSchema, applicationStatusSchema, consentKindSchema, documentKindSchema, identityViewSchema, workViewSchema } from '../application';
import { creditOutcomes, creditReasons, reviewerDeclineReasons } from '../../application-rules';
import { intField } from '../common';

/*
 * Credit applications in the back office (issue 34, docs/application.md "Back office"): reviewers and support
 * search and open them. applications.read sees identity numbers masked; applications.identity sees them whole
 * and the documents, and each such opening is written in the audit trail. Documents' images: GET
 * CONSOLE_APPLICATION_DOCUMENT_PATH?applicationNo=&kind= (application-rules.ts), applications.identity only.
 */

export const applicationNoField = z.string().trim().regex(/^AP\d{10}$/, 'must be an application number (AP and 10 digits)');

/** What makes a reviewer look twice: the same identity under another phone, and the like. */
export const applicationFlagSchema = z.object({ kind: z.enum(['duplicate_identity']), detail: z.string(), otherApplicationNo: z.string().nullable() });

const applicationRowSchema = z.object({
  applicationNo: z.string(),
  market: marketSchema,
  status: applicationStatusSchema,
  borrower: z.object({ id: z.number().int(), fullName: z.string(), maskedPhone: z.string() }),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
  flags: z.array(applicationFlagSchema),
});

export const consoleCreditApplications = endpoint({
  ...apiRoutes.consoleCreditApplications,
  summary:
    'Credit applications, newest first: by state, or found by application number, name (3+ characters) or CURP/PAN (whole); 50 at most',
  request: z.object({
    status: z.union([applicationStatusSchema, z.literal('')]).optional().default(''),
    q: z.string().trim().max(80).optional().default(''),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  data: z.object({ applications: z.array(applicationRowSchema) }),
});

/** One identity check by the verifier, as stored with the application. */
export const kycCheckSchema = z.object({
  check: z.enum(['curp', 'ine', 'pan', 'aadhaar', 'face']),
  outcome: z.enum(['verified', 'not_found', 'name_mismatch', 'data_mismatch', 'face_mismatch', 'unavailable']),
  /** The face match's score, 0–100; null for other checks. */
  score: z.number().int().nullable(),
  provider: z.string(),
  reference: z.string(),
  at: z.string(),
});

/** One rule of the policy as it applied: knock-outs decline, refer rules hand the application to a reviewer. */
export const ruleLineSchema = z.object({
  code: z.enum(creditReasons),
  kind: z.enum(['knockout', 'refer']),
  /** Whether the rule was hit (declines or refers). */
  hit: z.boolean(),
  /** What the applicant had, and the policy's threshold, as text for the reader (amounts formatted). */
  value: z.string(),
  threshold: z.string(),
  /** The rule in the reader's language. */
  text: z.string(),
});

/** One factor of the scorecard: the applicant's value, the bin it fell in and the points it gave. */
export const pointLineSchema = z.object({ factor: z.string(), value: z.string(), bin: z.string(), points: z.number().int() });

export const creditDecisionSchema = z.object({
  id: z.string(),
  trigger: z.enum(['application', 'review', 'confirmation', 'settlement']),
  policyVersion: z.string(),
  outcome: z.enum(creditOutcomes),
  score: z.number().int().nullable(),
  band: z.string(),
  rules: z.array(ruleLineSchema),
  points: z.array(pointLineSchema),
  /** Per product: the limit granted (0 when none), the band's most and the affordability rule's most, minor units. */
  limits: z.array(z.object({ productCode: z.string(), currency: z.string(), limitAmount: z.number().int(), bandMax: z.number().int(), affordableMax: z.number().int() })),
  reasons: z.array(z.object({ code: z.enum(creditReasons), text: z.string() })),
  reapplyAfter: z.string().nullable(),
  actor: z.string(),
  at: z.string(),
});

export const bureauAttributesSchema = z.object({
  bureau: z.string(),
  reference: z.string(),
  found: z.boolean(),
  score: z.number().int().nullable(),
  openAccounts: z.number().int().nullable(),
  worstDelinquencyDays: z.number().int().nullable(),
  inquiries90d: z.number().int().nullable(),
  /** Minor units a month. */
  monthlyPayments: z.number().int().nullable(),
  requestedAt: z.string(),
});

export const pendingApprovalSchema = z.object({
  limits: z.array(z.object({ productCode: z.string(), limitAmount: z.number().int() })),
  note: z.string(),
  maker: z.object({ id: z.number().int(), name: z.string() }),
  at: z.string(),
});

export const consoleCreditApplication = endpoint({
  ...apiRoutes.consoleCreditApplication,
  summary:
    'One credit application: its answers (identity numbers masked unless the role may see them, which is audited), documents, consents with time, address and device, and the verifier’s results',
  request: z.object({ applicationNo: applicationNoField }),
  data: z.object({
    application: applicationRowSchema.extend({
      /** Whether identity numbers below are whole (applications.identity) or masked. */
      identityShown: z.boolean(),
      identity: identityViewSchema,
      address: addressViewSchema,
      work: workViewSchema,
      documents: z.array(z.object({ kind: documentKindSchema, uploadedAt: z.string(), width: z.number().int(), height: z.number().int(), bytes: z.number().int() })),
      consents: z.array(
        z.object({ kind: consentKindSchema, version: z.string(), granted: z.boolean(), at: z.string(), ip: z.string(), device: z.string() }),
      ),
      checks: z.array(kycCheckSchema),
      problems: z.array(z.object({ step: z.string(), message: z.string() })),
      history: z.array(z.object({ at: z.string(), from: z.string().nullable(), to: z.string(), actor: z.string() })),
      /** The newest credit decision explained line by line (issue 35); null before one is made. */
      decision: creditDecisionSchema.nullable(),
      /** Every decision on the application, oldest first (the policy's, the reviewer's, the confirmations). */
      decisions: z.array(z.object({ id: z.string(), trigger: z.string(), outcome: z.enum(creditOutcomes), policyVersion: z.string(), actor: z.string(), at: z.string() })),
      /** The bureau's attributes the policy used (the report itself: consoleBureauReport, audited); null: not pulled. */
      bureau: bureauAttributesSchema.nullable(),
      /** A reviewer's approval above the policy's band waiting for a credit manager (maker-checker); null: none. */
      pendingApproval: pendingApprovalSchema.nullable(),
    }),
  }),
});

/** Queue rows: the referred applications oldest first, and the approvals waiting for a second member. */
export const consoleCreditQueue = endpoint({
  ...apiRoutes.consoleCreditQueue,
  summary: 'The reviewer’s queue: referred applications oldest first (by submission), and approvals above the band waiting for a credit manager',
  request: z.object({ limit: z.coerce.number().int().min(1).max(200).default(100) }),
  data: z.object({
    referred: z.array(applicationRowSchema.extend({ score: z.number().int().nullable(), band: z.string(), reasons: z.array(z.enum(creditReasons)) })),
    awaitingConfirmation: z.array(applicationRowSchema.extend({ approval: pendingApprovalSchema })),
  }),
});

const limitsField = z
  .array(z.object({ productCode: z.string().trim().min(1).max(40), limitAmount: z.coerce.number().int().positive() }))
  .min(1)
  .max(10);
const noteField = z.string().trim().max(500).optional().default('');

export const consoleCreditApprove = endpoint({
  ...apiRoutes.consoleCreditApprove,
  summary:
    'Approve a referred application with a limit per product: within the policy’s band it applies at once; above it waits for a credit manager (maker-checker)',
  request: z.object({ applicationNo: applicationNoField, limits: limitsField, note: noteField }),
  data: z.object({ status: applicationStatusSchema, pendingConfirmation: z.boolean() }),
});

export const consoleCreditDecline = endpoint({
  ...apiRoutes.consoleCreditDecline,
  summary: 'Decline a referred application with a reason from the list (the borrower reads it in plain words, with when to apply again)',
  request: z.object({ applicationNo: applicationNoField, reason: z.enum(reviewerDeclineReasons), note: noteField }),
  data: z.object({ status: applicationStatusSchema }),
});

export const consoleCreditConfirm = endpoint({
  ...apiRoutes.consoleCreditConfirm,
  summary: 'A credit manager confirms (1) or refuses (0) another member’s approval above the band; never their own',
  request: z.object({ applicationNo: applicationNoField, confirm: intField(0, 1), note: noteField }),
  data: z.object({ status: applicationStatusSchema }),
});

export const consoleBureauReport = endpoint({
  ...apiRoutes.consoleBureauReport,
  summary: 'The bureau report as received (applications.bureau; each opening is written in the audit trail)',
  request: z.object({ applicationNo: applicationNoField }),
  data: z.object({ bureau: z.string(), reference: z.string(), requestedAt: z.string(), contentType: z.string(), body: z.string() }),
});
