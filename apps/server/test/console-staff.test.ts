import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleAudit } from '@presta/contract/api/console/audit';
import { consoleMe, consoleSetUpOpen } from '@presta/contract/api/console/session';
import { consoleStaff, consoleStaffAdd, consoleStaffDisable, consoleStaffEnable, consoleStaffReset, consoleStaffRoles } from '@presta/contract/api/console/staff';
import { consoleActions, staffRoles, type StaffRole } from '@presta/contract/staff-roles';
import { listAudit } from '../src/modules/audit/audit-log';
import { rolesOf } from '../src/modules/staff/staff-service';
import { consoleCall, consoleSignInAs, staffMember, staffPassword, totpAt, type ConsoleAuth } from './console-fixtures';
import { buildTestApp, type TestApp } from './helpers';

/*
 * Staff administration and the audit view over HTTP (issue 17): an admin adds a member (their set-up link answered
 * once, which opens the set-up), lists and resets, disables and enables a member and sets their roles (never their
 * own roles, never disabling or resetting themselves: decision 023); the audit view lists each action with its
 * actor, filtered; and the role × action matrix of these calls.
 */

let t: TestApp;
const signedIn = new Map<StaffRole, ConsoleAuth>();

beforeAll(async () => {
  t = await buildTestApp();
  for (const role of staffRoles) signedIn.set(role, await consoleSignInAs(t, await staffMember(t, [role]), `198.51.100.${60 + staffRoles.indexOf(role)}`));
}, 60_000);
afterAll(async () => {
  await t.close();
});

const as = (role: StaffRole) => signedIn.get(role)!;
type Answer<D> = { success: boolean; code: string; message: string; data: D };
const email = (who: string) => `${who}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@presta.example`;

describe('staff administration', () => {
  it('an admin adds a member with roles; the set-up link they get opens the set-up; list and reset', async () => {
    const newcomer = email('rita');
    const res = await consoleCall(t, as('admin'), consoleStaffAdd, { email: newcomer, name: 'Rita Revisora', roles: ['reviewer', 'support'] });
    expect(res.statusCode, res.body).toBe(200);
    const { member, setUpLink } = res.json<Answer<{ member: { id: number; roles: string[] }; setUpLink: string }>>().data;
    expect(member.roles).toEqual(['reviewer', 'support']);
    expect(setUpLink).toMatch(new RegExp(`^${t.config.publicBaseUrl}/console/set-up#[A-Za-z0-9_-]{43}$`));
    const token = setUpLink.split('#')[1]!;
    const opened = await t.app.inject({ method: 'POST', url: consoleSetUpOpen.path, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ token }) });
    expect(opened.json<Answer<{ email: string }>>().data.email).toBe(newcomer);

    const list = await consoleCall(t, as('admin'), consoleStaff);
    const listed = list.json<Answer<{ staff: { email: string; roles: string[]; secondFactor: boolean; state: string }[] }>>().data.staff;
    expect(listed.find((m) => m.email === newcomer)).toMatchObject({ roles: ['reviewer', 'support'], secondFactor: false, state: 'active' });

    const again = await consoleCall(t, as('admin'), consoleStaffAdd, { email: newcomer.toUpperCase(), roles: ['support'] });
    expect([again.statusCode, again.json<Answer<null>>().code]).toEqual([409, '409001']);
    expect((await consoleCall(t, as('admin'), consoleStaffAdd, { email: email('x'), roles: ['root'] })).statusCode).toBe(400);
    expect((await consoleCall(t, as('admin'), consoleStaffAdd, { email: email('x'), roles: [] })).statusCode).toBe(400);

    const reset = await consoleCall(t, as('admin'), consoleStaffReset, { email: newcomer });
    expect(reset.json<Answer<{ setUpLink: string }>>().data.setUpLink).not.toBe(setUpLink);
    expect((await consoleCall(t, as('admin'), consoleStaffReset, { email: email('nobody') })).statusCode).toBe(404);
  });

  it('a reset ends the member’s console sessions at once', async () => {
    const m = await staffMember(t, ['support']);
    const auth = await consoleSignInAs(t, m, '198.51.100.70');
    expect((await consoleCall(t, auth, consoleMe)).statusCode).toBe(200);
    expect((await consoleCall(t, as('admin'), consoleStaffReset, { email: m.email })).statusCode).toBe(200);
    expect((await consoleCall(t, auth, consoleMe)).statusCode).toBe(401);
  });
});

