/**
 * Payment helpers of the repayment journeys.
 *
 * - `demoPay`: `npm run demo -- pay <reference> [--amount]` against the e2e
 *   server, i.e. what a store till of the sandbox provider would do.
 * - `oneInstalmentOrder`: like `demoOrder('174')`, but the loan has a single
 *   instalment (due today), so paying what the repayment page asks settles it.
 *   The demo command always makes 3 instalments and the later ones cannot be
 *   prepaid before half the term (docs/ledger.md), so no payment made today
 *   can settle a `demo order --status 174`. This file runs itself as the
 *   script that makes such an order, with the demo command's own modules.
 *   It also answers the borrower's `phone` (where the card payment codes go).
 * - `ledgerPayments`: the money the ledger holds for an order (one row per
 *   provider event), read from the e2e database by the same script.
 * - `referenceFor`: a payment reference for what the repayment page asks now, made through the API.
 * - `latestSmsCode`: the newest card payment code in the SMS outbox of a phone
 *   (`GET /api/dev/sms-outbox`, a demo tool of the e2e server).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import type { DemoOrder } from './cli';
import { e2eDatabaseEnv, e2ePorts } from './e2e-env';

const root = path.resolve(import.meta.dirname, '../../..');
const thisFile = fileURLToPath(import.meta.url);

function serverEnv(port: number = e2ePorts.main): NodeJS.ProcessEnv {
  return { ...process.env, ...e2eDatabaseEnv(), PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}` };
}

function runTsx(script: string, args: string[]): string {
  try {
    return execFileSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env: serverEnv(), encoding: 'utf8' });
  } catch (error) {
    const e = error as { status?: number; stdout?: string; stderr?: string };
    throw new Error(`${path.basename(script)} ${args.join(' ')} exited with ${e.status}:\n${e.stdout ?? ''}\n${e.stderr ?? ''}`, { cause: error });
  }
}

const lastJson = <T>(out: string): T => JSON.parse(out.slice(out.indexOf('{'))) as T;

export type DemoPayResult = {
  reference: string;
  amount: number;
  eventId: string;
  status: number;
  body: { received: boolean; applied?: boolean; error?: string };
};

/** `npm run demo -- pay <reference> [--amount <minor units>]`; throws when the server refuses the payment. */
export function demoPay(reference: string, opts: { amount?: number } = {}): DemoPayResult {
  const args = ['pay', reference, ...(opts.amount === undefined ? [] : ['--amount', String(opts.amount)])];
  return lastJson<DemoPayResult>(runTsx('apps/server/src/cli/demo.ts', args));
}

/** A demo order and its borrower's phone (the SMS outbox is read by phone). */
export type OneInstalmentOrder = DemoOrder & { phone: string };

/**
 * A Spanish borrower's order in 174 whose only instalment falls due today (see
 * the file comment). The borrower has the two sandbox cards of every demo
 * borrower: '…4242' (asks for the SMS code) and '…0077' (charged at once).
 */
export function oneInstalmentOrder(): OneInstalmentOrder {
  return lastJson<OneInstalmentOrder>(runTsx(thisFile, ['one-instalment-order']));
}

export type LedgerPayment = { amount: number; channel: string; provider: string; purpose: string };

/** Every payment the ledger holds for an order (ledger_payments), oldest first. */
export function ledgerPayments(orderId: string): LedgerPayment[] {
  return lastJson<{ payments: LedgerPayment[] }>(runTsx(thisFile, ['ledger-payments', orderId])).payments;
}

export type SmsMessage = { body: string; purpose: string; createdAt: string };

/** The latest text messages sent to a phone, newest first (the demo tools' SMS outbox). */
export async function smsOutbox(request: APIRequestContext, phone: string): Promise<SmsMessage[]> {
  const response = await request.get(`/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}`);
  if (!response.ok()) throw new Error(`GET /api/dev/sms-outbox answered ${response.status()}: ${await response.text()}`);
  const body = (await response.json()) as { data: { messages: SmsMessage[] } | null };
  return body.data?.messages ?? [];
}

/** The 6-digit code of an SMS message ('… es 123456. Vence en 5 minutos …'). */
export function codeOf(message: SmsMessage): string {
  const match = /\b(\d{6})\b/.exec(message.body);
  if (!match) throw new Error(`no 6-digit code in ${JSON.stringify(message.body)}`);
  return match[1]!;
}

/** Reads '$3.613,66' (the pages' money format, es-MX) as minor units. */
export function minorFromText(text: string): number {
  // Either market's way (decision 022): "$1.234,56" (Mexico), "₹1,00,000.00" (India): the last separator before two digits is the decimal one.
  const match = /(\d{1,3}(?:[.,]\d{2,3})*)[.,](\d{2})(?!\d)/.exec(text);
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return Number(match[1]!.replace(/\D/g, '')) * 100 + Number(match[2]);
}

