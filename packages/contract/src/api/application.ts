import { z } from 'zod';
import { applicationStatuses, applicationSteps, consentKinds, creditOutcomes, documentKinds, occupations, payFrequencies } from '../application-rules';
import { apiRoutes } from './api-routes';
import { endpoint } from './endpoint';
import { intField, marketSchema } from './common';

/*
 * The credit application (issue 34, docs/application.md): a signed-in borrower applies through five steps, each
 * saved on the server (a draft survives a reload, another device and a new session), then submits. The spec shows
 * none of these calls (its `certify` family): they are ours, for the pages at /certify and the native apps. All
 * POST with the form client, auth borrower; the document upload is multipart.
 *
 * A step's call with final=0 keeps what was typed as it is (only lengths checked; an Aadhaar number is never kept):
 * the page saves as the borrower types. final=1 checks the step (form and consistency, messages in the page's
 * language: 400) and completes it; a refused step keeps what was typed. Identity numbers are read in capitals,
 * without spaces. Money in minor units of the market's currency; days as YYYY-MM-DD.
 */

const text = (max: number) => z.string().trim().max(max).optional().default('');
/** 0: keep as typed; 1: check and complete the step. */
const finalField = intField(0, 1).default(0);
/** A monthly amount as typed: digits (minor units), or '' for not yet typed. */
const amountField = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{0,12}$/, 'must be a whole number of minor units'))
  .optional()
  .default('');

export const applicationStepSchema = z.enum(applicationSteps);
export const applicationStatusSchema = z.enum(applicationStatuses);
export const documentKindSchema = z.enum(documentKinds);
export const consentKindSchema = z.enum(consentKinds);

/** Identity as saved: '' for what is not typed. MX uses the names, CURP and RFC; IN the PAN name, PAN and Aadhaar. */
export const identityViewSchema = z.object({
  givenNames: z.string(),
  firstSurname: z.string(),
  secondSurname: z.string(),
  /** IN: the name as on the PAN card. */
  fullName: z.string(),
  birthDate: z.string(),
  /** MX: H (hombre), M (mujer) or X, as CURP writes it. */
  sex: z.string(),
  /** MX: the state of birth, CURP's two letters (application-rules mxStates). */
  birthState: z.string(),
  curp: z.string(),
  rfc: z.string(),
  pan: z.string(),
  /** IN: 'XXXX XXXX 1234' once verified in form; '' before (the full number is never answered nor kept). */
  aadhaarMasked: z.string(),
  email: z.string(),
  /** IN: 'IN' (an Indian national) or 'other' (issue 35: the loan terms lend to Indian nationals); '' not answered. */
  nationality: z.string(),
});

export const addressViewSchema = z.object({
  /** MX */
  street: z.string(),
  number: z.string(),
  interior: z.string(),
  colonia: z.string(),
  municipality: z.string(),
  /** MX: 5 digits; IN: the 6-digit PIN code. */
  postalCode: z.string(),
  /** MX: mxStates' code; IN: inStates' code. */
  state: z.string(),
  /** IN */
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  /** IN: the applicant declares it is their permanent address in India (the loan terms' residence rule). */
  permanent: z.boolean(),
  /** Living at this address since (YYYY-MM; issue 35: time at address is scored). */
  residentSince: z.string(),
});

export const workViewSchema = z.object({
  occupation: z.string(),
  employer: z.string(),
  monthlyIncome: z.number().int().nullable(),
  payFrequency: z.string(),
  monthlyObligations: z.number().int().nullable(),
  /** With this employer or in this business since (YYYY-MM; occupations with an employer; issue 35: scored). */
  workingSince: z.string(),
});

export const applicationDocumentSchema = z.object({
  kind: documentKindSchema,
  /** The image's address (APPLICATION_DOCUMENT_PATH?kind=); the page adds its session parameters. */
  url: z.string(),
  uploadedAt: z.string(),
});

/**
 * The credit decision as the borrower reads it (issue 35, docs/credit-policy.md): approved (the offers are on home),
 * referred (a reviewer decides), declined (the reasons in plain words, and the first day they may apply again).
 */
export const applicationDecisionSchema = z.object({
  outcome: z.enum(creditOutcomes),
  /** Declined: each reason in plain words in the request's language; otherwise empty. */
  reasons: z.array(z.string()),
  /** Declined: the first day a new application is taken (YYYY-MM-DD, the market's calendar); otherwise null. */
  reapplyAfter: z.string().nullable(),
  decidedAt: z.string(),
});

export const consentTextSchema = z.object({ kind: consentKindSchema, version: z.string(), title: z.string(), text: z.string() });

export const creditApplicationSchema = z.object({
  applicationNo: z.string(),
  market: marketSchema,
  status: applicationStatusSchema,
  /** The state as the borrower reads it, in the request's language. */
  statusText: z.string(),
  /** Whether the answers may still be changed (draft, returned). */
  editable: z.boolean(),
  /** The first step not completed; null when every step is. */
  nextStep: applicationStepSchema.nullable(),
  completed: z.object({ identity: z.boolean(), address: z.boolean(), work: z.boolean(), documents: z.boolean(), consents: z.boolean() }),
  identity: identityViewSchema,
  address: addressViewSchema,
  work: workViewSchema,
  requiredDocuments: z.array(documentKindSchema),
  documents: z.array(applicationDocumentSchema),
  /** The consents in force: the texts' current versions, signed or withheld (bureau), with when. */
  consents: z.array(z.object({ kind: consentKindSchema, version: z.string(), granted: z.boolean(), at: z.string() })),
  /** The current texts to consent to, in the request's language. */
  consentTexts: z.array(consentTextSchema),
  /** Why a returned application was returned: the step to correct and what to correct, in the request's language. */
  problems: z.array(z.object({ step: applicationStepSchema, message: z.string() })),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** The credit decision once made (approved, referred, declined); null before. */
  decision: applicationDecisionSchema.nullable(),
});

