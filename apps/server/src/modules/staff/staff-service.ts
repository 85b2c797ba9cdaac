import { hash, verify, type Options } from '@node-rs/argon2';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { errorCodes } from '@presta/contract/error-codes';
import { mayTake, staffRoles, type ConsoleAction, type StaffRole } from '@presta/contract/staff-roles';
import type { Db, DbOrTx } from '../../db/database';
import { staffApiTokens, staffMembers, staffRecoveryCodes, staffRoleRows, staffSessions, staffSetUpLinks } from '../../db/schema';
import { AppError, badRequest } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { PASSWORD_MAX_LENGTH, passwordRefusal } from './staff-password';
import { decryptSecret, digest, encryptSecret, newRecoveryCode, normaliseRecoveryCode, randomToken } from './staff-secrets';

/*
 * Staff accounts (issue 17, decision 018; docs/back-office.md): members and their roles, the set-up link (password
 * and TOTP enrolment, recovery codes), sign-in with lockout, an admin's reset, disabling and roles, and the one
 * permission check every entry point (console calls, the ops command) makes before acting: `authorise`.
 */

export const SET_UP_LINK_HOURS = 24;
export const RECOVERY_CODES = 10;
/**
 * OWASP's argon2id parameters: 19 MiB, 2 passes, 1 lane. `algorithm: 2` is the library's Algorithm.Argon2id (an
 * ambient const enum, which isolated modules cannot read).
 */
const argon2id: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** Verified against when no password is checked (an unknown e-mail, a throttled address), so that it takes as long. */
let decoyHash: Promise<string> | undefined;

const TOTP_PERIOD = 30;
const ISSUER = 'Presta back office';

/** A signed-in or acting staff member: who, and what roles they hold now. */
export type StaffIdentity = { id: number; email: string; name: string; roles: StaffRole[] };

/** An e-mail as stored: trimmed, lower case; undefined when it is not an address. */
export function normaliseEmail(raw: string): string | undefined {
  const email = raw.trim().toLowerCase();
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : undefined;
}

const emailOrRefuse = (raw: string) => {
  const email = normaliseEmail(raw);
  if (!email) throw badRequest('staffEmailInvalid', { email: raw.slice(0, 80) });
  return email;
};

export function isStaffRole(value: string): value is StaffRole {
  return (staffRoles as readonly string[]).includes(value);
}

/** The roles a member holds now, in the contract's order. */
export async function rolesOf(db: DbOrTx, staffId: number): Promise<StaffRole[]> {
  const rows = await db.select({ role: staffRoleRows.role }).from(staffRoleRows).where(eq(staffRoleRows.staffId, staffId));
  return staffRoles.filter((role) => rows.some((r) => r.role === role));
}

/** The member with that e-mail (any case), with their roles; undefined when there is none. */
export async function findStaffByEmail(db: DbOrTx, rawEmail: string): Promise<(StaffIdentity & { disabled: boolean }) | undefined> {
  const email = normaliseEmail(rawEmail);
  if (!email) return undefined;
  const [member] = await db.select().from(staffMembers).where(sql`lower(${staffMembers.email}) = ${email}`);
  if (!member) return undefined;
  return { id: member.id, email: member.email, name: member.name, roles: await rolesOf(db, member.id), disabled: member.disabledAt !== null };
}

/** The staff actor of a member acting through `via` (the console, the ops command, an API token). */
export function staffActor(member: StaffIdentity, via: 'console' | 'cli' | 'api_token', clientIp?: string): AuditActor {
  return { type: 'staff', staffId: member.id, email: member.email, via, clientIp };
}

/**
 * The one permission check (decision 018 point 6): the actor's roles, read now, must allow the action; a disabled
 * member may do nothing. The system (jobs) takes only the scheduled actions. 403 otherwise.
 */
