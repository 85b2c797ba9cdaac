import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountHome, accountOffers } from '@presta/contract/api/account';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { creditReasons, type CreditReason } from '@presta/contract/application-rules';
import { curpFor } from '@presta/contract/identity/curp';
import { rfcFor } from '@presta/contract/identity/rfc';
import { addDays, todayIn } from '@presta/contract/dates';
import type { MarketCode } from '@presta/contract/markets';
import {
  auditEvents,
  bureauReports,
  creditApplicationConsents,
  creditApplications,
  creditDecisions,
  kycChecks,
  products,
  smsOutbox,
  verificationCodes,
} from '../src/db/schema';
import { queueUndecidedApplications } from '../src/modules/application/application-queue';
import { verifyApplication } from '../src/modules/application/application-verification';
import { dayInWords } from '../src/modules/application/application-view';
import { createKycProvider } from '../src/modules/application/kyc/kyc-provider';
import { startScheduledWork } from '../src/modules/jobs/scheduled-work';
import { createSmsProvider } from '../src/modules/sms/sms-provider';
import { RFC_MARKS } from '../src/modules/credit/bureau/bureau-sandbox-data';
import { BureauUnavailable, type CreditBureau } from '../src/modules/credit/bureau/credit-bureau';
import { bureauReportOf, latestDecision } from '../src/modules/credit/credit-store';
import { decideApplication } from '../src/modules/credit/decide-application';
import { answerOf, buildTestApp, testDatabaseUrl, wrapper, type TestApp } from './helpers';
import { addressPayload, applicationRow, call, paths, signConsents, storeDocuments } from './application-fixtures';
import {
  bureauIdentity,
  demoWork,
  decidedApplicant,
  decisionsOfApplication,
  expectDecisionsReplay,
  sandboxBureau,
  submittedApplicant,
  verified,
} from './credit-fixtures';

/*
 * The credit decision (issue 35, docs/credit-policy.md, docs/application.md "Decision"): applicants with sandbox
 * bureau profiles taken through the API to submit, verified and decided by the jobs' functions. Every reason code
 * the policy gives; what the borrower reads on home and by SMS; the 409 before the reapply day; the bureau asked
 * only under the authorisation, once per 30 days, and a bureau that does not answer leaving nothing behind. Every
 * decision made here is replayed from its stored inputs (afterAll).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  expect(await expectDecisionsReplay(t.db)).toBeGreaterThan(0);
  await t.close();
});

const home = async (sessionId: string, lang: 'es' | 'en' = 'en') => answerOf(await call(t.app, sessionId, paths.home, {}, lang), accountHome).data;
const productId = async (code: string) => (await t.db.select({ id: products.id }).from(products).where(eq(products.code, code)))[0]!.id;
const statusSms = (phone: string) =>
  t.db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.phone, phone), eq(smsOutbox.purpose, 'application_status')))
    .orderBy(asc(smsOutbox.id));

/** A bureau that counts its pulls and hands them to the sandbox (or fails them while `failing`). */
function countingBureau(opts: { failing?: number } = {}) {
  const sandbox = sandboxBureau();
  let failing = opts.failing ?? 0;
  const bureau: CreditBureau & { pulls: number } = {
    name: 'sandbox',
    pulls: 0,
    pull(subject) {
      bureau.pulls += 1;
      if (failing > 0) {
        failing -= 1;
        return Promise.reject(new BureauUnavailable('timeout'));
      }
      return sandbox.pull(subject);
    },
  };
  return bureau;
}

