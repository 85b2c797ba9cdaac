import { randomBytes, randomInt } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { inject } from 'vitest';
import { z } from 'zod';
import type { DataOf, Endpoint } from '@presta/contract/api/endpoint';
import { defaultBrand } from '@presta/contract/brand';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import postgres from 'postgres';
import { connect, runMigrations, type Database, type Db } from '../src/db/database';
import { borrowerBankAccounts, borrowers, coupons, orders, orderStatusHistory, productOffers, products, repaymentPlans, staffMembers, staffRoleRows } from '../src/db/schema';
import { staffRoles } from '@presta/contract/staff-roles';
import { createSession as createSessionRow } from '../src/modules/session/session-service';
import type { PayoutProviders } from '../src/modules/payments/payouts/payout-provider';
import type { PaymentProviders } from '../src/modules/payments/payment-providers';
import type { RunningMocks } from '../src/modules/demo/demo-payments';
import type { TimestampAuthority } from '../src/modules/agreements/timestamp/timestamp-authority';

export type TestApp = { app: App; db: Db; config: Config; close: () => Promise<void> };

/** URL of the database of this test run (created by global-setup.ts). */
export function testDatabaseUrl(): string {
  return inject('databaseUrl') ?? process.env.TEST_DATABASE_URL;
}

/**
 * The real app on the test database: loadConfig() with demo tools on, the
 * default brand, no logger and no caches, so a write is seen by the next read
 * at once (overrides win; buildCachingTestApp turns the caches on). The payment
 * providers are those config.payments names, or `options.payments` (providersOf).
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: { payments?: PaymentProviders; paymentMocks?: RunningMocks; payouts?: PayoutProviders; timestampAuthority?: TimestampAuthority } = {},
): Promise<TestApp> {
  const url = testDatabaseUrl();
  // Rate-limit counters of this app only (a shared Redis keeps them across test files and runs).
  const redisKeyPrefix = `presta-test-${randomBytes(4).toString('hex')}:`;
  const config: Config = { ...loadConfig(), demoTools: true, brand: defaultBrand, databaseUrl: url, cacheTtlMs: 0, redisKeyPrefix, ...overrides };
  const database = connect(url, { max: 6 });
  const app = await buildApp({ config, db: database.db, logger: false, ...options });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The app with its caches on, once its change feed listens (the caches are on only then): the cache tests' app. */
export async function buildCachingTestApp(): Promise<TestApp> {
  const t = await buildTestApp({ cacheTtlMs: 60_000 });
  for (let i = 0; i < 250 && !t.app.changeFeed.listening; i++) await new Promise((r) => setTimeout(r, 20));
  if (!t.app.changeFeed.listening) throw new Error('the change feed did not start listening');
  return t;
}

/** A database connection without an app (service-level tests). */
export function connectTestDb(): { db: Db; close: () => Promise<void> } {
  const database = connect(testDatabaseUrl(), { max: 6 });
  return { db: database.db, close: database.close };
}

