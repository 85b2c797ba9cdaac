import { and, eq } from 'drizzle-orm';
import {
  auditEvents,
  bureauReports,
  creditApplicationConsents,
  creditApplications,
  creditApprovalRequests,
  productOffers,
  products,
} from '../../apps/server/src/db/schema';
import { systemActor } from '../../apps/server/src/modules/audit/audit-log';
import { recordCreditDecision } from '../../apps/server/src/modules/credit/credit-decision';
import { demoApplicant } from './support/application';
import { checkConsoleScreen, openSection, signedInMember, staffMember } from './support/console';
import { closeE2eDb, e2eDb } from './support/e2e-database';
import { expect, test } from './support/test';

/*
 * Issue 35, the reviewer (docs/back-office.md "Credit decisions"): an application the policy referred waits in the
 * Applications screen's review queue; a reviewer opens it, reads the decision beside the documents and the checks,
 * and approves above the band, which waits; a credit manager confirms it and the applicant's offer is granted. The
 * decision screen and the approve modal pass axe at 1280 and 768 px (screenshots console-credit-*).
 */

test.afterAll(async () => {
  await closeE2eDb();
});

const run = Date.now().toString(36);
const texts = {
  queueTab: 'Cola de revisión',
  decision: 'Decisión de crédito',
  approve: 'Aprobar',
  aboveBand: 'Arriba del máximo de la banda: un gerente de crédito debe confirmarlo.',
  pending: 'Aprobación por confirmar',
  confirm: 'Confirmar',
  approved: 'Aprobada',
} as const;

/**
 * A demo applicant whose application the policy referred: its steps through the demo command, then
 * in review with a bureau report and the policy's referral stored as the decision job stores it.
 */
async function referredApplicant() {
  const applicant = demoApplicant('es', 'consents');
  const applicationNo = applicant.applicationNo!;
  const { db } = await e2eDb();
  const [product] = await db.select().from(products).where(and(eq(products.market, 'MX'), eq(products.active, true))).limit(1);
  const [application] = await db
    .update(creditApplications)
    .set({ status: 'in_review', submittedAt: new Date() })
    .where(eq(creditApplications.applicationNo, applicationNo))
    .returning();
  // The bureau authorisation the pull rested on (the demo's applicant stops before signing it).
  const [consent] = await db
    .insert(creditApplicationConsents)
    .values({ applicationId: application!.id, kind: 'bureau', version: 'mx-bureau-1', granted: true, clientIp: '203.0.113.9', device: 'e2e', codeId: 1 })
    .returning();
  const [report] = await db
    .insert(bureauReports)
    .values({
      applicationId: application!.id,
      borrowerId: application!.borrowerId,
      market: 'MX',
      bureau: 'sandbox',
      consentId: consent!.id,
      outcome: 'found',
      reference: `SBX-${run}`,
      contentType: 'application/json',
      body: '{"score":601}',
      score: 601,
      openAccounts: 2,
      worstDelinquencyDays: 0,
      inquiries90d: 2,
      monthlyPayments: 300_000,
      requestedAt: new Date(),
    })
    .returning();
  const bandMax = product!.amountMin + 2 * product!.amountStep;
  await db.transaction((tx) =>
    recordCreditDecision(tx, {
      application: application!,
      trigger: 'application',
      outcome: 'referred',
      policyVersion: 'MX-2026.1',
      inputs: {},
      rules: [{ code: 'score_in_review_band', kind: 'refer', hit: true, value: 95, threshold: 90 }],
      points: [{ factor: 'bureau_score', value: 601, bin: '550–649', points: 15 }],
      score: 95,
      band: 'refer',
      limits: [{ productCode: product!.code, limitAmount: bandMax, bandMax, affordableMax: product!.amountMax }],
      reasons: ['score_in_review_band'],
      reapplyAfter: null,
      bureauReportId: report!.id,
      actor: 'job:credit-decision',
      audit: systemActor,
      now: new Date(),
    }),
  );
  return { applicationNo, borrowerId: application!.borrowerId, product: product!, bandMax };
}

test('a reviewer approves a referred application above the band; a credit manager confirms it', async ({ browser }) => {
  test.setTimeout(240_000);
  const { applicationNo, borrowerId, product, bandMax } = await referredApplicant();
  const above = bandMax + product.amountStep;
  const reviewer = staffMember(`analista-${run}@presta.test`, 'Rita Revisora', ['reviewer']);
  const manager = staffMember(`gerente-${run}@presta.test`, 'Gael Gerente', ['credit_manager']);

  const r = (await signedInMember(browser, reviewer)).page;
  await openSection(r, 'applications');
  await r.getByRole('tab', { name: texts.queueTab }).click();
  // The row in the queue's own panel: the list's panel, hidden by the tab, may hold the same application.
  const row = r.getByRole('tabpanel', { name: texts.queueTab }).getByRole('row').filter({ hasText: applicationNo });
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: applicationNo }).click();
  await expect(r.getByRole('heading', { level: 2, name: texts.decision })).toBeVisible();
  await expect(r.getByText('MX-2026.1', { exact: true }).first()).toBeVisible();
  await checkConsoleScreen(r, 'credit-decision');

  await r.getByRole('button', { name: texts.approve, exact: true }).click();
  const dialog = r.getByRole('dialog');
  const limit = dialog.getByLabel(`Límite de ${product.code}`);
  await limit.fill(String(above / 100));
  await expect(dialog.getByText(texts.aboveBand)).toBeVisible();
  await checkConsoleScreen(r, 'credit-approve');
  await limit.press('Enter');
  await expect(r.getByText(texts.pending)).toBeVisible();

  const m = (await signedInMember(browser, manager)).page;
  await m.goto(`/console/applications/${applicationNo}`);
  await expect(m.getByText(texts.pending)).toBeVisible();
  await m.getByRole('button', { name: texts.confirm, exact: true }).click();
  await m.getByRole('dialog').getByRole('button', { name: texts.confirm, exact: true }).click();
  await expect(m.getByText(texts.approved, { exact: true }).first()).toBeVisible();

  const { db } = await e2eDb();
  const [offer] = await db.select().from(productOffers).where(and(eq(productOffers.borrowerId, borrowerId), eq(productOffers.productId, product.id)));
  expect(offer?.limitAmount).toBe(above);
  const [request] = await db.select().from(creditApprovalRequests).innerJoin(creditApplications, eq(creditApplications.id, creditApprovalRequests.applicationId)).where(eq(creditApplications.applicationNo, applicationNo));
  expect(request?.credit_approval_requests.status).toBe('confirmed');
  const events = await db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.objectId, applicationNo));
  expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['credit.review.approval_requested', 'credit.review.confirmed']));
});
