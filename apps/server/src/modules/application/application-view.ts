import type { z } from 'zod';
import type { applicationSummarySchema, creditApplicationSchema } from '@presta/contract/api/application';
import { consentText, consentVersion } from '@presta/contract/application-consents';
import {
  APPLICATION_DOCUMENT_PATH,
  applicationSteps,
  consentKinds,
  editableStatuses,
  requiredDocuments,
  type ApplicationStatus,
  type ApplicationStep,
  type ConsentKind,
} from '@presta/contract/application-rules';
import { maskAadhaar } from '@presta/contract/identity/aadhaar';
import type { Language } from '@presta/contract/language';
import type { DbOrTx } from '../../db/database';
import type { StepAnswers } from '../../db/schema';
import { translate, type MessageKey } from '../../i18n/messages';
import { activeDocuments } from './application-documents';
import { currentConsents, type ApplicationRow, type ConsentRow } from './application-store';

/*
 * An application as the borrower reads it (the contract's creditApplicationSchema): the answers as saved, which
 * steps are complete, the documents (addresses only), the consents in force and the texts to sign, the state and
 * the problems of a return in the request's language. The Aadhaar shows only as its masked last four.
 */

export type CreditApplicationView = z.input<typeof creditApplicationSchema>;
export type ApplicationSummary = z.input<typeof applicationSummarySchema>;

const statusTexts: Record<ApplicationStatus, MessageKey> = {
  draft: 'applicationStatusDraft',
  submitted: 'applicationStatusSubmitted',
  returned: 'applicationStatusReturned',
  in_review: 'applicationStatusInReview',
  referred: 'applicationStatusReferred',
  approved: 'applicationStatusApproved',
  declined: 'applicationStatusDeclined',
};

export const stepNames: Record<ApplicationStep, MessageKey> = {
  identity: 'applicationStepIdentity',
  address: 'applicationStepAddress',
  work: 'applicationStepWork',
  documents: 'applicationStepDocuments',
  consents: 'applicationStepConsents',
};

/** The consents' step is complete when privacy and data use are granted in their current texts, and bureau answered in its. */
export function consentsComplete(row: ApplicationRow, consents: ConsentRow[]): boolean {
  return consentKinds.every((kind) => {
    const c = consents.find((x) => x.kind === kind);
    return c !== undefined && c.version === consentVersion(row.market, kind) && (kind === 'bureau' || c.granted);
  });
}

/** Whether the bureau's consent is granted in its current text (submit needs it). */
export function bureauGranted(row: ApplicationRow, consents: ConsentRow[]): boolean {
  const c = consents.find((x) => x.kind === 'bureau');
  return c !== undefined && c.granted && c.version === consentVersion(row.market, 'bureau');
}

type Completed = Record<ApplicationStep, boolean>;

/** Which steps are complete, and the first that is not (null: every one). */
export async function progressOf(db: DbOrTx, row: ApplicationRow) {
  const [documents, consents] = await Promise.all([activeDocuments(db, row.id), currentConsents(db, row.id)]);
  const kinds = new Set(documents.map((d) => d.kind));
  const completed: Completed = {
    identity: row.identityCompletedAt !== null,
    address: row.addressCompletedAt !== null,
    work: row.workCompletedAt !== null,
    documents: requiredDocuments[row.market].every((kind) => kinds.has(kind)),
    consents: consentsComplete(row, consents),
  };
  const nextStep = applicationSteps.find((step) => !completed[step]) ?? null;
  return { completed, nextStep, documents, consents };
}

const str = (answers: StepAnswers, key: string) => {
  const v = answers[key];
  return typeof v === 'string' ? v : '';
};
const amount = (answers: StepAnswers, key: string) => {
  const v = str(answers, key);
  return v === '' ? null : Number(v);
};


