import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleActions, mayTake, staffRoles, type ConsoleAction } from '@presta/contract/staff-roles';
import { auditEvents, staffMembers, staffRecoveryCodes, staffRoleRows, staffSessions } from '../src/db/schema';
import type { Db } from '../src/db/database';
import { AppError } from '../src/lib/app-error';
import { listAudit, recordAudit, systemActor } from '../src/modules/audit/audit-log';
import { decryptSecret, encryptSecret, normaliseRecoveryCode } from '../src/modules/staff/staff-secrets';
import {
  addStaff,
  authorise,
  completeSetUp,
  openSetUpLink,
  resetStaff,
  signInStaff,
  staffActor,
  StaffSignInRefused,
  type StaffIdentity,
} from '../src/modules/staff/staff-service';
import { findStaffSession, openStaffSession, revokeStaffSession, STAFF_IDLE_MINUTES, STAFF_SESSION_HOURS } from '../src/modules/staff/staff-sessions';
import { connectTestDb } from './helpers';
import { passwordRefusal } from '../src/modules/staff/staff-password';
import { translate, type MessageKey } from '../src/i18n/messages';

/*
 * Issue 17's foundations (decision 018): staff accounts, set-up links, TOTP and recovery codes, sign-in with
 * lockout, console sessions, the permission check and the append-only audit trail, on PostgreSQL.
 */

let db: Db;
let close: () => Promise<void>;
const key = randomBytes(32);
const password = 'correct horse battery staple';

beforeAll(() => {
  ({ db, close } = connectTestDb());
});
afterAll(async () => {
  await close();
});

const email = (who: string) => `${who}.${randomBytes(4).toString('hex')}@presta.example`;
const codeAt = (secret: string, at: Date) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at.getTime() });

/** The bootstrap admin, or a member added by `admin`, set up with a password and TOTP; answers the member and their secret. */
async function setUpMember(roles: string[], admin?: StaffIdentity, now = new Date()) {
  const added = admin ? await addStaff(db, { email: email(roles.join('-')), roles }, staffActor(admin, 'console'), now) : await bootstrapAdmin(now);
  const opened = await openSetUpLink(db, key, added.setUpToken, now);
  const done = await completeSetUp(db, key, { token: added.setUpToken, password, code: codeAt(opened.totpSecret, now) }, now);
  return { member: done.member, secret: opened.totpSecret, recoveryCodes: done.recoveryCodes, token: added.setUpToken };
}

/** An admin made as `ops staff add --role admin` makes the first one: the bootstrap is closed once one exists, so an existing admin adds this one. */
let firstAdmin: StaffIdentity | undefined;
async function bootstrapAdmin(now: Date) {
  if (!firstAdmin) {
    const [existing] = await db.execute(sql`select 1 from staff_roles where role = 'admin' limit 1`);
    if (!existing) {
      const made = await addStaff(db, { email: email('first-admin'), roles: ['admin'] }, 'bootstrap', now);
      firstAdmin = made.member;
      return made;
    }
    // Another test file made the first admin: a system-made admin for this file, through the table's owner.
    const [row] = await db.insert(staffMembers).values({ email: email('admin') }).returning();
    await db.execute(sql`insert into staff_roles (staff_id, role) values (${row!.id}, 'admin')`);
    firstAdmin = { id: row!.id, email: row!.email, name: '', roles: ['admin'] };
  }
  return addStaff(db, { email: email('admin'), roles: ['admin'] }, staffActor(firstAdmin, 'cli'), now);
}

const refusal = async (p: Promise<unknown>) => {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const e = error as AppError;
  return { status: e.status, code: e.code, key: e.messageKey, vars: e.vars };
};

describe('the roles matrix', () => {
  it('every action names at least one role; admin manages staff; support cannot disburse; analyst changes nothing', () => {
    for (const [action, roles] of Object.entries(consoleActions)) expect(roles.length, action).toBeGreaterThan(0);
    expect(mayTake(['admin'], 'staff.manage')).toBe(true);
    expect(mayTake(['support'], 'orders.disburse')).toBe(false);
    expect(mayTake(['support', 'finance'], 'orders.disburse')).toBe(true);
    const changes = (Object.keys(consoleActions) as ConsoleAction[]).filter((a) => !a.endsWith('.read'));
    expect(changes.filter((a) => mayTake(['analyst'], a))).toEqual([]);
    expect(staffRoles).toEqual(['reviewer', 'finance', 'support', 'analyst', 'admin', 'credit_manager']);
  });
});

