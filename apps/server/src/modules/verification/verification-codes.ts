import { createHash, randomInt } from 'node:crypto';
import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { PROMO_SMS_CODE_LENGTH, PROMO_SMS_RESEND_SECONDS } from '@presta/contract/promotion-rules';
import type { DbOrTx } from '../../db/database';
import { verificationCodes } from '../../db/schema';
import { safeEqual } from './captcha';

/*
 * SMS codes that prove a phone (decision 017), for registration, sign-in and a bank account change: 6
 * digits, stored hashed, 5 minutes of life, used up once accepted, 5 wrong tries (the sixth is refused even
 * when right). The limits on sending (decision 025): 60 s between codes of one purpose to a phone (a sign-in
 * code does not hold back the agreement's signing code); across purposes, in 24 hours 10 codes to a phone from
 * one client address, 30 to a phone from all addresses together, 30 from one address to all phones. A phone's day is thus counted per requesting address: one address cannot spend the
 * phone's whole budget, so the borrower asking from their own address still gets a code. Everything about
 * one phone is serialised by an advisory lock, so the counts hold across processes.
 */

export type CodePurpose = (typeof verificationCodes.$inferInsert)['purpose'];

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_MAX_WRONG = 5;
/** Codes to one phone asked for from one client address in 24 hours. */
export const SMS_DAILY_PER_PHONE_ADDRESS = 10;
/** Codes to one phone from all addresses in 24 hours: three addresses' budgets, so one address cannot exhaust it. */
export const SMS_DAILY_PER_PHONE = 30;
/** Codes asked for from one client address, to any phones, in 24 hours. */
export const SMS_DAILY_PER_ADDRESS = 30;
const DAY_MS = 86_400_000;

// 'promo-sms:' kept from the registration page's codes (those sent before the move still check).
const codeHash = (phone: string, code: string) => createHash('sha256').update(`promo-sms:${phone}:${code}`).digest('hex');

/** Serialises everything about one phone across processes (the limits are read-then-write); for the transaction. */
export async function lockPhone(tx: DbOrTx, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`promo-phone:${phone}`}))`);
}

export type IssuedCode =
  | { ok: true; code: string; expiresAt: Date }
  /** Too soon after the last code of this purpose to this phone: seconds to wait. */
  | { ok: false; refusal: 'wait'; seconds: number }
  /** In the last 24 hours: 10 codes to this phone from this address, 30 to this phone, or 30 from this address. */
  | { ok: false; refusal: 'dailyCap' };

/**
 * A new code for the phone, inside the caller's transaction (which queues its SMS and commits both), unless a
 * limit refuses it. The caller has checked what its purpose needs (captcha, account) under lockPhone.
 */
export async function issueCode(
  tx: DbOrTx,
  input: {
    purpose: CodePurpose;
    phone: string;
    clientIp: string;
    sid?: string;
    tracking?: { appFrom: string | null; userFrom: string | null; utmTag: string | null };
    now: Date;
  },
): Promise<IssuedCode> {
  const { phone, clientIp, now } = input;
  await lockPhone(tx, phone);
  const [last] = await tx
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.phone, phone), eq(verificationCodes.purpose, input.purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (last) {
    const wait = Math.ceil((last.createdAt.getTime() + PROMO_SMS_RESEND_SECONDS * 1000 - now.getTime()) / 1000);
    if (wait > 0) return { ok: false, refusal: 'wait', seconds: wait };
  }
  if (await overDailyCaps(tx, phone, clientIp, new Date(now.getTime() - DAY_MS))) return { ok: false, refusal: 'dailyCap' };

  const code = String(randomInt(0, 10 ** PROMO_SMS_CODE_LENGTH)).padStart(PROMO_SMS_CODE_LENGTH, '0');
  const expiresAt = new Date(now.getTime() + SMS_CODE_TTL_MS);
  await tx.insert(verificationCodes).values({
    purpose: input.purpose,
    phone,
    codeHash: codeHash(phone, code),
    sid: input.sid ?? null,
    clientIp,
    ...input.tracking,
    expiresAt,
    createdAt: now,
  });
  return { ok: true, code, expiresAt };
}

/** Whether the phone or the address has had its codes of the day (decision 025); under the address's lock too. */
async function overDailyCaps(tx: DbOrTx, phone: string, clientIp: string, since: Date): Promise<boolean> {
  const recent = and(eq(verificationCodes.phone, phone), gte(verificationCodes.createdAt, since));
  const [perPhone] = await tx
    .select({ all: count(), fromHere: sql<number>`count(*) filter (where ${verificationCodes.clientIp} = ${clientIp})`.mapWith(Number) })
    .from(verificationCodes)
    .where(recent);
  if ((perPhone?.all ?? 0) >= SMS_DAILY_PER_PHONE || (perPhone?.fromHere ?? 0) >= SMS_DAILY_PER_PHONE_ADDRESS) return true;
  if (!clientIp) return false;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`promo-ip:${clientIp}`}))`);
  const [perIp] = await tx
    .select({ n: count() })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.clientIp, clientIp), gte(verificationCodes.createdAt, since)));
  return (perIp?.n ?? 0) >= SMS_DAILY_PER_ADDRESS;
}

