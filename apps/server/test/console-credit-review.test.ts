import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consoleBureauReport,
  consoleCreditApplication,
  consoleCreditApprove,
  consoleCreditConfirm,
  consoleCreditDecline,
  consoleCreditQueue,
} from '@presta/contract/api/console/credit-applications';
import { defaultBrand } from '@presta/contract/brand';
import { addDays, todayIn } from '@presta/contract/dates';
import type { StaffRole } from '@presta/contract/staff-roles';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { connect } from '../src/db/database';
import {
  auditEvents,
  bureauReports,
  creditApplicationConsents,
  creditApplications,
  creditApprovalRequests,
  creditDecisions,
  productOffers,
  smsOutbox,
} from '../src/db/schema';
import { loggerOptions } from '../src/lib/log-redaction';
import { createApplication } from '../src/modules/application/application-store';
import { systemActor } from '../src/modules/audit/audit-log';
import { recordCreditDecision } from '../src/modules/credit/credit-decision';
import { DEMO_CREDIT_MANAGER_EMAIL, seedDemoStaff } from '../src/modules/demo/demo-staff';
import { findStaffByEmail } from '../src/modules/staff/staff-service';
import { policyFor } from '../src/modules/credit/policy/credit-policy';
import { consoleCall, consoleSignInAs, staffMember, type ConsoleAuth } from './console-fixtures';
import { decidedApplicant } from './credit-fixtures';
import { createBorrower, dataOf, seedProduct, testDatabaseUrl, wrapper, type Product, type TestApp } from './helpers';

/*
 * The reviewer of a referred application (issue 35; docs/back-office.md "Credit decisions"): who may decide, confirm
 * and open the bureau report; an approval within the policy's band takes effect at once (offers, SMS), above it
 * waits for a second member with credit_manager who is never its maker; a decline stores its reason and the day the
 * borrower may apply again; the wrong state is refused; every act and every opening of the report is audited; and
 * no identity number or bureau report reaches the log.
 */

let t: TestApp;
let product: Product;
const lines: string[] = [];
const members = new Map<string, { auth: ConsoleAuth; id: number }>();

beforeAll(async () => {
  const url = testDatabaseUrl();
  const config: Config = {
    ...loadConfig(),
    demoTools: true,
    brand: defaultBrand,
    databaseUrl: url,
    cacheTtlMs: 0,
    redisKeyPrefix: `presta-test-${randomBytes(4).toString('hex')}:`,
    smsProvider: 'console',
    logLevel: 'trace',
  };
  const database = connect(url, { max: 6 });
  const app = await buildApp({ config, db: database.db, logger: loggerOptions('trace', { write: (line: string) => void lines.push(line) }) });
  await app.ready();
  t = { app, db: database.db, config, close: async () => (await app.close(), await database.close()) };
  product = await seedProduct(t.db);
  const roles: [string, StaffRole[]][] = [
    ['reviewer', ['reviewer']],
    ['support', ['support']],
    ['finance', ['finance']],
    ['maker', ['reviewer', 'credit_manager']],
    ['manager', ['credit_manager']],
  ];
  for (const [i, [name, held]] of roles.entries()) {
    const member = await staffMember(t, held);
    members.set(name, { auth: await consoleSignInAs(t, member, `198.51.100.${160 + i}`), id: member.id });
  }
});
afterAll(async () => {
  await t.close();
});

const as = (name: string) => members.get(name)!.auth;
const idOf = (name: string) => members.get(name)!.id;
const unique = () => String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
const BAND_MAX = 500_000;
const CURP_OF = new Map<string, string>();