describe('staff accounts', () => {
  it('the first admin is made by bootstrap only while there is no admin; the set-up link enrols password and TOTP once', async () => {
    const now = new Date();
    const { member, secret, recoveryCodes, token } = await setUpMember(['admin'], undefined, now);
    expect(member.roles).toEqual(['admin']);
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(await refusal(addStaff(db, { email: email('second'), roles: ['admin'] }, 'bootstrap'))).toMatchObject({ status: 400, key: 'staffBootstrapClosed' });
    // The link is used up.
    expect(await refusal(openSetUpLink(db, key, token))).toMatchObject({ status: 400, key: 'staffLinkInvalid' });
    // Stored: an argon2id hash, the TOTP secret encrypted under the key (not in clear), recovery codes as digests.
    const [row] = await db.select().from(staffMembers).where(eq(staffMembers.id, member.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.totpSecret).not.toContain(secret);
    expect(decryptSecret(key, row!.totpSecret!)).toBe(secret);
    expect(() => decryptSecret(randomBytes(32), row!.totpSecret!)).toThrow();
    const stored = await db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, member.id));
    expect(stored).toHaveLength(10);
    for (const r of stored) expect(recoveryCodes.map(normaliseRecoveryCode)).not.toContain(r.codeHash);
  });

  it.each([
    // Issue 32, item 3: what was accepted.
    ['aaaaaaaaaaaa', 'staffPasswordRepetitive'],
    ['password1234', 'staffPasswordCommon'],
    ['123456789012', 'staffPasswordCommon'],
    ['😀😁😂🤣😃😄', 'staffPasswordTooShort'],
    // More of the same kinds.
    ['abcdefghijklmn', 'staffPasswordRepetitive'],
    ['qwertyuiopasdf', 'staffPasswordCommon'],
    ['abcabcabcabcabc', 'staffPasswordRepetitive'],
    ['Contraseña1234', 'staffPasswordWeak'],
    ['iloveyou12345', 'staffPasswordCommon'],
    ['👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦', 'staffPasswordTooShort'],
    ['e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301k9', 'staffPasswordTooShort'],
    ['{local}-secreto-2026', 'staffPasswordPersonal'],
    ['x'.repeat(257), 'staffPasswordTooLong'],
  ])('a set-up refuses the password %s (%s), in Spanish and English, and keeps the link', async (typed, reason) => {
    const admin = (await setUpMember(['admin'])).member;
    const added = await addStaff(db, { email: email('rosa.quintero'), name: 'Rosa Quintero', roles: ['support'] }, staffActor(admin, 'console'));
    const opened = await openSetUpLink(db, key, added.setUpToken);
    const weak = typed.replace('{local}', added.member.email.split('@')[0]!);
    const now = new Date();
    const refused = await refusal(completeSetUp(db, key, { token: added.setUpToken, password: weak, code: codeAt(opened.totpSecret, now) }, now));
    expect(refused).toMatchObject({ status: 400, key: reason });
    for (const lang of ['es', 'en'] as const) expect(translate(lang, reason as MessageKey, refused.vars)).not.toMatch(/\{\w+\}|^staff/);
    expect((await completeSetUp(db, key, { token: added.setUpToken, password, code: codeAt(opened.totpSecret, now) }, now)).recoveryCodes).toHaveLength(10);
  });

  it.each(['correct horse battery staple', 'mi perro se llama firulais y come mango', 'ñandú jabalí café', 'k7#mQ9!vL2@x'])(
    'a set-up takes a password hard to guess: %s',
    (strong) => {
      expect(passwordRefusal(strong, { email: 'rosa.quintero@presta.example', name: 'Rosa Quintero' })).toBeUndefined();
    },
  );

  it('a set-up refuses a short password and a wrong code, and keeps the link until it succeeds', async () => {
    const admin = (await setUpMember(['admin'])).member;
    const added = await addStaff(db, { email: email('Reviewer').toUpperCase(), name: ' Rita ', roles: ['reviewer', 'reviewer'] }, staffActor(admin, 'console'));
    expect(added.member).toMatchObject({ name: 'Rita', roles: ['reviewer'] });
    expect(added.member.email).toBe(added.member.email.toLowerCase());
    const opened = await openSetUpLink(db, key, added.setUpToken);
    expect(opened.totpUri).toMatch(/^otpauth:\/\/totp\/Presta%20back%20office:.+\?issuer=Presta%20back%20office&secret=[A-Z2-7]+&algorithm=SHA1&digits=6&period=30$/);
    // Opening it again shows the same secret (the phone may have scanned it already).
    expect((await openSetUpLink(db, key, added.setUpToken)).totpSecret).toBe(opened.totpSecret);
    const now = new Date();
    expect(await refusal(completeSetUp(db, key, { token: added.setUpToken, password: 'short', code: codeAt(opened.totpSecret, now) }))).toMatchObject({ key: 'staffPasswordTooShort', vars: { min: 12 } });
    expect(await refusal(completeSetUp(db, key, { token: added.setUpToken, password, code: '000000' === codeAt(opened.totpSecret, now) ? '111111' : '000000' }))).toMatchObject({ key: 'staffCodeWrong' });
    expect((await completeSetUp(db, key, { token: added.setUpToken, password, code: codeAt(opened.totpSecret, now) })).recoveryCodes).toHaveLength(10);
    // The same e-mail in another case is taken.
    expect(await refusal(addStaff(db, { email: added.member.email.toUpperCase(), roles: ['support'] }, staffActor(admin, 'console')))).toMatchObject({ status: 409, key: 'staffEmailTaken' });
    expect(await refusal(addStaff(db, { email: 'not an address', roles: ['support'] }, staffActor(admin, 'console')))).toMatchObject({ key: 'staffEmailInvalid' });
    expect(await refusal(addStaff(db, { email: email('x'), roles: ['superuser'] }, staffActor(admin, 'console')))).toMatchObject({ key: 'staffRoleInvalid', vars: { role: 'superuser' } });
  });

  it('only an admin adds or resets staff (403 otherwise, nothing written)', async () => {
    const admin = (await setUpMember(['admin'])).member;
    const support = (await setUpMember(['support'], admin)).member;
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(staffMembers);
    expect(await refusal(addStaff(db, { email: email('sneaky'), roles: ['admin'] }, staffActor(support, 'console')))).toMatchObject({ status: 403, code: '403001', key: 'staffForbidden' });
    expect(await refusal(resetStaff(db, { email: admin.email }, staffActor(support, 'console')))).toMatchObject({ status: 403 });
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(staffMembers)).toEqual(before);
    await expect(authorise(db, staffActor(support, 'console'), 'complaints.reply')).resolves.toBeUndefined();
    expect(await refusal(authorise(db, staffActor(support, 'console'), 'orders.disburse'))).toMatchObject({ status: 403, vars: { action: 'orders.disburse' } });
    // The system takes the scheduled actions only.
    await expect(authorise(db, systemActor, 'ledger.sweepOverdue')).resolves.toBeUndefined();
    expect(await refusal(authorise(db, systemActor, 'orders.approve'))).toMatchObject({ status: 403 });
    // A disabled member may do nothing.
    await db.update(staffMembers).set({ disabledAt: new Date() }).where(eq(staffMembers.id, support.id));
    expect(await refusal(authorise(db, staffActor(support, 'console'), 'complaints.reply'))).toMatchObject({ status: 403 });
  });
});

