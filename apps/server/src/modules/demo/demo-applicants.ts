import { randomInt } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { consentVersion } from '@presta/contract/application-consents';
import { applicationSteps, requiredDocuments, type ApplicationStep, type CreditOutcome } from '@presta/contract/application-rules';
import type { Language } from '@presta/contract/language';
import type { MarketCode } from '@presta/contract/markets';
import type { Db } from '../../db/database';
import { borrowers, creditApplications, smsOutbox } from '../../db/schema';
import type { BorrowerContext, Repositories } from '../../plugins/app/repositories';
import { saveAddress, saveIdentity, saveWork, sendConsentCode, signConsents, submitApplication } from '../application/application-service';
import { uploadDocument } from '../application/document-upload';
import type { KycProvider } from '../application/kyc/kyc-provider';
import type { IndiaIdentity, MexicoIdentity } from '../application/kyc/kyc-sandbox-data';
import { verifyApplication } from '../application/application-verification';
import { newestApplication } from '../application/application-store';
import { demoOutcomeProfiles, sandboxBureauIdentity, type SandboxBureauProfile } from '../credit/bureau/bureau-sandbox-data';
import type { CreditBureau } from '../credit/bureau/credit-bureau';
import { latestDecision } from '../credit/credit-store';
import { decideApplication } from '../credit/decide-application';
import { deliverQueuedSms } from '../sms/sms-delivery';
import type { SmsProvider } from '../sms/sms-provider';

/*
 * Demo applicants (issues 34 and 35, docs/application.md "Demo"): a borrower without products whose credit
 * application is at a given step, every step before it completed through the application's own calls with an
 * identity the KYC sandbox verifies and whose sandbox bureau file has the profile asked for (its own identity per
 * applicant: the borrower's id gives the seed, so two demo applicants never share one and never meet the
 * identity_in_use knock-out), the documents as small real JPEGs through the documents module, the consents signed
 * with the code the SMS carried. `submitted`: submitted as well (a running server's jobs then verify and decide
 * it); decideDemoApplicant runs the verification and the decision at once instead.
 */

/** A step to fill; `review`: every step done and signed, the application ready to send; `submitted`: sent. */
export type DemoApplicantStep = ApplicationStep | 'review' | 'submitted';
export const demoApplicantSteps: readonly DemoApplicantStep[] = [...applicationSteps, 'review', 'submitted'];

/** The outcomes `--outcome` takes; the sandbox bureau file behind each: demoOutcomeProfiles (bureau-sandbox-data.ts). */
export { demoOutcomeProfiles };
export const demoOutcomes = Object.keys(demoOutcomeProfiles) as CreditOutcome[];

/**
 * The seed of a demo applicant's identity: the borrower's id times a step coprime to the range, so that one id gives
 * one seed below DEMO_SEEDS (sandboxBureauIdentity's identities differ below 1 560 000) and applicants made one after
 * another differ in name, not only in birth date. Seeds from DEMO_SEEDS up are left to the journeys' own identities.
 */
const DEMO_SEEDS = 1_000_000;
const SEED_STEP = 7_001;
export const demoIdentitySeed = (borrowerId: number): number => Number((BigInt(borrowerId) * BigInt(SEED_STEP)) % BigInt(DEMO_SEEDS));

/** A plain picture standing for a document or a selfie: a real JPEG of the documents' minimum size and more. */
async function demoPicture(hue: number): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 420, channels: 3, background: { r: 40 + hue, g: 90, b: 160 } } })
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** The 6-digit code of the latest SMS to the phone (the demo has no gateway: the outbox holds it). */
async function codeSentTo(db: Db, phone: string): Promise<string> {
  const [m] = await db.select({ body: smsOutbox.body }).from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
  const code = /\b(\d{6})\b/.exec(m?.body ?? '')?.[1];
  if (!code) throw new Error('the consent code was not queued');
  return code;
}

const addresses = {
  MX: { street: 'Calle Durango', number: '81', interior: '', colonia: 'Roma Norte', municipality: 'Cuauhtémoc', postalCode: '06700', state: 'DF' },
  IN: { line1: '12 MG Road', line2: 'Ashok Nagar', city: 'Bengaluru', state: 'KA', postalCode: '560001', permanent: 1 },
} as const;
/** Living there and working there since (scored: time at address and employer). */
const RESIDENT_SINCE = '2019-03';
const WORKING_SINCE = '2021-08';

const blankAddress = { street: '', number: '', interior: '', colonia: '', municipality: '', postalCode: '', state: '', line1: '', line2: '', city: '', permanent: 0, residentSince: '' };