/** An application the policy referred: in review, a bureau report under its authorisation, a referred decision. */
async function referredApplication() {
  const borrower = await createBorrower(t.db, { bankAccount: '', fullName: 'Registro Original' });
  const row = await t.db.transaction((tx) => createApplication(tx, borrower.id, 'MX', new Date()));
  const curp = `GODE56${unique().slice(0, 4)}HDFRRN09`;
  const identity = { givenNames: 'Eduardo', firstSurname: 'Gómez', secondSurname: 'Durán', birthDate: '1956-12-31', curp, rfc: 'GODE561231AB1' };
  const [application] = await t.db
    .update(creditApplications)
    .set({ status: 'in_review', submittedAt: new Date(), identity, curp, nameKey: 'EDUARDO GOMEZ DURAN' })
    .where(eq(creditApplications.id, row.id))
    .returning();
  const [consent] = await t.db
    .insert(creditApplicationConsents)
    .values({ applicationId: row.id, kind: 'bureau', version: 'v1', granted: true, clientIp: '203.0.113.9', device: 'Pixel 7', codeId: 1 })
    .returning();
  const body = JSON.stringify({ folio: `F-${unique()}`, curp, accounts: [{ lender: 'Banco', balance: 120000 }] });
  const [report] = await t.db
    .insert(bureauReports)
    .values({
      applicationId: row.id,
      borrowerId: borrower.id,
      market: 'MX',
      bureau: 'sandbox',
      consentId: consent!.id,
      outcome: 'found',
      reference: `SBX-${unique()}`,
      contentType: 'application/json',
      body,
      score: 640,
      openAccounts: 3,
      worstDelinquencyDays: 0,
      inquiries90d: 2,
      monthlyPayments: 300_000,
      requestedAt: new Date(),
    })
    .returning();
  await t.db.transaction((tx) =>
    recordCreditDecision(tx, {
      application: application!,
      trigger: 'application',
      outcome: 'referred',
      policyVersion: 'test-mx-1',
      inputs: { market: 'MX', applicant: { monthlyIncome: 2_200_000 } },
      rules: [
        { code: 'income_below_minimum', kind: 'knockout', hit: false, value: 2_200_000, threshold: 600_000 },
        { code: 'identity_not_verified', kind: 'knockout', hit: false, value: true, threshold: true },
        { code: 'score_in_review_band', kind: 'refer', hit: true, value: 640, threshold: '600–679' },
      ],
      points: [
        { factor: 'bureau_score', value: 640, bin: '600–679', points: 20 },
        { factor: 'income', value: 2_200_000, bin: '20 000–40 000', points: 15 },
      ],
      score: 35,
      band: 'refer',
      limits: [{ productCode: product.code, limitAmount: 300_000, bandMax: BAND_MAX, affordableMax: 900_000 }],
      reasons: ['score_in_review_band'],
      reapplyAfter: null,
      bureauReportId: report!.id,
      actor: 'job:credit-decision',
      audit: systemActor,
      now: new Date(),
    }),
  );
  CURP_OF.set(row.applicationNo, curp);
  return { applicationNo: row.applicationNo, applicationId: row.id, borrower, report: report! };
}

const approve = (who: string, applicationNo: string, limitAmount: number, productCode = product.code) =>
  consoleCall(t, as(who), consoleCreditApprove, { applicationNo, limits: [{ productCode, limitAmount }], note: 'checked payslips' }, 'en');
const confirm = (who: string, applicationNo: string, yes: boolean) => consoleCall(t, as(who), consoleCreditConfirm, { applicationNo, confirm: yes ? 1 : 0, note: '' }, 'en');
const statusOf = async (id: number) => (await t.db.select({ status: creditApplications.status }).from(creditApplications).where(eq(creditApplications.id, id)))[0]!.status;
const offerOf = async (borrowerId: number) =>
  (await t.db.select().from(productOffers).where(and(eq(productOffers.borrowerId, borrowerId), eq(productOffers.productId, product.id))))[0];
const smsTo = (phone: string) => t.db.select().from(smsOutbox).where(and(eq(smsOutbox.phone, phone), eq(smsOutbox.purpose, 'application_status'))).orderBy(desc(smsOutbox.id));
const auditsOf = (applicationNo: string, action: string) =>
  t.db.select().from(auditEvents).where(and(eq(auditEvents.objectId, applicationNo), eq(auditEvents.action, action)));

