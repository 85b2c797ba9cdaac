import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleAudit } from '@presta/contract/api/console/audit';
import { consoleFunnel } from '@presta/contract/api/console/promotion';
import { consoleMe, consoleSignOut } from '@presta/contract/api/console/session';
import { consoleMyTokenCreate, consoleMyTokenRevoke, consoleMyTokens, consoleStaff, consoleStaffAdd, consoleStaffDisable, consoleStaffEnable, consoleStaffReset, consoleStaffRoles, consoleStaffTokenRevoke, consoleStaffTokens } from '@presta/contract/api/console/staff';
import { staffRoles, type StaffRole } from '@presta/contract/staff-roles';
import { staffApiTokens } from '../src/db/schema';
import { listAudit } from '../src/modules/audit/audit-log';
import { MAX_LIVE_TOKENS } from '../src/modules/staff/staff-api-tokens';
import { apiTokenOf, bearerCall, consoleCall, consoleSignInAs, staffMember, type ConsoleAuth } from './console-fixtures';
import { buildTestApp, type TestApp } from './helpers';

/*
 * Per-staff API tokens for scripts (issue 17, decision 018 point 9): a member makes their own named token through a
 * console session, answered once and stored as its SHA-256; a console call with `Authorization: Bearer <token>` acts
 * as the member with their roles at that moment, without cookie or CSRF token, audited via api_token; revoked (by the
 * member or an admin), a disabled or reset member: 401. A token never makes another, nor stands for a session.
 */

let t: TestApp;
const signedIn = new Map<StaffRole, ConsoleAuth>();

beforeAll(async () => {
  t = await buildTestApp();
  for (const role of staffRoles) signedIn.set(role, await consoleSignInAs(t, await staffMember(t, [role]), `198.51.100.${140 + staffRoles.indexOf(role)}`));
}, 60_000);
afterAll(async () => {
  await t.close();
});

const as = (role: StaffRole) => signedIn.get(role)!;
type Answer<D> = { success: boolean; code: string; message: string; data: D };
type Token = { id: number; staffId: number; email: string; name: string; createdAt: string; lastUsedAt: string | null; revokedAt: string | null };
const email = (who: string) => `${who}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@presta.example`;
const codeOf = (res: { statusCode: number; json: <T>() => T }) => [res.statusCode, res.json<Answer<null>>().code];
let ip = 0;
/** A client address of its own (wrong tokens count per address). */
const nextIp = () => `203.0.113.${(++ip % 250) + 1}`;

describe('making and listing tokens', () => {
  it('a member makes a named token: answered once, stored only as its SHA-256, listed without its secret', async () => {
    const res = await consoleCall(t, as('analyst'), consoleMyTokenCreate, { name: 'nightly report' });
    expect(res.statusCode, res.body).toBe(200);
    const { token, secret } = res.json<Answer<{ token: Token; secret: string }>>().data;
    expect(secret).toMatch(/^pst_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ name: 'nightly report', lastUsedAt: null, revokedAt: null });
    const [row] = await t.db.select().from(staffApiTokens).where(eq(staffApiTokens.id, token.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret.slice(4));
    const mine = await consoleCall(t, as('analyst'), consoleMyTokens);
    expect(mine.body).not.toContain(secret.slice(4));
    expect(mine.json<Answer<{ tokens: Token[] }>>().data.tokens.map((x) => x.id)).toContain(token.id);
    expect(mine.json<Answer<{ tokens: Token[] }>>().data.tokens.every((x) => x.staffId === token.staffId)).toBe(true);
    const [event] = await listAudit(t.db, { objectType: 'staff_api_token', objectId: String(token.id) });
    expect(event).toMatchObject({ action: 'staff.apiTokenCreate', via: 'console', staffId: token.staffId, after: { name: 'nightly report' } });
  });

  it('a live name is taken once per member (any case); at most MAX_LIVE_TOKENS live tokens; a name is needed', async () => {
    const auth = await consoleSignInAs(t, await staffMember(t, ['support']), '198.51.100.150');
    await apiTokenOf(t, auth, 'Sync');
    expect(codeOf(await consoleCall(t, auth, consoleMyTokenCreate, { name: 'sync' }))).toEqual([409, '409001']);
    for (let i = 1; i < MAX_LIVE_TOKENS; i++) await apiTokenOf(t, auth, `script ${i}`);
    expect(codeOf(await consoleCall(t, auth, consoleMyTokenCreate, { name: 'one too many' }))).toEqual([409, '409001']);
    expect((await consoleCall(t, auth, consoleMyTokenCreate, { name: '  ' })).statusCode).toBe(400);
  });

  it('an admin lists every member’s tokens (revoked ones with all=true); other roles get 403', async () => {
    const { id } = await apiTokenOf(t, as('finance'));
    await consoleCall(t, as('finance'), consoleMyTokenRevoke, { id });
    const live = await consoleCall(t, as('admin'), consoleStaffTokens);
    expect(live.json<Answer<{ tokens: Token[] }>>().data.tokens.map((x) => x.id)).not.toContain(id);
    const all = await consoleCall(t, as('admin'), consoleStaffTokens, { all: 'true' });
    const listed = all.json<Answer<{ tokens: Token[] }>>().data.tokens.find((x) => x.id === id);
    expect(listed?.email).toMatch(/^finance\./);
    expect(listed?.revokedAt).not.toBeNull();
    for (const role of staffRoles.filter((r) => r !== 'admin')) expect((await consoleCall(t, as(role), consoleStaffTokens)).statusCode, role).toBe(403);
  });
});