describe('sign-in', () => {
  it('needs the password and a fresh TOTP code, or a recovery code once; the answer never says which part was wrong', async () => {
    const admin = (await setUpMember(['admin'])).member;
    const { member, secret, recoveryCodes } = await setUpMember(['finance', 'analyst'], admin);
    const later = new Date(Date.now() + 90_000);
    const signedIn = await signInStaff(db, key, { email: member.email.toUpperCase(), password, code: codeAt(secret, later) }, later);
    expect(signedIn).toMatchObject({ id: member.id, roles: ['finance', 'analyst'] });
    // The same code again (replayed) is refused, as are a wrong password, an unknown e-mail and no code at all.
    const same = await refusal(signInStaff(db, key, { email: member.email, password, code: codeAt(secret, later) }, later));
    const wrongPassword = await refusal(signInStaff(db, key, { email: member.email, password: `${password}!`, code: codeAt(secret, new Date(later.getTime() + 30_000)) }, new Date(later.getTime() + 30_000)));
    const unknown = await refusal(signInStaff(db, key, { email: email('nobody'), password, code: '123456' }, later));
    const noCode = await refusal(signInStaff(db, key, { email: member.email, password }, later));
    for (const r of [same, wrongPassword, unknown, noCode]) expect(r).toEqual({ status: 401, code: '401003', key: 'staffSignInRefused', vars: {} });
    // A recovery code instead of the TOTP code works once, typed in lower case without its dash.
    const typed = recoveryCodes[0]!.toLowerCase().replace('-', '');
    expect((await signInStaff(db, key, { email: member.email, password, recoveryCode: typed }, later)).id).toBe(member.id);
    expect(await refusal(signInStaff(db, key, { email: member.email, password, recoveryCode: typed }, later))).toMatchObject({ status: 401 });
  });

  it('failures lock nothing: after many wrong passwords and codes the right password and code sign in; a right password with a wrong code names the account for its throttle', async () => {
    const admin = (await setUpMember(['admin'])).member;
    const { member, secret } = await setUpMember(['reviewer'], admin);
    const t0 = new Date(Date.now() + 120_000);
    const refusals = [];
    for (let i = 0; i < 8; i++) refusals.push(await signInStaff(db, key, { email: member.email, password: 'wrong password!!', code: '000000' }, t0).catch((e: unknown) => e));
    const wrongCode = await signInStaff(db, key, { email: member.email, password, code: '000000' === codeAt(secret, t0) ? '111111' : '000000' }, t0).catch((e: unknown) => e);
    for (const e of refusals) expect(e).toBeInstanceOf(StaffSignInRefused);
    expect(refusals.map((e) => (e as StaffSignInRefused).secondFactorOf)).toEqual(Array(8).fill(undefined));
    expect((wrongCode as StaffSignInRefused).secondFactorOf).toMatch(/^[0-9a-f]{64}$/);
    expect((await signInStaff(db, key, { email: member.email, password, code: codeAt(secret, t0) }, t0)).id).toBe(member.id);
    expect(await listAudit(db, { objectType: 'staff', objectId: String(member.id), action: 'staff.locked' })).toEqual([]);
  });

  it('an admin’s reset clears password and second factor, ends the sessions at once, and issues a new link', async () => {
    const admin = (await setUpMember(['admin'])).member;
    const { member, secret } = await setUpMember(['support'], admin);
    const session = await openStaffSession(db, { staffId: member.id });
    expect((await findStaffSession(db, session.sessionId))?.member.id).toBe(member.id);
    const reset = await resetStaff(db, { email: member.email }, staffActor(admin, 'console'));
    expect(await findStaffSession(db, session.sessionId)).toBeUndefined();
    const later = new Date(Date.now() + 60_000);
    expect(await refusal(signInStaff(db, key, { email: member.email, password, code: codeAt(secret, later) }, later))).toMatchObject({ status: 401 });
    const opened = await openSetUpLink(db, key, reset.setUpToken);
    expect(opened.totpSecret).not.toBe(secret);
    const [event] = await listAudit(db, { objectType: 'staff', objectId: String(member.id), action: 'staff.reset' });
    expect(event).toMatchObject({ actorType: 'staff', staffId: admin.id, actorLabel: admin.email, via: 'console' });
  });
});

