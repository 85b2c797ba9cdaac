import { and, asc, eq } from 'drizzle-orm';
import { todayIn } from '@presta/contract/dates';
import { normalizeName } from '@presta/contract/identity/normalize';
import { marketOf } from '@presta/contract/markets';
import type { DbOrTx } from '../../db/database';
import { products, type StepAnswers } from '../../db/schema';
import { lastKycChecks, type ApplicationRow, type ConsentRow } from '../application/application-store';
import { loanRecordOf } from '../orders/order-reads';
import type { BureauSubject } from './bureau/credit-bureau';
import type { BureauReportRow } from './credit-store';
import type { BureauAttributes, CreditInputs, OwnHistory, ProductTerms } from './policy/policy-types';
import { termsOf } from './policy/product-terms';

/*
 * What a credit decision reads (issue 35, docs/credit-policy.md "Inputs"), gathered once and stored whole with the
 * decision so that a replay reads exactly the same: the application's answers, the identity checks of its last
 * submission, the duplicate-identity flags, the bureau's attributes, our own history with the borrower (orders'
 * loanRecordOf), the market's active products and today in the market's calendar. Also the bureau's subject.
 */

const text = (answers: StepAnswers, key: string) => {
  const v = answers[key];
  return typeof v === 'string' ? v : '';
};

/** An amount answered as digits (minor units); 0 when not a number. */
const amount = (answers: StepAnswers, key: string) => {
  const v = Number(answers[key]);
  return Number.isSafeInteger(v) ? v : 0;
};

/** The name on the application as the bureau file is compared with: Mexico's names and surnames, India's PAN name. */
export function applicantNameKey(row: ApplicationRow): string {
  const a = row.identity;
  const name = row.market === 'MX' ? [text(a, 'givenNames'), text(a, 'firstSurname'), text(a, 'secondSurname')].join(' ') : text(a, 'fullName');
  return normalizeName(name);
}

/** The applicant's answers as the policy reads them. */
export function applicantOf(row: ApplicationRow): CreditInputs['applicant'] {
  return {
    birthDate: row.birthDate ?? text(row.identity, 'birthDate'),
    nameKey: applicantNameKey(row),
    nationality: row.market === 'IN' ? text(row.identity, 'nationality') : '',
    permanentAddress: row.market === 'IN' ? row.address.permanent === true : true,
    residentSince: text(row.address, 'residentSince') || null,
    workingSince: text(row.work, 'workingSince') || null,
    occupation: text(row.work, 'occupation'),
    monthlyIncome: amount(row.work, 'monthlyIncome'),
    monthlyObligations: amount(row.work, 'monthlyObligations'),
  };
}

/** The identity as verified at the last submission, and whether another borrower holds it. */
async function identityOf(db: DbOrTx, row: ApplicationRow): Promise<CreditInputs['identity']> {
  const checks = await lastKycChecks(db, row.id);
  const face = checks.find((c) => c.check === 'face');
  return {
    verified: checks.length > 0 && checks.every((c) => c.outcome === 'verified'),
    faceScore: face?.score ?? null,
    usedByAnotherBorrower: row.flags.some((f) => f.kind === 'duplicate_identity'),
  };
}

/** A stored report's attributes (the columns the policy reads). */
export function attributesOf(report: BureauReportRow): BureauAttributes {
  return {
    found: report.outcome === 'found',
    score: report.score,
    openAccounts: report.openAccounts,
    worstDelinquencyDays: report.worstDelinquencyDays,
    inquiries90d: report.inquiries90d,
    monthlyPayments: report.monthlyPayments,
    fileBirthDate: report.fileBirthDate,
    fileNameKey: report.fileNameKey,
  };
}

/** The market's active products' terms, by id (the order the offers list them in). */
async function productTerms(db: DbOrTx, market: ApplicationRow['market']): Promise<ProductTerms[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.market, market), eq(products.active, true)))
    .orderBy(asc(products.id));
  return rows.map(termsOf);
}

/** Our history with the borrower as of `now`. */
async function historyOf(db: DbOrTx, borrowerId: number, now: Date): Promise<OwnHistory> {
  const { settledLoans, settledOnTime, everLate30, openLoans } = await loanRecordOf(db, borrowerId, now);
  return { settledLoans, settledOnTime, everLate30, openLoans };
}

/** Everything the decision of `row` reads at `now`, with the bureau's report (null: not pulled). */
export async function gatherInputs(db: DbOrTx, row: ApplicationRow, report: BureauReportRow | null, now: Date): Promise<CreditInputs> {
  const [identity, history, terms] = await Promise.all([identityOf(db, row), historyOf(db, row.borrowerId, now), productTerms(db, row.market)]);
  return {
    market: row.market,
    today: todayIn(marketOf(row.market).timeZone, now),
    applicant: applicantOf(row),
    identity,
    bureau: report ? attributesOf(report) : null,
    history,
    products: terms,
  };
}

/** Who the bureau is asked about, under the authorisation `consent`. */
export function bureauSubjectOf(row: ApplicationRow, consent: ConsentRow): BureauSubject {
  const a = row.identity;
  const d = row.address;
  const address =
    row.market === 'MX'
      ? [text(d, 'street'), text(d, 'number'), text(d, 'interior'), text(d, 'colonia'), text(d, 'municipality'), text(d, 'state')]
      : [text(d, 'line1'), text(d, 'line2'), text(d, 'city'), text(d, 'state')];
  return {
    market: row.market,
    applicationNo: row.applicationNo,
    givenNames: text(a, 'givenNames'),
    firstSurname: text(a, 'firstSurname'),
    secondSurname: text(a, 'secondSurname'),
    fullName: text(a, 'fullName'),
    birthDate: row.birthDate ?? text(a, 'birthDate'),
    curp: row.curp ?? '',
    rfc: text(a, 'rfc'),
    pan: row.pan ?? '',
    address: address.filter(Boolean).join(', '),
    postalCode: text(d, 'postalCode'),
    authorisation: { consentId: consent.id, version: consent.version, signedAt: consent.at },
  };
}
