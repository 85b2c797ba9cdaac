import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { accountSessions, accountSignIn, accountSignInCode } from '@presta/contract/api/account';
import { getSid } from '@presta/contract/api/promotion';
import { promoSessions, sessions, smsOutbox, verificationCodes } from '../src/db/schema';
import { answerHash } from '../src/modules/verification/captcha';
import { funnelReport } from '../src/modules/promotion/promotion-service';
import { hashSessionId } from '../src/modules/session/session-service';
import { answerOf, buildTestApp, createBorrower, dataOf, offerProduct, seedProduct, wrapper, type TestApp } from './helpers';

/*
 * Sign-in (issue 16, decision 017): the registration page's captcha and SMS code, then a session. Two API
 * processes' worth of app on one database: every limit must hold across them.
 */

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  [a, b] = await Promise.all([buildTestApp(), buildTestApp()]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

const paths = {
  sid: '/api/v2/youmi/promotion/get-sid',
  captcha: '/api/v2/youmi/promotion/get-captcha',
  code: '/v3/account/sign-in-code',
  signIn: '/v3/account/sign-in',
  sessions: '/v3/account/sessions',
};

let ipSeq = 0;
/** Each call from its own address unless told: the per-address limits are tested on their own. */
const nextIp = () => `198.19.${Math.floor(++ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;
const post = (
  t: TestApp,
  url: string,
  payload: Record<string, string>,
  opts: { ip?: string; headers?: Record<string, string>; query?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'POST',
    url,
    query: opts.query ?? {},
    remoteAddress: opts.ip ?? nextIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(opts.headers ?? {}) },
    payload: new URLSearchParams(payload).toString(),
  });

/** A sid whose captcha answer is known (the picture is the registration page's, tested there). */
async function captcha(t: TestApp, answer = 'k7mp'): Promise<string> {
  const sid = dataOf(await t.app.inject({ method: 'GET', url: paths.sid, remoteAddress: nextIp() }), getSid).sid;
  expect((await t.app.inject({ method: 'GET', url: paths.captcha, query: { sid }, remoteAddress: nextIp() })).statusCode).toBe(200);
  await t.db.update(promoSessions).set({ answerHash: answerHash(sid, answer), drawnAt: new Date() }).where(eq(promoSessions.sid, sid));
  return sid;
}

/** A borrower with a phone sign-in accepts: the demo borrowers' 10 digits, or the registration page's 11. */
async function borrowerWithPhone(kind: '10' | '11' = '10', overrides: { language?: 'es' | 'en' } = {}) {
  const phone = kind === '10' ? `55${String(randomInt(0, 1e8)).padStart(8, '0')}` : `13${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  return createBorrower(a.db, { phone, fullName: 'Ana Prueba', ...overrides });
}

async function lastCode(phone: string): Promise<string> {
  const [m] = await a.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
  const code = /\b(\d{6})\b/.exec(m?.body ?? '')?.[1];
  if (!code) throw new Error('no code');
  return code;
}

const askCode = async (t: TestApp, phone: string, opts: { ip?: string; capcode?: string; headers?: Record<string, string> } = {}) =>
  post(t, paths.code, { phone, sid: await captcha(t), capcode: opts.capcode ?? 'k7mp' }, opts);

/** Moves a phone's codes back in time: the next one is not "too soon" (60 s) without waiting. */
const ageCodes = (phone: string, seconds = 61) =>
  a.db.execute(sql`update verification_codes set created_at = created_at - make_interval(secs => ${seconds}) where phone = ${phone}`);

describe('sign-in-code', () => {
  it('sends a 6-digit code in the borrower language to a registered phone, behind the captcha', async () => {
    const borrower = await borrowerWithPhone('11', { language: 'en' });
    const res = await askCode(a, borrower.phone);
    expect(answerOf(res, accountSignInCode)).toMatchObject({ success: true, code: '0', data: { resendAfter: 60, expiresIn: 300 } });
    const [sms] = await a.db.select().from(smsOutbox).where(eq(smsOutbox.phone, borrower.phone));
    expect(sms).toMatchObject({ purpose: 'sign_in_code' });
    expect(sms!.body).toMatch(/^Presta: your sign-in code is \d{6}\. It expires in 5 minutes\. Never share it\.$/);
    const [code] = await a.db.select().from(verificationCodes).where(eq(verificationCodes.phone, borrower.phone));
    expect(code).toMatchObject({ purpose: 'sign_in', usedAt: null, wrongTries: 0 });
    expect(code!.codeHash).not.toContain(await lastCode(borrower.phone));
  });

  it('a wrong captcha is 400 400003 (counted; refused after 5 even when right); a passed one is spent on its phone', async () => {
    const borrower = await borrowerWithPhone();
    const sid = await captcha(a);
    const wrong = await post(a, paths.code, { phone: borrower.phone, sid, capcode: 'zzzz' });
    expect(wrong.statusCode).toBe(400);
    expect(wrapper(wrong)).toMatchObject({ success: false, code: '400003', message: 'El código de la imagen no es correcto. Escriba el de la nueva imagen.' });
    for (let i = 0; i < 4; i++) await post(b, paths.code, { phone: borrower.phone, sid, capcode: 'zzzz' });
    expect(wrapper(await post(b, paths.code, { phone: borrower.phone, sid, capcode: 'k7mp' })).code).toBe('400003');
    expect(wrapper(await post(a, paths.code, { phone: borrower.phone, sid: 'not-a-sid', capcode: 'k7mp' })).code).toBe('400003');
    // A right answer sends the code and spends the captcha: the same one again (another phone) is refused.
    const sid2 = await captcha(a);
    expect((await post(a, paths.code, { phone: borrower.phone, sid: sid2, capcode: 'k7mp' })).statusCode).toBe(200);
    const other = await borrowerWithPhone();
    expect(wrapper(await post(b, paths.code, { phone: other.phone, sid: sid2, capcode: 'k7mp' })).code).toBe('400003');
    expect(await a.db.select().from(smsOutbox).where(eq(smsOutbox.phone, other.phone))).toHaveLength(0);
  });

  it('a phone with no account: 404 404001 leading to registration, in Spanish and English; no SMS', async () => {
    const phone = `13${String(randomInt(0, 1e9)).padStart(9, '0')}`;
    const es = await askCode(a, phone);
    expect(es.statusCode).toBe(404);
    expect(wrapper(es)).toMatchObject({ success: false, code: '404001', message: 'No hay una cuenta con este número. Regístrese en la página de la promoción.' });
    const en = await askCode(b, phone, { headers: { language: '1' } });
    expect(wrapper(en).message).toBe('There is no account for this number. Sign up on the promotion page.');
    expect(await a.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone))).toHaveLength(0);
    // Only behind a captcha: a wrong answer says nothing about the phone.
    expect(wrapper(await askCode(a, phone, { capcode: 'zzzz' })).code).toBe('400003');
  });

  it('a phone that is not one (format) is 400 400001 before any captcha is spent', async () => {
    const sid = await captcha(a);
    const res = await post(a, paths.code, { phone: '12-34', sid, capcode: 'k7mp' });
    expect(res.statusCode).toBe(400);
    expect(wrapper(res)).toMatchObject({ code: '400001', message: 'Escriba el número de teléfono de su cuenta (10 u 11 dígitos).' });
    const [s] = await a.db.select().from(promoSessions).where(eq(promoSessions.sid, sid));
    expect(s!.passedPhone).toBeNull();
  });

  it('limits across two processes: 60 s between codes (Retry-After), 10 a day per phone from one address', async () => {
    const borrower = await borrowerWithPhone();
    const ip = '198.18.7.1';
    expect((await askCode(a, borrower.phone, { ip })).statusCode).toBe(200);
    const soon = await askCode(b, borrower.phone, { ip });
    expect(soon.statusCode).toBe(429);
    expect(wrapper(soon)).toMatchObject({ code: '429001' });
    const seconds = Number(/^Espere (\d+) s para pedir otro código\.$/.exec(wrapper(soon).message)?.[1]);
    expect(seconds).toBeGreaterThan(55);
    expect(soon.headers['retry-after']).toBe(String(seconds));
    for (let i = 1; i < 10; i++) {
      await ageCodes(borrower.phone);
      expect((await askCode(i % 2 ? b : a, borrower.phone, { ip })).statusCode).toBe(200);
    }
    await ageCodes(borrower.phone);
    const capped = await askCode(b, borrower.phone, { ip });
    expect(capped.statusCode).toBe(429);
    expect(wrapper(capped)).toMatchObject({ code: '429001', message: 'Alcanzó el número máximo de códigos por hoy. Inténtelo mañana.' });
    expect(capped.headers['retry-after']).toBeUndefined();
    expect(await a.db.select().from(verificationCodes).where(eq(verificationCodes.phone, borrower.phone))).toHaveLength(10);
  });

  it('another address cannot spend a borrower’s day: the borrower’s own address still gets a code; 30 a day per phone in all', async () => {
    const borrower = await borrowerWithPhone();
    const attacker = '198.18.8.1';
    for (let i = 0; i < 10; i++) {
      await ageCodes(borrower.phone);
      expect((await askCode(i % 2 ? a : b, borrower.phone, { ip: attacker })).statusCode).toBe(200);
    }
    await ageCodes(borrower.phone);
    expect((await askCode(a, borrower.phone, { ip: attacker })).statusCode).toBe(429);
    // The borrower, from their own address, signs in as usual.
    const own = await askCode(b, borrower.phone, { ip: '198.18.8.2' });
    expect(own.statusCode).toBe(200);
    expect(wrapper(await post(a, paths.signIn, { phone: borrower.phone, code: await lastCode(borrower.phone) })).code).toBe('0');
    // The phone's ceiling: 30 codes from all addresses together (three addresses' days).
    for (let i = 0; i < 19; i++) {
      await ageCodes(borrower.phone);
      expect((await askCode(b, borrower.phone, { ip: `198.18.8.${3 + Math.floor(i / 10)}` })).statusCode).toBe(200);
    }
    await ageCodes(borrower.phone);
    const ceiling = await askCode(a, borrower.phone, { ip: '198.18.8.9' });
    expect(wrapper(ceiling)).toMatchObject({ code: '429001', message: 'Alcanzó el número máximo de códigos por hoy. Inténtelo mañana.' });
    expect(await a.db.select().from(verificationCodes).where(eq(verificationCodes.phone, borrower.phone))).toHaveLength(30);
  });

  it('a send refused by a limit keeps the captcha for that phone alone: after the wait the same answer sends the code', async () => {
    const borrower = await borrowerWithPhone();
    expect((await askCode(a, borrower.phone)).statusCode).toBe(200);
    const sid = await captcha(a);
    expect((await post(a, paths.code, { phone: borrower.phone, sid, capcode: 'k7mp' })).statusCode).toBe(429);
    // Held for this phone: another phone cannot use it.
    const other = await borrowerWithPhone();
    expect(wrapper(await post(b, paths.code, { phone: other.phone, sid, capcode: 'k7mp' })).code).toBe('400003');
    await ageCodes(borrower.phone);
    expect((await post(b, paths.code, { phone: borrower.phone, sid, capcode: 'k7mp' })).statusCode).toBe(200);
    // Then spent: one SMS per captcha.
    await ageCodes(borrower.phone);
    expect(wrapper(await post(a, paths.code, { phone: borrower.phone, sid, capcode: 'k7mp' })).code).toBe('400003');
  });

  it('the 60 s wait is per purpose, the daily caps across purposes: a registration code counts; 30 a day per client address', async () => {
    const borrower = await borrowerWithPhone('11');
    // A registration code just sent does not hold back the sign-in code (decision 025 item 5)...
    await a.db.insert(verificationCodes).values({ purpose: 'register', phone: borrower.phone, codeHash: 'x', clientIp: '', expiresAt: new Date() });
    expect((await askCode(b, borrower.phone)).statusCode).toBe(200);
    // ...a sign-in code does.
    expect((await askCode(b, borrower.phone)).statusCode).toBe(429);
    // The day's budget counts every purpose: 29 other codes today make the phone's 30th the last.
    const busy = await borrowerWithPhone('11');
    const day = Array.from({ length: 30 }, () => ({ purpose: 'register' as const, phone: busy.phone, codeHash: 'x', clientIp: `198.51.100.${randomInt(1, 250)}`, expiresAt: new Date(), createdAt: new Date(Date.now() - 3_600_000) }));
    await a.db.insert(verificationCodes).values(day);
    const capped = await askCode(b, busy.phone);
    expect(capped.statusCode).toBe(429);
    expect(wrapper(capped).message).toBe('Alcanzó el número máximo de códigos por hoy. Inténtelo mañana.');

    const ip = '203.0.113.77';
    const phones = Array.from({ length: 30 }, () => `13${String(randomInt(0, 1e9)).padStart(9, '0')}`);
    await a.db.insert(verificationCodes).values(phones.map((phone) => ({ purpose: 'register' as const, phone, codeHash: 'x', clientIp: ip, expiresAt: new Date() })));
    const fresh = await borrowerWithPhone();
    const res = await post(b, paths.code, { phone: fresh.phone, sid: await captcha(b), capcode: 'k7mp' }, { ip });
    expect(res.statusCode).toBe(429);
    expect(wrapper(res).message).toBe('Alcanzó el número máximo de códigos por hoy. Inténtelo mañana.');
  });
});

