import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_AGREEMENT_PACKAGE_PATH, CONSOLE_AGREEMENT_PDF_PATH, consoleAgreement, type AgreementView } from '@presta/contract/api/console/agreements';
import { loanDetailPush } from '@presta/contract/api/loan';
import { staffRoles, type StaffRole } from '@presta/contract/staff-roles';
import { runOpsCommand } from '../src/cli/ops';
import { agreementDocuments, agreementTimestamps } from '../src/db/schema';
import { listAudit } from '../src/modules/audit/audit-log';
import { transitionOrder } from '../src/modules/orders/order-service';
import { signedPayload, switchableAuthority } from './agreement-fixtures';
import { consoleCall, consoleSignInAs, staffMember, type ConsoleAuth } from './console-fixtures';
import { borrowerWithOffer, buildTestApp, dataOf, injectAs, opsFinance, opsStaff, type TestApp } from './helpers';
import { makeLoan } from './repayment-fixtures';

/*
 * The signed agreement in the back office (issue 38; docs/back-office.md "Signed agreements over HTTP", docs/operations.md
 * "The agreement package for an auditor"): a loan's document, signature evidence and time-stamp with both checked
 * now; the PDF and the evidence package; who may, and the audit trail of each view and download; the package as
 * `openssl ts -verify` reads it; the ops command writing the same files.
 */

