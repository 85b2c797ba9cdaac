import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { applicationConsentCode, applicationConsents, creditApplication } from '@presta/contract/api/application';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { consentVersion } from '@presta/contract/application-consents';
import { requiredDocuments, type DocumentKind } from '@presta/contract/application-rules';
import type { MarketCode } from '@presta/contract/markets';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { creditApplications, smsOutbox } from '../src/db/schema';
import { uploadDocument } from '../src/modules/application/document-upload';
import { createRepositories } from '../src/repositories';
import { sandboxApplicants } from '../src/modules/application/kyc/kyc-sandbox-data';
import { answerOf, createBorrower, createSession, injectAs, type Borrower } from './helpers';

/*
 * The credit application's test fixtures (issue 34): borrowers who apply, each step's answers from the KYC
 * sandbox's identities (h1's kyc-sandbox-data: deterministic outcomes), documents stored as the documents module
 * stores them (re-encoded JPEG rows), and the consents signed with the SMS code.
 */

export const paths = {
  application: apiRoutes.creditApplication.path,
  identity: apiRoutes.applicationIdentity.path,
  address: apiRoutes.applicationAddress.path,
  work: apiRoutes.applicationWork.path,
  consentCode: apiRoutes.applicationConsentCode.path,
  consents: apiRoutes.applicationConsents.path,
  submit: apiRoutes.applicationSubmit.path,
  home: apiRoutes.accountHome.path,
};

export type SandboxOutcome = keyof typeof sandboxApplicants;
export type Lang = 'es' | 'en';

/** The page's language parameter: 1 English, 2 Spanish. */
export const languageParam = (lang: Lang) => (lang === 'en' ? '1' : '2');

let ipSeq = 0;
/** A client address of its own per call (the SMS limits count per address). */
export const nextIp = () => `198.51.${Math.floor(++ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;

/** A borrower's call as the pages make it, in `lang`. */
export function call(app: App, sessionId: string, path: string, payload: Record<string, string | number> = {}, lang: Lang = 'es') {
  return injectAs(app, sessionId, { url: path, payload, query: { language: languageParam(lang) } });
}

/** A new borrower (no products) with a live session. */
export async function applicant(db: Db, opts: { language?: Lang } = {}): Promise<{ borrower: Borrower; sessionId: string }> {
  const borrower = await createBorrower(db, { bankAccount: '', language: opts.language ?? 'es', fullName: '' });
  return { borrower, sessionId: await createSession(db, borrower.id) };
}

/** The identity step's payload of a sandbox identity (every field the step takes, as strings). */
export function identityPayload(market: MarketCode, outcome: SandboxOutcome = 'verified'): Record<string, string> {
  const person = sandboxApplicants[outcome][market] as Record<string, string>;
  return { ...person, market, nationality: market === 'IN' ? 'IN' : '' };
}

export const addressPayload: Record<MarketCode, Record<string, string | number>> = {
  MX: { street: 'Av. Insurgentes Sur', number: '1457', interior: '4B', colonia: 'Insurgentes Mixcoac', municipality: 'Benito Juárez', postalCode: '03920', state: 'DF', residentSince: '2019-03' },
  IN: { line1: '14 MG Road', line2: 'Near Trinity Circle', city: 'Bengaluru', state: 'KA', postalCode: '560001', permanent: 1, residentSince: '2019-03' },
};

export const workPayload: Record<string, string | number> = {
  occupation: 'employed',
  employer: 'Comercial del Centro',
  monthlyIncome: '1850000',
  payFrequency: 'biweekly',
  monthlyObligations: '250000',
  workingSince: '2021-08',
};

/** A small real JPEG (the documents module re-encodes it and strips its metadata). */
async function jpeg(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 480, height: 360, channels: 3, background: { r: (seed * 50) % 255, g: 120, b: 200 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Uploads every document the market requires (or `kinds`) through the documents module, as the borrower. */
export async function storeDocuments(db: Db, applicationNo: string, kinds?: readonly DocumentKind[]): Promise<void> {
  const [row] = await db.select().from(creditApplications).where(eq(creditApplications.applicationNo, applicationNo));
  if (!row) throw new Error(`no application ${applicationNo}`);
  const ctx = { db, repos: createRepositories(db), lang: 'es' as const, now: new Date(), borrowerId: row.borrowerId };
  let seed = 0;
  for (const kind of kinds ?? requiredDocuments[row.market]) await uploadDocument(ctx, kind, await jpeg(++seed));
}

/** The 6-digit code of the latest SMS to the phone. */
export async function lastCode(db: Db, phone: string): Promise<string> {
  const [m] = await db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
  const code = /\b(\d{6})\b/.exec(m?.body ?? '')?.[1];
  if (!code) throw new Error('no code sent');
  return code;
}

/** Asks for a consent code and signs with it (bureau as given), answering the signing's response. */
export async function signConsents(app: App, db: Db, who: { borrower: Borrower; sessionId: string }, market: MarketCode, opts: { bureau?: 0 | 1 } = {}) {
  const sent = await injectAs(app, who.sessionId, { url: paths.consentCode, payload: {}, remoteAddress: nextIp() });
  if (sent.statusCode !== 200) throw new Error(`consent code: ${sent.statusCode} ${sent.body}`);
  answerOf(sent, applicationConsentCode);
  const code = await lastCode(db, who.borrower.phone);
  return injectAs(app, who.sessionId, {
    url: paths.consents,
    payload: {
      bureau: opts.bureau ?? 1,
      privacy: 1,
      dataUse: 1,
      bureauVersion: consentVersion(market, 'bureau'),
      privacyVersion: consentVersion(market, 'privacy'),
      dataUseVersion: consentVersion(market, 'data_use'),
      code,
    },
  });
}

/**
 * A borrower whose application has every step complete (documents stored, consents signed with the bureau's as
 * given), ready to submit; the identity from the sandbox's `outcome`.
 */
export async function completeApplication(
  app: App,
  db: Db,
  market: MarketCode,
  opts: { outcome?: SandboxOutcome; bureau?: 0 | 1; language?: Lang; identity?: Record<string, string> } = {},
) {
  const who = await applicant(db, { language: opts.language });
  const steps: [string, Record<string, string | number>][] = [
    [paths.identity, { ...(opts.identity ?? identityPayload(market, opts.outcome)), final: 1 }],
    [paths.address, { ...addressPayload[market], final: 1 }],
    [paths.work, { ...workPayload, final: 1 }],
  ];
  for (const [path, payload] of steps) {
    const res = await call(app, who.sessionId, path, payload);
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  }
  const read = answerOf(await call(app, who.sessionId, paths.application), creditApplication).data.application!;
  await storeDocuments(db, read.applicationNo);
  const signed = await signConsents(app, db, who, market, { bureau: opts.bureau });
  if (signed.statusCode !== 200) throw new Error(`consents: ${signed.statusCode} ${signed.body}`);
  answerOf(signed, applicationConsents);
  return { ...who, applicationNo: read.applicationNo };
}

/** The application's row by its number. */
export async function applicationRow(db: Db, applicationNo: string) {
  const [row] = await db.select().from(creditApplications).where(eq(creditApplications.applicationNo, applicationNo));
  return row!;
}