describe('a call with a token', () => {
  it('acts as its member with their roles now, without cookie, CSRF token or origin; audited via api_token', async () => {
    const admin = await staffMember(t, ['admin']);
    const auth = await consoleSignInAs(t, admin, '198.51.100.151');
    const { secret, id } = await apiTokenOf(t, auth);
    const list = await bearerCall(t, secret, consoleStaff, {}, nextIp());
    expect(list.statusCode, list.body).toBe(200);
    const added = await bearerCall(t, secret, consoleStaffAdd, { email: email('scripted'), roles: ['support'] }, nextIp());
    expect(added.statusCode, added.body).toBe(200);
    const memberId = added.json<Answer<{ member: { id: number } }>>().data.member.id;
    const [event] = await listAudit(t.db, { objectType: 'staff', objectId: String(memberId) });
    expect(event).toMatchObject({ action: 'staff.add', actorType: 'staff', staffId: admin.id, actorLabel: admin.email, via: 'api_token' });
    expect(event!.clientIp).toMatch(/^203\.0\.113\./);
    const [row] = await t.db.select().from(staffApiTokens).where(eq(staffApiTokens.id, id));
    expect(row!.lastUsedAt).not.toBeNull();
    // Roles are read at each call: analyst only now, the staff list is refused and the audit view allowed.
    await consoleCall(t, as('admin'), consoleStaffRoles, { email: admin.email, roles: ['analyst'] });
    expect(codeOf(await bearerCall(t, secret, consoleStaff, {}, nextIp()))).toEqual([403, '403001']);
    expect((await bearerCall(t, secret, consoleAudit, {}, nextIp())).statusCode).toBe(200);
  });

  it('the token is judged alone: with it a console cookie is ignored, and a wrong one is 401 whatever the cookie', async () => {
    const { secret } = await apiTokenOf(t, as('reviewer'));
    const cookie = { cookie: as('admin').cookie, 'x-csrf-token': as('admin').csrfToken, origin: t.config.publicBaseUrl };
    const withBoth = await t.app.inject({ method: 'GET', url: consoleStaff.path, remoteAddress: nextIp(), headers: { ...cookie, authorization: `Bearer ${secret}` } });
    expect(codeOf(withBoth), 'the reviewer’s token, not the admin’s cookie').toEqual([403, '403001']);
    const wrong = await t.app.inject({ method: 'GET', url: consoleStaff.path, remoteAddress: nextIp(), headers: { ...cookie, authorization: 'Bearer pst_wrong' } });
    expect(codeOf(wrong)).toEqual([401, '401004']);
    const basic = await t.app.inject({ method: 'GET', url: consoleStaff.path, remoteAddress: nextIp(), headers: { ...cookie, authorization: 'Basic YTpi' } });
    expect(codeOf(basic)).toEqual([401, '401004']);
  });

  it('a token never makes another token nor stands for a session (me, sign-out): 401', async () => {
    const { secret } = await apiTokenOf(t, as('support'));
    expect(codeOf(await bearerCall(t, secret, consoleMyTokenCreate, { name: 'offspring' }, nextIp()))).toEqual([401, '401004']);
    expect(codeOf(await bearerCall(t, secret, consoleMe, {}, nextIp()))).toEqual([401, '401004']);
    expect(codeOf(await bearerCall(t, secret, consoleSignOut, {}, nextIp()))).toEqual([401, '401004']);
    // A token lists its member's tokens (a script may check what it holds).
    expect((await bearerCall(t, secret, consoleMyTokens, {}, nextIp())).statusCode).toBe(200);
  });
});