describe('an admin changes a member', () => {
  type Change = Answer<{ member: { id: number; email: string; roles: string[] }; state: string; changed: boolean }>;
  const change = (res: { json: <T>() => T }) => res.json<Change>().data;

  it('disabling ends the member’s sessions at once and refuses their sign-in; enabling lets them sign in again; both audited', async () => {
    const m = await staffMember(t, ['support']);
    const auth = await consoleSignInAs(t, m, '198.51.100.71');
    const off = await consoleCall(t, as('admin'), consoleStaffDisable, { email: m.email.toUpperCase() });
    expect(off.statusCode, off.body).toBe(200);
    expect(change(off)).toMatchObject({ member: { id: m.id }, state: 'disabled', changed: true });
    expect((await consoleCall(t, auth, consoleMe)).statusCode).toBe(401);
    const list = (await consoleCall(t, as('admin'), consoleStaff)).json<Answer<{ staff: { email: string; state: string }[] }>>().data.staff;
    expect(list.find((x) => x.email === m.email)?.state).toBe('disabled');
    // A disabled member cannot sign in (the same answer as any wrong part).
    const refused = await t.app.inject({
      method: 'POST',
      url: '/console/api/sign-in',
      remoteAddress: '198.51.100.72',
      headers: { 'content-type': 'application/json', origin: t.config.publicBaseUrl },
      payload: JSON.stringify({ email: m.email, password: staffPassword, code: '000000' }),
    });
    expect([refused.statusCode, refused.json<Answer<null>>().code]).toEqual([401, '401003']);
    // Again: nothing to change, nothing recorded.
    expect(change(await consoleCall(t, as('admin'), consoleStaffDisable, { email: m.email }))).toMatchObject({ state: 'disabled', changed: false });

    const on = await consoleCall(t, as('admin'), consoleStaffEnable, { email: m.email });
    expect(change(on)).toMatchObject({ state: 'active', changed: true });
    expect((await consoleCall(t, auth, consoleMe)).statusCode, 'an ended session stays ended').toBe(401);
    // Signed in again (with the next step's code: this step's was used by the first sign-in).
    const again = await t.app.inject({
      method: 'POST',
      url: '/console/api/sign-in',
      remoteAddress: '198.51.100.73',
      headers: { 'content-type': 'application/json', origin: t.config.publicBaseUrl },
      payload: JSON.stringify({ email: m.email, password: staffPassword, code: totpAt(m.secret, Date.now() + 30_000) }),
    });
    expect(again.statusCode, again.body).toBe(200);

    const events = await listAudit(t.db, { objectType: 'staff', objectId: String(m.id) });
    expect(events.filter((e) => e.action === 'staff.disable' || e.action === 'staff.enable').map((e) => [e.action, e.before, e.after])).toEqual([
      ['staff.enable', { disabled: true }, { disabled: false }],
      ['staff.disable', { disabled: false }, { disabled: true, sessionsEnded: 1, apiTokensRevoked: 0 }],
    ]);
    expect((await consoleCall(t, as('admin'), consoleStaffDisable, { email: email('nobody') })).statusCode).toBe(404);
  });

  it('roles: the whole set, applied from the member’s next call; audited with before and after; none or unknown is 400', async () => {
    const m = await staffMember(t, ['support']);
    const auth = await consoleSignInAs(t, m, '198.51.100.74');
    expect((await consoleCall(t, auth, consoleAudit)).statusCode).toBe(403);
    const res = await consoleCall(t, as('admin'), consoleStaffRoles, { email: m.email, roles: ['analyst', 'support', 'analyst'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(change(res)).toMatchObject({ member: { roles: ['support', 'analyst'] }, state: 'active', changed: true });
    expect((await consoleCall(t, auth, consoleAudit)).statusCode, 'analyst now: the audit view').toBe(200);
    expect((await consoleCall(t, auth, consoleMe)).json<Answer<{ member: { roles: string[] } }>>().data.member.roles).toEqual(['support', 'analyst']);
    expect(change(await consoleCall(t, as('admin'), consoleStaffRoles, { email: m.email, roles: ['analyst', 'support'] })).changed).toBe(false);
    const [event] = await listAudit(t.db, { objectType: 'staff', objectId: String(m.id), action: 'staff.roles' });
    expect(event).toMatchObject({ actorType: 'staff', via: 'console', before: { roles: ['support'] }, after: { roles: ['support', 'analyst'] } });
    expect((await consoleCall(t, as('admin'), consoleStaffRoles, { email: m.email, roles: [] })).statusCode).toBe(400);
    expect((await consoleCall(t, as('admin'), consoleStaffRoles, { email: m.email, roles: ['root'] })).statusCode).toBe(400);
    expect((await consoleCall(t, as('admin'), consoleStaffRoles, { email: email('nobody'), roles: ['support'] })).statusCode).toBe(404);
  });

  it('an admin can neither disable themselves, reset themselves nor change their own roles (decision 023: no one grants roles to themselves)', async () => {
    const admin = await staffMember(t, ['admin']);
    const auth = await consoleSignInAs(t, admin, '198.51.100.75');
    const self = await consoleCall(t, auth, consoleStaffDisable, { email: admin.email });
    expect([self.statusCode, self.json<Answer<null>>().code]).toEqual([409, '409001']);
    const drop = await consoleCall(t, auth, consoleStaffRoles, { email: admin.email, roles: ['finance'] });
    expect([drop.statusCode, drop.json<Answer<null>>().code]).toEqual([409, '409001']);
    // Adding a role to themselves is refused too, in the console's language; their roles stay as they were.
    const grant = await consoleCall(t, auth, consoleStaffRoles, { email: admin.email, roles: ['admin', 'reviewer', 'finance'] }, 'es');
    expect([grant.statusCode, grant.json<Answer<null>>().message]).toEqual([409, 'No puede cambiar sus propios roles: pídaselo a otro administrador.']);
    expect(await rolesOf(t.db, admin.id)).toEqual(['admin']);
    const reset = await consoleCall(t, auth, consoleStaffReset, { email: admin.email }, 'en');
    expect([reset.statusCode, reset.json<Answer<null>>().message]).toEqual([409, 'You cannot reset your own account: ask another admin.']);
    expect((await consoleCall(t, auth, consoleStaff)).statusCode, 'still signed in: the reset did nothing').toBe(200);
    // Another admin may change them.
    expect(change(await consoleCall(t, as('admin'), consoleStaffRoles, { email: admin.email, roles: ['finance'] })).member.roles).toEqual(['finance']);
    expect((await consoleCall(t, auth, consoleStaff)).statusCode, 'no longer an admin').toBe(403);
    expect(await listAudit(t.db, { objectType: 'staff', objectId: String(admin.id), action: 'staff.disable' })).toEqual([]);
    expect(await listAudit(t.db, { objectType: 'staff', objectId: String(admin.id), action: 'staff.reset' })).toEqual([]);
    expect((await listAudit(t.db, { objectType: 'staff', objectId: String(admin.id), action: 'staff.roles' })).map((e) => e.actorLabel)).not.toContain(admin.email);
  });

  it("names the member's roles now on every answer, a refusal's too (the open console follows a change without a reload)", async () => {
    const member = await staffMember(t, ['support']);
    const auth = await consoleSignInAs(t, member, '198.51.100.76');
    const before = await consoleCall(t, auth, consoleMe);
    expect(before.headers['x-staff-roles']).toBe('support');
    await consoleCall(t, as('admin'), consoleStaffRoles, { email: member.email, roles: ['reviewer', 'support'] });
    const refused = await consoleCall(t, auth, consoleStaff);
    expect([refused.statusCode, refused.headers['x-staff-roles']]).toEqual([403, 'reviewer,support']);
  });
});

describe('the audit view', () => {
  it('lists each action with its actor, newest first; filters by member, action, object and day; pages back', async () => {
    const newcomer = email('audited');
    await consoleCall(t, as('admin'), consoleStaffAdd, { email: newcomer, roles: ['analyst'] });
    const res = await consoleCall(t, as('analyst'), consoleAudit, { action: 'staff.add', limit: 500 });
    expect(res.statusCode, res.body).toBe(200);
    const events = res.json<Answer<{ events: { id: number; objectId: string; actorLabel: string; via: string; after: { email: string }; at: string }[] }>>().data.events;
    const mine = events.find((e) => e.after.email === newcomer);
    expect(mine).toMatchObject({ action: 'staff.add', actorType: 'staff', via: 'console', objectType: 'staff' });
    const ids = events.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const today = new Date().toISOString().slice(0, 10);
    const byDay = await consoleCall(t, as('admin'), consoleAudit, { objectType: 'staff', objectId: mine!.objectId, from: today, to: today });
    expect(byDay.json<Answer<{ events: { action: string }[] }>>().data.events.map((e) => e.action)).toEqual(['staff.add']);
    const older = await consoleCall(t, as('admin'), consoleAudit, { beforeId: ids[0]!, limit: 1 });
    expect(older.json<Answer<{ events: { id: number }[] }>>().data.events[0]!.id).toBeLessThan(ids[0]!);
    expect((await consoleCall(t, as('admin'), consoleAudit, { from: '24-11-2026' })).statusCode).toBe(400);
  });
});

describe('the role × action matrix of staff and audit (each role alone)', () => {
  const cases = [
    { action: 'staff.manage' as const, call: (auth: ConsoleAuth) => consoleCall(t, auth, consoleStaff) },
    { action: 'staff.manage' as const, call: (auth: ConsoleAuth) => consoleCall(t, auth, consoleStaffAdd, { email: email('m'), roles: ['support'] }) },
    { action: 'audit.read' as const, call: (auth: ConsoleAuth) => consoleCall(t, auth, consoleAudit) },
    { action: 'staff.manage' as const, call: (auth: ConsoleAuth) => consoleCall(t, auth, consoleStaffRoles, { email: target.email, roles: ['reviewer'] }) },
    { action: 'staff.manage' as const, call: (auth: ConsoleAuth) => consoleCall(t, auth, consoleStaffDisable, { email: target.email }) },
    { action: 'staff.manage' as const, call: (auth: ConsoleAuth) => consoleCall(t, auth, consoleStaffEnable, { email: target.email }) },
  ];
  /** The member the changing calls of the matrix change (each refused call leaves them as they were). */
  let target: { id: number; email: string };
  beforeAll(async () => {
    target = await staffMember(t, ['support']);
  });
  for (const role of staffRoles) {
    for (const [i, { action, call }] of cases.entries()) {
      const allowed = (consoleActions[action] as readonly StaffRole[]).includes(role);
      it(`${role} × ${action} (${i}): ${allowed ? 'allowed' : '403'}`, async () => {
        const before = await listAudit(t.db, { objectType: 'staff', objectId: String(target.id) });
        const res = await call(as(role));
        expect([res.statusCode, res.json<Answer<unknown>>().code]).toEqual(allowed ? [200, '0'] : [403, '403001']);
        if (!allowed) expect(await listAudit(t.db, { objectType: 'staff', objectId: String(target.id) }), 'nothing recorded').toEqual(before);
      });
    }
  }
});
