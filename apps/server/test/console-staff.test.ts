import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleAudit, consoleMe, consoleSetUpOpen, consoleStaff, consoleStaffAdd, consoleStaffReset } from '@presta/contract/api/console';
import { consoleActions, staffRoles, type StaffRole } from '@presta/contract/staff-roles';
import { consoleCall, consoleSignInAs, staffMember, type ConsoleAuth } from './console-fixtures';
import { buildTestApp, type TestApp } from './helpers';

/*
 * Staff administration and the audit view over HTTP (issue 17): an admin adds a member (their set-up link answered
 * once, which opens the set-up), lists and resets; the audit view lists each action with its actor, filtered; and
 * the role × action matrix of these calls.
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
  ];
  for (const role of staffRoles) {
    for (const [i, { action, call }] of cases.entries()) {
      const allowed = (consoleActions[action] as readonly StaffRole[]).includes(role);
      it(`${role} × ${action} (${i}): ${allowed ? 'allowed' : '403'}`, async () => {
        const res = await call(as(role));
        expect([res.statusCode, res.json<Answer<unknown>>().code]).toEqual(allowed ? [200, '0'] : [403, '403001']);
      });
    }
  }
});
