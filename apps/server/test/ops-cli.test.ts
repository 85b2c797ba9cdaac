import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, todayIn } from '@presta/contract/dates';
import { orders } from '../src/db/schema';
import { parseOpsArgs, runOpsCommand } from '../src/cli/ops';
import { createOrder } from '../src/modules/orders/order-service';
import { recordJobRun } from '../src/modules/jobs/job-runs';
import type { Db } from '../src/db/database';
import { borrowerWithOffer, connectTestDb } from './helpers';

let db: Db;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connectTestDb());
});
afterAll(async () => {
  await close();
});

async function ops(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOpsCommand(db, argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

/** An order of 2 × 15 days, applied for `appliedDaysAgo` days ago (default now). */
async function newOrder(appliedDaysAgo = 0) {
  const { product, borrower } = await borrowerWithOffer(db);
  const now = new Date(Date.now() - appliedDaysAgo * 86_400_000);
  const created = await createOrder(db, { borrowerId: borrower.id, productId: product.id, amount: 200_000, periods: 2, termUnit: 15, now });
  return { ...created, product };
}

const statusOf = async (orderNo: string) => (await db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0];

describe('ops command', () => {
  it('approve → disburse --on → sweep-overdue → show', async () => {
    const o = await newOrder(25); // applied for before the disbursal day (issue 12: never after it)
    const approved = await ops('approve', o.orderNo);
    expect(approved).toEqual({ code: 0, out: [`Order ${o.orderNo} approved: 21 → 151.`], err: [] });

    const on = addDays(todayIn(o.product.timeZone), -20);
    const disbursed = await ops('disburse', o.orderNo, '--on', on);
    expect(disbursed.code).toBe(0);
    expect(disbursed.out).toEqual([`Order ${o.orderNo} disbursed on ${on} to Banamex **** 5678: 151 → 174; instalment 1 of 2 due ${addDays(on, 15)}.`]);

    const swept = await ops('sweep-overdue');
    expect(swept.code).toBe(0);
    expect(swept.out[0]).toContain(o.orderNo);
    expect((await statusOf(o.orderNo))!.status).toBe('180');

    const shown = await ops('show', o.orderNo);
    expect(shown.code).toBe(0);
    expect(shown.out[0]).toContain(`Order ${o.orderNo}`);
    expect(shown.out[0]).toContain('status 180');
    expect(shown.out.filter((l) => l.includes('→'))).toHaveLength(4); // 4 history rows
    expect(shown.out.some((l) => l.includes(addDays(on, 30)))).toBe(true);
  });

  it('reject with a reason', async () => {
    const o = await newOrder();
    const res = await ops('reject', o.orderNo, '--reason', 'income not verified');
    expect(res).toEqual({ code: 0, out: [`Order ${o.orderNo} rejected: 21 → 110 (reason: income not verified).`], err: [] });
    expect((await statusOf(o.orderNo))!.rejectReason).toBe('income not verified');
  });

  it('errors: forbidden transition, unknown order, bad date, usage — exit 1 with the English catalogue message', async () => {
    const o = await newOrder();
    expect(await ops('disburse', o.orderNo)).toEqual({
      code: 1,
      out: [],
      err: [`error: Order ${o.orderNo} is in status 21 and cannot disburse.`],
    });
    expect(await ops('approve', 'PR-nope')).toEqual({ code: 1, out: [], err: ['error: We could not find this order.'] });
    await ops('approve', o.orderNo);
    const badDate = await ops('disburse', o.orderNo, '--on', '2025-13-01');
    expect(badDate.code).toBe(1);
    expect(badDate.err[0]).toBe('error: The disbursal date 2025-13-01 is not valid: use YYYY-MM-DD, today or an earlier day.');
    expect((await statusOf(o.orderNo))!.status).toBe('151');
    const unknown = await ops('explode');
    expect(unknown.code).toBe(1);
    expect(unknown.err[0]).toBe('error: Unknown command: explode.');
    expect((await ops('approve')).err[0]).toBe('error: The order number is missing.');
    expect((await ops()).code).toBe(1);
    expect((await ops('approve', o.orderNo, '--on', '2025-01-01')).code).toBe(1);
  });

  it('jobs [--limit N]: the latest runs, newest first, with duration, outcome, worker and detail', async () => {
    const job = `ops-test-${Date.now()}`;
    await recordJobRun(db, { job, worker: 'host-a:101' }, () => Promise.resolve({ moved: 2 }));
    await recordJobRun(db, { job, worker: 'host-b:202' }, () => Promise.reject(new Error('database went away'))).catch(() => {});
    let finish = () => {};
    let started = () => {};
    const isRunning = new Promise<void>((r) => (started = r));
    const running = recordJobRun(db, { job, worker: 'host-c:303', onStart: () => started() }, () => new Promise<{ sent: number }>((r) => (finish = () => r({ sent: 1 }))));
    await isRunning;
    const res = await ops('jobs', '--limit', '3');
    finish();
    await running;
    expect(res.code).toBe(0);
    expect(res.out).toHaveLength(5);
    expect(res.out.slice(0, 2)).toEqual(['The latest 3 job run(s), newest first', 'started  job  duration  outcome  worker  detail']);
    const row = (rest: string) => new RegExp(`^  \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z  ${job}  ${rest}$`);
    expect(res.out[2]).toMatch(row('-  running  host-c:303  -'));
    expect(res.out[3]).toMatch(row('\\d+\\.\\d\\d s  failed  host-b:202  \\{"error":"Error","message":"database went away"\\}'));
    expect(res.out[4]).toMatch(row('\\d+\\.\\d\\d s  succeeded  host-a:101  \\{"moved":2\\}'));
    expect((await ops('jobs')).out.length).toBeGreaterThanOrEqual(4);
    for (const bad of [['--limit', '0'], ['--limit', 'ten'], ['extra']]) {
      expect(await ops('jobs', ...bad)).toMatchObject({ code: 1, out: [] });
    }
  });

  it('parses --flag value and --flag=value', () => {
    expect(parseOpsArgs(['reject', 'PR1', '--reason=no income'])).toEqual({ command: 'reject', orderNo: 'PR1', options: { reason: 'no income' } });
    expect(parseOpsArgs(['disburse', '--on', '2025-01-02', 'PR2'])).toEqual({ command: 'disburse', orderNo: 'PR2', options: { on: '2025-01-02' } });
  });
});
