import { errorCodes } from '@presta/contract/error-codes';
import { PROMO_SMS_RESEND_SECONDS } from '@presta/contract/promotion-rules';
import type { DbOrTx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { translate, type MessageKey } from '../../i18n/messages';
import { outboxSmsSender, type SmsPurpose } from '../sms/sms-sender';
import { issueCode, SMS_CODE_TTL_MS, type BoundCodeCheck, type CodePurpose } from './verification-codes';

/*
 * A signed-in borrower's proof of their own phone (a bank account change, the application's consents): the code
 * issued under every phone proof's limits and its SMS queued in the caller's transaction, in the borrower's language.
 */

export type QueuedCode = { data: { resendAfter: number; expiresIn: number }; outboxId: number | undefined };

/**
 * Issues a code of `purpose` to the borrower's phone and queues its SMS (`body`: a message with {code} and
 * {minutes}); a limit's refusal is 429 with the wait, also as Retry-After. `outboxId` is delivered after the commit.
 */
export async function queueBorrowerCode(
  tx: DbOrTx,
  input: {
    purpose: CodePurpose;
    smsPurpose: SmsPurpose;
    body: MessageKey;
    borrower: { phone: string; language: 'es' | 'en' };
    clientIp: string;
    now: Date;
    /** What the code is bound to (the agreement's number): checkCodeOf with this sid accepts it, no other. */
    sid?: string;
    /** The body's other placeholders. */
    vars?: Record<string, string | number>;
  },
): Promise<QueuedCode> {
  const { borrower } = input;
  const issued = await issueCode(tx, { purpose: input.purpose, phone: borrower.phone, clientIp: input.clientIp, now: input.now, ...(input.sid !== undefined ? { sid: input.sid } : {}) });
  if (!issued.ok) {
    throw issued.refusal === 'wait'
      ? new AppError(429, errorCodes.rateLimited, 'promoResendWait', { seconds: issued.seconds }, issued.seconds)
      : new AppError(429, errorCodes.rateLimited, 'promoDailyCap');
  }
  const body = translate(borrower.language, input.body, { ...input.vars, code: issued.code, minutes: SMS_CODE_TTL_MS / 60_000 });
  const outboxId = await outboxSmsSender.send(tx, { phone: borrower.phone, purpose: input.smsPurpose, body, expiresAt: issued.expiresAt });
  return { data: { resendAfter: PROMO_SMS_RESEND_SECONDS, expiresIn: SMS_CODE_TTL_MS / 1000 }, outboxId };
}

/** Why a code was not accepted, as the borrower reads it (400 smsCodeWrong). */
export function codeRefused(check: Exclude<BoundCodeCheck, 'ok'>): AppError {
  return new AppError(400, errorCodes.smsCodeWrong, codeRefusals[check]);
}

const codeRefusals: Record<Exclude<BoundCodeCheck, 'ok'>, MessageKey> = {
  expired: 'promoSmsExpired',
  tooManyTries: 'promoSmsTooManyTries',
  wrong: 'promoSmsWrong',
  otherDocument: 'agreementCodeOtherDocument',
};
