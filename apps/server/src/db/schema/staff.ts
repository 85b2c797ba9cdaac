import { sql } from 'drizzle-orm';
import { staffRoles } from '@presta/contract/staff-roles';
import { bigint, index, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintId, bigserialId, createdAt, timestamptz } from '../columns';

// ---------------------------------------------------------------------------
// The back office (issue 17, decision 018): staff, their roles, second factor, sessions and the audit trail.
// Written by modules/staff, except audit_events (modules/audit, append-only).
// ---------------------------------------------------------------------------

/** A member of the lender's staff. The e-mail is unique whatever its case (staff_members_email_uq on lower(email)). */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: bigserialId(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** argon2id (PHC string); null until the member sets a password through their set-up link. */
    passwordHash: text('password_hash'),
    /** The TOTP secret, AES-256-GCM under STAFF_SECRET_KEY (iv.tag.ciphertext, base64url); null until enrolled. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamptz('totp_enabled_at'),
    /** The last 30 s step whose code was accepted: a code is accepted once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Failed sign-ins in a row (password or code); 5 lock the account for 15 minutes. */
    failedSignIns: smallint('failed_sign_ins').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
    disabledAt: timestamptz('disabled_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_members_email_uq').on(sql`lower(${t.email})`)],
);

export const staffRoleRows = pgTable(
  'staff_roles',
  {
    staffId: bigintId('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    role: text('role', { enum: staffRoles }).notNull(),
    grantedAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_roles_uq').on(t.staffId, t.role)],
);

/** Ten per enrolment, each usable once; SHA-256 of the code (normalised: upper case, no dashes). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: bigserialId(),
    staffId: bigintId('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
);

/** One-time set-up links (a new member, or an admin's reset): 256 random bits, SHA-256 at rest, 24 hours, used once. */
export const staffSetUpLinks = pgTable('staff_set_up_links', {
  id: bigserialId(),
  staffId: bigintId('staff_id')
    .notNull()
    .references(() => staffMembers.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  createdAt: createdAt(),
});

/** Console sessions (cookie presta_console): SHA-256 of the id; idle 30 minutes, absolute 12 hours. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    staffId: bigintId('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    /** The secret the session's CSRF tokens are made from (@fastify/csrf-protection). */
    csrfSecret: text('csrf_secret').notNull(),
    clientIp: text('client_ip').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * API tokens for scripts (decision 018 point 9): a member's named tokens, each acting as them with their roles at the
 * time of the call. 256 random bits shown once; only their SHA-256 stored. Revoked, never deleted (the audit trail
 * names them). A live token's name is unique per member.
 */
export const staffApiTokens = pgTable(
  'staff_api_tokens',
  {
    id: bigserialId(),
    staffId: bigintId('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    /** Written at most once a minute. */
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    index('staff_api_tokens_staff_idx').on(t.staffId),
    uniqueIndex('staff_api_tokens_live_name_uq').on(t.staffId, sql`lower(${t.name})`).where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * The audit trail (decision 018 point 7): every staff action, every `npm run ops` command and every job's change,
 * written in the transaction of the action it records. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserialId(),
    at: timestamptz('at').notNull().defaultNow(),
    actorType: text('actor_type', { enum: ['staff', 'system'] }).notNull(),
    /** The staff member (null for system). */
    staffId: bigintId('staff_id').references(() => staffMembers.id),
    /** Their e-mail at the time, or 'system' (kept if the member's e-mail changes later). */
    actorLabel: text('actor_label').notNull(),
    /** Where the action came from: the console, the ops command, a job. */
    via: text('via', { enum: ['console', 'cli', 'job', 'api_token'] }).notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    clientIp: text('client_ip').notNull().default(''),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at),
    index('audit_events_object_idx').on(t.objectType, t.objectId),
    index('audit_events_staff_idx').on(t.staffId, t.at),
  ],
);
