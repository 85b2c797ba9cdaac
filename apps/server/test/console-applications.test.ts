import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCreditApplication, consoleCreditApplications } from '@presta/contract/api/console/credit-applications';
import { CONSOLE_APPLICATION_DOCUMENT_PATH } from '@presta/contract/application-rules';
import type { MarketCode } from '@presta/contract/markets';
import type { StaffRole } from '@presta/contract/staff-roles';
import { auditEvents, creditApplicationConsents, creditApplications, kycChecks } from '../src/db/schema';
import { storeDocument } from '../src/modules/application/application-documents';
import { createApplication } from '../src/modules/application/application-store';
import { cleanDocument } from '../src/modules/application/document-image';
import { consoleCall, consoleSignInAs, staffMember, type ConsoleAuth } from './console-fixtures';
import { buildTestApp, createBorrower, dataOf, wrapper, type TestApp } from './helpers';

/*
 * Credit applications in the back office (issue 34; docs/back-office.md "Credit applications"): what each role sees
 * (identity numbers masked for applications.read, whole for applications.identity), the audit events of every
 * identity read and document opening, the search, and the roles refused.
 */

let t: TestApp;
const members = new Map<StaffRole, ConsoleAuth>();

beforeAll(async () => {
  t = await buildTestApp();
  for (const [i, role] of (['reviewer', 'support', 'finance', 'analyst', 'admin'] as const).entries()) {
    members.set(role, await consoleSignInAs(t, await staffMember(t, [role]), `198.51.100.${120 + i}`));
  }
});
afterAll(async () => {
  await t.close();
});

const as = (role: StaffRole) => members.get(role)!;
const unique = () => String(Math.floor(Math.random() * 1e6)).padStart(6, '0');

/** A submitted application with its answers, a document, signed consents, the verifier's checks and a flag. */
async function submittedApplication(market: MarketCode, identity: Record<string, string>, keys: { curp?: string; pan?: string; nameKey: string; aadhaarLast4?: string }) {
  const borrower = await createBorrower(t.db, { bankAccount: '', fullName: 'Registro Original' });
  const row = await t.db.transaction((tx) => createApplication(tx, borrower.id, market, new Date()));
  const now = new Date();
  await t.db
    .update(creditApplications)
    .set({
      status: 'submitted',
      submittedAt: now,
      identity,
      address: market === 'MX' ? { street: 'Reforma', number: '10', colonia: 'Juárez', postalCode: '06600', municipality: 'Cuauhtémoc', state: 'DF' } : { line1: '12 MG Road', city: 'Pune', postalCode: '411001', state: 'MH', permanent: true },
      work: { occupation: 'employed', employer: 'Acme', monthlyIncome: '1500000', payFrequency: 'monthly', monthlyObligations: '200000' },
      curp: keys.curp ?? null,
      pan: keys.pan ?? null,
      nameKey: keys.nameKey,
      aadhaarLast4: keys.aadhaarLast4 ?? null,
      flags: [{ kind: 'duplicate_identity', detail: 'curp', otherApplicationNo: 'AP0000000001' }],
    })
    .where(eq(creditApplications.id, row.id));
  const image = await cleanDocument(await sharp({ create: { width: 640, height: 400, channels: 3, background: '#0a6' } }).jpeg().toBuffer());
  await t.db.transaction((tx) => storeDocument(tx, row.id, market === 'MX' ? 'ine_front' : 'pan_card', image));
  await t.db.insert(creditApplicationConsents).values([
    { applicationId: row.id, kind: 'bureau', version: 'v1', granted: true, clientIp: '203.0.113.9', device: 'Pixel 7 · abc123', codeId: 1 },
    { applicationId: row.id, kind: 'privacy', version: 'v1', granted: true, clientIp: '203.0.113.9', device: 'Pixel 7 · abc123', codeId: 1 },
  ]);
  await t.db.insert(kycChecks).values([
    { applicationId: row.id, check: market === 'MX' ? 'curp' : 'pan', outcome: 'verified', score: null, provider: 'sandbox', reference: `ref-${unique()}` },
    { applicationId: row.id, check: 'face', outcome: 'face_mismatch', score: 41, provider: 'sandbox', reference: `ref-${unique()}` },
  ]);
  return { applicationNo: row.applicationNo, borrowerId: borrower.id };
}