describe('who may decide', () => {
  it('support and finance neither see the queue nor decide; a reviewer and a credit manager do', async () => {
    const { applicationNo } = await referredApplication();
    for (const who of ['support', 'finance']) {
      expect((await consoleCall(t, as(who), consoleCreditQueue, {})).statusCode).toBe(403);
      expect((await approve(who, applicationNo, 300_000)).statusCode).toBe(403);
      expect((await consoleCall(t, as(who), consoleCreditDecline, { applicationNo, reason: 'reviewer_affordability' })).statusCode).toBe(403);
      expect((await confirm(who, applicationNo, true)).statusCode).toBe(403);
    }
    expect((await confirm('reviewer', applicationNo, true)).statusCode).toBe(403);
    for (const who of ['reviewer', 'manager']) expect((await consoleCall(t, as(who), consoleCreditQueue, {})).statusCode).toBe(200);
  });

  it('the queue lists referred applications oldest first with the score, band and reasons', async () => {
    const first = await referredApplication();
    const second = await referredApplication();
    const { referred } = dataOf(await consoleCall(t, as('reviewer'), consoleCreditQueue, { limit: 200 }), consoleCreditQueue);
    const numbers = referred.map((r) => r.applicationNo);
    expect(numbers.indexOf(first.applicationNo)).toBeLessThan(numbers.indexOf(second.applicationNo));
    const row = referred.find((r) => r.applicationNo === first.applicationNo)!;
    expect(row).toMatchObject({ status: 'referred', score: 35, band: 'refer', reasons: ['score_in_review_band'] });
    expect(row.borrower.maskedPhone).not.toBe(first.borrower.phone);
  });
});

describe('the decision explained on the application’s page', () => {
  it('rules with values and texts, points per factor, limits, the bureau attributes, in the member’s language', async () => {
    const { applicationNo } = await referredApplication();
    const res = await consoleCall(t, as('support'), consoleCreditApplication, { applicationNo }, 'en');
    const { application } = dataOf(res, consoleCreditApplication);
    const decision = application.decision!;
    expect(decision).toMatchObject({ outcome: 'referred', policyVersion: 'test-mx-1', score: 35, band: 'refer', actor: 'job:credit-decision' });
    expect(decision.rules[0]).toEqual({ code: 'income_below_minimum', kind: 'knockout', hit: false, value: '$22.000,00', threshold: '$6.000,00', text: 'Minimum income' });
    expect(decision.rules[1]).toMatchObject({ value: 'yes', text: 'Identity verified' });
    expect(decision.rules[2]).toMatchObject({ hit: true, value: '640', threshold: '600–679' });
    expect(decision.points).toEqual([
      { factor: 'Bureau score', value: '640', bin: '600–679', points: 20 },
      { factor: 'Monthly income', value: '$22.000,00', bin: '20 000–40 000', points: 15 },
    ]);
    expect(decision.limits).toEqual([{ productCode: product.code, currency: 'MXN', limitAmount: 300_000, bandMax: BAND_MAX, affordableMax: 900_000 }]);
    expect(decision.reasons).toEqual([{ code: 'score_in_review_band', text: 'A credit analyst is reviewing your application.' }]);
    expect(application.decisions).toHaveLength(1);
    expect(application.bureau).toMatchObject({ bureau: 'sandbox', found: true, score: 640, openAccounts: 3, inquiries90d: 2, monthlyPayments: 300_000 });
    expect(application.pendingApproval).toBeNull();
    const es = dataOf(await consoleCall(t, as('support'), consoleCreditApplication, { applicationNo }, 'es'), consoleCreditApplication);
    expect(es.application.decision!.rules[0]!.text).toBe('Ingreso mínimo');
  });
});

