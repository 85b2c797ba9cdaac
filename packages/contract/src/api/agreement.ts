import { z } from 'zod';
import { apiRoutes } from './api-routes';
import { endpoint } from './endpoint';
import { flag, idSchema, intField } from './common';

/*
 * The signed agreement (issue 38, docs/agreements.md): when the borrower applies on the confirmation page, the
 * agreement for the confirmed figures (promissory note and terms, India's Key Facts Statement included) is rendered
 * to a PDF and a code naming the amount and the last digits of the document's SHA-256 is sent by SMS; the borrower
 * signs with it, then submits (loan-detail-push with agreementNo).
 */

/** Characters of the document's SHA-256 (hex, its end) that the SMS and the page name. */
export const AGREEMENT_HASH_TAIL_LENGTH = 8;

export const agreementPrepare = endpoint({
  ...apiRoutes.agreementPrepare,
  summary: 'Render the agreement for the confirmed figures (a new version when any changed) and send its signing code',
  request: z.object({
    productId: idSchema,
    amount: intField(1, 1_000_000_000),
    periods: intField(1, 120),
    termUnit: intField(1, 400),
    /** India: the Key Facts Statement the borrower acknowledged (it becomes part of the document). */
    proposalNo: z.string().max(40).optional(),
  }),
  data: z.object({
    agreementNo: z.string(),
    /** SHA-256 of the PDF, lowercase hex. */
    sha256: z.string(),
    /** Its last AGREEMENT_HASH_TAIL_LENGTH characters, as the SMS names them. */
    hashTail: z.string(),
    /** The amount the document is for (minor units, the product's market). */
    amount: z.number().int(),
    /** The phone the code went to, masked (e.g. '******5678'). */
    phoneMasked: z.string(),
    /** The PDF to read before signing (same origin, needs the session). */
    pdfUrl: z.string(),
    /** Seconds before another code may be asked for, and before this one expires. */
    resendAfter: z.number().int(),
    expiresIn: z.number().int(),
  }),
});

export const agreementSign = endpoint({
  ...apiRoutes.agreementSign,
  summary: "Sign the prepared agreement with its SMS code (a wrong, expired or used code, or another document's, is refused)",
  request: z.object({
    agreementNo: z.string().min(1).max(20),
    code: z.string().min(1).max(12),
  }),
  data: z.object({
    agreementNo: z.string(),
    signedAt: z.string(),
    /** 1: the time-stamp token is kept already; 0: it is asked for again in the background. */
    timestamped: flag,
  }),
});