export async function authorise(db: DbOrTx, actor: AuditActor, action: ConsoleAction): Promise<void> {
  if (actor.type === 'system') {
    if (action === 'ledger.sweepOverdue') return;
    throw forbidden(action);
  }
  const [member] = await db.select({ disabledAt: staffMembers.disabledAt }).from(staffMembers).where(eq(staffMembers.id, actor.staffId));
  if (!member || member.disabledAt) throw forbidden(action);
  requireRoles(await rolesOf(db, actor.staffId), action);
}

/**
 * authorise's rule for roles already read for this call (a console call's session reads them, and that the member
 * is not disabled, on every call): 403 unless they allow the action.
 */
export function requireRoles(roles: readonly StaffRole[], action: ConsoleAction): void {
  if (!mayTake(roles, action)) throw forbidden(action);
}

const forbidden = (action: ConsoleAction) => new AppError(403, errorCodes.forbidden, 'staffForbidden', { action });

/** The address a set-up link's token is handed over as: the console's set-up page, the token after '#' (never in a server's log). */
export function setUpLinkOf(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/console/set-up#${token}`;
}

/** A new one-time set-up link for the member; earlier unused links stop working. Answers the token (shown once). */
async function issueSetUpLink(tx: DbOrTx, staffId: number, now: Date): Promise<string> {
  await tx.update(staffSetUpLinks).set({ expiresAt: now }).where(and(eq(staffSetUpLinks.staffId, staffId), isNull(staffSetUpLinks.usedAt)));
  const token = randomToken(32);
  await tx.insert(staffSetUpLinks).values({
    staffId,
    tokenHash: digest(token),
    expiresAt: new Date(now.getTime() + SET_UP_LINK_HOURS * 3_600_000),
    createdAt: now,
  });
  return token;
}

/**
 * A new staff member with their roles and a one-time set-up link (the token: shown once, to hand over). `actor`
 * must be allowed 'staff.manage'; 'bootstrap' creates the first admin, and only while there is no admin.
 */
export async function addStaff(
  db: Db,
  input: { email: string; name?: string; roles: readonly string[] },
  actor: AuditActor | 'bootstrap',
  now = new Date(),
): Promise<{ member: StaffIdentity; setUpToken: string }> {
  const email = emailOrRefuse(input.email);
  const roles = [...new Set(input.roles)];
  const unknown = roles.find((r) => !isStaffRole(r));
  if (unknown !== undefined || roles.length === 0) throw badRequest('staffRoleInvalid', { role: unknown ?? '' });
  return db.transaction(async (tx) => {
    // One bootstrap at a time: the check and the insert under one lock.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('presta-staff-add'))`);
    if (actor === 'bootstrap') {
      const [admin] = await tx.select({ id: staffRoleRows.staffId }).from(staffRoleRows).where(eq(staffRoleRows.role, 'admin')).limit(1);
      if (admin) throw badRequest('staffBootstrapClosed');
    } else {
      await authorise(tx, actor, 'staff.manage');
    }
    const [taken] = await tx.select({ id: staffMembers.id }).from(staffMembers).where(sql`lower(${staffMembers.email}) = ${email}`);
    if (taken) throw new AppError(409, errorCodes.invalidTransition, 'staffEmailTaken', { email });
    const [member] = await tx.insert(staffMembers).values({ email, name: input.name?.trim() ?? '', createdAt: now }).returning();
    await tx.insert(staffRoleRows).values(roles.map((role) => ({ staffId: member!.id, role: role as StaffRole, grantedAt: now })));
    const setUpToken = await issueSetUpLink(tx, member!.id, now);
    const identity: StaffIdentity = { id: member!.id, email, name: member!.name, roles: staffRoles.filter((r) => roles.includes(r)) };
    const by: AuditActor = actor === 'bootstrap' ? { type: 'system', via: 'cli' } : actor;
    await recordAudit(tx, by, { action: 'staff.add', objectType: 'staff', objectId: member!.id, before: null, after: { email, name: identity.name, roles: identity.roles } });
    return { member: identity, setUpToken };
  });
}

