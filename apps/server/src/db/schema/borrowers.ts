import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintId, bigserialId, createdAt, market, timestamptz } from '../columns';

/* Borrowers, the bank accounts loans are paid out to, and their sessions. */

export const borrowers = pgTable('borrowers', {
  id: bigserialId(),
  phone: text('phone').notNull().unique(),
  fullName: text('full_name').notNull().default(''),
  address: text('address').notNull().default(''),
  language: text('language', { enum: ['es', 'en'] }).notNull().default('es'),
  /** Seeded demo borrowers are listed on the test page. */
  isDemo: boolean('is_demo').notNull().default(false),
  /** Where a borrower who registered on the promotion page came from (null otherwise). */
  promoTemplateId: integer('promo_template_id'),
  appFrom: text('app_from'),
  userFrom: text('user_from'),
  utmTag: text('utm_tag'),
  inviteCode: text('invite_code'),
  createdAt: createdAt(),
});

/**
 * The bank accounts loans are disbursed to (issue 16, decision 017 point 6): one active per borrower (replaced_at
 * null), earlier ones kept with the moment they were replaced. Mexico a CLABE (kind 'clabe', its 3-digit bank code
 * and the bank it names), India an account number with its IFSC (kind 'account', the bank code the IFSC's first 4
 * letters). Written by modules/account only; a change is announced as borrower:<id> (migration), so cached
 * loan-details reads are dropped.
 */
export const borrowerBankAccounts = pgTable(
  'borrower_bank_accounts',
  {
    id: bigserialId(),
    borrowerId: bigintId('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    market: market(),
    kind: text('kind', { enum: ['clabe', 'account'] }).notNull(),
    /** The CLABE (18 digits) or the account number (9 to 18 digits). */
    accountNumber: text('account_number').notNull(),
    /** MX: the CLABE's 3-digit bank code; IN: the IFSC's 4-letter bank code. */
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    ifsc: text('ifsc'),
    createdAt: createdAt(),
    replacedAt: timestamptz('replaced_at'),
  },
  (t) => [
    uniqueIndex('borrower_bank_accounts_one_active_uq').on(t.borrowerId).where(sql`${t.replacedAt} is null`),
    index('borrower_bank_accounts_borrower_idx').on(t.borrowerId),
    check(
      'borrower_bank_accounts_kind_ok',
      sql`(${t.market} = 'MX' and ${t.kind} = 'clabe' and ${t.accountNumber} ~ '^[0-9]{18}$' and ${t.ifsc} is null)
       or (${t.market} = 'IN' and ${t.kind} = 'account' and ${t.accountNumber} ~ '^[0-9]{9,18}$' and ${t.ifsc} ~ '^[A-Z]{4}0[A-Z0-9]{6}$')`,
    ),
  ],
);

/**
 * Sessions: the client holds a random 128-bit id; the database holds only its
 * SHA-256 digest, so a database read does not give away live sessions. The
 * public handle names a session in the borrower's session list (decision 017);
 * it opens nothing.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    /** 16 random bytes, hex: the session list's and "sign out this one"'s name for it (never the id). */
    publicId: text('public_id')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    borrowerId: bigintId('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull().default(''),
    /** The device as the caller names it (the native app's dearest; a browser's from its User-Agent). */
    deviceName: text('device_name').notNull().default(''),
    os: text('os').notNull().default(''),
    client: text('client', { enum: ['app', 'web'] }).notNull().default('app'),
    createdAt: createdAt(),
    /** Written at most every 5 minutes per session, in the background of a call. */
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('sessions_borrower_idx').on(t.borrowerId)],
);
