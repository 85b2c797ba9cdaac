import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test';
import { luhnCheckDigit } from '../../apps/server/src/modules/payments/store-reference';
import { e2eDatabaseEnv, e2ePorts } from './support/e2e-env';

/**
 * The README's demo commands, run exactly as it writes them (issue 14, item 2): each "prints one JSON
 * object", so its standard output, piped through a JSON parser (`jq`, as a reader would), must be that
 * object and nothing else (npm prints a banner of its own on standard output unless it runs with -s).
 */
const root = path.resolve(import.meta.dirname, '../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

/** The README's command line for `demo -- <command>`, from its shell blocks. */
function documented(command: string): string {
  const lines = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.split('\n'));
  const line = lines.find((l) => new RegExp(`^npm run (-s )?demo -- ${command}\\b`).test(l));
  if (!line) throw new Error(`the README shows no "demo -- ${command}" command`);
  return line.replace(/\s+#.*$/, '').trim();
}

/** Runs a command line through the shell, its standard output piped through jq; answers jq's output and status. */
function throughJq(commandLine: string): { status: number | null; json: string; stderr: string } {
  const env = { ...process.env, ...e2eDatabaseEnv(), PORT: String(e2ePorts.main), PUBLIC_BASE_URL: `http://127.0.0.1:${e2ePorts.main}` };
  const run = spawnSync('bash', ['-o', 'pipefail', '-c', `${commandLine} | jq -c .`], { cwd: root, env, encoding: 'utf8' });
  return { status: run.status, json: run.stdout, stderr: run.stderr };
}

/** One JSON value on standard output, nothing else. */
function oneObject(out: string): Record<string, unknown> {
  const values = out.trim().split('\n');
  expect(values, out).toHaveLength(1);
  const value = JSON.parse(values[0]!) as unknown;
  expect(typeof value).toBe('object');
  return value as Record<string, unknown>;
}

test('the README demo commands print exactly one JSON object each, piped through jq', async ({ page }) => {
  test.setTimeout(120_000);
  // order: the README's line with its placeholders filled in.
  const order = documented('order')
    .replace('<21|151|110|174|180|200>', '174')
    .replace('[--lang es|en]', '--lang es');
  const made = throughJq(order);
  expect(made.status, made.stderr).toBe(0);
  const created = oneObject(made.json) as { urls: Record<string, string>; phone: string; orderNo: string; status: string };
  expect(created.status).toBe('174');
  expect(Object.keys(created.urls).sort()).toEqual(['complaintEntry', 'confirmLoan', 'customerService', 'loanDetails', 'repayment', 'repaymentDelay']);
  // The links it prints open the borrower's pages.
  await page.goto(created.urls.loanDetails!.replace(/^http:\/\/[^/]+/, ''));
  await expect(page.getByText('Desembolsado').first()).toBeVisible();

  // sms-outbox: the borrower's phone from the order.
  const sms = throughJq(documented('sms-outbox').replace('<phone>', created.phone));
  expect(sms.status, sms.stderr).toBe(0);
  // The disbursal's text (the payout settled): the amount and the account, masked; the signed agreement's, with the
  // loan-details link (issue 38); and the signing code the demo read itself.
  const messages = (oneObject(sms.json) as { phone: string; messages: { purpose: string; body: string }[] }).messages;
  expect(oneObject(sms.json)).toMatchObject({ phone: created.phone });
  expect(messages.map((m) => m.purpose).sort()).toEqual(['agreement_signature_code', 'agreement_signed', 'loan_disbursed']);
  expect(messages.find((m) => m.purpose === 'loan_disbursed')?.body).toMatch(/^Presta: depositamos \$[\d.]+,\d\d de su préstamo PR\d{16} en su cuenta \*\*\*\* \d{4}\.$/);
  expect(messages.find((m) => m.purpose === 'agreement_signed')?.body).toMatch(
    /^Presta: firmó el contrato AG[0-9A-Z]{12} de su préstamo PR\d{16} de \$[\d.]+,\d\d\. Véalo y descárguelo aquí: http:\/\/\S+\/loan-details\?orderId=\d+&productId=\d+$/,
  );

  // applicant: a credit application at a step; its `apply` link opens that step of /certify.
  const applicant = throughJq(documented('applicant').replace('[--lang es|en]', '--lang es').replace(/\[--step [^\]]+\]/, '--step documents'));
  expect(applicant.status, applicant.stderr).toBe(0);
  const application = oneObject(applicant.json) as { urls: Record<string, string>; step: string; status: string };
  expect(application).toMatchObject({ step: 'documents', status: 'draft' });
  expect(Object.keys(application.urls).sort()).toEqual(['account', 'apply', 'home', 'login']);
  await page.goto(application.urls.apply!.replace(/^http:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { level: 2, name: 'Documentos' })).toBeVisible();

  // pay: money for a reference nobody issued is held in suspense (200), printed as one object.
  const unknown = `8099999999999${luhnCheckDigit('8099999999999')}`;
  const pay = throughJq(documented('pay').replace('<reference or voucher code>', unknown).replace('[--amount <minor units>]', '--amount 100'));
  expect(pay.status, pay.stderr).toBe(0);
  expect(oneObject(pay.json)).toMatchObject({ reference: unknown, amount: 100, status: 200, body: { received: true, held: 'suspense', reason: 'unknown_reference' } });
  // Without --amount, an unknown reference is a usage error on standard error: standard output stays empty.
  const refused = throughJq(documented('pay').replace('<reference or voucher code>', unknown).replace(' [--amount <minor units>]', ''));
  expect(refused.status).toBe(1);
  expect(refused.json).toBe('');
  expect(refused.stderr).toContain(`${unknown} names no payment reference here`);
});