/**
 * An admin's reset: the password, the second factor and the recovery codes are cleared, the lock lifted, every
 * session ended and every API token revoked at once, and a new set-up link issued (the token: shown once).
 */
export async function resetStaff(db: Db, input: { email: string }, actor: AuditActor, now = new Date()): Promise<{ member: StaffIdentity; setUpToken: string }> {
  return db.transaction(async (tx) => {
    await authorise(tx, actor, 'staff.manage');
    const member = await memberToChange(tx, input.email);
    // A session of one's own never turns into a new password and second factor (decision 023).
    if (isSelf(actor, member.id)) throw new AppError(409, errorCodes.invalidTransition, 'staffSelfReset');
    await tx
      .update(staffMembers)
      .set({ passwordHash: null, totpSecret: null, totpEnabledAt: null, totpLastStep: null, failedSignIns: 0, lockedUntil: null })
      .where(eq(staffMembers.id, member.id));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, member.id));
    const ended = await endAccess(tx, member.id, now);
    const setUpToken = await issueSetUpLink(tx, member.id, now);
    await recordAudit(tx, actor, {
      action: 'staff.reset',
      objectType: 'staff',
      objectId: member.id,
      before: null,
      after: { passwordCleared: true, secondFactorCleared: true, sessionsEnded: ended.sessions, apiTokensRevoked: ended.apiTokens },
    });
    return { member, setUpToken };
  });
}

/** The member an admin changes, read in the change's transaction; 404 when there is none. */
async function memberToChange(tx: DbOrTx, rawEmail: string) {
  const member = await findStaffByEmail(tx, rawEmail);
  if (!member) throw new AppError(404, errorCodes.notFound, 'staffUnknown', { email: rawEmail.slice(0, 80) });
  return member;
}

/**
 * Who may be disabled or lose a role, one change at a time: the changes of roles and of the disabled state take this
 * lock, then authorise the actor (so two admins disabling each other at once cannot both succeed: the second finds
 * itself disabled). With "an admin never disables themselves nor drops their own admin role", an active admin
 * always remains.
 */