const curp = () => `GODE56${unique().slice(0, 4)}HDFRRN09`;
const mexican = (value = curp()) =>
  submittedApplication(
    'MX',
    { givenNames: 'Eduardo', firstSurname: 'Gómez', secondSurname: 'Durán', birthDate: '1956-12-31', sex: 'H', birthState: 'DF', curp: value, rfc: 'GODE561231AB1', email: 'e@example.com' },
    { curp: value, nameKey: 'EDUARDO GOMEZ DURAN' },
  );

const detail = (role: StaffRole, applicationNo: string) => consoleCall(t, as(role), consoleCreditApplication, { applicationNo });
const openDocument = (role: StaffRole, applicationNo: string, kind: string) =>
  consoleCall(t, as(role), { method: 'GET', path: CONSOLE_APPLICATION_DOCUMENT_PATH }, { applicationNo, kind });
const search = async (role: StaffRole, request: Record<string, string>) => {
  const res = await consoleCall(t, as(role), consoleCreditApplications, request);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf(res, consoleCreditApplications).applications.map((a) => a.applicationNo);
};
const eventsOn = async (applicationNo: string, action: string) =>
  (await t.db.select({ n: count() }).from(auditEvents).where(and(eq(auditEvents.objectId, applicationNo), eq(auditEvents.action, action))))[0]!.n;

describe('an application’s page', () => {
  it('support (applications.read): CURP and RFC masked to their first four and last two, nothing audited', async () => {
    const value = curp();
    const { applicationNo } = await mexican(value);
    const res = await detail('support', applicationNo);
    expect(res.statusCode, res.body).toBe(200);
    const { application } = dataOf(res, consoleCreditApplication);
    expect(application.identityShown).toBe(false);
    expect(application.identity.curp).toBe(`GODE************09`);
    expect(application.identity.rfc).toBe('GODE*******B1');
    expect(res.body.includes(value)).toBe(false);
    expect(application.identity.givenNames).toBe('Eduardo');
    expect(application.borrower.fullName).toBe('Eduardo Gómez Durán');
    expect(application.documents).toEqual([{ kind: 'ine_front', uploadedAt: expect.any(String) as unknown, width: 640, height: 400, bytes: expect.any(Number) as unknown }]);
    expect(await eventsOn(applicationNo, 'application.identity.read')).toBe(0);
    // The documents' images are not theirs.
    expect((await openDocument('support', applicationNo, 'ine_front')).statusCode).toBe(403);
    expect(await eventsOn(applicationNo, 'application.document.read')).toBe(0);
  });

  it('a reviewer (applications.identity): numbers whole, each opening an audit event naming the member', async () => {
    const value = curp();
    const { applicationNo } = await mexican(value);
    const res = await detail('reviewer', applicationNo);
    const { application } = dataOf(res, consoleCreditApplication);
    expect(application.identityShown).toBe(true);
    expect(application.identity.curp).toBe(value);
    expect(application.identity.rfc).toBe('GODE561231AB1');
    await detail('reviewer', applicationNo);
    const events = await t.db.select().from(auditEvents).where(and(eq(auditEvents.objectId, applicationNo), eq(auditEvents.action, 'application.identity.read')));
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ actorType: 'staff', objectType: 'credit_application', via: 'console', actorLabel: expect.stringMatching(/^reviewer\./) as unknown });
    expect(JSON.stringify(events)).not.toContain(value);
  });

  it('a reviewer opens a document: the image, private and unsniffed, and an event per opening', async () => {
    const { applicationNo } = await mexican();
    const image = await openDocument('reviewer', applicationNo, 'ine_front');
    expect(image.statusCode, image.body).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(640);
    await openDocument('reviewer', applicationNo, 'ine_front');
    const events = await t.db.select().from(auditEvents).where(and(eq(auditEvents.objectId, applicationNo), eq(auditEvents.action, 'application.document.read')));
    expect(events.map((e) => e.after)).toEqual([{ kind: 'ine_front' }, { kind: 'ine_front' }]);
    // No such document: 404, nothing recorded.
    expect((await openDocument('reviewer', applicationNo, 'selfie')).statusCode).toBe(404);
    expect((await openDocument('reviewer', 'AP9999999999', 'ine_front')).statusCode).toBe(404);
    expect((await openDocument('reviewer', applicationNo, 'passport')).statusCode).toBe(400);
    expect(await eventsOn(applicationNo, 'application.document.read')).toBe(2);
  });

  it('shows the consents with address and device, the verifier’s checks and the flags', async () => {
    const { applicationNo } = await mexican();
    const { application } = dataOf(await detail('support', applicationNo), consoleCreditApplication);
    expect(application.consents.map((c) => [c.kind, c.granted, c.ip, c.device])).toEqual([
      ['bureau', true, '203.0.113.9', 'Pixel 7 · abc123'],
      ['privacy', true, '203.0.113.9', 'Pixel 7 · abc123'],
    ]);
    expect(application.checks.map((c) => [c.check, c.outcome, c.score])).toEqual([
      ['curp', 'verified', null],
      ['face', 'face_mismatch', 41],
    ]);
    expect(application.flags).toEqual([{ kind: 'duplicate_identity', detail: 'curp', otherApplicationNo: 'AP0000000001' }]);
    expect(application.work).toMatchObject({ occupation: 'employed', monthlyIncome: 1_500_000 });
    expect(application.address).toMatchObject({ colonia: 'Juárez', postalCode: '06600' });
  });

  it('India: PAN masked for support; the Aadhaar is its masked last four for every role', async () => {
    const { applicationNo } = await submittedApplication(
      'IN',
      { fullName: 'Ravi Kumar Sharma', birthDate: '1990-05-04', pan: 'ABCPS1234F', email: 'r@example.com' },
      { pan: 'ABCPS1234F', nameKey: 'RAVI KUMAR SHARMA', aadhaarLast4: '1234' },
    );
    const masked = dataOf(await detail('support', applicationNo), consoleCreditApplication).application.identity;
    expect([masked.pan, masked.aadhaarMasked]).toEqual(['ABCP****4F', 'XXXX XXXX 1234']);
    const whole = dataOf(await detail('reviewer', applicationNo), consoleCreditApplication).application.identity;
    expect([whole.pan, whole.aadhaarMasked]).toEqual(['ABCPS1234F', 'XXXX XXXX 1234']);
  });

  it('an unknown or malformed number: 404 or 400 in the member’s language', async () => {
    const unknown = await consoleCall(t, as('support'), consoleCreditApplication, { applicationNo: 'AP9999999999' }, 'en');
    expect(unknown.statusCode).toBe(404);
    expect(wrapper(unknown).message).toBe('There is no such credit application.');
    expect((await detail('support', 'PR123')).statusCode).toBe(400);
  });
});

