import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { e2eDatabaseEnv, e2ePorts } from './e2e-env';

const root = path.resolve(import.meta.dirname, '../../..');

function runTsx(script: string, args: string[], port: number = e2ePorts.main): string {
  return execFileSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: { ...process.env, ...e2eDatabaseEnv(), PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}` },
    encoding: 'utf8',
  });
}

export type DemoOrder = {
  apiBase: string;
  params: Record<string, string>;
  borrowerId: string;
  productId: string;
  orderId: string;
  orderNo: string;
  status: string;
  urls: Record<'confirmLoan' | 'loanDetails' | 'repayment' | 'repaymentDelay' | 'complaintEntry' | 'customerService', string>;
};

/** `npm run -s demo -- order --status <s> [--lang]` against the e2e database. */
export function demoOrder(status: string, opts: { lang?: 'es' | 'en'; port?: number } = {}): DemoOrder {
  const out = runTsx('apps/server/src/cli/demo.ts', ['order', '--status', status, '--lang', opts.lang ?? 'es'], opts.port);
  // Standard output is the JSON object alone (README: the demo commands pipe into a JSON reader).
  return JSON.parse(out) as DemoOrder;
}

/**
 * The demo's second member (finance, apps/server/src/modules/demo/demo-staff.ts): disburses what `ops` (the demo's
 * operator) approved, as a member never approves and disburses the same loan (decision 023).
 */
export const demoFinance = ['--as', 'finanzas@presta.demo'] as const;

/** `npm run ops -- <args>` against the e2e database. */
export function ops(...args: string[]): string {
  return runTsx('apps/server/src/cli/ops.ts', args);
}