function identityView(row: ApplicationRow): CreditApplicationView['identity'] {
  const a = row.identity;
  const keys = ['givenNames', 'firstSurname', 'secondSurname', 'fullName', 'birthDate', 'sex', 'birthState', 'curp', 'rfc', 'pan', 'email', 'nationality'] as const;
  const view = Object.fromEntries(keys.map((k) => [k, str(a, k)])) as Record<(typeof keys)[number], string>;
  return { ...view, aadhaarMasked: row.aadhaarLast4 ? maskAadhaar(row.aadhaarLast4) : '' };
}

function addressView(row: ApplicationRow): CreditApplicationView['address'] {
  const a = row.address;
  const keys = ['street', 'number', 'interior', 'colonia', 'municipality', 'postalCode', 'state', 'line1', 'line2', 'city', 'residentSince'] as const;
  const view = Object.fromEntries(keys.map((k) => [k, str(a, k)])) as Record<(typeof keys)[number], string>;
  return { ...view, permanent: a.permanent === true };
}

function workView(row: ApplicationRow): CreditApplicationView['work'] {
  const w = row.work;
  return {
    occupation: str(w, 'occupation'),
    employer: str(w, 'employer'),
    monthlyIncome: amount(w, 'monthlyIncome'),
    payFrequency: str(w, 'payFrequency'),
    monthlyObligations: amount(w, 'monthlyObligations'),
    workingSince: str(w, 'workingSince'),
  };
}

/** A calendar day in words in `lang` ('3 de marzo de 2027', '3 March 2027'): the reapply day, a proposal's last day. */
export function dayInWords(day: string, lang: Language): string {
  const format = new Intl.DateTimeFormat(lang === 'es' ? 'es-MX' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return format.format(new Date(`${day}T00:00:00Z`));
}

/** The decision as the borrower reads it: once decided (referred, approved, declined), with a decline's reasons. */
function decisionView(row: ApplicationRow, lang: Language): CreditApplicationView['decision'] {
  if (!row.decidedAt || (row.status !== 'referred' && row.status !== 'approved' && row.status !== 'declined')) return null;
  const declined = row.status === 'declined';
  return {
    outcome: row.status,
    reasons: declined ? row.decisionReasons.map((code) => translate(lang, `creditReason_${code}` as MessageKey)) : [],
    reapplyAfter: declined ? row.reapplyAfter : null,
    decidedAt: row.decidedAt.toISOString(),
  };
}

/** A problem's reason as stored is a kyc* message key (application-verification.ts writes them). */
const problemText = (lang: Language, reason: string) => translate(lang, (reason.startsWith('kyc') ? reason : 'kycDataMismatch') as MessageKey);

/** The application as its borrower reads it, in `lang`. */
export async function applicationView(db: DbOrTx, row: ApplicationRow, lang: Language): Promise<CreditApplicationView> {
  const { completed, nextStep, documents, consents } = await progressOf(db, row);
  return {
    applicationNo: row.applicationNo,
    market: row.market,
    status: row.status,
    statusText: translate(lang, statusTexts[row.status]),
    editable: editableStatuses.includes(row.status),
    nextStep,
    completed,
    identity: identityView(row),
    address: addressView(row),
    work: workView(row),
    requiredDocuments: [...requiredDocuments[row.market]],
    documents: documents.map((d) => ({ kind: d.kind, url: `${APPLICATION_DOCUMENT_PATH}?kind=${d.kind}`, uploadedAt: d.createdAt.toISOString() })),
    consents: consents.map((c) => ({ kind: c.kind, version: c.version, granted: c.granted, at: c.at.toISOString() })),
    consentTexts: consentKinds.map((kind: ConsentKind) => ({ kind, ...consentText(row.market, kind, lang) })),
    problems: row.problems.map((p) => ({ step: p.step as ApplicationStep, message: problemText(lang, p.reason) })),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    decision: decisionView(row, lang),
  };
}

/** Home's summary of an application. */
export async function applicationSummary(db: DbOrTx, row: ApplicationRow, lang: Language): Promise<ApplicationSummary> {
  const { nextStep } = await progressOf(db, row);
  const statusText = translate(lang, statusTexts[row.status]);
  return { applicationNo: row.applicationNo, status: row.status, statusText, nextStep, market: row.market, decision: decisionView(row, lang) };
}
