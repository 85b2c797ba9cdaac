import { and, eq } from 'drizzle-orm';
import { auditEvents, staffMembers } from '../../apps/server/src/db/schema';
import { demoApplicant } from './support/application';
import {
  checkConsoleScreen,
  expectMenu,
  openSection,
  signedInMember,
  staffMember,
} from './support/console';
import { closeE2eDb, e2eDb } from './support/e2e-database';
import { expect, test } from './support/test';

/*
 * Issue 34, the back office's side (docs/back-office.md "Credit applications"): a reviewer finds a submitted
 * application by its number, reads its identity numbers whole and opens its documents, each opening written in the
 * audit trail; a support member opens the same application and reads the numbers masked, without the documents.
 * Both screens pass axe at 1280 and 768 px (screenshots console-applications-*, console-application-*).
 */

test.afterAll(async () => {
  await closeE2eDb();
});

const run = Date.now().toString(36);
const texts = {
  title: 'Solicitudes de crédito',
  search: 'Número de solicitud, CURP o PAN completos, o nombre',
  identityShown: 'Ves los números completos: esta consulta queda en la auditoría.',
  identityMasked: 'Tu rol ve los números de identidad ocultos.',
  documentsHidden: 'Tu rol no abre las imágenes de los documentos.',
} as const;

async function auditedReads(email: string, applicationNo: string) {
  const { db } = await e2eDb();
  const rows = await db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .innerJoin(staffMembers, eq(staffMembers.id, auditEvents.staffId))
    .where(and(eq(staffMembers.email, email), eq(auditEvents.objectId, applicationNo)));
  return rows.map((r) => r.action).sort();
}

test('a reviewer reads an application’s identity and documents, audited; support reads it masked', async ({ browser }) => {
  // Two members set up with TOTP, four screens checked at two widths each.
  test.setTimeout(240_000);
  const applicant = demoApplicant('es', 'submitted');
  const applicationNo = applicant.applicationNo!;
  const reviewer = staffMember(`revisora-${run}@presta.test`, 'Rita Revisora', ['reviewer']);
  const support = staffMember(`soporte-${run}@presta.test`, 'Sara Soporte', ['support']);

  const r = (await signedInMember(browser, reviewer)).page;
  await expectMenu(r, ['applications', 'review', 'loans', 'promotion']);
  await openSection(r, 'applications');
  await expect(r.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
  await checkConsoleScreen(r, 'applications');
  await r.getByLabel(texts.search).fill(applicationNo);
  await r.getByLabel(texts.search).press('Enter');
  const row = r.getByRole('row').filter({ hasText: applicationNo });
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: applicationNo }).click();
  await expect(r.getByRole('heading', { level: 1, name: `Solicitud ${applicationNo}` })).toBeVisible();
  await expect(r.getByText(texts.identityShown)).toBeVisible();
  // The CURP whole: 18 characters, none hidden.
  await expect(r.getByText(/^[A-Z]{4}\d{6}[HMX][A-Z]{5}[A-Z0-9]\d$/)).toBeVisible();
  const front = r.getByRole('img', { name: `INE, frente de la solicitud ${applicationNo}` });
  await expect(front).toBeVisible();
  await expect.poll(() => front.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await checkConsoleScreen(r, 'application');
  await expect.poll(() => auditedReads(reviewer.email, applicationNo)).toEqual(expect.arrayContaining(['application.document.read', 'application.identity.read']));

  const s = (await signedInMember(browser, support)).page;
  await expectMenu(s, ['applications', 'loans', 'complaints', 'promotion']);
  await s.goto(`/console/applications/${applicationNo}`);
  await expect(s.getByRole('heading', { level: 1, name: `Solicitud ${applicationNo}` })).toBeVisible();
  await expect(s.getByText(texts.identityMasked)).toBeVisible();
  await expect(s.getByText(/^[A-Z]{4}\*+\w{2}$/).first()).toBeVisible();
  await expect(s.getByText(texts.documentsHidden)).toBeVisible();
  await expect(s.getByRole('img', { name: /de la solicitud/ })).toHaveCount(0);
  await checkConsoleScreen(s, 'application-masked');
  expect(await auditedReads(support.email, applicationNo)).toEqual([]);
});