let t: TestApp;
const authority = switchableAuthority();
const signedIn = new Map<StaffRole, ConsoleAuth>();
const staffIds = new Map<StaffRole, number>();
beforeAll(async () => {
  t = await buildTestApp({}, { timestampAuthority: authority });
  for (const role of staffRoles) {
    const member = await staffMember(t, [role]);
    staffIds.set(role, member.id);
    signedIn.set(role, await consoleSignInAs(t, member, `198.51.100.${140 + staffRoles.indexOf(role)}`));
  }
}, 60_000);
afterAll(async () => {
  await t.close();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

type Signed = { orderNo: string; orderId: string; documentNo: string; documentId: number; pdf: Buffer; phone: string; borrowerId: number };

/**
 * An order submitted with the agreement its borrower signed through the borrower's calls (agreement-prepare, the
 * code from the SMS, agreement-sign, loan-detail-push with agreementNo), then approved. `stamp: false`: the authority
 * is down while it is signed, so its time-stamp stays pending.
 */
async function signedOrder({ stamp = true }: { stamp?: boolean } = {}): Promise<Signed> {
  const who = await borrowerWithOffer(t.db, { limit: 500_000 });
  authority.down = !stamp;
  const payload = await signedPayload(t.app, who.sessionId, { productId: who.product.id, amount: 300_000, periods: 3, termUnit: 15 });
  authority.down = false;
  const pushed = await injectAs(t.app, who.sessionId, { url: loanDetailPush.path, payload });
  expect(pushed.statusCode, pushed.body).toBe(200);
  const { orderNo, orderId } = dataOf(pushed, loanDetailPush);
  await transitionOrder(t.db, { orderNo, action: 'approve', actor: 'operator' });
  const [doc] = await t.db.select().from(agreementDocuments).where(eq(agreementDocuments.documentNo, payload.agreementNo));
  return { orderNo, orderId: String(orderId), documentNo: doc!.documentNo, documentId: doc!.id, pdf: doc!.pdf, phone: who.borrower.phone, borrowerId: who.borrower.id };
}

const view = async (role: StaffRole, orderNo: string) => {
  const res = await consoleCall(t, signedIn.get(role)!, consoleAgreement, { orderNo });
  return { status: res.statusCode, body: res.body, agreement: res.statusCode === 200 ? res.json<{ data: { agreement: AgreementView | null } }>().data.agreement : undefined };
};
const download = (role: StaffRole, route: string, orderNo: string) => consoleCall(t, signedIn.get(role)!, { method: 'GET', path: route }, { orderNo });
const eventsOf = async (orderNo: string, action: string) => listAudit(t.db, { objectType: 'order', objectId: orderNo, action });

describe("a loan's agreement in the back office", () => {
  it('shows a reviewer the document, the signature with the phone masked and both checks; the view is audited', async () => {
    const order = await signedOrder();
    const { status, body, agreement } = await view('reviewer', order.orderNo);
    expect(status, body).toBe(200);
    expect(agreement!.document).toMatchObject({ documentNo: order.documentNo, market: 'MX', lang: 'es', templateVersion: 'agreement/1', sha256: sha256(order.pdf), byteSize: order.pdf.length, amount: 300_000, currency: 'MXN', periods: 3, termUnit: 15 });
    expect(agreement!.signature).toMatchObject({ borrowerId: order.borrowerId, maskedPhone: `******${order.phone.slice(-4)}`, clientIp: '127.0.0.1', deviceId: null });
    expect(agreement!.signature.codeVerification).toMatchObject({ method: 'sms_otp', wrongTries: 0 });
    expect(agreement!.signature.sessionHash).toMatch(/^[0-9a-f]{64}$/);
    expect(body).not.toContain(order.phone);
    expect(agreement!.timestamp).toMatchObject({ status: 'stamped', authority: 'local', attempts: 1 });
    expect(agreement!.verification.document).toEqual({ intact: true, computedSha256: sha256(order.pdf) });
    expect(agreement!.verification.timestamp).toMatchObject({ valid: true, serialNumber: agreement!.timestamp!.serialNumber, stampedAt: agreement!.timestamp!.stampedAt });
    const [event] = await eventsOf(order.orderNo, 'agreements.evidence.read');
    expect(event).toMatchObject({ staffId: staffIds.get('reviewer'), via: 'console', after: { documentNo: order.documentNo, sha256: sha256(order.pdf) } });
  });

  it('lets each role take exactly its actions: 403 and nothing recorded for the others', async () => {
    const order = await signedOrder();
    for (const role of staffRoles) {
      const read = ['reviewer', 'support', 'finance', 'admin', 'credit_manager'].includes(role);
      const exportable = ['finance', 'admin'].includes(role);
      expect((await view(role, order.orderNo)).status, role).toBe(read ? 200 : 403);
      expect((await download(role, CONSOLE_AGREEMENT_PDF_PATH, order.orderNo)).statusCode, role).toBe(exportable ? 200 : 403);
      expect((await download(role, CONSOLE_AGREEMENT_PACKAGE_PATH, order.orderNo)).statusCode, role).toBe(exportable ? 200 : 403);
    }
    const events = await listAudit(t.db, { objectType: 'order', objectId: order.orderNo });
    expect(events.filter((e) => e.staffId === staffIds.get('analyst') || e.staffId === staffIds.get('support')).map((e) => e.action)).toEqual(['agreements.evidence.read']);
  });

  it('answers the signed PDF to finance as stored, kept by no cache, and records the download', async () => {
    const order = await signedOrder();
    const res = await download('finance', CONSOLE_AGREEMENT_PDF_PATH, order.orderNo);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(order.pdf)).toBe(true);
    expect(res.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${order.documentNo}.pdf"`, 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' });
    const [event] = await eventsOf(order.orderNo, 'agreements.download');
    expect(event).toMatchObject({ staffId: staffIds.get('finance'), via: 'console', after: { documentNo: order.documentNo } });
  });

  it('exports the package: four files, evidence.json naming the PDF’s SHA-256 and the whole phone, tsa.pem the chain', async () => {
    const order = await signedOrder();
    const res = await download('admin', CONSOLE_AGREEMENT_PACKAGE_PATH, order.orderNo);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'application/zip', 'content-disposition': `attachment; filename="agreement-${order.orderNo}.zip"` });
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toEqual(['agreement.pdf', 'agreement.tsr', 'evidence.json', 'tsa.pem']);
    expect(Buffer.from(files['agreement.pdf']!).equals(order.pdf)).toBe(true);
    const chain = await t.app.timestampAuthority.chainPem();
    expect(Buffer.from(files['tsa.pem']!).toString()).toBe(chain);
    const evidence = JSON.parse(Buffer.from(files['evidence.json']!).toString()) as Record<string, Record<string, unknown>>;
    expect(evidence.format).toBe('presta.agreement-evidence/1');
    expect(evidence.document).toMatchObject({ documentNo: order.documentNo, sha256: sha256(files['agreement.pdf']!), amount: 300_000 });
    expect(evidence.document!.figures).toBeTypeOf('object');
    expect(evidence.signature).toMatchObject({ borrowerId: order.borrowerId, phone: order.phone, signedSha256: sha256(order.pdf), clientIp: '127.0.0.1' });
    expect(evidence.timestamp).toMatchObject({ status: 'stamped', file: 'agreement.tsr' });
    expect(evidence.verification).toMatchObject({ document: { intact: true }, timestamp: { valid: true } });
    expect(evidence.exportedBy).toMatchObject({ type: 'staff', staffId: staffIds.get('admin'), via: 'console' });
    expect(evidence.files).toEqual({ 'agreement.pdf': sha256(files['agreement.pdf']!), 'agreement.tsr': sha256(files['agreement.tsr']!), 'tsa.pem': sha256(files['tsa.pem']!) });
    expect(await eventsOf(order.orderNo, 'agreements.export')).toHaveLength(1);

    // What an auditor runs (docs/operations.md): openssl accepts the token against the PDF and the chain's root;
    // a changed byte fails it.
    const dir = await mkdtemp(path.join(tmpdir(), 'agreement-package-'));
    try {
      for (const [name, bytes] of Object.entries(files)) await writeFile(path.join(dir, name), bytes);
      const root = chain.slice(chain.lastIndexOf('-----BEGIN CERTIFICATE-----'));
      await writeFile(path.join(dir, 'root.pem'), root);
      const verify = (data: string) =>
        execFileSync('openssl', ['ts', '-verify', '-data', data, '-in', 'agreement.tsr', '-CAfile', 'root.pem', '-untrusted', 'tsa.pem'], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
      expect(verify('agreement.pdf')).toContain('Verification: OK');
      const tampered = Buffer.from(order.pdf);
      tampered[20] = tampered[20]! ^ 1;
      await writeFile(path.join(dir, 'tampered.pdf'), tampered);
      expect(() => verify('tampered.pdf')).toThrow(/Verification: FAILED|message imprint mismatch/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says the time-stamp is not valid when the kept token is another document’s', async () => {
    const order = await signedOrder();
    const other = await signedOrder();
    const [otherStamp] = await t.db.select().from(agreementTimestamps).where(eq(agreementTimestamps.documentId, other.documentId));
    await t.db.update(agreementTimestamps).set({ response: otherStamp!.response }).where(eq(agreementTimestamps.documentId, order.documentId));
    const { agreement } = await view('support', order.orderNo);
    expect(agreement!.verification.document.intact).toBe(true);
    expect(agreement!.verification.timestamp).toEqual({ valid: false, reason: expect.stringContaining('another document') as string });
  });

  it('a pending time-stamp: the view says so, the package has no token and evidence.json says why', async () => {
    const order = await signedOrder({ stamp: false });
    const { agreement } = await view('finance', order.orderNo);
    expect(agreement!.timestamp).toMatchObject({ status: 'pending', authority: 'local', stampedAt: null, serialNumber: null });
    expect(agreement!.verification.timestamp).toBeUndefined();
    const files = unzipSync(new Uint8Array((await download('finance', CONSOLE_AGREEMENT_PACKAGE_PATH, order.orderNo)).rawPayload));
    expect(Object.keys(files)).toEqual(['agreement.pdf', 'evidence.json', 'tsa.pem']);
    const evidence = JSON.parse(Buffer.from(files['evidence.json']!).toString()) as Record<string, Record<string, unknown>>;
    expect(evidence.timestamp).toMatchObject({ status: 'pending', file: null });
    expect(evidence.verification!.timestamp).toBeNull();
    expect((evidence.files as Record<string, unknown>)['agreement.tsr']).toBeNull();
  });

  it('an order without a signed agreement: the view answers none and records nothing; the downloads 404', async () => {
    const loan = await makeLoan(t.db, { status: '151' });
    const { status, agreement } = await view('reviewer', loan.orderNo);
    expect([status, agreement]).toEqual([200, null]);
    const pdf = await download('finance', CONSOLE_AGREEMENT_PDF_PATH, loan.orderNo);
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json<{ message: string }>().message).toBe(`El pedido ${loan.orderNo} no tiene un contrato firmado.`);
    expect((await download('finance', CONSOLE_AGREEMENT_PACKAGE_PATH, loan.orderNo)).statusCode).toBe(404);
    expect(await listAudit(t.db, { objectType: 'order', objectId: loan.orderNo })).toEqual([]);
    expect((await download('finance', CONSOLE_AGREEMENT_PDF_PATH, 'PR12')).statusCode).toBe(400);
  });
});

describe('npm run ops -- agreement <orderNo> --out <dir>', () => {
  const ops = async (argv: string[], staff: string) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOpsCommand(t.db, argv, { out: (l) => out.push(l), err: (l) => err.push(l) }, staff, { timestampAuthority: () => t.app.timestampAuthority });
    return { code, out, err };
  };

  it('writes the package into a new folder as a member who may export, in one line, audited via cli', async () => {
    const order = await signedOrder();
    const parent = await mkdtemp(path.join(tmpdir(), 'ops-agreement-'));
    const dir = path.join(parent, 'evidence', order.orderNo);
    try {
      const r = await ops(['agreement', order.orderNo, '--out', dir], await opsFinance(t.db));
      expect(r.err).toEqual([]);
      expect(r.code).toBe(0);
      expect(r.out).toHaveLength(1);
      expect(r.out[0]).toMatch(
        new RegExp(`^Agreement ${order.documentNo} of order ${order.orderNo}: agreement\\.pdf, agreement\\.tsr, evidence\\.json, tsa\\.pem written to .+; document intact; time-stamp valid \\(.+, serial [0-9a-f]+\\)\\.$`),
      );
      expect((await readdir(dir)).sort()).toEqual(['agreement.pdf', 'agreement.tsr', 'evidence.json', 'tsa.pem']);
      expect((await readFile(path.join(dir, 'agreement.pdf'))).equals(order.pdf)).toBe(true);
      expect(await readFile(path.join(dir, 'tsa.pem'), 'utf8')).toBe(await t.app.timestampAuthority.chainPem());
      const evidence = JSON.parse(await readFile(path.join(dir, 'evidence.json'), 'utf8')) as { document: { sha256: string }; exportedBy: { email: string; via: string } };
      expect(evidence.document.sha256).toBe(sha256(order.pdf));
      expect(evidence.exportedBy).toMatchObject({ email: await opsFinance(t.db), via: 'cli' });
      const [event] = await eventsOf(order.orderNo, 'agreements.export');
      expect(event).toMatchObject({ via: 'cli', actorLabel: await opsFinance(t.db) });
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('refuses without --out, an order without an agreement, and a member whose roles may not export', async () => {
    const order = await signedOrder();
    expect((await ops(['agreement', order.orderNo], await opsStaff(t.db))).code).toBe(1);
    const loan = await makeLoan(t.db, { status: '151' });
    const none = await ops(['agreement', loan.orderNo, '--out', path.join(tmpdir(), 'never-written')], await opsStaff(t.db));
    expect(none).toEqual({ code: 1, out: [], err: [`error: Order ${loan.orderNo} has no signed agreement.`] });
    const support = await staffMember(t, ['support']);
    const refused = await ops(['agreement', order.orderNo, '--out', path.join(tmpdir(), 'never-written')], support.email);
    expect(refused.code).toBe(1);
    expect(await eventsOf(order.orderNo, 'agreements.export')).toEqual([]);
  });
});
