import { eq } from 'drizzle-orm';
import { errorCodes } from '@presta/contract/error-codes';
import { PROMO_PHONE_PATTERN, PROMO_SMS_RESEND_SECONDS } from '@presta/contract/promotion-rules';
import type { Db, DbOrTx } from '../../db/database';
import { borrowers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { MessageKey } from '../../i18n/messages';
import { translate } from '../../i18n/messages';
import { outboxSmsSender } from '../sms/sms-sender';
import { captchaSid, checkCaptcha, holdCaptcha, spendCaptcha } from '../verification/captcha';
import { checkCode, issueCode, lockPhone, SMS_CODE_TTL_MS, type CodeCheck } from '../verification/verification-codes';
import { findProfile, type Profile } from './borrower-profile';
import { openSession, type SessionDevice } from './session-service';

/*
 * Sign-in (decision 017, docs/sign-in.md): the registration page's proof of a phone — its image captcha, then
 * a 6-digit SMS code with its limits (modules/verification) — for a phone that has an account; then a new
 * session. Refusals are decided inside the transaction and thrown after it commits, so a wrong answer, a
 * spent captcha and a wrong try are counted whatever the answer.
 */


/**
 * A phone as the borrowers table holds it: the registration page's 11 digits (1, then 3–9) or the 10 digits
 * of the demo borrowers' numbers; spaces, dashes, dots, brackets and a leading + dropped. Undefined otherwise.
 */
export function signInPhone(raw: string): string | undefined {
  const digits = raw.trim().replace(/^\+/, '').replace(/[\s\-.()]/g, '');
  return PROMO_PHONE_PATTERN.test(digits) || /^\d{10}$/.test(digits) ? digits : undefined;
}

const phoneOrRefuse = (raw: string) => {
  const phone = signInPhone(raw);
  if (!phone) throw new AppError(400, errorCodes.badRequest, 'signInPhoneInvalid');
  return phone;
};

async function accountOf(tx: DbOrTx, phone: string) {
  const [b] = await tx.select({ id: borrowers.id, language: borrowers.language }).from(borrowers).where(eq(borrowers.phone, phone)).limit(1);
  return b;
}

/** The borrower registered with the phone as an operator types it (signInPhone's forms); undefined when none. */
export async function findBorrowerByPhone(db: DbOrTx, raw: string): Promise<{ id: number; phone: string } | undefined> {
  const phone = signInPhone(raw);
  const found = phone ? await accountOf(db, phone) : undefined;
  return found && phone ? { id: found.id, phone } : undefined;
}

type Refusal = { status: number; code: string; messageKey: MessageKey; vars?: Record<string, number>; retryAfter?: number };

const noAccount: Refusal = { status: 404, code: errorCodes.notFound, messageKey: 'signInNoAccount' };

/** A send refused by a limit: 429 with the seconds to wait (also sent as Retry-After), or the daily cap. */
export function limitRefusal(issued: { refusal: 'wait'; seconds: number } | { refusal: 'dailyCap' }): Refusal {
  return issued.refusal === 'wait'
    ? { status: 429, code: errorCodes.rateLimited, messageKey: 'promoResendWait', vars: { seconds: issued.seconds }, retryAfter: issued.seconds }
    : { status: 429, code: errorCodes.rateLimited, messageKey: 'promoDailyCap' };
}

/**
 * Step 1: the captcha (wrong: 400 captchaWrong), an account for the phone (none: 404 with the way to
 * registration; the captcha spent), the code's limits (429; the captcha held for this phone, usable after the
 * wait), then the code queued by SMS in the borrower's language (the captcha spent). Answers the outbox id to deliver after the commit.
 */
export async function sendSignInCode(
  db: Db,
  input: { phone: string; sid: string; capcode: string },
  clientIp: string,
  now = new Date(),
): Promise<{ outboxId: number | undefined; resendAfter: number; expiresIn: number }> {
  const phone = phoneOrRefuse(input.phone);
  const sid = captchaSid(input.sid.trim());
  if (!sid) throw new AppError(400, errorCodes.captchaWrong, 'promoCaptchaWrong');
  const out = await db.transaction(async (tx): Promise<Refusal | { outboxId: number | undefined }> => {
    await lockPhone(tx, phone);
    if ((await checkCaptcha(tx, sid, input.capcode, phone, now)) === 'wrong') {
      return { status: 400, code: errorCodes.captchaWrong, messageKey: 'promoCaptchaWrong' };
    }
    const borrower = await accountOf(tx, phone);
    // Spent on a phone with no account: one phone looked up per captcha.
    if (!borrower) return spendCaptcha(tx, sid, phone, now).then(() => noAccount);
    const issued = await issueCode(tx, { purpose: 'sign_in', phone, clientIp, sid, now });
    if (!issued.ok) {
      // Refused by a limit: the captcha stays good for this phone, so the page keeps it through the wait.
      await holdCaptcha(tx, sid, phone);
      return limitRefusal(issued);
    }
    await spendCaptcha(tx, sid, phone, now);
    const body = translate(borrower.language, 'signInSmsBody', { code: issued.code, minutes: SMS_CODE_TTL_MS / 60_000 });
    return { outboxId: await outboxSmsSender.send(tx, { phone, purpose: 'sign_in_code', body, expiresAt: issued.expiresAt }) };
  });
  if ('status' in out) throw new AppError(out.status, out.code, out.messageKey, out.vars, out.retryAfter);
  return { outboxId: out.outboxId, resendAfter: PROMO_SMS_RESEND_SECONDS, expiresIn: SMS_CODE_TTL_MS / 1000 };
}

const codeRefusals: Record<Exclude<CodeCheck, 'ok'>, MessageKey> = {
  expired: 'promoSmsExpired',
  tooManyTries: 'promoSmsTooManyTries',
  wrong: 'promoSmsWrong',
};

/** A code sign-in did not accept (400 smsCodeWrong): the caller counts it against the client address (guess limits). */
export class SignInCodeRefused extends AppError {
  constructor(readonly check: Exclude<CodeCheck, 'ok'>) {
    super(400, errorCodes.smsCodeWrong, codeRefusals[check]);
  }
}

/**
 * Step 2: the latest sign-in code of the phone checked (5 tries; used up once accepted), then a new session
 * of its borrower on this device. Answers the session's id (for the caller only) and end, and the profile.
 */
export async function signIn(
  db: Db,
  input: { phone: string; code: string; device: SessionDevice; ttlHours: number },
  now = new Date(),
): Promise<{ sessionId: string; expiresAt: Date; profile: Profile }> {
  const phone = phoneOrRefuse(input.phone);
  type Outcome = { refused: Exclude<CodeCheck, 'ok'> | 'noAccount' } | { sessionId: string; expiresAt: Date; profile: Profile };
  const out = await db.transaction(async (tx): Promise<Outcome> => {
    const checked = await checkCode(tx, { purpose: 'sign_in', phone, code: input.code, now });
    if (checked !== 'ok') return { refused: checked };
    const borrower = await accountOf(tx, phone);
    const profile = borrower && (await findProfile(tx, borrower.id));
    if (!borrower || !profile) return { refused: 'noAccount' };
    const session = await openSession(tx, { ...input.device, borrowerId: borrower.id, ttlHours: input.ttlHours, now });
    return { sessionId: session.id, expiresAt: session.expiresAt, profile };
  });
  if ('refused' in out) {
    if (out.refused === 'noAccount') throw new AppError(noAccount.status, noAccount.code, noAccount.messageKey);
    throw new SignInCodeRefused(out.refused);
  }
  return out;
}