describe('outcomes', () => {
  it.each<[MarketCode, string]>([
    ['MX', 'presta-mx'],
    ['IN', 'presta-in'],
  ])('a clean file in %s → approved: offers on /v3/account/offers and home, an SMS, audited, the report kept', async (market, code) => {
    const who = await decidedApplicant(t, market, 'clean_high', { language: 'en' });
    expect(who.decision.outcome).toBe('approved');
    const row = await applicationRow(t.db, who.applicationNo);
    expect(row).toMatchObject({ status: 'approved', decisionReasons: [], reapplyAfter: null });
    expect(row.decidedAt).not.toBeNull();

    const offers = answerOf(await call(t.app, who.sessionId, apiRoutes.accountOffers.path, {}, 'en'), accountOffers).data.offers;
    const id = String(await productId(code));
    const offer = offers.find((o) => o.productId === id);
    expect(offer).toBeDefined();
    const [decision] = await decisionsOfApplication(t.db, row.id);
    const line = decision!.limits.find((l) => l.productCode === code)!;
    expect(line.limitAmount).toBeGreaterThan(0);
    expect(offer!.amountMax).toBeLessThanOrEqual(line.limitAmount);
    expect(decision).toMatchObject({ trigger: 'application', outcome: 'approved', actor: 'job:credit-decision', borrowerId: who.borrower.id });

    const h = await home(who.sessionId);
    expect(h.application).toMatchObject({ status: 'approved', statusText: 'Application approved: your offers are on Home', decision: { outcome: 'approved', reasons: [], reapplyAfter: null } });
    expect(h.offers.length).toBeGreaterThan(0);
    expect((await statusSms(who.borrower.phone)).at(-1)?.body).toBe(`Presta: your application ${who.applicationNo} is approved. Open the app to see your offer.`);

    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'credit.decide'), eq(auditEvents.objectId, String(row.id))));
    expect(audit).toMatchObject({ actorType: 'system', via: 'job', objectType: 'credit_application', before: { status: 'in_review' } });
    expect(audit!.after).toMatchObject({ status: 'approved', outcome: 'approved', decisionId: decision!.id });

    const reports = await t.db.select().from(bureauReports).where(eq(bureauReports.applicationId, row.id));
    expect(reports).toHaveLength(1);
    expect(decision!.bureauReportId).toBe(reports[0]!.id);
    expect(await bureauReportOf(t.db, decision!.bureauReportId!)).toMatchObject({ bureau: 'sandbox', outcome: 'found', borrowerId: who.borrower.id });
    const [consent] = await t.db
      .select()
      .from(creditApplicationConsents)
      .where(and(eq(creditApplicationConsents.applicationId, row.id), eq(creditApplicationConsents.kind, 'bureau')));
    expect(reports[0]!.consentId).toBe(consent!.id);
  });

  it('a mid file → referred: a reviewer decides; no offers; the application stays open', async () => {
    const who = await decidedApplicant(t, 'MX', 'clean_mid', { language: 'es' });
    expect(who.decision.outcome).toBe('referred');
    const h = await home(who.sessionId, 'es');
    expect(h.application).toMatchObject({ status: 'referred', statusText: 'Su solicitud está con un analista de crédito: le avisaremos por SMS', decision: { outcome: 'referred', reasons: [] } });
    expect(h.offers).toEqual([]);
    expect((await statusSms(who.borrower.phone)).at(-1)?.body).toBe(`Presta: un analista revisa su solicitud ${who.applicationNo}. Le avisaremos por SMS.`);
    // Referred is still open (a reviewer decides): its answers can no longer change.
    const again = await call(t.app, who.sessionId, paths.identity, { ...bureauIdentity('MX', 'clean_high'), final: 0 }, 'en');
    expect(again.statusCode).toBe(409);
  });

  it('declined → home says why and from when; a new application before that day is refused 409008 naming it', async () => {
    const who = await decidedApplicant(t, 'MX', 'inquiries', { language: 'en' });
    expect(who.decision.outcome).toBe('declined');
    const row = await applicationRow(t.db, who.applicationNo);
    const today = todayIn('America/Mexico_City');
    expect(row).toMatchObject({ status: 'declined', decisionReasons: ['too_many_inquiries'], reapplyAfter: addDays(today, 30) });
    const h = await home(who.sessionId, 'en');
    expect(h.application).toMatchObject({
      status: 'declined',
      statusText: 'We cannot lend to you for now',
      decision: { outcome: 'declined', reasons: ['Your credit history shows many recent applications for credit.'], reapplyAfter: addDays(today, 30) },
    });
    expect((await home(who.sessionId, 'es')).application?.decision?.reasons).toEqual(['Su historial de crédito muestra muchas solicitudes de crédito recientes.']);
    expect((await statusSms(who.borrower.phone)).at(-1)?.body).toContain(`we cannot approve your application ${who.applicationNo} for now`);

    const identity = { ...bureauIdentity('MX', 'clean_high'), final: 0 };
    for (const lang of ['en', 'es'] as const) {
      const refused = await call(t.app, who.sessionId, paths.identity, identity, lang);
      expect(refused.statusCode).toBe(409);
      const date = dayInWords(addDays(today, 30), lang);
      expect(wrapper(refused)).toMatchObject({
        code: '409008',
        message: lang === 'en' ? `You may send a new application from ${date}.` : `Podrá enviar una nueva solicitud a partir del ${date}.`,
      });
    }
    // Nothing was started; on the day itself a new application is taken.
    expect(await t.db.select().from(creditApplications).where(eq(creditApplications.borrowerId, who.borrower.id))).toHaveLength(1);
    await t.db.update(creditApplications).set({ reapplyAfter: today }).where(eq(creditApplications.id, row.id));
    expect((await call(t.app, who.sessionId, paths.identity, identity, 'en')).statusCode).toBe(200);
    expect((await home(who.sessionId)).application).toMatchObject({ status: 'draft', decision: null });
  });
});

