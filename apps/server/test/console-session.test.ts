import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleMe, consoleSetUpComplete, consoleSetUpOpen, consoleSignIn, consoleSignOut } from '@presta/contract/api/console/session';
import { accountProfile } from '@presta/contract/api/account';
import type { StaffRole } from '@presta/contract/staff-roles';
import { listAudit } from '../src/modules/audit/audit-log';
import { Redis } from 'ioredis';
import { addStaff, completeSetUp, openSetUpLink, resetStaff } from '../src/modules/staff/staff-service';
import { staffMaker, staffMember, staffPassword, totpAt } from './console-fixtures';
import { borrowerWithOffer, buildTestApp, type TestApp } from './helpers';

/*
 * The console's session calls over HTTP (issue 17, decision 018 point 5): sign-in sets the presta_console cookie,
 * me answers the member and the CSRF token, a state-changing call needs that token and a same-origin request,
 * sign-out is refused at once; a console cookie is never a borrower session and a borrower session never a console
 * one; the set-up link's two steps.
 */

let t: TestApp;
const password = staffPassword;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const unique = () => randomBytes(4).toString('hex');
const codeAt = totpAt;
const member = (roles: StaffRole[]) => staffMember(t, roles);
const maker = () => staffMaker(t);

const origin = () => t.config.publicBaseUrl;
const json = (url: string, body: unknown, headers: Record<string, string> = {}, ip = '198.51.100.20') =>
  t.app.inject({ method: 'POST', url, remoteAddress: ip, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

async function signIn(m: { email: string; secret: string }, ip?: string) {
  const res = await json(consoleSignIn.path, { email: m.email, password, code: codeAt(m.secret, Date.now()) }, { origin: origin() }, ip);
  expect(res.statusCode, res.body).toBe(200);
  const cookie = String(res.headers['set-cookie']);
  const id = /presta_console=([^;]+)/.exec(cookie)![1]!;
  const data = res.json<{ data: { csrfToken: string; member: { id: number } } }>().data;
  return { cookie, id, csrfToken: data.csrfToken, data };
}

const me = (cookieHeader?: string) => t.app.inject({ method: 'GET', url: consoleMe.path, headers: cookieHeader ? { cookie: cookieHeader } : {} });

describe('console sign-in', () => {
  it('sets the presta_console cookie (HttpOnly, Secure, SameSite=Strict, Path=/console), answers the member and a CSRF token, and is audited', async () => {
    const m = await member(['reviewer', 'support']);
    const s = await signIn(m);
    expect(s.cookie).toMatch(/^presta_console=[A-Za-z0-9_-]{22}; Path=\/console; Expires=[^;]+; HttpOnly; Secure; SameSite=Strict$/);
    expect(s.data).toMatchObject({ member: { id: m.id, email: m.email, roles: ['reviewer', 'support'] } });
    expect(JSON.stringify(s.data)).not.toContain(s.id);
    const who = await me(`presta_console=${s.id}`);
    expect(who.statusCode).toBe(200);
    expect(who.json<{ data: { member: { id: number } } }>().data.member.id).toBe(m.id);
    const [event] = await listAudit(t.db, { staffId: m.id, action: 'staff.signIn' });
    expect(event).toMatchObject({ via: 'console', clientIp: '198.51.100.20', after: { secondFactor: 'totp' } });
  });

  it('a wrong password, a wrong code and an unknown e-mail get the same 401 401003; JSON only for sign-in’s fields', async () => {
    const m = await member(['finance']);
    const ip = '198.51.100.21';
    const answers = [
      await json(consoleSignIn.path, { email: m.email, password: `${password}x`, code: codeAt(m.secret, Date.now()) }, {}, ip),
      await json(consoleSignIn.path, { email: `nobody.${unique()}@presta.example`, password, code: '123456' }, {}, ip),
    ];
    for (const res of answers) expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([401, '401003']);
    const bad = await json(consoleSignIn.path, { email: m.email, password, code: '12ab56' }, {}, ip);
    expect(bad.statusCode).toBe(400);
    const both = await json(consoleSignIn.path, { email: m.email, password, code: '123456', recoveryCode: 'ABCDE-FGHJK' }, {}, ip);
    expect(both.statusCode).toBe(400);
  });
});

/*
 * Issue 32, item 4 (decision 024): no lockout; refused sign-ins are throttled per address and, once the password
 * is right, per account, with back-off, and every refusal is the same 401 401003.
 */
describe('console sign-in throttling', () => {
  const randomIp = () => `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
  const refusedAlike = [401, '401003', 'El correo, la contraseña o el código no son correctos.'];
  const answerOf = (res: { statusCode: number; json: <T>() => T }) => [res.statusCode, res.json<{ code: string }>().code, res.json<{ message: string }>().message];
  const wrongCode = (secret: string) => (totpAt(secret, Date.now()) === '000000' ? '111111' : '000000');
  const timed = async <T>(call: () => Promise<T>) => {
    const started = performance.now();
    const res = await call();
    return { res, ms: performance.now() - started };
  };

  it('many wrong passwords on a real e-mail answer exactly as an unknown e-mail does, and the member still signs in from another address', async () => {
    const m = await member(['finance']);
    const attacker = randomIp();
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(answerOf(await json(consoleSignIn.path, { email: m.email, password: `wrong ${i} password`, code: '123456' }, {}, attacker)));
    for (let i = 0; i < 2; i++) answers.push(answerOf(await json(consoleSignIn.path, { email: `nobody.${unique()}@presta.example`, password, code: '123456' }, {}, randomIp())));
    for (const a of answers) expect(a).toEqual(refusedAlike);
    // Twelve more from twelve other addresses: the member is not locked out.
    for (let i = 0; i < 12; i++) await json(consoleSignIn.path, { email: m.email, password: `wrong ${i} again`, code: '123456' }, {}, randomIp());
    await signIn(m, '198.51.100.77');
  });

  it('an address is throttled after 10 refusals, with back-off: the right password and code are refused from it alike, and as late; another address signs in', async () => {
    const m = await member(['support']);
    const attacker = '192.0.2.44';
    const wrongPasswordTimes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const { res, ms } = await timed(() => json(consoleSignIn.path, { email: m.email, password: `wrong ${i} password`, code: '123456' }, {}, attacker));
      expect(answerOf(res)).toEqual(refusedAlike);
      wrongPasswordTimes.push(ms);
    }
    const { res: right, ms } = await timed(() => json(consoleSignIn.path, { email: m.email, password, code: totpAt(m.secret, Date.now()) }, {}, attacker));
    expect(answerOf(right)).toEqual(refusedAlike);
    // Answered as late as a checked refusal (a moving average of the password checks), not at once.
    expect(ms).toBeGreaterThan(Math.min(...wrongPasswordTimes) * 0.3);
    // Each refusal past the limit doubles the wait: 15, 30, then 60 minutes.
    for (let i = 0; i < 2; i++) expect(answerOf(await json(consoleSignIn.path, { email: m.email, password, code: '123456' }, {}, attacker))).toEqual(refusedAlike);
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    try {
      const [key] = await redis.keys(`${t.config.redisKeyPrefix}*staff-sign-in-address:${attacker}`);
      expect(key).toBeDefined();
      expect(await redis.get(key!)).toBe('13');
      expect(await redis.pttl(key!)).toBeGreaterThan(45 * 60_000);
    } finally {
      redis.disconnect();
    }
    await signIn(m, '198.51.100.78');
  });

  it('guessing the second factor with the right password throttles that account from any address (5 wrong codes), alike; a reset and a new password start afresh', async () => {
    const m = await member(['analyst']);
    for (let i = 0; i < 5; i++) expect(answerOf(await json(consoleSignIn.path, { email: m.email, password, code: wrongCode(m.secret) }, {}, randomIp()))).toEqual(refusedAlike);
    const refused = await json(consoleSignIn.path, { email: m.email, password, code: totpAt(m.secret, Date.now()) }, {}, '198.51.100.79');
    expect(answerOf(refused)).toEqual(refusedAlike);
    // The admin resets the member, who sets a new password: the new account signs in at once.
    const reset = await resetStaff(t.db, { email: m.email }, await maker());
    const opened = await openSetUpLink(t.db, t.config.staffSecretKey, reset.setUpToken);
    const newPassword = 'una frase nueva y bastante larga';
    await completeSetUp(t.db, t.config.staffSecretKey, { token: reset.setUpToken, password: newPassword, code: totpAt(opened.totpSecret, Date.now() - 30_000) });
    const res = await json(consoleSignIn.path, { email: m.email, password: newPassword, code: totpAt(opened.totpSecret, Date.now()) }, { origin: origin() }, '198.51.100.79');
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('the console session and the borrower session never stand for each other', () => {
  it('no cookie, an unknown one, a borrower session (address or cookie): 401 401004 on a console call', async () => {
    const { sessionId } = await borrowerWithOffer(t.db);
    for (const res of [
      await me(),
      await me('presta_console=AAAAAAAAAAAAAAAAAAAAAA'),
      await me(`presta_session=${sessionId}`),
      await t.app.inject({ method: 'GET', url: `${consoleMe.path}?swift=${sessionId}` }),
    ]) {
      expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([401, '401004']);
    }
  });

  it('a console cookie on a borrower call is no session (401 401001)', async () => {
    const m = await member(['admin']);
    const s = await signIn(m);
    const res = await t.app.inject({
      method: 'POST',
      url: accountProfile.path,
      headers: { cookie: `presta_console=${s.id}`, 'sec-fetch-site': 'same-origin', origin: origin(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([401, '401001']);
  });
});

describe('sign-out: CSRF token and same origin, then refused at once', () => {
  it('without the token, with another session’s token or from another site: 403 403002 and the session lives', async () => {
    const m = await member(['analyst']);
    const s = await signIn(m);
    const other = await signIn(await member(['analyst']));
    const cookie = `presta_console=${s.id}`;
    const tries: Record<string, string>[] = [
      { cookie, origin: origin() },
      { cookie, origin: origin(), 'x-csrf-token': other.csrfToken },
      { cookie, origin: 'https://evil.example', 'x-csrf-token': s.csrfToken },
      { cookie, 'sec-fetch-site': 'cross-site', 'x-csrf-token': s.csrfToken },
    ];
    for (const headers of tries) {
      const res = await json(consoleSignOut.path, {}, headers);
      expect([res.statusCode, res.json<{ code: string }>().code], JSON.stringify(headers)).toEqual([403, '403002']);
    }
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await json(consoleSignOut.path, {}, { cookie, origin: origin(), 'x-csrf-token': s.csrfToken });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^presta_console=; Path=\/console; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Strict$/);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(`presta_console=${other.id}`)).statusCode).toBe(200);
  });
});

describe('the set-up link over HTTP', () => {
  it('open shows the secret to enrol; complete takes the password and a code, answers ten recovery codes once', async () => {
    const added = await addStaff(t.db, { email: `new.${unique()}@presta.example`, roles: ['support'] }, await maker());
    const opened = await json(consoleSetUpOpen.path, { token: added.setUpToken });
    expect(opened.statusCode).toBe(200);
    const { totpSecret, totpUri, email } = opened.json<{ data: { totpSecret: string; totpUri: string; email: string } }>().data;
    expect(email).toBe(added.member.email);
    expect(totpUri).toContain(`secret=${totpSecret}`);
    const done = await json(consoleSetUpComplete.path, { token: added.setUpToken, password, code: codeAt(totpSecret, Date.now()) });
    expect(done.statusCode).toBe(200);
    expect(done.json<{ data: { recoveryCodes: string[] } }>().data.recoveryCodes).toHaveLength(10);
    const again = await json(consoleSetUpComplete.path, { token: added.setUpToken, password, code: codeAt(totpSecret, Date.now()) });
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([400, expect.stringContaining('ya no es válido')]);
    for (const token of ['', 'short', `${added.setUpToken}!`]) expect((await json(consoleSetUpOpen.path, { token })).statusCode).toBe(400);
  });
});