describe('a reviewer approves', () => {
  it('within the band: approved at once, the offer granted, the borrower told by SMS, the act audited', async () => {
    const { applicationNo, applicationId, borrower } = await referredApplication();
    const res = await approve('reviewer', applicationNo, BAND_MAX);
    expect(dataOf(res, consoleCreditApprove)).toEqual({ status: 'approved', pendingConfirmation: false });
    expect(await statusOf(applicationId)).toBe('approved');
    expect((await offerOf(borrower.id))?.limitAmount).toBe(BAND_MAX);
    expect((await smsTo(borrower.phone))[0]!.body).toContain(`${applicationNo} fue aprobada`);
    const [decision] = await t.db.select().from(creditDecisions).where(eq(creditDecisions.applicationId, applicationId)).orderBy(desc(creditDecisions.id)).limit(1);
    expect(decision).toMatchObject({ trigger: 'review', outcome: 'approved', policyVersion: 'test-mx-1', score: 35, band: 'refer', actor: `staff:${idOf('reviewer')}` });
    expect(decision!.limits).toEqual([{ productCode: product.code, limitAmount: BAND_MAX, bandMax: BAND_MAX, affordableMax: 900_000 }]);
    const [audit] = await auditsOf(applicationNo, 'credit.review.approved');
    expect(audit).toMatchObject({ staffId: idOf('reviewer'), after: { note: 'checked payslips' } });
  });

  it('above the band: waits for a credit manager; the maker cannot confirm; another manager confirms and it takes effect', async () => {
    const { applicationNo, applicationId, borrower } = await referredApplication();
    const res = await approve('maker', applicationNo, 800_000);
    expect(dataOf(res, consoleCreditApprove)).toEqual({ status: 'referred', pendingConfirmation: true });
    expect(await statusOf(applicationId)).toBe('referred');
    expect(await offerOf(borrower.id)).toBeUndefined();
    expect(await auditsOf(applicationNo, 'credit.review.approval_requested')).toHaveLength(1);

    const page = dataOf(await consoleCall(t, as('reviewer'), consoleCreditApplication, { applicationNo }), consoleCreditApplication).application;
    expect(page.pendingApproval).toMatchObject({ limits: [{ productCode: product.code, limitAmount: 800_000 }], note: 'checked payslips', maker: { id: idOf('maker') } });
    const queue = dataOf(await consoleCall(t, as('manager'), consoleCreditQueue, { limit: 200 }), consoleCreditQueue);
    expect(queue.awaitingConfirmation.find((a) => a.applicationNo === applicationNo)?.approval.maker.id).toBe(idOf('maker'));
    expect((await approve('reviewer', applicationNo, 900_000)).statusCode).toBe(409); // one pending at a time

    const own = await confirm('maker', applicationNo, true);
    expect(own.statusCode).toBe(403);
    expect(wrapper(own).message).toBe('You made this approval: another credit manager confirms or refuses it.');
    // The table refuses it too, whatever the code above it does.
    await expect(
      t.db.update(creditApprovalRequests).set({ checkerId: idOf('maker') }).where(eq(creditApprovalRequests.applicationId, applicationId)),
    ).rejects.toThrow();

    expect(dataOf(await confirm('manager', applicationNo, true), consoleCreditConfirm)).toEqual({ status: 'approved' });
    expect(await statusOf(applicationId)).toBe('approved');
    expect((await offerOf(borrower.id))?.limitAmount).toBe(800_000);
    expect((await smsTo(borrower.phone))[0]!.body).toContain('fue aprobada');
    const [request] = await t.db.select().from(creditApprovalRequests).where(eq(creditApprovalRequests.applicationId, applicationId));
    expect(request).toMatchObject({ status: 'confirmed', makerId: idOf('maker'), checkerId: idOf('manager') });
    const [decision] = await t.db.select().from(creditDecisions).where(eq(creditDecisions.applicationId, applicationId)).orderBy(desc(creditDecisions.id)).limit(1);
    expect(decision).toMatchObject({ trigger: 'confirmation', outcome: 'approved', actor: `staff:${idOf('manager')}` });
    expect((await auditsOf(applicationNo, 'credit.review.confirmed'))[0]?.staffId).toBe(idOf('manager'));
  });

  it('a refusal leaves the application referred for the reviewer, who may approve again', async () => {
    const { applicationNo, applicationId, borrower } = await referredApplication();
    await approve('maker', applicationNo, 800_000);
    expect(dataOf(await confirm('manager', applicationNo, false), consoleCreditConfirm)).toEqual({ status: 'referred' });
    expect(await statusOf(applicationId)).toBe('referred');
    expect(await offerOf(borrower.id)).toBeUndefined();
    expect((await t.db.select().from(creditApprovalRequests).where(eq(creditApprovalRequests.applicationId, applicationId)))[0]?.status).toBe('refused');
    expect((await confirm('manager', applicationNo, true)).statusCode).toBe(409); // nothing pending now
    expect(dataOf(await approve('reviewer', applicationNo, 400_000), consoleCreditApprove).status).toBe('approved');
  });

  it('refuses limits off the product’s rules or products of another market (400), and nothing changes', async () => {
    const { applicationNo, applicationId } = await referredApplication();
    const off = await approve('reviewer', applicationNo, 320_000);
    expect(off.statusCode).toBe(400);
    expect(wrapper(off).message).toBe(`The limit of ${product.code} must be between $1.000,00 and $10.000,00, in steps of $500,00.`);
    expect((await approve('reviewer', applicationNo, 50_000)).statusCode).toBe(400);
    const india = await seedProduct(t.db, { market: 'IN', currency: 'INR', timeZone: 'Asia/Kolkata', lateRule: 'in_tiered' });
    const foreign = await approve('reviewer', applicationNo, 300_000, india.code);
    expect(foreign.statusCode).toBe(400);
    expect(wrapper(foreign).message).toBe(`Product ${india.code} is not offered in the application’s market.`);
    expect(await statusOf(applicationId)).toBe('referred');
  });
});

