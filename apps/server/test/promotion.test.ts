import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { channelTemplate, getSid } from '@presta/contract/api/promotion';
import { defaultTemplateStoreLinks } from '@presta/contract/promotion-rules';
import { borrowers, promoEvents, promoSessions, sessions, verificationCodes, promotionTemplates, smsOutbox } from '../src/db/schema';
import { hashSessionId } from '../src/modules/session/session-service';
import { answerHash, funnelReport, requestSmsCode } from '../src/modules/promotion/promotion-service';
import { sniffImageType } from '../src/lib/image-type';
import { runOpsCommand } from '../src/cli/ops';
import { consoleFunnel } from '@presta/contract/api/console/promotion';
import { apiTokenOf, bearerCall, consoleCall, consoleSignInAs, staffMember } from './console-fixtures';
import { opsStaff, answerOf, buildTestApp, dataOf, wrapper, type TestApp } from './helpers';

/** A template the service answers instead of the stored one, when set (the answer-schema test). */
const templateOverride: { value?: unknown } = vi.hoisted(() => ({}));
vi.mock('../src/modules/promotion/promotion-service', async (importOriginal) => {
  const service = await importOriginal<typeof import('../src/modules/promotion/promotion-service')>();
  const findTemplate = (...args: Parameters<typeof service.findTemplate>) => (templateOverride.value === undefined ? service.findTemplate(...args) : Promise.resolve(templateOverride.value));
  return { ...service, findTemplate };
});

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  // Two API processes' worth of app on one database: limits must hold across them.
  [a, b] = await Promise.all([buildTestApp(), buildTestApp()]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

const paths = {
  template: '/api/v2/youmi/service/channel/channel-template',
  visit: '/api/v2/youmi/promotion/track-visit',
  sid: '/api/v2/youmi/promotion/get-sid',
  captcha: '/api/v2/youmi/promotion/get-captcha',
  sms: '/api/v2/youmi/promotion/get-sms',
  click: '/api/v2/youmi/promotion/track-click',
  register: '/api/v2/youmi/promotion/register',
};

let phoneSeq = 0;
/** A fresh valid phone: 1, then 3–9, then 9 digits. */
const newPhone = () => `13${String(Date.now() % 1e6).padStart(6, '0')}${String(++phoneSeq % 1000).padStart(3, '0')}`;

let ipSeq = 0;
/** Each call from its own address unless told: the per-address rate limits are not what these tests measure. */
const nextIp = () => `198.51.${Math.floor(++ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;
const form = (app: TestApp, url: string, payload: Record<string, string | number>, ip = nextIp()) =>
  app.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)])).toString(),
  });

/** A sid whose captcha answer is known (the image itself is checked separately). */
async function sidWithCaptcha(app: TestApp, answer = 'k7mp', drawnAt = new Date()): Promise<string> {
  const sid = dataOf(await app.app.inject({ method: 'GET', url: paths.sid, remoteAddress: nextIp() }), getSid).sid;
  expect((await app.app.inject({ method: 'GET', url: paths.captcha, query: { sid, t: '1' }, remoteAddress: nextIp() })).statusCode).toBe(200);
  await app.db.update(promoSessions).set({ answerHash: answerHash(sid, answer), drawnAt }).where(eq(promoSessions.sid, sid));
  return sid;
}

async function lastCode(app: TestApp, phone: string): Promise<string> {
  const [m] = await app.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
  const code = /\b(\d{6})\b/.exec(m?.body ?? '')?.[1];
  if (!code) throw new Error('no code');
  return code;
}

const smsPayload = (phone: string, sid: string, capcode = 'k7mp') => ({ phone, capcode, sid, deviceId: sid, appName: 'Presta', app_from: 'fb', user_from: 'ad1', utm_tag: 'spring' });
const registerPayload = (phone: string, sid: string, smsCode: string, capcode = 'k7mp') => ({
  phone,
  capcode,
  sid,
  deviceId: sid,
  appName: 'Presta',
  merchantNumber: 0,
  userName: phone,
  smsCode,
  invite_code: 'INV42',
  user_from: 'ad1',
  id: '1',
  app_from: 'fb',
  utm_tag: 'spring',
});

describe('template, sid, captcha', () => {
  it("channel-template answers '00' with the seeded default (also for an unknown id)", async () => {
    for (const templateId of ['1', '999', 'abc']) {
      const res = answerOf(await a.app.inject({ method: 'GET', url: paths.template, query: { templateId } }), channelTemplate);
      expect(res).toMatchObject({ success: true, code: '00' });
      expect(res.data).toMatchObject({ id: '1', appName: 'Presta', pixelId: '' });
      expect(res.data.androidUrl).toMatch(/^https:\/\/play\.google\.com\//);
      // The marketing site, prerendered without a database, prints these same store links (issue 14).
      expect({ ios: res.data.iosUrl, android: res.data.androidUrl }).toEqual(defaultTemplateStoreLinks);
    }
  });

  it('channel-template answers the texts in the language the page asks for, when the template has them (issue 14)', async () => {
    const ask = async (templateId: string, language?: string) =>
      dataOf(await a.app.inject({ method: 'GET', url: paths.template, query: { templateId }, headers: language ? { language } : {} }), channelTemplate);
    const spanish = await ask('1');
    expect(spanish).toMatchObject({ textLanguage: 'es', agreementTitle: 'Acuerdo de registro y aviso de privacidad', downloadTitle: 'Descargue la aplicación Presta' });
    expect(await ask('1', '2')).toEqual(spanish);
    const english = await ask('1', '1');
    expect(english).toEqual({
      ...spanish,
      textLanguage: 'en',
      agreementTitle: 'Registration agreement and privacy notice',
      agreementParagraphs: expect.arrayContaining([expect.stringMatching(/^By signing up, you agree that Presta uses your phone number/)]) as unknown,
      downloadTitle: 'Download the Presta app',
      downloadText: 'Your account is ready. Download the app and sign in with your phone number to apply for your loan.',
    });
    expect(english.agreementParagraphs).toHaveLength(spanish.agreementParagraphs.length);

    // A template without English, or with an incomplete one, answers its own Spanish texts, and says so.
    const base = { appName: 'Otra', agreementTitle: 'Acuerdo', agreementParagraphs: ['Uno.'], downloadTitle: 'Descargue', downloadText: 'Texto.' };
    const [bare] = await a.db.insert(promotionTemplates).values(base).returning();
    const [partial] = await a.db
      .insert(promotionTemplates)
      .values({ ...base, translations: { en: { agreementTitle: 'Agreement', agreementParagraphs: [], downloadTitle: 'Download', downloadText: '' } } })
      .returning();
    for (const row of [bare!, partial!]) {
      expect(await ask(String(row.id), '1')).toMatchObject({ id: String(row.id), textLanguage: 'es', agreementTitle: 'Acuerdo', agreementParagraphs: ['Uno.'] });
    }
  });

  it("an answer whose data does not match the contract's schema is never sent: a 500 instead (issue 15)", async () => {
    // The database cannot hold such a template (its columns are typed), so the service answers one here.
    templateOverride.value = { id: 1, appName: 'Rota', agreementParagraphs: 'not a list' };
    try {
      const res = await a.app.inject({ method: 'GET', url: paths.template, query: { templateId: '1' } });
      expect(res.statusCode).toBe(500);
      expect(wrapper(res)).toMatchObject({ success: false, code: '500000', data: null });
      expect(res.body).not.toContain('Rota');
    } finally {
      templateOverride.value = undefined;
    }
    expect(answerOf(await a.app.inject({ method: 'GET', url: paths.template, query: { templateId: '1' } }), channelTemplate).code).toBe('00');
  });

  it("get-sid answers '0' with a 128-bit sid; get-captcha is a real PNG, never cached; an unknown sid is 404", async () => {
    const sid = answerOf(await a.app.inject({ method: 'GET', url: paths.sid }), getSid);
    expect(sid).toMatchObject({ success: true, code: '0' });
    expect(sid.data.sid).toMatch(/^[0-9a-f]{32}$/);
    const img = await a.app.inject({ method: 'GET', url: paths.captcha, query: { sid: sid.data.sid, t: String(Date.now()) } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toBe('no-store');
    expect(sniffImageType(img.rawPayload)).toBe('image/png');
    expect((await a.app.inject({ method: 'GET', url: paths.captcha, query: { sid: '0'.repeat(32) } })).statusCode).toBe(404);
    expect((await a.app.inject({ method: 'GET', url: paths.captcha, query: { sid: 'x' } })).statusCode).toBe(404);
  });
});

describe('get-sms', () => {
  it("'0': a 6-digit code is stored hashed and queued; the page's tracking is recorded", async () => {
    const phone = newPhone();
    const sid = await sidWithCaptcha(a);
    const res = await form(a, paths.sms, smsPayload(phone, sid));
    expect(wrapper(res)).toMatchObject({ success: true, code: '0' });
    const code = await lastCode(a, phone);
    const [row] = await a.db.select().from(verificationCodes).where(eq(verificationCodes.phone, phone));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.utmTag).toBe('spring');
  });

  it("'101' for a wrong captcha; the captcha is single use; refused after 5 wrong answers even when right", async () => {
    const phone = newPhone();
    const sid = await sidWithCaptcha(a);
    // The wire answer exactly (§8: the code decides success; data is null).
    expect((await form(a, paths.sms, smsPayload(phone, sid, 'zzzz'))).body).toBe(
      '{"success":false,"code":"101","message":"El código de la imagen no es correcto. Escriba el de la nueva imagen.","data":null}',
    );
    for (let i = 0; i < 4; i++) await form(a, paths.sms, smsPayload(phone, sid, 'zzzz'));
    expect(wrapper(await form(a, paths.sms, smsPayload(phone, sid))).code).toBe('101');
    const sid2 = await sidWithCaptcha(a);
    expect(wrapper(await form(a, paths.sms, smsPayload(phone, sid2))).code).toBe('0');
    // The same captcha again (another phone): used up.
    expect(wrapper(await form(a, paths.sms, smsPayload(newPhone(), sid2))).code).toBe('101');
  });

  it("'11' for a registered phone, and no SMS is sent", async () => {
    const phone = newPhone();
    await a.db.insert(borrowers).values({ phone });
    const sid = await sidWithCaptcha(a);
    expect(wrapper(await form(a, paths.sms, smsPayload(phone, sid))).code).toBe('11');
    expect(await a.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone))).toHaveLength(0);
  });

  it('a resend inside 60 s is refused (Retry-After), through the other API process too; the captcha is kept for that phone', async () => {
    const phone = newPhone();
    expect(wrapper(await form(a, paths.sms, smsPayload(phone, await sidWithCaptcha(a)))).code).toBe('0');
    const sid = await sidWithCaptcha(b);
    const again = await form(b, paths.sms, smsPayload(phone, sid));
    expect(again.statusCode).toBe(429);
    expect(wrapper(again).message).toMatch(/^Espere \d+ s para pedir otro código\.$/);
    expect(again.headers['retry-after']).toBe(/(\d+) s/.exec(wrapper(again).message)?.[1]);
    expect(await a.db.select().from(verificationCodes).where(eq(verificationCodes.phone, phone))).toHaveLength(1);
    // The captcha the refused send answered is good after the wait, for this phone only (decision 025).
    expect(wrapper(await form(a, paths.sms, smsPayload(newPhone(), sid))).code).toBe('101');
    await a.db.execute(sql`update verification_codes set created_at = created_at - interval '61 seconds' where phone = ${phone}`);
    expect(wrapper(await form(a, paths.sms, smsPayload(phone, sid))).code).toBe('0');
  });

  it('a phone’s day is counted per requesting address: 10 from one address, 30 from all (decision 025)', async () => {
    const phone = newPhone();
    const t0 = Date.now();
    const at = (i: number) => new Date(t0 + i * 61_000);
    const ask = async (i: number, ip: string) => (await requestSmsCode(a.db, smsPayload(phone, await sidWithCaptcha(a, 'k7mp', at(i))), ip, 'es', at(i))).answer;
    for (let i = 0; i < 10; i++) expect((await ask(i, '192.0.2.11')).code).toBe('0');
    expect(await ask(10, '192.0.2.11')).toMatchObject({ code: '429001', messageKey: 'promoDailyCap' });
    // Another address (the borrower's own) still gets codes, up to the phone's 30 from all addresses.
    for (let i = 11; i < 31; i++) expect((await ask(i, i < 21 ? '192.0.2.12' : '192.0.2.13')).code).toBe('0');
    expect(await ask(31, '192.0.2.14')).toMatchObject({ code: '429001', messageKey: 'promoDailyCap' });
  });

  it('bad input: an invalid phone, a missing sid, wrong types, very long fields — 4xx, never 500, nothing sent', async () => {
    const sid = await sidWithCaptcha(a);
    const bad = await form(a, paths.sms, smsPayload('23800138000', sid));
    expect(bad.statusCode).toBe(400);
    expect(wrapper(bad).message).toBe('Escriba un número de teléfono válido de 11 dígitos.');
    expect(wrapper(await form(a, paths.sms, { phone: newPhone(), capcode: 'k7mp' })).code).toBe('400001');
    expect((await form(a, paths.sms, { ...smsPayload(newPhone(), sid), utm_tag: 'x'.repeat(5000) })).statusCode).toBe(400);
    expect((await form(a, paths.sms, { ...smsPayload(newPhone(), 'not-a-sid') })).statusCode).toBe(200);
    const json = await a.app.inject({ method: 'POST', url: paths.sms, headers: { 'content-type': 'application/json' }, payload: '{"phone":1}' });
    expect(json.statusCode).toBe(415);
  });
});

describe('register', () => {
  it("'0' creates the borrower with where they came from; '11' afterwards", async () => {
    const phone = newPhone();
    const sid = await sidWithCaptcha(a);
    await form(a, paths.sms, smsPayload(phone, sid));
    const code = await lastCode(a, phone);
    // Sent through one process, verified through the other.
    const res = await form(b, paths.register, registerPayload(phone, sid, code));
    expect(wrapper(res)).toMatchObject({ success: true, code: '0' });
    const [who] = await a.db.select().from(borrowers).where(eq(borrowers.phone, phone));
    expect(who).toMatchObject({ promoTemplateId: 1, appFrom: 'fb', userFrom: 'ad1', utmTag: 'spring', inviteCode: 'INV42' });
    // The code proved the phone: the browser is signed in (decision 025), its session the HttpOnly cookie.
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^presta_session=[0-9a-f]{32,}; .*HttpOnly; Secure; SameSite=Strict$/);
    const [session] = await a.db.select().from(sessions).where(eq(sessions.borrowerId, who!.id));
    expect(session).toMatchObject({ client: 'web', idHash: hashSessionId(/^presta_session=([^;]+)/.exec(cookie)![1]!) });
    expect(wrapper(await form(a, paths.register, registerPayload(phone, sid, code))).code).toBe('11');
  });

  it("the page's empty fields (an address without app_from, user_from, utm_tag, invite_code or id) are stored as absent (issue 14)", async () => {
    const phone = newPhone();
    const sid = await sidWithCaptcha(a);
    const blank = { app_from: '', user_from: '', utm_tag: '' };
    expect(wrapper(await form(a, paths.sms, { ...smsPayload(phone, sid), appName: '', ...blank })).code).toBe('0');
    const [sent] = await a.db.select().from(verificationCodes).where(eq(verificationCodes.phone, phone));
    expect(sent).toMatchObject({ appFrom: null, userFrom: null, utmTag: null });
    const code = await lastCode(a, phone);
    const res = await form(a, paths.register, { ...registerPayload(phone, sid, code), appName: '', ...blank, invite_code: '', id: '' });
    expect(wrapper(res)).toMatchObject({ success: true, code: '0' });
    const [who] = await a.db.select().from(borrowers).where(eq(borrowers.phone, phone));
    expect(who).toMatchObject({ promoTemplateId: null, appFrom: null, userFrom: null, utmTag: null, inviteCode: null });
  });

  it("'-1' when the captcha was not passed for this phone", async () => {
    const phone = newPhone();
    const sid = await sidWithCaptcha(a);
    await form(a, paths.sms, smsPayload(phone, sid));
    const code = await lastCode(a, phone);
    expect(wrapper(await form(a, paths.register, registerPayload(phone, sid, code, 'zzzz'))).code).toBe('-1');
    const otherSid = await sidWithCaptcha(a);
    expect(wrapper(await form(a, paths.register, registerPayload(phone, otherSid, code))).code).toBe('-1');
  });

  it('the sixth try is refused even with the right code; a used code cannot be used again', async () => {
    const phone = newPhone();
    const sid = await sidWithCaptcha(a);
    await form(a, paths.sms, smsPayload(phone, sid));
    const code = await lastCode(a, phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect(wrapper(await form(i % 2 ? a : b, paths.register, registerPayload(phone, sid, wrongCode))).message).toBe('El código SMS no es correcto.');
    const sixth = await form(a, paths.register, registerPayload(phone, sid, code));
    expect(wrapper(sixth)).toMatchObject({ success: false, message: 'Demasiados intentos con este código. Pida uno nuevo.' });
    expect(await a.db.select().from(borrowers).where(eq(borrowers.phone, phone))).toHaveLength(0);
  });

  it('two registrations at once create one borrower', async () => {
    const phone = newPhone();
    const sid = await sidWithCaptcha(a);
    await form(a, paths.sms, smsPayload(phone, sid));
    const code = await lastCode(a, phone);
    const [r1, r2] = await Promise.all([form(a, paths.register, registerPayload(phone, sid, code)), form(b, paths.register, registerPayload(phone, sid, code))]);
    expect([wrapper(r1).code, wrapper(r2).code].sort()).toEqual(['0', '11']);
    expect(await a.db.select().from(borrowers).where(eq(borrowers.phone, phone))).toHaveLength(1);
  });
});

describe('tracking and the funnel', () => {
  it('visits and clicks are stored; the funnel counts visits, clicks, SMS and registrations per template and utm_tag', async () => {
    const tag = `t${Date.now()}`;
    const q = { page_id: '1', user_from: 'ad1', client_type: 'android', page_type: '1', utm_tag: tag, app_from: 'fb' };
    for (let i = 0; i < 3; i++) expect((await a.app.inject({ method: 'GET', url: paths.visit, query: q })).body).toBe('{"success":true,"code":"0","message":"Éxito","data":null}');
    const phone = newPhone();
    await a.app.inject({ method: 'GET', url: paths.click, query: { ...q, phone } });
    const sid = await sidWithCaptcha(a);
    await form(a, paths.sms, { ...smsPayload(phone, sid), utm_tag: tag });
    await form(a, paths.register, { ...registerPayload(phone, sid, await lastCode(a, phone)), utm_tag: tag });
    const clicks = await a.db.select().from(promoEvents).where(eq(promoEvents.utmTag, tag));
    expect(clicks.filter((e) => e.kind === 'click').map((e) => e.phone)).toEqual([phone]);

    const rows = await funnelReport(a.db, new Date(Date.now() - 3_600_000), new Date(Date.now() + 60_000));
    expect(rows.find((r) => r.utmTag === tag)).toEqual({ template: '1', utmTag: tag, visits: 3, clicks: 1, smsRequests: 1, smsSent: 1, registrations: 1, conversionPct: 33.3 });

    const out: string[] = [];
    expect(await runOpsCommand(a.db, ['funnel'], { out: (l) => out.push(l), err: (l) => out.push(l) }, await opsStaff(a.db))).toBe(0);
    expect(out.some((l) => l.includes(`1  ${tag}  3  1  1  1  1  33.3%`))).toBe(true);
    expect(await runOpsCommand(a.db, ['funnel', '--from', 'yesterday'], { out: () => undefined, err: () => undefined }, await opsStaff(a.db))).toBe(1);

    // The back office (issue 17): the same funnel to a member whose roles read reports; the operator token's
    // call it replaces is gone.
    expect((await a.app.inject({ method: 'GET', url: '/api/ops/promotion-funnel' })).statusCode).toBe(404);
    const analyst = await consoleSignInAs(a, await staffMember(a, ['analyst']), '198.51.100.120');
    const today = new Date().toISOString().slice(0, 10);
    const funnel = await consoleCall(a, analyst, consoleFunnel, { from: today, to: today });
    expect(funnel.statusCode, funnel.body).toBe(200);
    const data = funnel.json<{ data: { from: string; to: string; rows: { utmTag: string }[] } }>().data;
    expect(data.rows.find((r) => r.utmTag === tag)).toEqual({ template: '1', utmTag: tag, visits: 3, clicks: 1, smsRequests: 1, smsSent: 1, registrations: 1, conversionPct: 33.3 });
    expect([data.from, data.to]).toEqual([`${today}T00:00:00.000Z`, new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString()]);
    expect((await consoleCall(a, analyst, consoleFunnel, { from: 'yesterday' })).statusCode).toBe(400);
    // A script reads it with the analyst's API token (what the operator token was for).
    const { secret } = await apiTokenOf(a, analyst);
    const scripted = await bearerCall(a, secret, consoleFunnel, { from: today, to: today });
    expect(scripted.statusCode, scripted.body).toBe(200);
    expect(scripted.json<{ data: { rows: { utmTag: string }[] } }>().data.rows.some((r) => r.utmTag === tag)).toBe(true);
  });
});