export const applicationSummarySchema = creditApplicationSchema.pick({
  applicationNo: true,
  status: true,
  statusText: true,
  nextStep: true,
  market: true,
  decision: true,
});

export const creditApplication = endpoint({
  ...apiRoutes.creditApplication,
  summary: 'The borrower’s open credit application, else their newest decided one (null: none yet), and the markets they may apply in',
  request: z.object({}).loose(),
  data: z.object({
    application: creditApplicationSchema.nullable(),
    /** A borrower with loans or offers applies in their market; a new one chooses. */
    markets: z.array(marketSchema),
  }),
});

export const applicationIdentity = endpoint({
  ...apiRoutes.applicationIdentity,
  summary: 'Application step 1, identity: MX names, birth, sex, state, CURP, RFC; IN PAN name, PAN, Aadhaar; e-mail',
  request: z.object({
    /** Fixed by the first save; a borrower with loans or offers applies in their market only. */
    market: marketSchema,
    final: finalField,
    givenNames: text(60),
    firstSurname: text(60),
    secondSurname: text(60),
    fullName: text(120),
    birthDate: text(10),
    sex: text(1),
    birthState: text(2),
    curp: text(24),
    rfc: text(16),
    pan: text(12),
    /** 12 digits (spaces allowed); read with final=1 only, sent to the verifier, kept as its last four digits. */
    aadhaar: text(16),
    email: text(254),
    /** IN: 'IN' or 'other' (required with final=1 in India). */
    nationality: text(5),
  }),
  data: z.object({ application: creditApplicationSchema }),
});

export const applicationAddress = endpoint({
  ...apiRoutes.applicationAddress,
  summary: 'Application step 2, address: MX street, number, colonia, postal code, municipality, state; IN lines, city, state, PIN',
  request: z.object({
    final: finalField,
    street: text(120),
    number: text(20),
    interior: text(20),
    colonia: text(80),
    municipality: text(80),
    postalCode: text(10),
    state: text(2),
    line1: text(120),
    line2: text(120),
    city: text(80),
    permanent: intField(0, 1).default(0),
    /** YYYY-MM: not in the future nor before the applicant's birth (required with final=1). */
    residentSince: text(7),
  }),
  data: z.object({ application: creditApplicationSchema }),
});

export const applicationWork = endpoint({
  ...apiRoutes.applicationWork,
  summary: 'Application step 3, work and income: occupation, employer, monthly income, pay frequency, monthly obligations',
  request: z.object({
    final: finalField,
    occupation: z.union([z.enum(occupations), z.literal('')]).optional().default(''),
    employer: text(120),
    monthlyIncome: amountField,
    payFrequency: z.union([z.enum(payFrequencies), z.literal('')]).optional().default(''),
    monthlyObligations: amountField,
    /** YYYY-MM: required with final=1 for occupations with an employer; not in the future. */
    workingSince: text(7),
  }),
  data: z.object({ application: creditApplicationSchema }),
});

/** upload-document: multipart with the field `kind` first, then one file in field `document`. */
export const applicationDocumentUpload = endpoint({
  ...apiRoutes.applicationDocumentUpload,
  summary: 'Application step 4: one document or the selfie (multipart: kind, then document; JPEG, PNG or WebP by content; re-encoded without metadata)',
  request: z.object({}).loose(),
  data: z.object({ application: creditApplicationSchema }),
});

export const applicationConsentCode = endpoint({
  ...apiRoutes.applicationConsentCode,
  summary: 'Application step 5, signing: a 6-digit code sent by SMS to the borrower’s phone',
  request: z.object({}).loose(),
  data: z.object({ resendAfter: z.number().int(), expiresIn: z.number().int() }),
});

export const applicationConsents = endpoint({
  ...apiRoutes.applicationConsents,
  summary: 'Application step 5: the consents (bureau may be withheld; privacy and data use are needed) signed with the SMS code',
  request: z.object({
    bureau: intField(0, 1),
    privacy: intField(0, 1),
    dataUse: intField(0, 1),
    /** The versions of the texts the borrower read (consentTexts); an old one is refused (409) with the new text. */
    bureauVersion: z.string().trim().max(40),
    privacyVersion: z.string().trim().max(40),
    dataUseVersion: z.string().trim().max(40),
    code: z.string().trim().regex(/^\d{6}$/, 'must be the 6 digits of the SMS'),
  }),
  data: z.object({ application: creditApplicationSchema }),
});

export const applicationSubmit = endpoint({
  ...apiRoutes.applicationSubmit,
  summary: 'Submit the application: every step complete and the bureau authorised; answers its state at once (verification follows)',
  request: z.object({}).loose(),
  data: z.object({ application: creditApplicationSchema }),
});