describe('console sessions', () => {
  it('128-bit ids stored as SHA-256; idle and absolute expiry; sign-out refused at once', async () => {
    const admin = (await setUpMember(['admin'])).member;
    const t0 = new Date();
    const s = await openStaffSession(db, { staffId: admin.id, clientIp: '198.51.100.7' }, t0);
    expect(Buffer.from(s.sessionId, 'base64url')).toHaveLength(16);
    const stored = await db.select().from(staffSessions).where(eq(staffSessions.staffId, admin.id));
    expect(stored.map((r) => r.idHash)).not.toContain(s.sessionId);
    expect(s.expiresAt.getTime() - t0.getTime()).toBe(STAFF_SESSION_HOURS * 3_600_000);
    // Used every 20 minutes, it lives until its absolute expiry; idle 30 minutes, it ends.
    let at = t0;
    while (at.getTime() + 20 * 60_000 < s.expiresAt.getTime()) {
      at = new Date(at.getTime() + 20 * 60_000);
      expect((await findStaffSession(db, s.sessionId, at))?.member.roles, at.toISOString()).toEqual(['admin']);
    }
    expect(await findStaffSession(db, s.sessionId, s.expiresAt)).toBeUndefined();
    const idle = await openStaffSession(db, { staffId: admin.id }, t0);
    expect(await findStaffSession(db, idle.sessionId, new Date(t0.getTime() + STAFF_IDLE_MINUTES * 60_000))).toBeUndefined();
    const out = await openStaffSession(db, { staffId: admin.id });
    expect(await revokeStaffSession(db, out.sessionId)).toBe(true);
    expect(await findStaffSession(db, out.sessionId)).toBeUndefined();
    expect(await revokeStaffSession(db, out.sessionId)).toBe(false);
    for (const bad of [undefined, '', 'x', 'a'.repeat(22), `${s.sessionId}x`]) expect(await findStaffSession(db, bad)).toBeUndefined();
    // Roles are read on every call: one removed is gone from the next; a disabled member's session is refused.
    const live = await openStaffSession(db, { staffId: admin.id });
    await db.insert(staffRoleRows).values({ staffId: admin.id, role: 'support' });
    expect((await findStaffSession(db, live.sessionId))?.member.roles).toEqual(['support', 'admin']);
    await db.delete(staffRoleRows).where(and(eq(staffRoleRows.staffId, admin.id), eq(staffRoleRows.role, 'support')));
    expect((await findStaffSession(db, live.sessionId))?.member.roles).toEqual(['admin']);
    await db.update(staffMembers).set({ disabledAt: new Date() }).where(eq(staffMembers.id, admin.id));
    expect(await findStaffSession(db, live.sessionId)).toBeUndefined();
  });
});

