import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { applicationConsents } from '@presta/contract/api/application';
import { consentText, consentVersion } from '@presta/contract/application-consents';
import { consentKinds, type ConsentKind } from '@presta/contract/application-rules';
import { todayIn } from '@presta/contract/dates';
import { errorCodes } from '@presta/contract/error-codes';
import { marketCodes, marketOf, type MarketCode } from '@presta/contract/markets';
import type { DbOrTx } from '../../db/database';
import { borrowers, type StepAnswers } from '../../db/schema';
import { AppError, badRequest, RETRY_AFTER_SECONDS } from '../../lib/app-error';
import { translate } from '../../i18n/messages';
import type { BorrowerContext } from '../../plugins/app/repositories';
import { productMarket } from '../session/borrower-profile';
import { codeRefused, queueBorrowerCode, type QueuedCode } from '../verification/borrower-codes';
import { checkCodeOf } from '../verification/verification-codes';
import {
  checkAadhaarNumber,
  checkAddress,
  checkIdentity,
  checkWork,
  draftAddress,
  draftIdentity,
  draftWork,
  type AddressInput,
  type IdentityInput,
  type WorkInput,
} from './application-checks';
import { queueVerification } from './application-queue';
import {
  assertEditable,
  changeState,
  createApplication,
  currentConsents,
  openApplication,
  reapplyDay,
  recordConsents,
  saveStep,
  type ApplicationRow,
  type IdentityKeys,
} from './application-store';
import { applicationView, bureauGranted, dayInWords, progressOf, stepNames, type CreditApplicationView } from './application-view';
import { KycUnavailable, type KycProvider } from './kyc/kyc-provider';

/*
 * The borrower's credit application (issue 34, docs/application.md): read it, save each step (final=0 as typed,
 * final=1 checked and completed; a refused step keeps what was typed), sign the consents with an SMS code, submit.
 * Every call works on the session's borrower's own application; the store writes it.
 */

type Answer = { application: CreditApplicationView };

/** The markets the borrower may apply in: the application's once its identity is complete, else their products', else every one. */
async function marketsFor(db: DbOrTx, borrowerId: number, row: ApplicationRow | undefined): Promise<MarketCode[]> {
  if (row?.identityCompletedAt) return [row.market];
  const fixed = await productMarket(db, borrowerId);
  return fixed ? [fixed] : [...marketCodes];
}

/** The borrower's open application, else their newest decided one (null: none yet), and the markets they may apply in. */
export async function getApplication(ctx: BorrowerContext): Promise<{ application: CreditApplicationView | null; markets: MarketCode[] }> {
  // The open application, else the newest decided one: the page shows an approval or a decline with its reasons.
  const row = await ctx.repos.applications.newest(ctx.borrowerId);
  const markets = await marketsFor(ctx.db, ctx.borrowerId, row);
  return { application: row ? await applicationView(ctx.db, row, ctx.lang) : null, markets };
}

/** The borrower's row locked for the transaction (two first saves at once make one application); their phone. */
async function lockBorrower(tx: DbOrTx, borrowerId: number): Promise<{ phone: string; language: 'es' | 'en' }> {
  const [row] = await tx.select({ phone: borrowers.phone, language: borrowers.language }).from(borrowers).where(eq(borrowers.id, borrowerId)).for('update');
  if (!row) throw new AppError(404, errorCodes.notFound, 'notFound');
  return row;
}

/** The borrower's open application, locked and editable (400 before the identity step made one). */
async function editableApplication(tx: DbOrTx, borrowerId: number): Promise<ApplicationRow> {
  const row = await openApplication(tx, borrowerId, { lock: true });
  if (!row) throw badRequest('applicationStartWithIdentity');
  assertEditable(row);
  return row;
}

/** The change feed's announcement of the borrower's data (their profile's market reads the application's). */
const announceMarket = (tx: DbOrTx, borrowerId: number) => tx.execute(sql`select pg_notify('presta_changes', ${`borrower-data:${borrowerId}`})`);

/** 409 naming the day when the borrower's newest decline says they may not apply again yet (the market's calendar). */
async function assertMayApply(tx: DbOrTx, ctx: BorrowerContext): Promise<void> {
  const wait = await reapplyDay(tx, ctx.borrowerId);
  if (!wait || todayIn(marketOf(wait.market).timeZone, ctx.now) >= wait.day) return;
  throw new AppError(409, errorCodes.applicationTooSoon, 'applicationTooSoon', { date: dayInWords(wait.day, ctx.lang) });
}

type CheckedStep = { answers: StepAnswers; keys?: IdentityKeys; aadhaar?: { last4: string; reference: string } };

/**
 * Saves a step: `check` (final=1) gives what to keep and completes the step; without it, or when it refuses (a 400,
 * or the Aadhaar verifier's 503), the draft is kept as typed and the step is no longer complete (the refusal is
 * thrown after the draft is stored).
 */