describe('ending a token', () => {
  it('revoked by its member: 401 at once; a member cannot revoke another’s (404); an admin can', async () => {
    const mine = await apiTokenOf(t, as('finance'));
    expect((await bearerCall(t, mine.secret, consoleFunnel, {}, nextIp())).statusCode).toBe(200);
    const revoked = await consoleCall(t, as('finance'), consoleMyTokenRevoke, { id: mine.id });
    expect(revoked.json<Answer<{ token: Token }>>().data.token.revokedAt).not.toBeNull();
    expect(codeOf(await bearerCall(t, mine.secret, consoleFunnel, {}, nextIp()))).toEqual([401, '401004']);
    expect((await consoleCall(t, as('finance'), consoleMyTokenRevoke, { id: mine.id })).statusCode, 'once').toBe(404);

    const theirs = await apiTokenOf(t, as('support'));
    expect((await consoleCall(t, as('finance'), consoleMyTokenRevoke, { id: theirs.id })).statusCode).toBe(404);
    expect((await bearerCall(t, theirs.secret, consoleFunnel, {}, nextIp())).statusCode).toBe(200);
    expect((await consoleCall(t, as('support'), consoleStaffTokenRevoke, { id: theirs.id })).statusCode, 'support is no admin').toBe(403);
    expect((await consoleCall(t, as('admin'), consoleStaffTokenRevoke, { id: theirs.id })).statusCode).toBe(200);
    expect(codeOf(await bearerCall(t, theirs.secret, consoleFunnel, {}, nextIp()))).toEqual([401, '401004']);
    const events = await listAudit(t.db, { objectType: 'staff_api_token', objectId: String(theirs.id), action: 'staff.apiTokenRevoke' });
    expect(events).toHaveLength(1);
    expect(events[0]!.actorLabel).toMatch(/^admin\./);
  });

  it('a disabled member’s tokens are refused and stay revoked when they are enabled again; a reset revokes them too', async () => {
    const m = await staffMember(t, ['analyst']);
    const { secret } = await apiTokenOf(t, await consoleSignInAs(t, m, '198.51.100.152'));
    expect((await bearerCall(t, secret, consoleAudit, {}, nextIp())).statusCode).toBe(200);
    const off = await consoleCall(t, as('admin'), consoleStaffDisable, { email: m.email });
    expect(off.statusCode, off.body).toBe(200);
    expect(codeOf(await bearerCall(t, secret, consoleAudit, {}, nextIp()))).toEqual([401, '401004']);
    const [event] = await listAudit(t.db, { objectType: 'staff', objectId: String(m.id), action: 'staff.disable' });
    expect(event!.after).toMatchObject({ apiTokensRevoked: 1 });
    expect((await consoleCall(t, as('admin'), consoleStaffEnable, { email: m.email })).statusCode).toBe(200);
    expect(codeOf(await bearerCall(t, secret, consoleAudit, {}, nextIp()))).toEqual([401, '401004']);

    const r = await staffMember(t, ['analyst']);
    const kept = await apiTokenOf(t, await consoleSignInAs(t, r, '198.51.100.153'));
    expect((await consoleCall(t, as('admin'), consoleStaffReset, { email: r.email })).statusCode).toBe(200);
    expect(codeOf(await bearerCall(t, kept.secret, consoleAudit, {}, nextIp()))).toEqual([401, '401004']);
  });
});