describe('the audit trail', () => {
  it('is append-only: UPDATE, DELETE and TRUNCATE are refused by PostgreSQL', async () => {
    const event = await recordAudit(db, systemActor, { action: 'test.event', objectType: 'test', objectId: 1, after: { ok: true } });
    /** PostgreSQL's own message (drizzle wraps it as the error's cause). */
    const refusedBy = async (query: Promise<unknown>) => {
      const error = (await query.then(() => undefined, (e: unknown) => e)) as (Error & { cause?: Error }) | undefined;
      return error?.cause?.message ?? error?.message;
    };
    expect(await refusedBy(db.update(auditEvents).set({ action: 'edited' }).where(eq(auditEvents.id, event.id)))).toBe('audit_events is append-only (UPDATE refused)');
    expect(await refusedBy(db.delete(auditEvents).where(eq(auditEvents.id, event.id)))).toBe('audit_events is append-only (DELETE refused)');
    expect(await refusedBy(db.execute(sql`truncate audit_events`))).toBe('audit_events is append-only (TRUNCATE refused)');
    expect((await listAudit(db, { action: 'test.event', objectId: '1' }))[0]).toMatchObject({ id: event.id, after: { ok: true } });
  });

  it('records who added whom, from where, with the roles after', async () => {
    const admin = (await setUpMember(['admin'])).member;
    const added = await addStaff(db, { email: email('analyst'), roles: ['analyst'] }, staffActor(admin, 'console', '203.0.113.9'));
    const [event] = await listAudit(db, { staffId: admin.id, action: 'staff.add', objectId: String(added.member.id) });
    expect(event).toMatchObject({ actorLabel: admin.email, via: 'console', clientIp: '203.0.113.9', before: null, after: { email: added.member.email, roles: ['analyst'] } });
  });

  it('encrypts with a fresh IV each time', () => {
    const k = randomBytes(32);
    expect(encryptSecret(k, 'JBSWY3DPEHPK3PXP')).not.toBe(encryptSecret(k, 'JBSWY3DPEHPK3PXP'));
  });
});