describe('a reviewer declines', () => {
  it('with a reason from the list: declined, the reason and the day to apply again stored, the borrower told', async () => {
    const { applicationNo, applicationId, borrower } = await referredApplication();
    const res = await consoleCall(t, as('reviewer'), consoleCreditDecline, { applicationNo, reason: 'reviewer_income_not_verifiable', note: 'payslip unreadable' });
    expect(dataOf(res, consoleCreditDecline)).toEqual({ status: 'declined' });
    const reapplyAfter = addDays(todayIn('America/Mexico_City'), policyFor('MX').reapplyAfterDays);
    const [row] = await t.db.select().from(creditApplications).where(eq(creditApplications.id, applicationId));
    expect(row).toMatchObject({ status: 'declined', decisionReasons: ['reviewer_income_not_verifiable'], reapplyAfter });
    const [decision] = await t.db.select().from(creditDecisions).where(eq(creditDecisions.applicationId, applicationId)).orderBy(desc(creditDecisions.id)).limit(1);
    expect(decision).toMatchObject({ trigger: 'review', outcome: 'declined', reasons: ['reviewer_income_not_verifiable'], reapplyAfter, actor: `staff:${idOf('reviewer')}` });
    expect((await smsTo(borrower.phone))[0]!.body).toContain('no podemos aprobar');
    expect(await auditsOf(applicationNo, 'credit.review.declined')).toHaveLength(1);
  });

  it('a reason off the list is refused (400)', async () => {
    const { applicationNo } = await referredApplication();
    expect((await consoleCall(t, as('reviewer'), consoleCreditDecline, { applicationNo, reason: 'score_below_cutoff' })).statusCode).toBe(400);
  });
});

describe('the wrong state', () => {
  it('an application not referred is neither approved, declined nor confirmed (409, in the member’s language)', async () => {
    const { applicationNo } = await referredApplication();
    await approve('reviewer', applicationNo, 300_000);
    const again = await approve('reviewer', applicationNo, 300_000);
    expect(again.statusCode).toBe(409);
    expect(wrapper(again).message).toBe(`Application ${applicationNo} is not with a reviewer (its status: approved); only a referred application is decided.`);
    expect((await consoleCall(t, as('reviewer'), consoleCreditDecline, { applicationNo, reason: 'reviewer_affordability' })).statusCode).toBe(409);
    expect((await confirm('manager', applicationNo, true)).statusCode).toBe(409);
    expect((await approve('reviewer', 'AP9999999999', 300_000)).statusCode).toBe(404);
  });
});