describe('the search', () => {
  it('by application number, whole CURP or PAN, and 3+ letters of the name; by state', async () => {
    const value = curp();
    const a = await mexican(value);
    const india = await submittedApplication('IN', { fullName: 'Zoltan Pradeep Quorum', pan: 'ZZZPQ9876K' }, { pan: 'ZZZPQ9876K', nameKey: 'ZOLTAN PRADEEP QUORUM' });
    expect(await search('support', { q: a.applicationNo })).toEqual([a.applicationNo]);
    expect(await search('support', { q: value.toLowerCase() })).toEqual([a.applicationNo]);
    expect(await search('support', { q: 'zzzpq 9876k' })).toEqual([india.applicationNo]);
    expect(await search('support', { q: 'Quorum' })).toEqual([india.applicationNo]);
    expect(await search('reviewer', { q: 'pradeep q', status: 'submitted' })).toEqual([india.applicationNo]);
    expect(await search('reviewer', { q: 'pradeep q', status: 'draft' })).toEqual([]);
    // Part of a number finds nothing; two letters find nothing.
    expect(await search('support', { q: value.slice(0, 10) })).toEqual([]);
    expect(await search('support', { q: 'Zo' })).toEqual([]);
    const submitted = await search('support', { status: 'submitted', limit: '200' });
    expect(submitted).toEqual(expect.arrayContaining([a.applicationNo, india.applicationNo]));
    const rows = dataOf(await consoleCall(t, as('support'), consoleCreditApplications, { q: india.applicationNo }), consoleCreditApplications).applications;
    expect(rows[0]).toMatchObject({ market: 'IN', status: 'submitted', borrower: { fullName: 'Zoltan Pradeep Quorum', maskedPhone: expect.stringMatching(/^\*+\d{4}$/) as unknown } });
  });
});

describe('roles without the actions', () => {
  it.each(['finance', 'analyst', 'admin'] as const)('%s: 403 on the list, the page and the documents, nothing recorded', async (role) => {
    const { applicationNo } = await mexican();
    const before = (await t.db.select({ n: count() }).from(auditEvents))[0]!.n;
    for (const res of [
      await consoleCall(t, as(role), consoleCreditApplications, {}),
      await detail(role, applicationNo),
      await openDocument(role, applicationNo, 'ine_front'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(wrapper(res).code).toBe('403001');
    }
    expect((await t.db.select({ n: count() }).from(auditEvents))[0]!.n).toBe(before);
  });
});
