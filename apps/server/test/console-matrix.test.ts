import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayTake, staffRoles, type ConsoleAction, type StaffRole } from '@presta/contract/staff-roles';
import { auditEvents } from '../src/db/schema';
import { consoleCall, consoleSignInAs, staffMember, type ConsoleAuth } from './console-fixtures';
import { buildTestApp, type TestApp } from './helpers';

/*
 * The whole role × action matrix (issue 17): every console call the server has (read from its OpenAPI document,
 * where each names the action it takes: x-staff-action) called by a member holding each role alone. The roles the
 * action allows get past the check (whatever the empty request then earns: 200, 400, 404, 409 — never 403, never
 * 5xx); every other role gets 403 403001, and the audit trail does not move. The area tests (console-review,
 * console-finance, console-staff, console-support…) check what the allowed calls do.
 */

type Operation = { 'x-staff-action'?: ConsoleAction | 'signedIn' };
type Call = { method: 'GET' | 'POST'; path: string; action: ConsoleAction | 'signedIn' };

let t: TestApp;
const auth = new Map<StaffRole, ConsoleAuth>();
let calls: Call[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  for (const [i, role] of staffRoles.entries()) auth.set(role, await consoleSignInAs(t, await staffMember(t, [role]), `198.51.100.${40 + i}`));
  const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
  calls = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, op]) => op['x-staff-action'] !== undefined)
      .map(([method, op]): Call => ({ method: method.toUpperCase() as 'GET' | 'POST', path, action: op['x-staff-action']! })),
  );
});
afterAll(async () => {
  await t.close();
});

const auditCount = async () => (await t.db.select({ n: count() }).from(auditEvents))[0]!.n;

describe('every console call × every role', () => {
  it('the document lists the console calls, each with its action', () => {
    expect(calls.length).toBeGreaterThanOrEqual(30);
    expect(calls.every((c) => c.path.startsWith('/console/api/'))).toBe(true);
    expect(calls).toContainEqual({ method: 'POST', path: '/console/api/orders/disburse', action: 'orders.disburse' });
  });

  it.each(staffRoles)('a member who is only %s: allowed where the table says, else 403 with nothing recorded', async (role) => {
    const refusedWrongly: string[] = [];
    const allowedWrongly: string[] = [];
    for (const c of calls) {
      // The image route has its id in the path (console-support.test.ts); sign-out would end the member's session.
      if (c.path.includes(':') || c.path === '/console/api/sign-out') continue;
      const before = await auditCount();
      const res = await consoleCall(t, auth.get(role)!, c, {});
      expect(res.statusCode, `${role} ${c.method} ${c.path}: ${res.body}`).toBeLessThan(500);
      const allowed = c.action === 'signedIn' || mayTake([role], c.action);
      if (allowed && res.statusCode === 403) refusedWrongly.push(`${c.method} ${c.path} (${c.action})`);
      if (!allowed) {
        if (res.statusCode !== 403 || res.json<{ code: string }>().code !== '403001') allowedWrongly.push(`${c.method} ${c.path} (${c.action}): ${res.statusCode}`);
        expect(await auditCount(), `${role} ${c.path} recorded an event`).toBe(before);
      }
    }
    expect(refusedWrongly).toEqual([]);
    expect(allowedWrongly).toEqual([]);
  });
});
