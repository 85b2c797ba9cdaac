import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';
import type { Db, DbOrTx } from '../../db/database';
import { promoSessions } from '../../db/schema';

/*
 * The image captcha of the registration page, which sign-in uses too (decision 017): a captcha session (sid,
 * `promo_sessions`) per visitor, a picture bound to it, 5 minutes and 5 wrong answers per picture, 30
 * pictures per sid, and one SMS per passed captcha (it is then spent on that phone; a send refused by a limit
 * keeps it for that phone alone, decision 025).
 */

export const CAPTCHA_TTL_MS = 5 * 60_000;
export const CAPTCHA_MAX_WRONG = 5;
/** Captchas drawn per sid (refreshes): a brake on harvesting images. */
export const CAPTCHA_MAX_DRAWS = 30;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** The stored form of a captcha's answer: bound to its sid, case and spaces ignored. */
export const answerHash = (sid: string, answer: string) => sha256(`captcha:${sid}:${answer.trim().toLowerCase()}`);
export const safeEqual = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
/** A sid as get-sid makes it (32 hex digits), or undefined. */
export const captchaSid = (raw: string): string | undefined => (/^[0-9a-f]{32}$/.test(raw) ? raw : undefined);

export async function newSid(db: Db, clientIp: string): Promise<string> {
  const sid = randomBytes(16).toString('hex');
  await db.insert(promoSessions).values({ sid, clientIp });
  return sid;
}

/** Draws a new captcha for the sid (the previous one stops working); undefined for an unknown sid or too many draws. */
export async function drawCaptcha(db: Db, sidRaw: string, now = new Date()): Promise<Buffer | undefined> {
  const sid = captchaSid(sidRaw);
  if (!sid) return undefined;
  const captcha = svgCaptcha.create({
    size: 4,
    noise: 3,
    ignoreChars: '0oO1lIi',
    color: true,
    background: '#f4f4f8',
    width: 132,
    height: 48,
    fontSize: 52,
  });
  const [row] = await db
    .update(promoSessions)
    .set({ answerHash: answerHash(sid, captcha.text), drawnAt: now, draws: sql`${promoSessions.draws} + 1`, wrongAnswers: 0, passedPhone: null, passedAt: null })
    .where(and(eq(promoSessions.sid, sid), sql`${promoSessions.draws} < ${CAPTCHA_MAX_DRAWS}`))
    .returning({ sid: promoSessions.sid });
  if (!row) return undefined;
  // Drawn at twice the size the page shows (132×48): sharp on high-density screens.
  return sharp(Buffer.from(captcha.data), { density: 144 }).png().toBuffer();
}

/**
 * Checks an answer against the sid's captcha (expiry, 5 wrong answers, not yet spent, not held for another
 * phone); a wrong one is counted. A right one is not spent yet: the caller spends it on the phone when the SMS
 * goes (spendCaptcha: one SMS per captcha), or, when a limit refuses the SMS, holds it for the phone
 * (holdCaptcha) so the same answer works for that phone after the wait, and for no other phone.
 */
export async function checkCaptcha(tx: DbOrTx, sid: string, answer: string, phone: string, now: Date): Promise<'ok' | 'wrong'> {
  const [s] = await tx.select().from(promoSessions).where(eq(promoSessions.sid, sid)).for('update');
  if (!s || !s.answerHash || !s.drawnAt) return 'wrong';
  if (now.getTime() - s.drawnAt.getTime() > CAPTCHA_TTL_MS || s.wrongAnswers >= CAPTCHA_MAX_WRONG) return 'wrong';
  if (s.passedAt || (s.passedPhone !== null && s.passedPhone !== phone)) return 'wrong';
  if (!safeEqual(answerHash(sid, answer), s.answerHash)) {
    await tx.update(promoSessions).set({ wrongAnswers: s.wrongAnswers + 1 }).where(eq(promoSessions.sid, sid));
    return 'wrong';
  }
  return 'ok';
}

/** Spends a checked captcha on the phone: it sent (or decided) something about this phone and answers no more. */
export async function spendCaptcha(tx: DbOrTx, sid: string, phone: string, now: Date): Promise<void> {
  await tx.update(promoSessions).set({ passedPhone: phone, passedAt: now }).where(eq(promoSessions.sid, sid));
}

/** Keeps a checked captcha for the phone after a refused send (a wait, a daily cap): usable again for it alone. */
export async function holdCaptcha(tx: DbOrTx, sid: string, phone: string): Promise<void> {
  await tx.update(promoSessions).set({ passedPhone: phone }).where(eq(promoSessions.sid, sid));
}

/**
 * Whether the sid's captcha was passed for this phone with this answer, within the captcha's and the SMS
 * code's lives (registration asks for it again with the code).
 */
export async function captchaPassedFor(
  tx: DbOrTx,
  claim: { sid: string; answer: string; phone: string },
  withinMs: number,
  now: Date,
): Promise<boolean> {
  const { answer, phone } = claim;
  const sid = captchaSid(claim.sid);
  const [s] = sid ? await tx.select().from(promoSessions).where(eq(promoSessions.sid, sid)).limit(1) : [];
  return (
    s !== undefined &&
    s.passedPhone === phone &&
    s.passedAt !== null &&
    s.answerHash !== null &&
    s.drawnAt !== null &&
    now.getTime() - s.drawnAt.getTime() <= withinMs &&
    safeEqual(answerHash(s.sid, answer), s.answerHash)
  );
}
