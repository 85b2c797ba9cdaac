import { randomInt } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { creditApplication } from '@presta/contract/api/application';
import type { MarketCode } from '@presta/contract/markets';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import { productCatalogue } from '../src/db/catalogue';
import { creditDecisions, products } from '../src/db/schema';
import { verifyApplication } from '../src/modules/application/application-verification';
import { createKycProvider } from '../src/modules/application/kyc/kyc-provider';
import { sandboxBureauIdentity, type SandboxBureauMark } from '../src/modules/credit/bureau/bureau-sandbox-data';
import { SandboxBureau } from '../src/modules/credit/bureau/bureau-sandbox';
import type { CreditBureau } from '../src/modules/credit/bureau/credit-bureau';
import { decisionsOf } from '../src/modules/credit/credit-store';
import { decideApplication } from '../src/modules/credit/decide-application';
import { policyByVersion } from '../src/modules/credit/policy/credit-policy';
import { evaluatePolicy } from '../src/modules/credit/policy/evaluate-policy';
import type { CreditInputs } from '../src/modules/credit/policy/policy-types';
import type { Config } from '../src/config';
import { answerOf } from './helpers';
import { addressPayload, applicant, applicationRow, call, paths, signConsents, storeDocuments, type Lang } from './application-fixtures';

/*
 * The credit decision's test fixtures (issue 35): applicants whose identity has a sandbox bureau profile (h1's
 * sandboxBureauIdentity: the KYC sandbox verifies it, the bureau sandbox answers the profile's file), with the demo
 * applicant's answers (22 000.00 a month, 3 000.00 of obligations, at the address since 2019-03, at the employer
 * since 2021-08), taken through the API to submit, verified and decided by the jobs' functions; and the replay
 * check every credit test file runs last (expectDecisionsReplay).
 */

export const demoWork: Record<string, string> = {
  occupation: 'employed',
  employer: 'Comercial Roma',
  monthlyIncome: '2200000',
  payFrequency: 'monthly',
  monthlyObligations: '300000',
  workingSince: '2021-08',
};

// A base of its own per test file, then one seed per applicant: applicants never share an identity.
let seed = randomInt(0, 6_000_000);
export const nextSeed = () => ++seed;

export type ApplyOptions = {
  identity?: Record<string, string>;
  address?: Record<string, string | number>;
  work?: Record<string, string>;
  bureau?: 0 | 1;
  language?: Lang;
};

/** The identity step's payload of a fresh identity with the bureau profile `mark`. */
export function bureauIdentity(market: MarketCode, mark: SandboxBureauMark): Record<string, string> {
  return { ...(sandboxBureauIdentity(market, mark, nextSeed()) as Record<string, string>), market, nationality: market === 'IN' ? 'IN' : '' };
}

/** The lender's catalogue products (presta-mx, presta-in: the ones the policy's bands lend on), once. */
export async function ensureCatalogue(db: Db): Promise<void> {
  await db.insert(products).values(productCatalogue).onConflictDoNothing({ target: products.code });
}

/** A new borrower's application with every step complete and the consents signed, submitted through the API. */
export async function submittedApplicant(app: App, db: Db, market: MarketCode, mark: SandboxBureauMark, opts: ApplyOptions = {}) {
  await ensureCatalogue(db);
  const who = await applicant(db, { language: opts.language });
  const steps: [string, Record<string, string | number>][] = [
    [paths.identity, { ...(opts.identity ?? bureauIdentity(market, mark)), final: 1 }],
    [paths.address, { ...addressPayload[market], residentSince: '2019-03', ...opts.address, final: 1 }],
    [paths.work, { ...demoWork, ...opts.work, final: 1 }],
  ];
  for (const [path, payload] of steps) {
    const res = await call(app, who.sessionId, path, payload);
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  }
  const { applicationNo } = answerOf(await call(app, who.sessionId, paths.application), creditApplication).data.application!;
  await storeDocuments(db, applicationNo);
  const signed = await signConsents(app, db, who, market, { bureau: opts.bureau ?? 1 });
  if (signed.statusCode !== 200) throw new Error(`consents: ${signed.statusCode} ${signed.body}`);
  if (opts.bureau !== 0) {
    const submitted = await call(app, who.sessionId, paths.submit);
    if (submitted.statusCode !== 200) throw new Error(`submit: ${submitted.statusCode} ${submitted.body}`);
  }
  return { ...who, applicationNo, market };
}

/** The verification job's run (the KYC sandbox): the application in_review. */
export async function verified(t: { app: App; db: Db; config: Config }, applicationNo: string) {
  const row = await applicationRow(t.db, applicationNo);
  const result = await verifyApplication({ db: t.db, kyc: createKycProvider(t.config, t.app.log) }, row.id);
  expect(result.outcome).toBe('in_review');
  return applicationRow(t.db, applicationNo);
}

export const sandboxBureau = () => new SandboxBureau();

/** Submitted through the API, verified and decided by the jobs' functions (the sandbox bureau unless given). */
export async function decidedApplicant(
  t: { app: App; db: Db; config: Config },
  market: MarketCode,
  mark: SandboxBureauMark,
  opts: ApplyOptions & { bureauAdapter?: CreditBureau } = {},
) {
  const who = await submittedApplicant(t.app, t.db, market, mark, opts);
  const row = await verified(t, who.applicationNo);
  const decision = await decideApplication({ db: t.db, bureau: opts.bureauAdapter ?? sandboxBureau() }, row.id);
  return { ...who, row, decision };
}

/**
 * Every decision the policy made (trigger 'application' or 'settlement') in the test database run again from its stored inputs through
 * its stored version: the same outcome, rules, points, score, band, limits, reasons and reapply day.
 */
export async function expectDecisionsReplay(db: Db): Promise<number> {
  const all = await db.select().from(creditDecisions).where(inArray(creditDecisions.trigger, ['application', 'settlement']));
  // Test files share the database: a decision written by hand as a fixture (version 'test-…', no policy made it) is
  // another file's and is not replayed.
  const rows = all.filter((row) => !row.policyVersion.startsWith('test-'));
  for (const row of rows) {
    const again = evaluatePolicy(policyByVersion(row.policyVersion), row.inputs as CreditInputs);
    expect({ id: row.id, outcome: again.outcome, rules: again.rules, points: again.points, score: again.score, band: again.band, limits: again.limits, reasons: again.reasons }).toEqual({
      id: row.id,
      outcome: row.outcome,
      rules: row.rules,
      points: row.points,
      score: row.score,
      band: row.band,
      limits: row.limits,
      reasons: row.reasons,
    });
    if (row.trigger === 'application') expect(again.reapplyAfter).toBe(row.reapplyAfter);
  }
  return rows.length;
}

/** The application's decisions, oldest first (the credit store's reader). */
export const decisionsOfApplication = (db: Db, applicationId: number) => decisionsOf(db, applicationId);
