import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import type { Language } from '@presta/contract/language';
import { loadConfig, type Config } from '../../config';
import type { DbOrTx } from '../../db/database';
import { smsOutbox } from '../../db/schema';
import { createRepositories } from '../../repositories';
import type { BorrowerContext } from '../../plugins/app/repositories';
import { prepareAgreement, signAgreement } from '../agreements/agreement-service';
import { signedAgreementOnCreate } from '../agreements/agreement-submission';
import { createTimestampAuthority } from '../agreements/timestamp/timestamp-authorities';
import type { TimestampAuthority } from '../agreements/timestamp/timestamp-authority';

/*
 * A demo borrower signs their agreement the way a borrower does (docs/agreements.md "Demo"): agreement-prepare's
 * service renders it and sends the code, the demo reads its own code from the SMS outbox, agreement-sign's service
 * signs and time-stamps it (the authority config names: the local one in development), and the order is created
 * with it. `now` may be in the past: a loan dated back signs on its own day.
 */

let authority: { config: Config; authority: TimestampAuthority } | undefined;

/** The authority config names, made once per process (the local one's key is read from ./data). */
function demoAuthority(): { config: Config; authority: TimestampAuthority } {
  if (!authority) {
    const config = loadConfig();
    authority = { config, authority: createTimestampAuthority({ config }) };
  }
  return authority;
}

export type DemoAgreementInput = {
  borrowerId: number;
  productId: number;
  amount: number;
  periods: number;
  termUnit: number;
  proposalNo?: string | undefined;
  lang: Language;
  now: Date;
};

/** The code an agreement's SMS carries (the demo's own, read from the outbox). */
async function codeOf(db: DbOrTx, outboxId: number | undefined): Promise<string> {
  const [sms] = outboxId === undefined ? [] : await db.select({ body: smsOutbox.body }).from(smsOutbox).where(and(eq(smsOutbox.id, outboxId), eq(smsOutbox.purpose, 'agreement_signature_code')));
  const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1];
  if (!code) throw new Error('the demo agreement was not sent its code');
  return code;
}

/** Prepares and signs the agreement of these figures; answers its number (signed, and time-stamped when the authority answered). */
export async function signDemoAgreement(db: DbOrTx, input: DemoAgreementInput): Promise<string> {
  const { config, authority: tsa } = demoAuthority();
  const ctx: BorrowerContext = { db, repos: createRepositories(db), lang: input.lang, now: input.now, borrowerId: input.borrowerId };
  const { productId, amount, periods, termUnit, proposalNo } = input;
  const { data, outboxId } = await prepareAgreement(ctx, { productId: String(productId), amount, periods, termUnit, ...(proposalNo ? { proposalNo } : {}) }, { clientIp: '', brandName: config.brand.brandName });
  const code = await codeOf(db, outboxId);
  const signer = { clientIp: '127.0.0.1', userAgent: 'presta-demo', deviceId: null, sessionHash: 'demo' };
  await signAgreement(ctx, { agreementNo: data.agreementNo, code }, signer, { authority: tsa, log: pino({ level: 'silent' }) });
  return data.agreementNo;
}

/** createOrder's onCreated for a demo order: the signed agreement linked, its SMS queued (as loan-detail-push does). */
export function demoAgreementOnCreate(agreementNo: string, input: DemoAgreementInput) {
  const { config } = demoAuthority();
  const { borrowerId, productId, amount, periods, termUnit, proposalNo } = input;
  return signedAgreementOnCreate(
    { borrowerId, agreementNo, productId, amount, periods, termUnit, proposalNo },
    { publicBaseUrl: config.publicBaseUrl, brandName: config.brand.brandName },
  ).onCreated;
}
