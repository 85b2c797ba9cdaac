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
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
    throw new Error(`${path.basename(script)} ${args.join(' ')} exited with ${e.status}:\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
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

/** A Spanish borrower's order in 174 whose only instalment falls due today (see the file comment). */
export function oneInstalmentOrder(): DemoOrder {
  return lastJson<DemoOrder>(runTsx(thisFile, ['one-instalment-order']));
}

/** Reads '$3.613,66' (the pages' money format, es-MX) as minor units. */
export function minorFromText(text: string): number {
  const match = /(\d{1,3}(?:\.\d{3})*),(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return Number(match[1]!.replaceAll('.', '')) * 100 + Number(match[2]);
}

// ---------------------------------------------------------------------------
// Script: node --import tsx tests/e2e/support/payments.ts one-instalment-order
// ---------------------------------------------------------------------------

async function makeOneInstalmentOrder(): Promise<void> {
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
      return { borrowerId, productId: product.id, order, sessionId };
    });
    const { sessionId, productId, order } = made;
    const params = sessionQueryParams({ sessionId, language: 'es', productId, orderId: order.orderId });
    const out: DemoOrder = {
      apiBase: config.publicBaseUrl,
      params,
      borrowerId: String(made.borrowerId),
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

if (process.argv[1] && path.resolve(process.argv[1]) === thisFile && process.argv[2] === 'one-instalment-order') {
  makeOneInstalmentOrder().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