async function saveAnswers(
  ctx: BorrowerContext,
  step: 'identity' | 'address' | 'work',
  draft: StepAnswers,
  check: ((row: ApplicationRow) => CheckedStep) | undefined,
  market?: MarketCode,
): Promise<Answer> {
  let refusal: AppError | undefined;
  const saved = await ctx.db.transaction(async (tx) => {
    await lockBorrower(tx, ctx.borrowerId);
    let row = await openApplication(tx, ctx.borrowerId, { lock: true });
    if (!row && step !== 'identity') throw badRequest('applicationStartWithIdentity');
    if (row) assertEditable(row);
    if (!row || (market && row.market !== market)) {
      if (!row) await assertMayApply(tx, ctx);
      row = row ?? (await createApplication(tx, ctx.borrowerId, market!, ctx.now));
      await announceMarket(tx, ctx.borrowerId);
    }
    let checked: CheckedStep | undefined;
    try {
      checked = check ? check(row) : undefined;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refusal = error;
    }
    const completed = checked !== undefined;
    return saveStep(tx, row, step, { answers: checked?.answers ?? draft, completed, now: ctx.now, market, keys: checked?.keys, aadhaar: checked?.aadhaar });
  });
  if (refusal) throw refusal;
  return { application: await applicationView(ctx.db, saved, ctx.lang) };
}

/**
 * Step 1, identity. The market is the one asked for when the borrower may apply there (a borrower with products:
 * theirs; once the identity is complete: the application's), else 400. final=1 checks form and consistency and, in
 * India, hands the Aadhaar number to the verifier once (its reference and last four kept, never the number; the
 * one registered is kept when the number is not typed again and the name and birth date did not change).
 */
export async function saveIdentity(ctx: BorrowerContext, input: IdentityInput, deps: { kyc: KycProvider }): Promise<Answer> {
  const current = await ctx.repos.applications.open(ctx.borrowerId);
  const allowed = await marketsFor(ctx.db, ctx.borrowerId, current);
  if (!allowed.includes(input.market)) throw badRequest('applicationMarketFixed', { market: allowed[0]! });
  if (input.final === 0) return saveAnswers(ctx, 'identity', draftIdentity(input), undefined, input.market);
  const today = todayIn(marketOf(input.market).timeZone, ctx.now);
  // Checked before the transaction: the verifier's call may take seconds and must not hold the borrower's lock.
  let checked: CheckedStep | AppError;
  try {
    checked = await checkedIdentity(input, today, current, deps.kyc);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    checked = error;
  }
  const result = checked;
  return saveAnswers(
    ctx,
    'identity',
    draftIdentity(input),
    () => {
      if (result instanceof AppError) throw result;
      return result;
    },
    input.market,
  );
}

async function checkedIdentity(input: IdentityInput, today: string, current: ApplicationRow | undefined, kyc: KycProvider): Promise<CheckedStep> {
  const { answers, keys } = checkIdentity(input.market, input, today);
  if (input.market !== 'IN') return { answers, keys };
  const aadhaar = checkAadhaarNumber(input.aadhaar);
  if (aadhaar === '') {
    const sameHolder =
      current?.aadhaarReference && current.market === 'IN' && current.identity.fullName === answers.fullName && current.identity.birthDate === answers.birthDate;
    if (!sameHolder) throw badRequest('identityAadhaarRequired');
    return { answers, keys: { ...keys } };
  }
  try {
    const registered = await kyc.registerAadhaar({ aadhaar, fullName: String(answers.fullName), birthDate: String(answers.birthDate) });
    return { answers, keys, aadhaar: { last4: registered.last4, reference: registered.reference } };
  } catch (error) {
    if (error instanceof KycUnavailable) throw new AppError(503, errorCodes.serviceUnavailable, 'kycUnavailable', {}, RETRY_AFTER_SECONDS);
    throw error;
  }
}

/** What a month answered ("since when") is checked against: today in the application's market, the birth date. */
const sinceBounds = (ctx: BorrowerContext, row: ApplicationRow) => ({ today: todayIn(marketOf(row.market).timeZone, ctx.now), birthDate: row.birthDate });

/** Step 2, address (checked for the application's market with final=1). */
export async function saveAddress(ctx: BorrowerContext, input: AddressInput): Promise<Answer> {
  const check = (row: ApplicationRow) => ({ answers: checkAddress(row.market, input, sinceBounds(ctx, row)) });
  return saveAnswers(ctx, 'address', draftAddress(input), input.final === 1 ? check : undefined);
}

/** Step 3, work and income. */
export async function saveWork(ctx: BorrowerContext, input: WorkInput): Promise<Answer> {
  const check = (row: ApplicationRow) => ({ answers: checkWork(input, sinceBounds(ctx, row)) });
  return saveAnswers(ctx, 'work', draftWork(input), input.final === 1 ? check : undefined);
}