const unique = () => `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;

export type Borrower = typeof borrowers.$inferSelect;
export type Product = typeof products.$inferSelect;

/** A borrower's columns, and `bankAccount`: the CLABE of their active account ('' for none). */
export type BorrowerOverrides = Partial<typeof borrowers.$inferInsert> & { bankAccount?: string };

/** A valid CLABE at Banamex (bank code 002), ending 5678. */
export const TEST_CLABE = '002180700912395678';

export async function createBorrower(db: Db, overrides: BorrowerOverrides = {}): Promise<Borrower> {
  const { bankAccount = TEST_CLABE, ...columns } = overrides;
  const [row] = await db
    .insert(borrowers)
    .values({
      phone: `55${String(randomInt(0, 1e9)).padStart(9, '0')}${randomInt(0, 1e6)}`,
      fullName: 'Ana Prueba',
      address: 'Calle Falsa 123, CDMX',
      language: 'es',
      ...columns,
    })
    .returning();
  if (bankAccount !== '') {
    await db
      .insert(borrowerBankAccounts)
      .values({ borrowerId: row!.id, market: 'MX', kind: 'clabe', accountNumber: bankAccount, bankCode: bankAccount.slice(0, 3), bankName: 'Banamex' });
  }
  return row!;
}

/** A live session for the borrower; `expired` makes one that ended an hour ago. */
export async function createSession(db: Db, borrowerId: number, opts: { expired?: boolean } = {}): Promise<string> {
  if (opts.expired) {
    return createSessionRow(db, { borrowerId, ttlHours: 1, now: new Date(Date.now() - 2 * 3_600_000) });
  }
  return createSessionRow(db, { borrowerId, ttlHours: 72 });
}

/**
 * A Mexican-style product: 1.000,00 .. 10.000,00 in steps of 500,00, 1..6
 * instalments of 15 days, 0,10% a day, 5% commission, 16% VAT.
 */
export async function seedProduct(db: Db, overrides: Partial<typeof products.$inferInsert> = {}): Promise<Product> {
  const [row] = await db
    .insert(products)
    .values({
      code: `test-${unique()}`,
      name: 'Presta Test',
      logoUrl: '/img/products/presta-test.png',
      market: 'MX',
      currency: 'MXN',
      timeZone: 'America/Mexico_City',
      amountMin: 100_000,
      amountMax: 1_000_000,
      amountStep: 50_000,
      periodsMin: 1,
      periodsMax: 6,
      termUnitDays: 15,
      dailyRatePpm: 1_000,
      commissionPpm: 50_000,
      vatPpm: 160_000,
      lateRule: 'mx_daily_fine',
      extensionEnabled: true,
      active: true,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function offerProduct(
  db: Db,
  borrowerId: number,
  productId: number,
  limit: number,
  opts: { evaluatedAt?: Date } = {},
) {
  const [row] = await db
    .insert(productOffers)
    .values({ borrowerId, productId, limitAmount: limit, evaluatedAt: opts.evaluatedAt ?? new Date() })
    .returning();
  return row!;
}

export async function addCoupon(db: Db, borrowerId: number, amount: number, opts: { expiresAt?: Date } = {}) {
  const [row] = await db
    .insert(coupons)
    .values({ borrowerId, amount, expiresAt: opts.expiresAt ?? new Date(Date.now() + 30 * 86_400_000) })
    .returning();
  return row!;
}

/** A borrower with a session and an offer on a fresh product. */
export async function borrowerWithOffer(
  db: Db,
  opts: { limit?: number; product?: Partial<typeof products.$inferInsert>; borrower?: BorrowerOverrides } = {},
) {
  const product = await seedProduct(db, opts.product);
  const borrower = await createBorrower(db, opts.borrower);
  const offer = await offerProduct(db, borrower.id, product.id, opts.limit ?? 500_000);
  const sessionId = await createSession(db, borrower.id);
  return { product, borrower, offer, sessionId };
}

export type InjectOptions = {
  method?: 'GET' | 'POST';
  url: string;
  /** Form fields (form-encoded like the pages' form client). */
  payload?: Record<string, string | number | undefined>;
  query?: Record<string, string>;
  /** The client's address (default: app.inject's 127.0.0.1). */
  remoteAddress?: string;
};

/** Builds the form-encoded body (undefined fields dropped). */
export function formBody(payload: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(payload)) if (v !== undefined) params.append(k, String(v));
  return params.toString();
}

/**
 * A call as the pages make it: the session id in the `swift` query parameter
 * (none when sessionId is undefined) and the payload form-encoded.
 */
export function injectAs(app: App, sessionId: string | undefined, opts: InjectOptions) {
  const query = { ...(sessionId !== undefined ? { swift: sessionId } : {}), ...(opts.query ?? {}) };
  return app.inject({
    method: opts.method ?? 'POST',
    url: opts.url,
    query,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: formBody(opts.payload ?? {}),
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
}

/**
 * The wrapper of an answer to endpoint `e`, its data checked against the contract's schema when
 * the answer is a 200; an error's data (null) is not for reading (only its code and message).
 */
export function answerOf<E extends Endpoint>(res: Answer, e: E): Wrapper<DataOf<E>> {
  const body = wrapper(res);
  return res.statusCode === 200 ? { ...body, data: dataOf(res, e) } : (body as Wrapper<DataOf<E>>);
}

/** What /api/ready answers (not wrapped): its status and one text per check (database, migrations, redis, changeFeed, shutdown). */
export function readiness(res: Answer) {
  const check = z.string();
  return checked(
    res.json(),
    z.looseObject({ status: z.string(), checks: z.looseObject({ database: check, migrations: check, redis: check, changeFeed: check, shutdown: check }) }),
  );
}

/** A copy of `value` without `key` (a catalogue product without its code, so seedProduct makes a fresh one). */
export function without<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const copy: Partial<T> = { ...value };
  delete copy[key];
  return copy as Omit<T, K>;
}

/** Orders, plan rows and history rows of a borrower: to check nothing was half-written. */
export async function countLoanRows(db: Db, borrowerId: number) {
  const ids = (await db.select({ id: orders.id }).from(orders).where(eq(orders.borrowerId, borrowerId))).map((r) => r.id);
  if (ids.length === 0) return { orders: 0, plans: 0, history: 0 };
  const [plans] = await db.select({ n: count() }).from(repaymentPlans).where(inArray(repaymentPlans.orderId, ids));
  const [history] = await db.select({ n: count() }).from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, ids));
  return { orders: ids.length, plans: plans?.n ?? 0, history: history?.n ?? 0 };
}

export type Wrapper<T = unknown> = { success: boolean; code: string; message: string; data: T };

/** What app.inject answers (light-my-request's Response), as far as the tests read it. */
export type Answer = { statusCode: number; body: string; json: () => unknown };

/**
 * `value` checked against `schema` and returned as it is (typed by the schema):
 * the schema only checks, so keys it does not name stay for the test to see.
 */
export function checked<S extends z.ZodType>(value: unknown, schema: S): z.infer<S> {
  schema.parse(value);
  return value as z.infer<S>;
}

const wrapperSchema = z.looseObject({ success: z.boolean(), code: z.string(), message: z.string(), data: z.unknown() });

/** The §3 wrapper of an answer ({ success, code, message, data }), its data not read yet. */
export function wrapper(res: Answer): Wrapper<unknown> {
  // The answer itself (not a copy): a test can check its keys.
  return checked(res.json(), wrapperSchema);
}

/** The wrapper's data checked against `schema` (a test's own reading of an answer the contract has no schema for). */
export function dataAs<S extends z.ZodType>(res: Answer, schema: S): z.infer<S> {
  return checked(wrapper(res).data, schema);
}

/** The wrapper's data of an answer to endpoint `e`, checked against the contract's schema of it. */
export function dataOf<E extends Endpoint>(res: Answer, e: E): DataOf<E> {
  return checked(wrapper(res).data, e.data) as DataOf<E>;
}

/** The e-mail of a staff member with every role, for the tests that run `ops` commands (they act as a named member). */
export async function opsStaff(db: Db): Promise<string> {
  const email = 'ops-tests@presta.example';
  const [member] = await db.insert(staffMembers).values({ email, name: 'Ops tests' }).onConflictDoNothing().returning({ id: staffMembers.id });
  if (member) await db.insert(staffRoleRows).values(staffRoles.map((role) => ({ staffId: member.id, role }))).onConflictDoNothing();
  return email;
}

/** A second member for the ops tests, finance only: disburses what opsStaff approved (four eyes, decision 023). */
export async function opsFinance(db: Db): Promise<string> {
  const email = 'ops-finance@presta.example';
  const [member] = await db.insert(staffMembers).values({ email, name: 'Ops finance' }).onConflictDoNothing().returning({ id: staffMembers.id });
  if (member) await db.insert(staffRoleRows).values({ staffId: member.id, role: 'finance' }).onConflictDoNothing();
  return email;
}

/**
 * A database of its own for a test that starts server processes (they migrate and seed it as production does):
 * made and migrated on the test server, `drop` removes it with its connections.
 */
export async function createScratchDatabase(prefix: string): Promise<{ url: string; database: Database; drop: () => Promise<void> }> {
  const admin = postgres(testDatabaseUrl(), { max: 1, onnotice: () => {} });
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  const database = connect(url.toString(), { max: 4 });
  await runMigrations(database);
  return {
    url: url.toString(),
    database,
    drop: async () => {
      await database.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