/** 'ok': accepted and used up; otherwise why not (no live code, 5 wrong tries already, a wrong one: counted). */
export type CodeCheck = 'ok' | 'expired' | 'tooManyTries' | 'wrong';
/** A check bound to a sid (checkCodeOf with `sid`) also refuses a live code sent for another sid (another document). */
export type BoundCodeCheck = CodeCheck | 'otherDocument';

/**
 * Checks a code against the latest unused code of this purpose sent to the phone, inside the caller's
 * transaction: unexpired, fewer than 5 wrong tries (a sixth try is refused even when right), equal. An
 * accepted code is used up; a wrong one is counted.
 */
export async function checkCode(tx: DbOrTx, input: { purpose: CodePurpose; phone: string; code: string; now: Date }): Promise<CodeCheck> {
  const { check } = await checkCodeOf(tx, input);
  // Without a sid no code is another document's.
  return check === 'otherDocument' ? 'expired' : check;
}

/** An accepted code: its id, when it was issued and the wrong tries before it (a signature's evidence). */
export type AcceptedCode = { check: 'ok'; codeId: number; issuedAt: Date; wrongTries: number };

/**
 * checkCode, with the code it accepted (a signature records which code signed it: the application's consents, the
 * agreement). With `sid`, the code must have been issued for it (the agreement's number): a live code issued for
 * another sid is refused as 'otherDocument', no try counted (the borrower asked for a newer document's code).
 */
export async function checkCodeOf(
  tx: DbOrTx,
  input: { purpose: CodePurpose; phone: string; code: string; now: Date; sid?: string },
): Promise<AcceptedCode | { check: Exclude<BoundCodeCheck, 'ok'> }> {
  const { phone, code, now } = input;
  await lockPhone(tx, phone);
  const [latest] = await tx
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.phone, phone), eq(verificationCodes.purpose, input.purpose), isNull(verificationCodes.usedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!latest || latest.expiresAt.getTime() < now.getTime()) return { check: 'expired' };
  if (input.sid !== undefined && latest.sid !== input.sid) return { check: 'otherDocument' };
  if (latest.wrongTries >= SMS_MAX_WRONG) return { check: 'tooManyTries' };
  if (!/^\d{6}$/.test(code) || !safeEqual(codeHash(phone, code), latest.codeHash)) {
    await tx.update(verificationCodes).set({ wrongTries: latest.wrongTries + 1 }).where(eq(verificationCodes.id, latest.id));
    return { check: 'wrong' };
  }
  await tx.update(verificationCodes).set({ usedAt: now }).where(eq(verificationCodes.id, latest.id));
  return { check: 'ok', codeId: latest.id, issuedAt: latest.createdAt, wrongTries: latest.wrongTries };
}