describe('every reason code', () => {
  const expectReason = async (applicationId: number, outcome: 'declined' | 'referred', reason: CreditReason) => {
    const [decision] = await decisionsOfApplication(t.db, applicationId);
    expect(decision?.outcome).toBe(outcome);
    expect(decision?.reasons).toContain(reason);
    return decision!;
  };

  it.each<[string, MarketCode, Parameters<typeof decidedApplicant>[2], 'declined' | 'referred', CreditReason]>([
    ['a current delinquency', 'MX', 'delinquent', 'declined', 'current_delinquency'],
    ['many inquiries', 'IN', 'inquiries', 'declined', 'too_many_inquiries'],
    ['a file that disagrees', 'MX', 'mismatch', 'declined', 'bureau_data_mismatch'],
    ['no file', 'IN', 'not_found', 'declined', 'bureau_file_not_found'],
    ['a low score', 'MX', 'clean_low', 'declined', 'score_below_cutoff'],
    ['a thin file', 'MX', 'thin', 'referred', 'thin_file'],
    ['a score in the review band', 'IN', 'clean_mid', 'referred', 'score_in_review_band'],
  ])('%s (%s, %s) → %s with %s', async (_what, market, mark, outcome, reason) => {
    const who = await decidedApplicant(t, market, mark);
    await expectReason(who.row.id, outcome, reason);
  });

  it('India: not an Indian national → not_national', async () => {
    const who = await decidedApplicant(t, 'IN', 'clean_high', { identity: { ...bureauIdentity('IN', 'clean_high'), nationality: 'other' } });
    await expectReason(who.row.id, 'declined', 'not_national');
  });

  it('income under the minimum → income_below_minimum', async () => {
    const who = await decidedApplicant(t, 'MX', 'clean_high', { work: { monthlyIncome: '500000', monthlyObligations: '0' } });
    await expectReason(who.row.id, 'declined', 'income_below_minimum');
  });

  it('obligations over half the income → over_indebted (referred)', async () => {
    const who = await decidedApplicant(t, 'MX', 'clean_high', { work: { monthlyObligations: '1200000' } });
    await expectReason(who.row.id, 'referred', 'over_indebted');
  });

  it('nothing affordable on any product → no_affordable_amount', async () => {
    const who = await decidedApplicant(t, 'IN', 'clean_high', { work: { monthlyIncome: '1600000', monthlyObligations: '1450000' } });
    await expectReason(who.row.id, 'declined', 'no_affordable_amount');
  });

  it('older than the product allows → age_over_maximum', async () => {
    const base = bureauIdentity('MX', 'clean_high');
    const person = { givenNames: base.givenNames!, firstSurname: base.firstSurname!, secondSurname: base.secondSurname!, birthDate: addDays(todayIn('America/Mexico_City'), -72 * 366), sex: base.sex!, birthState: base.birthState! };
    const identity = { ...base, ...person, curp: curpFor(person, '0'), rfc: rfcFor(person, RFC_MARKS.clean_high) };
    const who = await decidedApplicant(t, 'MX', 'clean_high', { identity });
    await expectReason(who.row.id, 'declined', 'age_over_maximum');
  });

  it('the same identity under another borrower → identity_in_use', async () => {
    const identity = bureauIdentity('MX', 'clean_high');
    const first = await submittedApplicant(t.app, t.db, 'MX', 'clean_high', { identity });
    const second = await submittedApplicant(t.app, t.db, 'MX', 'clean_high', { identity });
    await verified(t, first.applicationNo);
    const row = await verified(t, second.applicationNo);
    expect((await decideApplication({ db: t.db, bureau: sandboxBureau() }, row.id)).outcome).toBe('declined');
    await expectReason(row.id, 'declined', 'identity_in_use');
  });

  /** Verified, then one fact changed in the database as no step would let it, then decided. */
  async function decidedAfter(market: MarketCode, change: (applicationId: number) => Promise<unknown>) {
    const who = await submittedApplicant(t.app, t.db, market, 'clean_high');
    const row = await verified(t, who.applicationNo);
    await change(row.id);
    await decideApplication({ db: t.db, bureau: sandboxBureau() }, row.id);
    return row.id;
  }

  it('under 18 (the step refuses it; a decision never lends) → age_under_minimum', async () => {
    const young = addDays(todayIn('America/Mexico_City'), -17 * 365);
    const id = await decidedAfter('MX', (applicationId) =>
      t.db
        .update(creditApplications)
        .set({ birthDate: young, identity: sql`jsonb_set(${creditApplications.identity}, '{birthDate}', to_jsonb(${young}::text))` })
        .where(eq(creditApplications.id, applicationId)),
    );
    await expectReason(id, 'declined', 'age_under_minimum');
  });

  it('India: no permanent address in India → no_permanent_address', async () => {
    const id = await decidedAfter('IN', (applicationId) =>
      t.db
        .update(creditApplications)
        .set({ address: sql`jsonb_set(${creditApplications.address}, '{permanent}', 'false'::jsonb)` })
        .where(eq(creditApplications.id, applicationId)),
    );
    await expectReason(id, 'declined', 'no_permanent_address');
  });

  it('an identity check not verified → identity_not_verified', async () => {
    const id = await decidedAfter('MX', (applicationId) =>
      t.db.update(kycChecks).set({ outcome: 'data_mismatch' }).where(and(eq(kycChecks.applicationId, applicationId), eq(kycChecks.check, 'curp'))),
    );
    await expectReason(id, 'declined', 'identity_not_verified');
  });

  it('a face match under the threshold → face_score_low', async () => {
    const id = await decidedAfter('IN', (applicationId) =>
      t.db.update(kycChecks).set({ score: 50 }).where(and(eq(kycChecks.applicationId, applicationId), eq(kycChecks.check, 'face'))),
    );
    await expectReason(id, 'declined', 'face_score_low');
  });

  it('every policy reason code is reached by the decisions above', async () => {
    const rows = await t.db.select({ reasons: creditDecisions.reasons }).from(creditDecisions).where(eq(creditDecisions.trigger, 'application'));
    const reached = new Set(rows.flatMap((r) => r.reasons));
    const policyReasons = creditReasons.filter((r) => !r.startsWith('reviewer_'));
    expect(policyReasons.filter((r) => !reached.has(r))).toEqual([]);
  });
});