describe('the bureau report', () => {
  it('opened by applications.bureau only, each opening audited; support is refused and nothing is recorded', async () => {
    const { applicationNo, report } = await referredApplication();
    expect((await consoleCall(t, as('support'), consoleBureauReport, { applicationNo })).statusCode).toBe(403);
    expect(await auditsOf(applicationNo, 'credit.bureau.read')).toHaveLength(0);
    const opened = dataOf(await consoleCall(t, as('reviewer'), consoleBureauReport, { applicationNo }), consoleBureauReport);
    expect(opened).toMatchObject({ bureau: 'sandbox', reference: report.reference, contentType: 'application/json', body: report.body });
    const audits = await auditsOf(applicationNo, 'credit.bureau.read');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ staffId: idOf('reviewer'), after: { reportId: report.id } });
  });

  it('neither identity numbers nor the report reach the log', () => {
    expect(lines.length).toBeGreaterThan(0);
    for (const curp of CURP_OF.values()) expect(lines.find((l) => l.includes(curp))).toBeUndefined();
    expect(lines.find((l) => l.includes('"accounts"') || l.includes('Banco'))).toBeUndefined();
  });
});

describe('the demo', () => {
  it('has a credit manager beside the operator, so an approval above the band has its second pair of eyes', async () => {
    const crew = await seedDemoStaff(t.db);
    expect(crew.creditManager).toMatchObject({ type: 'staff', email: DEMO_CREDIT_MANAGER_EMAIL });
    expect((await findStaffByEmail(t.db, DEMO_CREDIT_MANAGER_EMAIL))?.roles).toEqual(['credit_manager']);
    expect(crew.creditManager).not.toEqual(crew.operator);
  });
});

describe('an application the policy referred (the sandbox bureau, profile clean_mid)', () => {
  it.each(['MX', 'IN'] as const)('%s: every rule and factor explained in words, then a reviewer approves within the band', async (market) => {
    const { applicationNo, row, borrower, decision } = await decidedApplicant(t, market, 'clean_mid');
    expect(decision.outcome).toBe('referred');
    const page = dataOf(await consoleCall(t, as('reviewer'), consoleCreditApplication, { applicationNo }, 'en'), consoleCreditApplication).application;
    const explained = page.decision!;
    expect(explained.rules.length).toBeGreaterThan(5);
    for (const rule of explained.rules) expect(rule.text).not.toMatch(/^creditRule_/);
    for (const point of explained.points) expect(point.factor).not.toMatch(/_/);
    expect(explained.rules.some((r) => r.hit && r.kind === 'refer')).toBe(true);
    expect(page.bureau).toMatchObject({ bureau: 'sandbox', found: true });
    const queue = dataOf(await consoleCall(t, as('reviewer'), consoleCreditQueue, { limit: 200 }), consoleCreditQueue);
    expect(queue.referred.find((r) => r.applicationNo === applicationNo)?.reasons.length).toBeGreaterThan(0);

    const line = explained.limits.find((l) => l.bandMax > 0)!;
    const res = await consoleCall(t, as('reviewer'), consoleCreditApprove, { applicationNo, limits: [{ productCode: line.productCode, limitAmount: line.bandMax }] });
    expect(dataOf(res, consoleCreditApprove)).toEqual({ status: 'approved', pendingConfirmation: false });
    expect(await statusOf(row.id)).toBe('approved');
    const offers = await t.db.select().from(productOffers).where(eq(productOffers.borrowerId, borrower.id));
    expect(offers.map((o) => o.limitAmount)).toContain(line.bandMax);
  });
});