// ---------------------------------------------------------------------------
// Consents, signed with an SMS code (verification purpose application_consent)
// ---------------------------------------------------------------------------

/**
 * A 6-digit code to sign the consents, sent by SMS to the borrower's own phone in their language, with the limits of
 * every phone proof (60 s between codes, daily caps: 429). `outboxId` is what the caller delivers after the commit.
 */
export async function sendConsentCode(
  ctx: BorrowerContext,
  clientIp: string,
): Promise<QueuedCode> {
  return ctx.db.transaction(async (tx) => {
    const borrower = await lockBorrower(tx, ctx.borrowerId);
    await editableApplication(tx, ctx.borrowerId);
    return queueBorrowerCode(tx, { purpose: 'application_consent', smsPurpose: 'application_consent_code', body: 'consentSmsBody', borrower, clientIp, now: ctx.now });
  });
}

type ConsentsInput = z.output<(typeof applicationConsents)['request']>;

/** The answers and versions the borrower signed, by kind. */
const signedConsents = (input: ConsentsInput): Record<ConsentKind, { granted: boolean; version: string }> => ({
  bureau: { granted: input.bureau === 1, version: input.bureauVersion },
  privacy: { granted: input.privacy === 1, version: input.privacyVersion },
  data_use: { granted: input.dataUse === 1, version: input.dataUseVersion },
});

/**
 * Step 5: the consents signed with the code. Privacy and data use must be granted (400), each version must be the
 * text's current one (409: the borrower reads the new text), all before the code is tried (a refusal costs no try).
 * Then the code is checked (400 400002, the wrong try counted) and each consent recorded with its version, time,
 * client address and device; earlier rows are superseded. The bureau's may be withheld: saved, but submit refuses.
 */
export async function signConsents(ctx: BorrowerContext, input: ConsentsInput, signed: { clientIp: string; device: string }): Promise<Answer> {
  const current = await ctx.repos.applications.open(ctx.borrowerId);
  if (!current) throw badRequest('applicationStartWithIdentity');
  assertEditable(current);
  const consents = signedConsents(input);
  if (!consents.privacy.granted) throw badRequest('consentPrivacyRequired');
  if (!consents.data_use.granted) throw badRequest('consentDataUseRequired');
  for (const kind of consentKinds) {
    if (consents[kind].version !== consentVersion(current.market, kind)) {
      throw new AppError(409, errorCodes.consentTextChanged, 'consentTextChanged', { title: consentText(current.market, kind, ctx.lang).title });
    }
  }
  const result = await ctx.db.transaction(async (tx) => {
    const { phone } = await lockBorrower(tx, ctx.borrowerId);
    const row = await editableApplication(tx, ctx.borrowerId);
    const check = await checkCodeOf(tx, { purpose: 'application_consent', phone, code: input.code, now: ctx.now });
    if (check.check !== 'ok') return { check: check.check };
    const rows = consentKinds.map((kind) => ({ kind, ...consents[kind] }));
    await recordConsents(tx, row.id, rows, { ...signed, codeId: check.codeId, now: ctx.now });
    return { check: 'ok' as const, row };
  });
  if (result.check !== 'ok') throw codeRefused(result.check);
  const row = (await ctx.repos.applications.open(ctx.borrowerId))!;
  return { application: await applicationView(ctx.db, row, ctx.lang) };
}

// ---------------------------------------------------------------------------
// Submit
// ---------------------------------------------------------------------------

/**
 * Submits the application: every step complete (documents: each the market requires) and the bureau authorised,
 * else 400 naming what is missing. draft or returned → submitted, with its history row and SMS, and the
 * verification job sent in the same transaction; answers at once (the job moves it on).
 */
export async function submitApplication(ctx: BorrowerContext, queue: { schema?: string } = {}): Promise<{ answer: Answer; outboxId: number | undefined }> {
  const { row, outboxId } = await ctx.db.transaction(async (tx) => {
    await lockBorrower(tx, ctx.borrowerId);
    const current = await editableApplication(tx, ctx.borrowerId);
    const { completed } = await progressOf(tx, current);
    const missing = (Object.keys(stepNames) as (keyof typeof stepNames)[]).filter((step) => !completed[step]);
    if (missing.length > 0) throw badRequest('applicationIncomplete', { missing: missing.map((s) => translate(ctx.lang, stepNames[s])).join(', ') });
    if (!bureauGranted(current, await currentConsents(tx, current.id))) throw badRequest('applicationBureauRequired');
    const moved = await changeState(tx, current, { to: 'submitted', actor: 'borrower', now: ctx.now });
    await queueVerification(tx, current.id, queue.schema);
    return moved;
  });
  return { answer: { application: await applicationView(ctx.db, row, ctx.lang) }, outboxId };
}