// ---------------------------------------------------------------------------
// Script: node --import tsx tests/e2e/support/payments.ts one-instalment-order
// ---------------------------------------------------------------------------

async function makeOneInstalmentOrder(): Promise<void> {
  const { eq } = await import('drizzle-orm');
  const { borrowers } = await import('../../../apps/server/src/db/schema');
  const { loadConfig } = await import('../../../apps/server/src/config');
  const { openDatabase } = await import('../../../apps/server/src/db/database');
  const { createDemoBorrower, makeOrderInStatus } = await import('../../../apps/server/src/modules/demo/demo-orders');
  const { pageLinks, sessionQueryParams } = await import('../../../apps/server/src/modules/demo/demo-links');
  const { createSession } = await import('../../../apps/server/src/modules/session/session-service');

  const config = loadConfig();
  const { databaseUrl, dataDir, embeddedPgPort } = config;
  const database = await openDatabase({ databaseUrl, dataDir, embeddedPgPort, max: 2 });
  try {
    const made = await database.db.transaction(async (tx) => {
      const { borrowerId, product } = await createDemoBorrower(tx, { fullName: 'Elena Ruiz', language: 'es', productCode: 'presta-mx' });
      const order = await makeOrderInStatus(tx, { borrowerId, productId: product.id, status: '174', lang: 'es', periods: 1 });
      const sessionId = await createSession(tx, { borrowerId, deviceId: 'e2e-one-instalment', ttlHours: config.sessionTtlHours });
      const [who] = await tx.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, borrowerId));
      return { borrowerId, productId: product.id, order, sessionId, phone: who!.phone };
    });
    const { sessionId, productId, order } = made;
    const params = sessionQueryParams({ sessionId, language: 'es', productId, orderId: order.orderId });
    const out: OneInstalmentOrder = {
      apiBase: config.publicBaseUrl,
      params,
      borrowerId: String(made.borrowerId),
      phone: made.phone,
      productId: String(made.productId),
      orderId: String(made.order.orderId),
      orderNo: made.order.orderNo,
      status: '174',
      urls: pageLinks(config.publicBaseUrl, params),
    };
    process.stdout.write(`${JSON.stringify(out)}\n`);
  } finally {
    await database.close();
  }
}

async function printLedgerPayments(orderId: string | undefined): Promise<void> {
  if (!orderId || !/^\d+$/.test(orderId)) throw new Error('ledger-payments needs an order id');
  const { asc, eq } = await import('drizzle-orm');
  const { ledgerPayments: table } = await import('../../../apps/server/src/db/schema');
  const { loadConfig } = await import('../../../apps/server/src/config');
  const { openDatabase } = await import('../../../apps/server/src/db/database');
  const { databaseUrl, dataDir, embeddedPgPort } = loadConfig();
  const database = await openDatabase({ databaseUrl, dataDir, embeddedPgPort, max: 1 });
  try {
    const payments = await database.db
      .select({ amount: table.amount, channel: table.channel, provider: table.provider, purpose: table.purpose })
      .from(table)
      .where(eq(table.orderId, Number(orderId)))
      .orderBy(asc(table.id));
    process.stdout.write(`${JSON.stringify({ payments })}\n`);
  } finally {
    await database.close();
  }
}

const scripts: Record<string, (arg: string | undefined) => Promise<void>> = {
  'one-instalment-order': makeOneInstalmentOrder,
  'ledger-payments': printLedgerPayments,
};
const script = process.argv[2] ? scripts[process.argv[2]] : undefined;
if (process.argv[1] && path.resolve(process.argv[1]) === thisFile && script) {
  script(process.argv[3]).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/** A payment reference for what the repayment page asks now, made through the API as the voucher page makes it. */
export async function referenceFor(page: Page, order: DemoOrder, payCode: 'store' | 'upi'): Promise<{ reference: string; due: number }> {
  const plan = await page.request.post(`/v3/installment/loan-play-detail?${new URLSearchParams(order.params).toString()}`, { form: { orderId: order.orderId } });
  const due = ((await plan.json()) as { data: { repayAmount: number } }).data.repayAmount;
  const voucher = await page.request.post(`/v3/loan-details/generate-vcode?${new URLSearchParams(order.params).toString()}`, {
    form: { orderId: order.orderId, amount: String(due), payCode, requestType: '1' },
  });
  const data = ((await voucher.json()) as { data: { repayDetail: { vCode: string }; paymentDetails: { value: string }[] } }).data;
  const reference = [data.repayDetail.vCode, ...data.paymentDetails.map((d) => d.value)].find((v) => /^80\d{12}$/.test(v));
  if (!reference) throw new Error(`no payment reference in ${JSON.stringify(data)}`);
  return { reference, due };
}