describe('the bureau', () => {
  it('is not asked without the bureau authorisation in force: no pull, no decision, the refusal audited once', async () => {
    const who = await submittedApplicant(t.app, t.db, 'MX', 'clean_high');
    const row = await verified(t, who.applicationNo);
    await t.db
      .update(creditApplicationConsents)
      .set({ supersededAt: new Date() })
      .where(and(eq(creditApplicationConsents.applicationId, row.id), eq(creditApplicationConsents.kind, 'bureau')));
    const bureau = countingBureau();
    expect((await decideApplication({ db: t.db, bureau }, row.id)).outcome).toBe('no_consent');
    expect((await decideApplication({ db: t.db, bureau }, row.id)).outcome).toBe('no_consent');
    expect(bureau.pulls).toBe(0);
    expect(await t.db.select().from(bureauReports).where(eq(bureauReports.borrowerId, who.borrower.id))).toHaveLength(0);
    expect(await decisionsOfApplication(t.db, row.id)).toHaveLength(0);
    expect((await applicationRow(t.db, who.applicationNo)).status).toBe('in_review');
    const refusals = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'credit.bureau_refused'), eq(auditEvents.objectId, String(row.id))));
    expect(refusals).toHaveLength(1);
  });

  it('a report younger than 30 days is reused for the next application; an older one is pulled again', async () => {
    const first = await decidedApplicant(t, 'MX', 'clean_low');
    expect(first.decision.outcome).toBe('declined');
    const [report] = await t.db.select().from(bureauReports).where(eq(bureauReports.borrowerId, first.borrower.id));
    const reapplyNow = () => t.db.update(creditApplications).set({ reapplyAfter: '2000-01-01' }).where(eq(creditApplications.borrowerId, first.borrower.id));

    /** The same borrower applies again with the same identity, verified and decided with a counting bureau. */
    const applyAgain = async (bureau: ReturnType<typeof countingBureau>) => {
      await reapplyNow();
      const identity = (await applicationRow(t.db, first.applicationNo)).identity as Record<string, string>;
      await call(t.app, first.sessionId, paths.identity, { ...identity, market: 'MX', aadhaar: '', final: 1 });
      const again = await t.db.select().from(creditApplications).where(eq(creditApplications.borrowerId, first.borrower.id)).orderBy(asc(creditApplications.id));
      const latest = again.at(-1)!;
      await call(t.app, first.sessionId, paths.address, { ...addressPayload.MX, residentSince: '2019-03', final: 1 });
      await call(t.app, first.sessionId, paths.work, { ...demoWork, final: 1 });
      await storeDocuments(t.db, latest.applicationNo);
      // Another consent code needs 60 s: the earlier ones are moved back in time for the test.
      await t.db
        .update(verificationCodes)
        .set({ createdAt: sql`${verificationCodes.createdAt} - interval '2 minutes'` })
        .where(eq(verificationCodes.phone, first.borrower.phone));
      expect((await signConsents(t.app, t.db, first, 'MX')).statusCode).toBe(200);
      expect((await call(t.app, first.sessionId, paths.submit)).statusCode).toBe(200);
      const row = await verified(t, latest.applicationNo);
      await decideApplication({ db: t.db, bureau }, row.id);
      return (await decisionsOfApplication(t.db, row.id))[0]!;
    };

    const reuse = countingBureau();
    const second = await applyAgain(reuse);
    expect(reuse.pulls).toBe(0);
    expect(second.bureauReportId).toBe(report!.id);

    await t.db
      .update(bureauReports)
      .set({ requestedAt: sql`${bureauReports.requestedAt} - interval '31 days'` })
      .where(eq(bureauReports.borrowerId, first.borrower.id));
    const fresh = countingBureau();
    const third = await applyAgain(fresh);
    expect(fresh.pulls).toBe(1);
    expect(third.bureauReportId).not.toBe(report!.id);
  });

  it('a bureau that does not answer: the job throws (the queue retries), nothing is stored; the retry decides', async () => {
    const who = await submittedApplicant(t.app, t.db, 'IN', 'clean_high');
    const row = await verified(t, who.applicationNo);
    const bureau = countingBureau({ failing: 1 });
    await expect(decideApplication({ db: t.db, bureau }, row.id)).rejects.toBeInstanceOf(BureauUnavailable);
    expect(await t.db.select().from(bureauReports).where(eq(bureauReports.applicationId, row.id))).toHaveLength(0);
    expect(await decisionsOfApplication(t.db, row.id)).toHaveLength(0);
    expect((await applicationRow(t.db, who.applicationNo)).status).toBe('in_review');
    expect((await decideApplication({ db: t.db, bureau }, row.id)).outcome).toBe('approved');
    expect(bureau.pulls).toBe(2);
  });

  it('the sandbox\'s unavailable identity throws BureauUnavailable', async () => {
    const who = await submittedApplicant(t.app, t.db, 'MX', 'unavailable');
    const row = await verified(t, who.applicationNo);
    await expect(decideApplication({ db: t.db, bureau: sandboxBureau() }, row.id)).rejects.toBeInstanceOf(BureauUnavailable);
    expect(await decisionsOfApplication(t.db, row.id)).toHaveLength(0);
  });
});

