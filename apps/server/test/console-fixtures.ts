import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { consoleSignIn } from '@presta/contract/api/console/session';
import { consoleMyTokenCreate } from '@presta/contract/api/console/staff';
import type { StaffRole } from '@presta/contract/staff-roles';
import { staffMembers, staffRoleRows } from '../src/db/schema';
import { addStaff, completeSetUp, openSetUpLink, staffActor } from '../src/modules/staff/staff-service';
import type { TestApp } from './helpers';

/*
 * Back-office fixtures (issue 17): staff members set up with a password and TOTP, signed in through the console's
 * own call, and console calls made as the console makes them (JSON, cookie, CSRF token, same origin).
 */

export const staffPassword = 'a long enough passphrase';
const unique = () => randomBytes(4).toString('hex');
export const totpAt = (secret: string, at: number) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

/** An admin who makes members (a row, as the bootstrap leaves one). */
export async function staffMaker(t: TestApp) {
  const [row] = await t.db.insert(staffMembers).values({ email: `maker.${unique()}@presta.example` }).returning();
  await t.db.insert(staffRoleRows).values({ staffId: row!.id, role: 'admin' });
  return staffActor({ id: row!.id, email: row!.email, name: '', roles: ['admin'] }, 'cli');
}

/** A member with `roles`, set up with a code of the previous 30 s step (so a sign-in now has a fresh code). */
export async function staffMember(t: TestApp, roles: StaffRole[]) {
  const added = await addStaff(t.db, { email: `${roles.join('-') || 'none'}.${unique()}@presta.example`, roles }, await staffMaker(t));
  const opened = await openSetUpLink(t.db, t.config.staffSecretKey, added.setUpToken);
  await completeSetUp(t.db, t.config.staffSecretKey, { token: added.setUpToken, password: staffPassword, code: totpAt(opened.totpSecret, Date.now() - 30_000) });
  return { ...added.member, secret: opened.totpSecret };
}

export type ConsoleAuth = { cookie: string; csrfToken: string; sessionId: string };

/** Signs the member in through POST /console/api/sign-in; answers what the console keeps. */
export async function consoleSignInAs(t: TestApp, m: { email: string; secret: string }, ip = '198.51.100.20'): Promise<ConsoleAuth> {
  const res = await t.app.inject({
    method: 'POST',
    url: consoleSignIn.path,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', origin: t.config.publicBaseUrl },
    payload: JSON.stringify({ email: m.email, password: staffPassword, code: totpAt(m.secret, Date.now()) }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = /presta_console=([^;]+)/.exec(String(res.headers['set-cookie']))![1]!;
  return { cookie: `presta_console=${sessionId}`, csrfToken: res.json<{ data: { csrfToken: string } }>().data.csrfToken, sessionId };
}

/** A console call as the console makes it: JSON, the cookie, the CSRF token and the console's origin. */
export function consoleCall(t: TestApp, auth: ConsoleAuth, route: { method: 'GET' | 'POST'; path: string }, body: Record<string, unknown> = {}, language?: 'es' | 'en') {
  const headers = { cookie: auth.cookie, 'x-csrf-token': auth.csrfToken, origin: t.config.publicBaseUrl, ...(language ? { language } : {}) };
  if (route.method === 'GET') {
    const query = new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return t.app.inject({ method: 'GET', url: query ? `${route.path}?${query}` : route.path, headers });
  }
  return t.app.inject({ method: 'POST', url: route.path, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}

/** A new API token of the signed-in member (POST /console/api/me/tokens/create): its secret, answered once, and its id. */
export async function apiTokenOf(t: TestApp, auth: ConsoleAuth, name = `script ${unique()}`): Promise<{ secret: string; id: number }> {
  const res = await consoleCall(t, auth, consoleMyTokenCreate, { name });
  expect(res.statusCode, res.body).toBe(200);
  const { token, secret } = res.json<{ data: { token: { id: number }; secret: string } }>().data;
  return { secret, id: token.id };
}

/** A console call as a script makes it: `Authorization: Bearer <token>`, no cookie, no CSRF token, no origin. */
export function bearerCall(t: TestApp, token: string, route: { method: 'GET' | 'POST'; path: string }, body: Record<string, unknown> = {}, remoteAddress = '203.0.113.10') {
  const headers = { authorization: `Bearer ${token}` };
  if (route.method === 'GET') {
    const query = new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return t.app.inject({ method: 'GET', url: query ? `${route.path}?${query}` : route.path, headers, remoteAddress });
  }
  return t.app.inject({ method: 'POST', url: route.path, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body), remoteAddress });
}