describe('the promotion funnel', () => {
  it('counts the registration codes only, not the sign-in codes', async () => {
    const at = new Date('2001-03-04T05:06:07Z');
    const row = (purpose: 'register' | 'sign_in') => ({ purpose, phone: `13${String(randomInt(0, 1e9)).padStart(9, '0')}`, codeHash: 'x', utmTag: 'funnel-purpose', expiresAt: at, createdAt: at });
    await a.db.insert(verificationCodes).values([row('register'), row('sign_in'), row('sign_in')]);
    const report = await funnelReport(a.db, new Date('2001-03-04T00:00:00Z'), new Date('2001-03-05T00:00:00Z'));
    expect(report.filter((r) => r.utmTag === 'funnel-purpose').map((r) => r.smsSent)).toEqual([1]);
  });
});

describe('sign-in', () => {
  it('answers a new session (hashed at rest, SESSION_TTL_HOURS) and the profile; the code is used up', async () => {
    const product = await seedProduct(a.db, { market: 'IN', currency: 'INR', timeZone: 'Asia/Kolkata', lateRule: 'in_tiered' });
    const borrower = await borrowerWithPhone('10');
    await offerProduct(a.db, borrower.id, product.id, 500_000);
    // The phone as a person types it: spaces, a dash.
    const typed = `${borrower.phone.slice(0, 2)} ${borrower.phone.slice(2, 6)}-${borrower.phone.slice(6)}`;
    expect((await askCode(a, typed)).statusCode).toBe(200);
    const code = await lastCode(borrower.phone);
    const before = Date.now();
    const res = await post(b, paths.signIn, { phone: borrower.phone, code }, { query: { dearest: 'Pixel 8', dearer: 'Android 14', showy: 'dev-1' } });
    const data = answerOf(res, accountSignIn).data;
    expect(data.sessionId).toMatch(/^[0-9a-f]{32}$/);
    expect(data.profile).toEqual({ fullName: 'Ana Prueba', maskedPhone: `******${borrower.phone.slice(-4)}`, language: 'es', market: 'IN' });
    const ttlMs = b.config.sessionTtlHours * 3_600_000;
    expect(Date.parse(data.expiresAt) - before).toBeGreaterThanOrEqual(ttlMs - 1_000);
    expect(Date.parse(data.expiresAt) - before).toBeLessThanOrEqual(ttlMs + 5_000);
    const [row] = await a.db.select().from(sessions).where(eq(sessions.idHash, hashSessionId(data.sessionId)));
    expect(row).toMatchObject({ borrowerId: borrower.id, deviceName: 'Pixel 8', os: 'Android 14', deviceId: 'dev-1', client: 'app' });
    expect(row!.publicId).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(row)).not.toContain(data.sessionId);
    // The session opens the borrower's calls on either process.
    const list = await post(a, paths.sessions, {}, { query: { swift: data.sessionId } });
    expect(dataOf(list, accountSessions).sessions).toMatchObject([{ current: true, deviceName: 'Pixel 8', os: 'Android 14', client: 'app' }]);
    // Used up.
    const again = await post(a, paths.signIn, { phone: borrower.phone, code });
    expect(again.statusCode).toBe(400);
    expect(wrapper(again)).toMatchObject({ code: '400002', message: 'El código SMS venció o no existe. Pida uno nuevo.' });
  });

  it('ownership: one borrower’s code never signs in another; each session is its own borrower’s, with the account’s profile', async () => {
    const ana = await borrowerWithPhone('10');
    const bruno = await borrowerWithPhone('11', { language: 'en' });
    expect((await askCode(a, ana.phone)).statusCode).toBe(200);
    expect((await askCode(b, bruno.phone)).statusCode).toBe(200);
    const anaCode = await lastCode(ana.phone);
    const brunoCode = await lastCode(bruno.phone);
    if (anaCode !== brunoCode) expect(wrapper(await post(a, paths.signIn, { phone: bruno.phone, code: anaCode })).code).toBe('400002');
    const asAna = answerOf(await post(b, paths.signIn, { phone: ana.phone, code: anaCode }), accountSignIn).data;
    const asBruno = answerOf(await post(a, paths.signIn, { phone: bruno.phone, code: brunoCode }), accountSignIn).data;
    const owner = async (sessionId: string) =>
      (await a.db.select({ borrowerId: sessions.borrowerId }).from(sessions).where(eq(sessions.idHash, hashSessionId(sessionId))))[0]?.borrowerId;
    expect(await owner(asAna.sessionId)).toBe(ana.id);
    expect(await owner(asBruno.sessionId)).toBe(bruno.id);
    expect(asBruno.profile).toMatchObject({ maskedPhone: `******${bruno.phone.slice(-4)}`, language: 'en' });
    // The same profile the account's own call answers.
    const profile = await post(a, '/v3/account/profile', {}, { query: { swift: asAna.sessionId } });
    expect(profile.statusCode).toBe(200);
    expect(wrapper(profile).data).toEqual(asAna.profile);
  });

  it('5 wrong tries across two processes, then the sixth is refused even when right', async () => {
    const borrower = await borrowerWithPhone('11');
    expect((await askCode(a, borrower.phone)).statusCode).toBe(200);
    const code = await lastCode(borrower.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post(i % 2 ? a : b, paths.signIn, { phone: borrower.phone, code: wrong });
      expect(res.statusCode).toBe(400);
      expect(wrapper(res)).toMatchObject({ code: '400002', message: 'El código SMS no es correcto.' });
    }
    const sixth = await post(a, paths.signIn, { phone: borrower.phone, code });
    expect(sixth.statusCode).toBe(400);
    expect(wrapper(sixth)).toMatchObject({ code: '400002', message: 'Demasiados intentos con este código. Pida uno nuevo.' });
    expect(await a.db.select().from(sessions).where(eq(sessions.borrowerId, borrower.id))).toHaveLength(0);
  });

  it('an expired code, or a code of another purpose (registration), does not sign in', async () => {
    const borrower = await borrowerWithPhone();
    expect((await askCode(a, borrower.phone)).statusCode).toBe(200);
    const code = await lastCode(borrower.phone);
    await a.db.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(verificationCodes.phone, borrower.phone));
    expect(wrapper(await post(b, paths.signIn, { phone: borrower.phone, code })).code).toBe('400002');
    await a.db
      .update(verificationCodes)
      .set({ purpose: 'register', expiresAt: new Date(Date.now() + 60_000) })
      .where(and(eq(verificationCodes.phone, borrower.phone), eq(verificationCodes.purpose, 'sign_in')));
    expect(wrapper(await post(b, paths.signIn, { phone: borrower.phone, code })).code).toBe('400002');
    expect(await a.db.select().from(sessions).where(eq(sessions.borrowerId, borrower.id))).toHaveLength(0);
  });

  it('an address that keeps guessing is refused with 429 429001 (20 sign-in calls a minute)', async () => {
    const ip = '203.0.113.91';
    const borrower = await borrowerWithPhone();
    for (let i = 0; i < 20; i++) expect((await post(a, paths.signIn, { phone: borrower.phone, code: '000000' }, { ip })).statusCode).toBe(400);
    const refused = await post(a, paths.signIn, { phone: borrower.phone, code: '000000' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(wrapper(refused).code).toBe('429001');
  });

  it('wrong codes count against the address with unknown session ids (guess limits: 60 failures, then 429)', async () => {
    const ip = '203.0.113.92';
    const borrower = await borrowerWithPhone();
    expect((await askCode(a, borrower.phone)).statusCode).toBe(200);
    const code = await lastCode(borrower.phone);
    // 4 wrong codes (each counted), then unknown session ids up to 60 failures in all.
    for (let i = 0; i < 4; i++) expect((await post(a, paths.signIn, { phone: borrower.phone, code: code === '000000' ? '111111' : '000000' }, { ip })).statusCode).toBe(400);
    for (let i = 0; i < 56; i++) expect((await post(a, paths.sessions, {}, { ip, query: { swift: randomBytes(16).toString('hex') } })).statusCode).toBe(401);
    // Even the right code is refused from this address now (the code itself had only 4 wrong tries).
    const refused = await post(a, paths.signIn, { phone: borrower.phone, code }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(wrapper(refused).code).toBe('429001');
    expect((await post(a, paths.signIn, { phone: borrower.phone, code })).statusCode).toBe(200);
  });

  it('a browser (client=web) gets an HttpOnly, Secure, SameSite=Strict cookie ending with the session, and no id', async () => {
    const borrower = await borrowerWithPhone();
    expect((await askCode(a, borrower.phone)).statusCode).toBe(200);
    const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
    const res = await post(b, paths.signIn, { phone: borrower.phone, code: await lastCode(borrower.phone), client: 'web' }, { headers: { 'user-agent': ua } });
    const data = answerOf(res, accountSignIn).data;
    expect(data.sessionId).toBe('');
    const setCookie = String(res.headers['set-cookie']);
    const id = /^presta_session=([0-9a-f]{32});/.exec(setCookie)?.[1];
    expect(id).toBeDefined();
    const attributes = setCookie.split('; ').slice(1);
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'Secure', 'SameSite=Strict', `Expires=${new Date(data.expiresAt).toUTCString()}`]));
    const [row] = await a.db.select().from(sessions).where(eq(sessions.idHash, hashSessionId(id!)));
    expect(row).toMatchObject({ client: 'web', deviceName: 'Safari', os: 'iOS 17.2' });
  });
});