describe('the job', () => {
  it('is idempotent: run twice, or twice at once, one decision', async () => {
    const who = await submittedApplicant(t.app, t.db, 'MX', 'clean_high');
    const row = await verified(t, who.applicationNo);
    const runs = await Promise.all([1, 2].map(() => decideApplication({ db: t.db, bureau: sandboxBureau() }, row.id)));
    expect(runs.map((r) => r.outcome).sort()).toEqual(['approved', 'skipped']);
    expect((await decideApplication({ db: t.db, bureau: sandboxBureau() }, row.id)).outcome).toBe('skipped');
    expect(await decisionsOfApplication(t.db, row.id)).toHaveLength(1);
    expect(await latestDecision(t.db, row.id)).toMatchObject({ outcome: 'approved', trigger: 'application' });
    const approvedSms = (await statusSms(who.borrower.phone)).filter((m) => m.body.includes('aprobada'));
    expect(approvedSms).toHaveLength(1);
  });

  it('only decides applications in review', async () => {
    const who = await submittedApplicant(t.app, t.db, 'MX', 'clean_high');
    const row = await applicationRow(t.db, who.applicationNo);
    expect((await decideApplication({ db: t.db, bureau: sandboxBureau() }, row.id)).outcome).toBe('skipped');
    expect(await decisionsOfApplication(t.db, row.id)).toHaveLength(0);
  });
});

