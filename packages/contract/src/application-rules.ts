import type { MarketCode } from './markets';

/*
 * The credit application (issue 34, docs/application.md): its steps, states, documents, consents and limits, one
 * table that the server checks, the pages follow and the tests run. Identity numbers' forms: ./identity/.
 */

/** The steps in the order the borrower completes them (each saved on the server as it is completed). */
export const applicationSteps = ['identity', 'address', 'work', 'documents', 'consents'] as const;
export type ApplicationStep = (typeof applicationSteps)[number];

/**
 * draft: being filled in (editable). submitted: sent, identity being verified (not editable). returned: the checks
 * found something the borrower can correct (editable, submitted again). in_review: identity verified, the credit
 * decision being made (issue 35). referred: the policy hands it to a reviewer. approved: offers granted (closed).
 * declined: refused with reasons and the day the borrower may apply again (closed).
 */
export const applicationStatuses = ['draft', 'submitted', 'returned', 'in_review', 'referred', 'approved', 'declined'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** The states of a borrower's one open application: a new one may be started only when none is in these. */
export const openApplicationStatuses: readonly ApplicationStatus[] = ['draft', 'submitted', 'returned', 'in_review', 'referred'];

/** The credit decision's outcomes (issue 35, docs/credit-policy.md). */
export const creditOutcomes = ['approved', 'referred', 'declined'] as const;
export type CreditOutcome = (typeof creditOutcomes)[number];

/**
 * The credit decision's reason codes (docs/credit-policy.md "Reasons"): each knock-out and refer rule has one, and a
 * reviewer declines with one of reviewerDeclineReasons. The borrower reads each in plain words in their language
 * (the server's messages `creditReason_<code>`); the back office shows the code and the words.
 */
export const creditReasons = [
  'age_under_minimum',
  'age_over_maximum',
  'not_national',
  'no_permanent_address',
  'identity_not_verified',
  'face_score_low',
  'identity_in_use',
  'current_delinquency',
  'too_many_inquiries',
  'income_below_minimum',
  'bureau_data_mismatch',
  'bureau_file_not_found',
  'thin_file',
  'score_below_cutoff',
  'score_in_review_band',
  'over_indebted',
  'no_affordable_amount',
  'reviewer_income_not_verifiable',
  'reviewer_affordability',
  'reviewer_credit_history',
  'reviewer_identity_doubt',
  'reviewer_other_policy',
] as const;
export type CreditReason = (typeof creditReasons)[number];

/** What a reviewer may decline a referred application for (each shown to the borrower in plain words). */
export const reviewerDeclineReasons = [
  'reviewer_income_not_verifiable',
  'reviewer_affordability',
  'reviewer_credit_history',
  'reviewer_identity_doubt',
  'reviewer_other_policy',
] as const satisfies readonly CreditReason[];
export type ReviewerDeclineReason = (typeof reviewerDeclineReasons)[number];

/** India's identity step asks the applicant's nationality (the loan terms: Indian nationals only). */
export const nationalities = ['IN', 'other'] as const;

/** The states in which the borrower may still change their answers. */
export const editableStatuses: readonly ApplicationStatus[] = ['draft', 'returned'];

/** The documents each market asks for; `selfie` is taken with the camera (a file picker where there is none). */
export const documentKinds = ['ine_front', 'ine_back', 'pan_card', 'selfie'] as const;
export type DocumentKind = (typeof documentKinds)[number];
export const requiredDocuments: Record<MarketCode, readonly DocumentKind[]> = {
  MX: ['ine_front', 'ine_back', 'selfie'],
  IN: ['pan_card', 'selfie'],
};

/**
 * A document's image (GET, with ?kind= and the session parameters): the borrower's own only. Not in the API
 * document's JSON calls: it answers the image bytes. The console's copy: CONSOLE_APPLICATION_DOCUMENT_PATH.
 */
export const APPLICATION_DOCUMENT_PATH = '/v3/certify/document-image';
export const CONSOLE_APPLICATION_DOCUMENT_PATH = '/console/api/credit-applications/document';

/** Consents signed with an SMS code; `bureau` may be withheld (saved, but not submitted without it). */
export const consentKinds = ['bureau', 'privacy', 'data_use'] as const;
export type ConsentKind = (typeof consentKinds)[number];

/** Age from the birth date, in whole years, on the day the step is saved (the loan terms: over 18). */
export const APPLICANT_MIN_AGE = 18;
export const APPLICANT_MAX_AGE = 75;

/** Occupation and pay frequency of the work step (India: the economic profile recorded before lending). */
export const occupations = ['employed', 'self_employed', 'business_owner', 'student', 'retired', 'homemaker', 'unemployed', 'other'] as const;
export type Occupation = (typeof occupations)[number];
/** The occupations whose employer (or business) name is asked for. */
export const occupationsWithEmployer: readonly Occupation[] = ['employed', 'self_employed', 'business_owner'];
export const payFrequencies = ['weekly', 'biweekly', 'semimonthly', 'monthly', 'irregular'] as const;
export type PayFrequency = (typeof payFrequencies)[number];

/** Income and obligations, minor units a month: at most 100 million of the currency's major unit. */
export const MONTHLY_AMOUNT_MAX = 10_000_000_000;

/** Uploads: the largest file taken, and the smallest picture that can show a document or a face. */
export const DOCUMENT_MAX_BYTES = 8 * 1024 * 1024;
export const DOCUMENT_MIN_SIDE_PX = 320;
/** What is stored: re-encoded JPEG, its longer side at most this. */
export const DOCUMENT_STORED_MAX_SIDE_PX = 2000;

/** Mexico's states as CURP writes them (two letters), with their names; NE: born abroad. */
export const mxStates = {
  AS: 'Aguascalientes', BC: 'Baja California', BS: 'Baja California Sur', CC: 'Campeche', CL: 'Coahuila',
  CM: 'Colima', CS: 'Chiapas', CH: 'Chihuahua', DF: 'Ciudad de México', DG: 'Durango', GT: 'Guanajuato',
  GR: 'Guerrero', HG: 'Hidalgo', JC: 'Jalisco', MC: 'Estado de México', MN: 'Michoacán', MS: 'Morelos',
  NT: 'Nayarit', NL: 'Nuevo León', OC: 'Oaxaca', PL: 'Puebla', QT: 'Querétaro', QR: 'Quintana Roo',
  SP: 'San Luis Potosí', SL: 'Sinaloa', SR: 'Sonora', TC: 'Tabasco', TS: 'Tamaulipas', TL: 'Tlaxcala',
  VZ: 'Veracruz', YN: 'Yucatán', ZS: 'Zacatecas', NE: 'Nacido en el extranjero',
} as const;

/** India's states and union territories (ISO 3166-2:IN codes), with their names. */
export const inStates = {
  AN: 'Andaman and Nicobar Islands', AP: 'Andhra Pradesh', AR: 'Arunachal Pradesh', AS: 'Assam', BR: 'Bihar',
  CH: 'Chandigarh', CT: 'Chhattisgarh', DH: 'Dadra and Nagar Haveli and Daman and Diu', DL: 'Delhi', GA: 'Goa',
  GJ: 'Gujarat', HR: 'Haryana', HP: 'Himachal Pradesh', JK: 'Jammu and Kashmir', JH: 'Jharkhand', KA: 'Karnataka',
  KL: 'Kerala', LA: 'Ladakh', LD: 'Lakshadweep', MP: 'Madhya Pradesh', MH: 'Maharashtra', MN: 'Manipur',
  ML: 'Meghalaya', MZ: 'Mizoram', NL: 'Nagaland', OR: 'Odisha', PY: 'Puducherry', PB: 'Punjab', RJ: 'Rajasthan',
  SK: 'Sikkim', TN: 'Tamil Nadu', TG: 'Telangana', TR: 'Tripura', UP: 'Uttar Pradesh', UT: 'Uttarakhand',
  WB: 'West Bengal',
} as const;
