import { z } from 'zod';
import { apiRoutes } from '../api-routes';
import { endpoint } from '../endpoint';
import { marketSchema } from '../common';
import { orderNoField } from './fields';

/*
 * The signed agreement in the back office (issue 38, docs/back-office.md "Agreements"): a loan's document, the
 * borrower's signature evidence and the time-stamp, checked again at each view (agreements.read; each view is
 * written in the audit trail). The PDF and the evidence package (a zip of agreement.pdf, agreement.tsr,
 * evidence.json and tsa.pem) are downloads at the paths below (agreements.export; each download audited): GET with
 * `?orderNo=`, the console's cookie going with them.
 */

/** The signed PDF of an order, as the borrower signed it (agreements.export, audited). */
export const CONSOLE_AGREEMENT_PDF_PATH = '/console/api/agreements/pdf';
/** The order's evidence package, a zip (agreements.export, audited): the same four files `npm run ops -- agreement` writes. */
export const CONSOLE_AGREEMENT_PACKAGE_PATH = '/console/api/agreements/package';

/** The files of the evidence package, in the order the zip holds them. */
export const agreementPackageFiles = ['agreement.pdf', 'agreement.tsr', 'evidence.json', 'tsa.pem'] as const;
export type AgreementPackageFile = (typeof agreementPackageFiles)[number];

/** What checking the kept time-stamp token against the PDF's bytes said now. */
export const timestampVerificationSchema = z.discriminatedUnion('valid', [
  z.object({
    valid: z.literal(true),
    stampedAt: z.string(),
    serialNumber: z.string(),
    policy: z.string(),
    /** The time-stamp authority certificate's subject. */
    signer: z.string(),
  }),
  z.object({ valid: z.literal(false), reason: z.string() }),
]);

export const agreementViewSchema = z.object({
  document: z.object({
    documentNo: z.string(),
    market: marketSchema,
    lang: z.enum(['es', 'en']),
    templateVersion: z.string(),
    createdAt: z.string(),
    /** SHA-256 of the PDF as stored when it was rendered, lowercase hex. */
    sha256: z.string(),
    byteSize: z.number().int(),
    /** The figures it states: minor units of `currency`. */
    amount: z.number().int(),
    currency: z.string(),
    periods: z.number().int(),
    termUnit: z.number().int(),
    /** India: the Key Facts Statement the document includes. */
    proposalNo: z.string().nullable(),
  }),
  signature: z.object({
    borrowerId: z.number().int(),
    signerName: z.string(),
    /** The phone the signing code went to, masked (the evidence package has it whole). */
    maskedPhone: z.string(),
    signedAt: z.string(),
    clientIp: z.string(),
    userAgent: z.string(),
    deviceId: z.string().nullable(),
    /** SHA-256 of the session that signed. */
    sessionHash: z.string(),
    codeVerification: z.object({ method: z.string(), issuedAt: z.string().nullable(), verifiedAt: z.string().nullable(), wrongTries: z.number().int().nullable() }),
  }),
  /** The time-stamp as kept: pending until the authority answered (a job asks again). Null: never asked. */
  timestamp: z
    .object({
      status: z.enum(['pending', 'stamped']),
      authority: z.string(),
      stampedAt: z.string().nullable(),
      serialNumber: z.string().nullable(),
      policy: z.string().nullable(),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
    })
    .nullable(),
  /** Checked at this view: the PDF's bytes against their stored SHA-256, and the token against those bytes and the authority's chain. */
  verification: z.object({
    checkedAt: z.string(),
    document: z.object({ intact: z.boolean(), computedSha256: z.string() }),
    /** Absent: no token kept yet (optional rather than null: a nullable union has no type in the API document). */
    timestamp: timestampVerificationSchema.optional(),
  }),
});
export type AgreementView = z.infer<typeof agreementViewSchema>;

export const consoleAgreement = endpoint({
  ...apiRoutes.consoleAgreement,
  summary:
    "A loan's signed agreement: the document's number, language, template and SHA-256, the signature evidence (phone masked), the time-stamp and both checked now (each view is written in the audit trail)",
  request: z.object({ orderNo: orderNoField }),
  /** agreement null: the order was submitted without a signed agreement (before issue 38). */
  data: z.object({ agreement: agreementViewSchema.nullable() }),
});