/** Completes the steps before `step`, one by one, as the borrower would. */
async function completeSteps(ctx: BorrowerContext, market: MarketCode, step: DemoApplicantStep, deps: { kyc: KycProvider; phone: string; person: MexicoIdentity | IndiaIdentity }) {
  const { person } = deps;
  const identity = { ...blankIdentity, ...person, market, nationality: market === 'IN' ? 'IN' : '' };
  const before = (s: DemoApplicantStep) => demoApplicantSteps.indexOf(s) < demoApplicantSteps.indexOf(step);
  // At the identity step the draft holds what the borrower typed so far (the Aadhaar is never kept).
  await saveIdentity(ctx, { ...identity, final: before('identity') ? 1 : 0 }, deps);
  if (before('address')) await saveAddress(ctx, { ...blankAddress, ...addresses[market], residentSince: RESIDENT_SINCE, final: 1 });
  if (before('work')) {
    await saveWork(ctx, { final: 1, occupation: 'employed', employer: market === 'MX' ? 'Comercial Roma' : 'Infosys', monthlyIncome: '2200000', payFrequency: 'monthly', monthlyObligations: '300000', workingSince: WORKING_SINCE });
  }
  if (before('documents')) {
    for (const [i, kind] of requiredDocuments[market].entries()) await uploadDocument(ctx, kind, await demoPicture(i * 40));
  }
  if (before('consents')) {
    // Each demo applicant counts as its own address: the daily cap per address is for real clients.
    await sendConsentCode(ctx, `demo:${ctx.borrowerId}`);
    const code = await codeSentTo(ctx.db, deps.phone);
    const versions = { bureauVersion: consentVersion(market, 'bureau'), privacyVersion: consentVersion(market, 'privacy'), dataUseVersion: consentVersion(market, 'data_use') };
    await signConsents(ctx, { bureau: 1, privacy: 1, dataUse: 1, ...versions, code }, { clientIp: '127.0.0.1', device: 'Demo Phone, Android 14' });
  }
  if (step === 'submitted') await submitApplication(ctx);
}

const blankIdentity = {
  givenNames: '', firstSurname: '', secondSurname: '', fullName: '', birthDate: '', sex: '', birthState: '', curp: '', rfc: '', pan: '', aadhaar: '', email: '', nationality: '',
};

/** The demo applicant's name as the borrower row holds it. */
function nameOf(person: MexicoIdentity | IndiaIdentity): string {
  return 'fullName' in person ? person.fullName : [person.givenNames, person.firstSurname, person.secondSurname].filter(Boolean).join(' ');
}

/**
 * A demo borrower (listed on the test page) with an application at `step`. Their phone is new, and so is their
 * identity: the sandbox's of `profile` (default clean_high: approved once decided) seeded by the borrower's id.
 */
export async function makeDemoApplicant(
  db: Db,
  deps: { repos: Repositories; kyc: KycProvider },
  input: { language: Language; market: MarketCode; step: DemoApplicantStep; profile?: SandboxBureauProfile },
): Promise<{ borrowerId: number; phone: string; person: MexicoIdentity | IndiaIdentity }> {
  const phone = input.market === 'IN' ? `9${String(randomInt(0, 1e9)).padStart(9, '0')}` : `55${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  const [row] = await db.insert(borrowers).values({ phone, fullName: '', language: input.language, address: '', isDemo: true }).returning({ id: borrowers.id });
  const borrowerId = row!.id;
  const person = sandboxBureauIdentity(input.market, input.profile ?? 'clean_high', demoIdentitySeed(borrowerId));
  await db.update(borrowers).set({ fullName: nameOf(person) }).where(eq(borrowers.id, borrowerId));
  const ctx: BorrowerContext = { db, repos: deps.repos, lang: input.language, now: new Date(), borrowerId };
  await completeSteps(ctx, input.market, input.step, { kyc: deps.kyc, phone, person });
  return { borrowerId, phone, person };
}

export type DemoDecision = {
  applicationId: number;
  applicationNo: string;
  status: string;
  outcome: CreditOutcome | null;
  reasons: string[];
  reapplyAfter: string | null;
  limits: { productCode: string; limitAmount: number }[];
};

/**
 * A submitted demo application verified and decided now, as the server's two jobs would (their SMS delivered when
 * `sms` is given). A running server's jobs may take it first: each act skips an application already past it, so
 * the answer is read back from the application and its latest decision.
 */
export async function decideDemoApplicant(
  db: Db,
  deps: { kyc: KycProvider; bureau: CreditBureau; sms?: SmsProvider; log?: FastifyBaseLogger },
  borrowerId: number,
): Promise<DemoDecision> {
  const submitted = await newestApplication(db, borrowerId);
  if (!submitted) throw new Error('the demo applicant has no application');
  const verified = await verifyApplication({ db, kyc: deps.kyc }, submitted.id);
  const decided = await decideApplication({ db, bureau: deps.bureau, log: deps.log }, submitted.id);
  const outboxIds = [verified.outboxId, 'outboxId' in decided ? decided.outboxId : undefined].filter((id) => id !== undefined);
  if (deps.sms) await deliverQueuedSms(db, deps.sms, outboxIds, deps.log);
  const [row] = await db.select().from(creditApplications).where(eq(creditApplications.id, submitted.id));
  const decision = await latestDecision(db, submitted.id);
  return {
    applicationId: submitted.id,
    applicationNo: row!.applicationNo,
    status: row!.status,
    outcome: decision?.outcome ?? null,
    reasons: decision?.reasons ?? [],
    reapplyAfter: decision?.reapplyAfter ?? null,
    limits: (decision?.limits ?? []).map(({ productCode, limitAmount }) => ({ productCode, limitAmount })),
  };
}