const lockStaffChanges = (tx: DbOrTx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('presta-staff-change'))`);

/** Whether the actor is the member they change. */
const isSelf = (actor: AuditActor, memberId: number) => actor.type === 'staff' && actor.staffId === memberId;

type StaffChange = { member: StaffIdentity; state: StaffState; changed: boolean };
export type StaffState = 'active' | 'locked' | 'disabled';

const stateOf = (m: { disabledAt: Date | null; lockedUntil: Date | null }, now: Date): StaffState =>
  m.disabledAt ? 'disabled' : m.lockedUntil && m.lockedUntil > now ? 'locked' : 'active';

/**
 * An admin disables a member (`disabled`: true) or enables them again. Disabling ends their console sessions and
 * revokes their API tokens at once (re-enabling brings neither back: the member signs in again). An admin may not
 * disable themselves (409). No change (already in that state): answered with `changed: false`, nothing recorded.
 */
export async function setStaffDisabled(
  db: Db,
  input: { email: string; disabled: boolean },
  actor: AuditActor,
  now = new Date(),
): Promise<StaffChange> {
  return db.transaction(async (tx) => {
    await lockStaffChanges(tx);
    await authorise(tx, actor, 'staff.manage');
    const member = await memberToChange(tx, input.email);
    if (input.disabled && isSelf(actor, member.id)) throw new AppError(409, errorCodes.invalidTransition, 'staffSelfDisable');
    const [row] = await tx.select().from(staffMembers).where(eq(staffMembers.id, member.id));
    const was = row!.disabledAt !== null;
    if (was === input.disabled) return { member, state: stateOf(row!, now), changed: false };
    const [updated] = await tx
      .update(staffMembers)
      .set({ disabledAt: input.disabled ? now : null })
      .where(eq(staffMembers.id, member.id))
      .returning();
    let ended = { sessions: 0, apiTokens: 0 };
    if (input.disabled) ended = await endAccess(tx, member.id, now);
    await recordAudit(tx, actor, {
      action: input.disabled ? 'staff.disable' : 'staff.enable',
      objectType: 'staff',
      objectId: member.id,
      before: { disabled: was },
      after: { disabled: input.disabled, ...(input.disabled ? { sessionsEnded: ended.sessions, apiTokensRevoked: ended.apiTokens } : {}) },
    });
    return { member, state: stateOf(updated!, now), changed: true };
  });
}

/**
 * An admin sets another member's roles (the whole set, at least one). They take effect on the member's next call
 * (roles are read on every call). No one changes their own roles (409). The same roles: `changed: false`.
 */
export async function setStaffRoles(
  db: Db,
  input: { email: string; roles: readonly string[] },
  actor: AuditActor,
  now = new Date(),
): Promise<StaffChange> {
  const wanted = [...new Set(input.roles)];
  const unknown = wanted.find((r) => !isStaffRole(r));
  if (unknown !== undefined || wanted.length === 0) throw badRequest('staffRoleInvalid', { role: unknown ?? '' });
  const roles = staffRoles.filter((r) => wanted.includes(r));
  return db.transaction(async (tx) => {
    await lockStaffChanges(tx);
    await authorise(tx, actor, 'staff.manage');
    const member = await memberToChange(tx, input.email);
    // No one grants roles to themselves, nor drops their own (decision 023): another admin changes them.
    if (isSelf(actor, member.id)) throw new AppError(409, errorCodes.invalidTransition, 'staffOwnRoles');
    const [row] = await tx.select().from(staffMembers).where(eq(staffMembers.id, member.id));
    const state = stateOf(row!, now);
    if (member.roles.join() === roles.join()) return { member, state, changed: false };
    await tx.delete(staffRoleRows).where(eq(staffRoleRows.staffId, member.id));
    await tx.insert(staffRoleRows).values(roles.map((role) => ({ staffId: member.id, role, grantedAt: now })));
    await recordAudit(tx, actor, { action: 'staff.roles', objectType: 'staff', objectId: member.id, before: { roles: member.roles }, after: { roles } });
    return { member: { ...member, roles }, state, changed: true };
  });
}

/** Ends a member's console sessions and revokes their API tokens, at once (a reset, a disabled member). */
async function endAccess(tx: DbOrTx, staffId: number, now: Date): Promise<{ sessions: number; apiTokens: number }> {
  const sessions = await tx
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
    .returning({ idHash: staffSessions.idHash });
  const tokens = await tx
    .update(staffApiTokens)
    .set({ revokedAt: now })
    .where(and(eq(staffApiTokens.staffId, staffId), isNull(staffApiTokens.revokedAt)))
    .returning({ id: staffApiTokens.id });
  return { sessions: sessions.length, apiTokens: tokens.length };
}

/** The live link of a token, locked for the transaction; a used, expired, replaced or unknown one is refused. */
async function liveLink(tx: DbOrTx, token: string, now: Date) {
  const [link] = await tx
    .select()
    .from(staffSetUpLinks)
    .where(and(eq(staffSetUpLinks.tokenHash, digest(token)), isNull(staffSetUpLinks.usedAt), gt(staffSetUpLinks.expiresAt, now)))
    .for('update');
  if (!link) throw badRequest('staffLinkInvalid');
  const [member] = await tx.select().from(staffMembers).where(eq(staffMembers.id, link.staffId));
  if (!member || member.disabledAt) throw badRequest('staffLinkInvalid');
  return { link, member };
}

function totpOf(email: string, secretBase32: string): TOTP {
  return new TOTP({ issuer: ISSUER, label: email, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: Secret.fromBase32(secretBase32) });
}

/**
 * Opening a set-up link: who it is for and the second factor to enrol (its otpauth:// URI, for a QR code, and the
 * secret to type). The secret is kept (encrypted, not yet enabled) until completeSetUp checks a code of it.
 */
export async function openSetUpLink(db: Db, key: Buffer, token: string, now = new Date()): Promise<{ email: string; name: string; totpUri: string; totpSecret: string }> {
  return db.transaction(async (tx) => {
    const { member } = await liveLink(tx, token, now);
    let secret = member.totpSecret && !member.totpEnabledAt ? decryptSecret(key, member.totpSecret) : undefined;
    if (!secret) {
      secret = new Secret({ size: 20 }).base32;
      await tx.update(staffMembers).set({ totpSecret: encryptSecret(key, secret), totpEnabledAt: null }).where(eq(staffMembers.id, member.id));
    }
    return { email: member.email, name: member.name, totpUri: totpOf(member.email, secret).toString(), totpSecret: secret };
  });
}

/** The step a code of `totp` is valid for at `now` (one step either side), or undefined. */
function acceptedStep(totp: TOTP, code: string, now: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? undefined : Math.floor(now.getTime() / 1000 / TOTP_PERIOD) + delta;
}

/**
 * Completing a set-up link: a password the member may choose (staff-password.ts) and a code of the enrolled secret. The
 * link is used up, the second factor enabled, and RECOVERY_CODES new recovery codes answered (shown once).
 */
export async function completeSetUp(
  db: Db,
  key: Buffer,
  input: { token: string; password: string; code: string; clientIp?: string },
  now = new Date(),
): Promise<{ member: StaffIdentity; recoveryCodes: string[] }> {
  return db.transaction(async (tx) => {
    const { link, member } = await liveLink(tx, input.token, now);
    if (!member.totpSecret || member.totpEnabledAt) throw badRequest('staffLinkInvalid');
    const refusal = passwordRefusal(input.password, member);
    if (refusal) throw refusal;
    const step = acceptedStep(totpOf(member.email, decryptSecret(key, member.totpSecret)), input.code.trim(), now);
    if (step === undefined) throw badRequest('staffCodeWrong');
    const passwordHash = await hash(input.password, argon2id);
    await tx
      .update(staffMembers)
      .set({ passwordHash, totpEnabledAt: now, totpLastStep: step, failedSignIns: 0, lockedUntil: null })
      .where(eq(staffMembers.id, member.id));
    await tx.update(staffSetUpLinks).set({ usedAt: now }).where(eq(staffSetUpLinks.id, link.id));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, member.id));
    const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await tx.insert(staffRecoveryCodes).values(recoveryCodes.map((code) => ({ staffId: member.id, codeHash: digest(normaliseRecoveryCode(code)), createdAt: now })));
    const identity: StaffIdentity = { id: member.id, email: member.email, name: member.name, roles: await rolesOf(tx, member.id) };
    await recordAudit(tx, staffActor(identity, 'console', input.clientIp), {
      action: 'staff.setUp',
      objectType: 'staff',
      objectId: member.id,
      before: null,
      after: { password: 'set', secondFactor: 'enabled', recoveryCodes: RECOVERY_CODES },
    });
    return { member: identity, recoveryCodes };
  });
}

export type SignInInput = { email: string; password: string; code?: string; recoveryCode?: string; clientIp?: string };

/**
 * Any refusal of a sign-in: one answer (401 401003, the same message) for an unknown e-mail, a wrong password, a
 * wrong code and a throttled attempt. `secondFactorOf` names the account when the password was right (its
 * second factor is what failed), for the per-account throttle; the caller never sees it.
 */
export class StaffSignInRefused extends AppError {
  constructor(readonly secondFactorOf?: string) {
    super(401, errorCodes.staffSignInRefused, 'staffSignInRefused');
  }
}

/**
 * The per-account throttle of second factors (staff-sign-in-throttle.ts), asked only once the password is right:
 * an account is named by its member and password, so a new password (an admin's reset, a new set-up) starts afresh.
 */
export type SecondFactorThrottle = { throttled(account: string): Promise<boolean> };

/** How long checking a password takes here: a moving average of the checks, so a refusal that checks none waits as long. */
let passwordCheckMs = 50;

/** Checks a password against its argon2id hash (false for a malformed hash), timing it. */
async function checkPassword(passwordHash: string, password: string): Promise<boolean> {
  const started = performance.now();
  const ok = await verify(passwordHash, password.slice(0, PASSWORD_MAX_LENGTH)).catch(() => false);
  passwordCheckMs = passwordCheckMs * 0.8 + (performance.now() - started) * 0.2;
  return ok;
}

/** A decoy check, for an e-mail with no account: it takes as long as checking a member's password. */
async function checkDecoyPassword(password: string): Promise<void> {
  decoyHash ??= hash('presta-decoy-password', argon2id);
  await checkPassword(await decoyHash, password);
}

/**
 * Waits as long as checking a password takes, without the work: a throttled attempt is answered as late as any
 * other refusal, and a flood of them costs the server no argon2 memory or time.
 */
export function waitAsLongAsPasswordCheck(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, passwordCheckMs));
}

/**
 * Sign-in: e-mail, password and a TOTP code (or a recovery code, used up). Any wrong part answers the same
 * StaffSignInRefused after the same work (an unknown e-mail is checked against a decoy hash). Nothing here locks an
 * account: failures are throttled by the caller, per address and, when the password was right, per account.
 */
export async function signInStaff(db: Db, key: Buffer, input: SignInInput, now = new Date(), throttle?: SecondFactorThrottle): Promise<StaffIdentity> {
  const email = normaliseEmail(input.email);
  const [found] = email ? await db.select().from(staffMembers).where(sql`lower(${staffMembers.email}) = ${email}`) : [];
  if (!found || found.disabledAt || !found.passwordHash || !found.totpEnabledAt || !found.totpSecret) {
    await checkDecoyPassword(input.password);
    throw new StaffSignInRefused();
  }
  if (!(await checkPassword(found.passwordHash, input.password))) throw new StaffSignInRefused();
  const account = digest(`${found.id}:${found.passwordHash}`);
  if (await throttle?.throttled(account)) throw new StaffSignInRefused(account);
  const member = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(staffMembers).where(eq(staffMembers.id, found.id)).for('update');
    if (!row?.totpSecret || row.passwordHash !== found.passwordHash || row.disabledAt) return undefined;
    const step = input.code ? acceptedStep(totpOf(row.email, decryptSecret(key, row.totpSecret)), input.code.trim(), now) : undefined;
    const codeOk = step !== undefined && step > (row.totpLastStep ?? -1);
    const recoveryOk = !codeOk && input.recoveryCode ? await useRecoveryCode(tx, row.id, input.recoveryCode, now) : false;
    if (!codeOk && !recoveryOk) return undefined;
    if (codeOk) await tx.update(staffMembers).set({ totpLastStep: step }).where(eq(staffMembers.id, row.id));
    return row;
  });
  if (!member) throw new StaffSignInRefused(account);
  return { id: member.id, email: member.email, name: member.name, roles: await rolesOf(db, member.id) };
}

/** Uses up one of the member's recovery codes; false when it matches none unused. */
async function useRecoveryCode(tx: DbOrTx, staffId: number, typed: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, digest(normaliseRecoveryCode(typed))),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return used.length > 0;
}

/** Every member with their roles, whether their second factor is enrolled, and their state; by e-mail. */
export async function listStaff(db: DbOrTx, now = new Date()): Promise<(StaffIdentity & { secondFactor: boolean; state: StaffState })[]> {
  const members = await db.select().from(staffMembers).orderBy(staffMembers.email);
  const roles = await db.select().from(staffRoleRows);
  return members.map((m) => ({
    id: m.id,
    email: m.email,
    name: m.name,
    roles: staffRoles.filter((role) => roles.some((r) => r.staffId === m.id && r.role === role)),
    secondFactor: m.totpEnabledAt !== null,
    state: stateOf(m, now),
  }));
}
