import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import { endpoint } from '../endpoint';
import { marketSchema } from '../common';
import { addressViewSchema, applicationStatusSchema, consentKindSchema, documentKindSchema, identityViewSchema, workViewSchema } from '../application';

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
    }),
  }),
});
