import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleMe, consoleSetUpComplete, consoleSetUpOpen, consoleSignIn, consoleSignOut } from '@presta/contract/api/console';
import { accountProfile } from '@presta/contract/api/account';
import type { StaffRole } from '@presta/contract/staff-roles';
import { listAudit } from '../src/modules/audit/audit-log';
import { addStaff } from '../src/modules/staff/staff-service';
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

  it('is limited per client address: the 11th try in a minute is 429', async () => {
    const ip = `198.51.100.${100 + Math.floor(Math.random() * 100)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await json(consoleSignIn.path, { email: `x.${unique()}@presta.example`, password, code: '123456' }, {}, ip)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
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