describe('the queue', () => {
  /** Polls until `probe` answers (the queue's worker runs on its own clock). */
  async function waitFor<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
    for (let i = 0; i < 300; i++) {
      const found = await probe();
      if (found !== undefined) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`waited in vain for ${what}`);
  }
  const firstDecision = (applicationId: number) => async () => (await decisionsOfApplication(t.db, applicationId))[0];

  it('in_review sends the decision job in the verification’s transaction; the scheduled work decides; the catch-up sends it again', async () => {
    const schema = `pgboss_t_${randomBytes(4).toString('hex')}`;
    const log = pino({ level: 'silent' });
    const work = await startScheduledWork({
      databaseUrl: testDatabaseUrl(),
      db: t.db,
      config: { ...t.config, jobs: true },
      log,
      sms: createSmsProvider({ smsProvider: 'console' }, log),
      bureau: sandboxBureau(),
      queue: { schema, pollingIntervalSeconds: 0.5 },
    });
    try {
      const kyc = createKycProvider(t.config, log);
      const sent = await submittedApplicant(t.app, t.db, 'MX', 'clean_high');
      const row = await applicationRow(t.db, sent.applicationNo);
      expect((await verifyApplication({ db: t.db, kyc, queueSchema: schema }, row.id)).outcome).toBe('in_review');
      expect(await waitFor('the decision', firstDecision(row.id))).toMatchObject({ outcome: 'approved', actor: 'job:credit-decision' });

      // Verified where no queue exists (no job sent): left in review until the catch-up sends its job.
      const missed = await submittedApplicant(t.app, t.db, 'MX', 'clean_mid');
      const missedRow = await applicationRow(t.db, missed.applicationNo);
      expect((await verifyApplication({ db: t.db, kyc, queueSchema: 'pgboss_none' }, missedRow.id)).outcome).toBe('in_review');
      // Its last change dated long ago, and the catch-up's clock just after: only this application is old enough.
      await t.db.update(creditApplications).set({ updatedAt: new Date('2000-01-01T00:00:00Z') }).where(eq(creditApplications.id, missedRow.id));
      expect(await queueUndecidedApplications(t.db, schema, new Date('2000-01-01T00:03:00Z'))).toBe(1);
      expect(await waitFor('the caught-up decision', firstDecision(missedRow.id))).toMatchObject({ outcome: 'referred' });
    } finally {
      await work.stop();
    }
  });
});
