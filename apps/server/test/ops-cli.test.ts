import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, todayIn } from '@presta/contract/dates';
import { randomInt } from 'node:crypto';
import { orders, productOffers } from '../src/db/schema';
import { parseOpsArgs, runOpsCommand } from '../src/cli/ops';
import { createSignedOrder } from './agreement-fixtures';
import { recordJobRun } from '../src/modules/jobs/job-runs';
import { listAudit } from '../src/modules/audit/audit-log';
import type { Db } from '../src/db/database';
import { ProviderUnavailable, type PaymentEvent, type PaymentProvider, type ReferenceStatus } from '../src/modules/payments/payment-provider';
import { providersOf, type PaymentProviders } from '../src/modules/payments/payment-providers';
import { createOrReuseReference } from '../src/modules/payments/payment-reference-repository';
import { receiveNotification } from '../src/modules/payments/notification-service';
import { newStoreReference } from '../src/modules/payments/store-reference';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { applyPayoutEvents } from '../src/modules/disbursal/disbursal-service';
import { ScriptedPayouts, scriptedPayoutProviders, verifiedAccountOf } from './payout-fixtures';
import { opsFinance, opsStaff, borrowerWithOffer, connectTestDb, createBorrower, seedProduct } from './helpers';

let db: Db;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connectTestDb());
});
afterAll(async () => {
  await close();
});

const stp = new ScriptedPayouts('stp', 'MX');
const payouts = scriptedPayoutProviders(stp);

async function ops(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOpsCommand(db, argv, { out: (l) => out.push(l), err: (l) => err.push(l) }, await opsStaff(db), { payouts: () => payouts });
  return { code, out, err };
}

/** The provider settles the order's payout on `on` (its callback, applied as the payout route applies it). */
async function settle(orderNo: string, on: string) {
  const key = [...stp.accepted.entries()].reverse().find(([, p]) => p.orderNo === orderNo)![0];
  const ctx = { db, payouts, log: pino({ level: 'silent' }), config: loadConfig() };
  expect(await applyPayoutEvents(ctx, [stp.finish(key, 'processed', on)])).toEqual(['applied']);
}

/** An order of 2 × 15 days, applied for `appliedDaysAgo` days ago (default now). */
async function newOrder(appliedDaysAgo = 0) {
  const { product, borrower } = await borrowerWithOffer(db);
  const now = new Date(Date.now() - appliedDaysAgo * 86_400_000);
  const created = await createSignedOrder(db, { borrowerId: borrower.id, productId: product.id, amount: 200_000, periods: 2, termUnit: 15, now });
  await verifiedAccountOf(db, borrower.id);
  return { ...created, product };
}

const statusOf = async (orderNo: string) => (await db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0];

describe('ops command', () => {
  it('approve → disburse --on → sweep-overdue → show', async () => {
    const o = await newOrder(25); // applied for before the disbursal day (issue 12: never after it)
    const approved = await ops('approve', o.orderNo);
    expect(approved).toEqual({ code: 0, out: [`Order ${o.orderNo} approved: 21 → 151.`], err: [] });

    const on = addDays(todayIn(o.product.timeZone), -20);
    // Four eyes (decision 023): the member who approved it may not disburse it; a second member does.
    const own = await ops('disburse', o.orderNo);
    expect(own).toEqual({ code: 1, out: [], err: [`error: You approved order ${o.orderNo}: another staff member disburses it (four eyes).`] });
    expect((await statusOf(o.orderNo))!.status).toBe('151');
    const disbursed = await ops('disburse', o.orderNo, '--as', await opsFinance(db));
    expect(disbursed.code).toBe(0);
    expect(disbursed.out[0]).toMatch(new RegExp(`^Order ${o.orderNo} payout 1 \\(stp\\): pending, 200000 MXN to Banamex \\*\\*\\*\\* 5678; reference [A-Z0-9]+\\.$`));
    expect((await statusOf(o.orderNo))!.status).toBe('151');
    await settle(o.orderNo, on);
    expect((await ops('payouts', o.orderNo)).out[0]).toContain(`processed, 200000 MXN`);

    const swept = await ops('sweep-overdue');
    expect(swept.code).toBe(0);
    expect(swept.out[0]).toContain(o.orderNo);
    expect((await statusOf(o.orderNo))!.status).toBe('180');
    // The sweep's move is in the audit trail as the member who ran it, through the CLI.
    const [fellDue] = await listAudit(db, { objectType: 'order', objectId: o.orderNo, action: 'orders.fallDue' });
    expect(fellDue).toMatchObject({ actorType: 'staff', actorLabel: await opsStaff(db), via: 'cli', before: { status: '174' }, after: { status: '180' } });

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
    expect((await ops('disburse', o.orderNo, '--on', '2025-01-01')).code).toBe(1);
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

  it('offer <phone> --product --limit: the credit review\'s decision; the limit replaced on a second run; refusals', async () => {
    const mx = await seedProduct(db);
    const other = await seedProduct(db);
    const india = await seedProduct(db, { market: 'IN', currency: 'INR', timeZone: 'Asia/Kolkata', lateRule: 'in_tiered' });
    const phone = `55${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    const borrower = await createBorrower(db, { phone });
    const masked = `******${phone.slice(-4)}`;

    // As an operator types it: spaces and a leading + are fine.
    const first = await ops('offer', `+${phone.slice(0, 2)} ${phone.slice(2)}`, '--product', mx.code, '--limit', '500000');
    expect(first).toEqual({
      code: 0,
      out: [`Offer on ${mx.code} (MX, MXN) for borrower ${borrower.id} (${masked}): limit 500000 (new offer); the borrower sees it on home (/main).`],
      err: [],
    });
    const raised = await ops('offer', phone, '--product', mx.code, '--limit=750000');
    expect(raised.out[0]).toContain('limit 750000 (was 500000)');
    const rows = await db.select().from(productOffers).where(eq(productOffers.borrowerId, borrower.id));
    expect(rows.map((r) => [r.productId, r.limitAmount])).toEqual([[mx.id, 750_000]]);
    expect((await ops('offer', phone, '--product', other.code, '--limit', '100000')).code).toBe(0);

    const refused = async (...argv: string[]) => {
      const r = await ops(...argv);
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.out).toEqual([]);
      return r.err[0];
    };
    expect(await refused('offer', phone, '--product', india.code, '--limit', '500000')).toBe(
      `error: The product ${india.code} is of IN, but the borrower already has offers of MX: a borrower borrows in one market only.`,
    );
    expect(await refused('offer', phone, '--product', mx.code, '--limit', '525000')).toBe(
      'error: The limit 525000 is not valid: it must be a multiple of 50000 from 100000 to 1000000 (minor units).',
    );
    expect(await refused('offer', phone, '--product', mx.code, '--limit', '1050000')).toContain('is not valid');
    expect(await refused('offer', phone, '--product', 'no-such-product', '--limit', '500000')).toBe('error: There is no active product with the code no-such-product.');
    // An unknown phone, printed masked (the command's output may be pasted into a ticket).
    expect(await refused('offer', '5500000000', '--product', mx.code, '--limit', '500000')).toBe('error: No borrower is registered with the phone ******0000.');
    expect(await refused('offer', '--product', mx.code, '--limit', '500000')).toBe('error: The borrower’s phone is missing.');
    expect(await refused('offer', phone, '--product', mx.code)).toContain('Usage: npm run ops -- offer <phone>');
    expect(await refused('offer', phone, '--limit', '500000')).toContain('Usage:');
    expect(await refused('offer', phone, '--product', mx.code, '--limit', '-5')).toContain('Usage:');
    expect((await db.select().from(productOffers).where(eq(productOffers.borrowerId, borrower.id))).length).toBe(2);
  });

  it('acts as a named staff member: their roles are checked, every change is in the audit trail (issue 17)', async () => {
    const o = await newOrder(25);
    const admin = await opsStaff(db);
    const tag = Date.now().toString(36);
    // An admin adds a support member through ops: the member and a one-time set-up link are printed.
    const added = await ops('staff', 'add', `support.${tag}@presta.example`, '--role', 'support', '--name', 'Sam Support', '--as', admin);
    expect(added.code).toBe(0);
    expect(added.out[0]).toMatch(new RegExp(`^Staff member \\d+ support\\.${tag}@presta\\.example added with roles support\\.$`));
    expect(added.out[1]).toMatch(/^One-time set-up link, valid 24 hours \(password and authenticator app\): http.+\/console\/set-up#[A-Za-z0-9_-]{43}$/);
    // Support may not approve: 403 in the catalogue's words, the order untouched, nothing audited.
    const refused = await ops('approve', o.orderNo, '--as', `support.${tag}@presta.example`);
    expect(refused).toEqual({ code: 1, out: [], err: ['error: Your roles do not allow this action (orders.approve).'] });
    expect((await statusOf(o.orderNo))!.status).toBe('21');
    expect(await ops('approve', o.orderNo, '--as', `nobody.${tag}@presta.example`)).toEqual({
      code: 1,
      out: [],
      err: [`error: There is no active staff member with the e-mail nobody.${tag}@presta.example.`, expect.stringMatching(/^Usage:/)],
    });
    const nobody = await runOpsCommand(db, ['approve', o.orderNo], { out: () => undefined, err: () => undefined });
    expect(nobody).toBe(1);
    // The admin (every role, in these tests) approves, a finance member disburses: both in the audit trail, as the
    // member, through the CLI.
    const finance = await opsFinance(db);
    expect((await ops('approve', o.orderNo)).code).toBe(0);
    expect((await ops('disburse', o.orderNo, '--as', finance)).code).toBe(0);
    const events = await listAudit(db, { objectType: 'order', objectId: o.orderNo });
    expect(events.map((e) => [e.action, e.actorLabel, e.via, e.before, (e.after as { status?: string }).status])).toEqual([
      ['payouts.start', finance, 'cli', null, undefined],
      ['orders.approve', admin, 'cli', { status: '21' }, '151'],
    ]);
    // staff list and staff reset.
    const list = await ops('staff', 'list');
    expect(list.out.some((l) => l.includes(`support.${tag}@presta.example  Sam Support  support  not set up  active`))).toBe(true);
    const reset = await ops('staff', 'reset', `support.${tag}@presta.example`);
    expect(reset.out[1]).toMatch(/^New one-time set-up link, valid 24 hours: .+\/console\/set-up#/);
    for (const bad of [['staff'], ['staff', 'add', 'x@presta.example'], ['staff', 'reset'], ['staff', 'list', 'extra'], ['staff', 'reset', 'x@presta.example', '--role', 'admin']]) {
      expect((await ops(...bad)).code, bad.join(' ')).toBe(1);
    }
  });

  it('staff disable, enable and roles: through the console’s services, audited as the member via cli; an admin never disables, resets or changes the roles of themselves', async () => {
    const admin = await opsStaff(db);
    const tag = `${Date.now().toString(36)}${randomInt(0, 1e6)}`;
    const who = `changed.${tag}@presta.example`;
    expect((await ops('staff', 'add', who, '--role', 'support')).code).toBe(0);
    const off = await ops('staff', 'disable', who);
    expect(off).toEqual({ code: 0, out: [expect.stringMatching(new RegExp(`^Staff member \\d+ ${who.replace(/\./g, '\\.')}: disabled \\(sessions ended, API tokens revoked\\)\\.$`))], err: [] });
    expect((await ops('staff', 'disable', who)).out[0]).toMatch(/: disabled \(unchanged\)\.$/);
    // A disabled member acts no more through ops either.
    expect((await ops('complaints', '--as', who)).err[0]).toBe(`error: There is no active staff member with the e-mail ${who}.`);
    expect((await ops('staff', 'enable', who)).out[0]).toMatch(/: active\.$/);
    const roles = await ops('staff', 'roles', who, '--role', 'analyst,support');
    expect(roles.out[0]).toMatch(/: roles support, analyst\.$/);
    const memberId = Number(/^Staff member (\d+)/.exec(roles.out[0]!)![1]);
    const events = await listAudit(db, { objectType: 'staff', objectId: String(memberId) });
    expect(events.map((e) => [e.action, e.actorLabel, e.via])).toEqual([
      ['staff.roles', admin, 'cli'],
      ['staff.enable', admin, 'cli'],
      ['staff.disable', admin, 'cli'],
      ['staff.add', admin, 'cli'],
    ]);
    expect(await ops('staff', 'disable', admin)).toEqual({ code: 1, out: [], err: ['error: You cannot disable your own account: ask another admin.'] });
    // No one grants roles to themselves, nor resets themselves (decision 023).
    expect(await ops('staff', 'roles', admin, '--role', 'admin,reviewer')).toEqual({ code: 1, out: [], err: ['error: You cannot change your own roles: ask another admin.'] });
    expect(await ops('staff', 'reset', admin)).toEqual({ code: 1, out: [], err: ['error: You cannot reset your own account: ask another admin.'] });
    expect((await ops('staff', 'roles', who, '--role', 'root')).code).toBe(1);
    for (const bad of [['staff', 'disable'], ['staff', 'roles', who], ['staff', 'enable', who, '--role', 'admin']]) {
      expect((await ops(...bad)).code, bad.join(' ')).toBe(1);
    }
    // Support may not change staff.
    expect((await ops('staff', 'enable', who, '--as', who)).err[0]).toBe('error: Your roles do not allow this action (staff.manage).');
  });

  it('parses --flag value and --flag=value', () => {
    expect(parseOpsArgs(['reject', 'PR1', '--reason=no income'])).toEqual({ command: 'reject', orderNo: 'PR1', options: { reason: 'no income' } });
    expect(parseOpsArgs(['disburse', 'PR2', 'PR3'])).toEqual({ command: 'disburse', orderNo: undefined, options: {}, suspense: ['PR2', 'PR3'] });
    expect(parseOpsArgs(['payouts', 'cancel', 'PR2', '--reason=wrong account'])).toEqual({ command: 'payouts', orderNo: undefined, options: { reason: 'wrong account' }, suspense: ['cancel', 'PR2'] });
  });
});

describe('payments status <reference>', () => {
  /** A stand-in Conekta whose status query answers what the test sets (the real adapter's is tested with it). */
  function standIn() {
    const state: { status: ReferenceStatus | 'down' } = { status: { state: 'open', paidAmount: 0, events: [] } };
    let n = randomInt(10_000_000_000, 60_000_000_000);
    const provider: PaymentProvider = {
      id: 'conekta',
      channels: ['store'],
      stores: ['OXXO'],
      verification: 'stand-in',
      createReference: (i) => Promise.resolve({ reference: newStoreReference((n += 1)), providerReference: `ord_${n}`, voucherCode: `93${n}`, expiresAt: i.expiresAt }),
      handleWebhook: (incoming) => {
        const events = (JSON.parse(String(incoming.rawBody)) as (PaymentEvent & { occurredAt: string })[]).map((e) => ({ ...e, occurredAt: new Date(e.occurredAt) }));
        return Promise.resolve({ ok: true, events, verification: 'stand-in' });
      },
      fetchStatus: () => (state.status === 'down' ? Promise.reject(new ProviderUnavailable('conekta', 'no answer in 8 s')) : Promise.resolve(state.status)),
    };
    return { provider, state, payments: providersOf({ MX: { store: 'conekta' }, IN: {} }, [provider]) };
  }

  it('our record beside the provider\'s view, by our number or the voucher code; a difference in what was paid is named', async () => {
    const { provider, state, payments } = standIn();
    const { orderId, borrowerId } = await disbursedOrder();
    const { reference: ref } = await createOrReuseReference(db, provider, { orderId, borrowerId, purpose: 'repayment', channel: 'store', amount: 50_000, expiresAt: new Date(Date.now() + 86_400_000) });
    const paidAt = new Date();
    const event: PaymentEvent = { provider: 'conekta', dedupeKey: 'chg_ops_1', type: 'order.paid', kind: 'paid', reference: ref.providerReference, amount: 30_000, currency: 'MXN', occurredAt: paidAt };
    expect((await receiveNotification(db, provider, { rawBody: JSON.stringify([event]), headers: {} }, { ceilingPercent: 200 })).body).toMatchObject({ applied: true });
    state.status = { state: 'paid', paidAmount: 50_000, events: [event, { ...event, dedupeKey: 'chg_ops_2', amount: 20_000 }] };

    const run = (code: string) => payStatus(payments, code);
    const byNumber = await run(ref.reference);
    expect(byNumber.code).toBe(0);
    expect(byNumber.out[0]).toBe(`Payment reference ${ref.reference}: conekta, store, repayment of order id ${orderId}; provider reference ${ref.providerReference}; voucher code ${ref.voucherCode}`);
    expect(byNumber.out.find((l) => l.trim().startsWith('state'))).toMatch(/^ {2}state +expired \(until .+\) +paid$/);
    expect(byNumber.out.find((l) => l.trim().startsWith('paid'))).toMatch(/^ {2}paid +30000 applied, 0 held +50000$/);
    expect(byNumber.out.find((l) => l.trim().startsWith('events'))).toMatch(/chg_ops_1 30000 applied .+chg_ops_1 order\.paid paid 30000/);
    expect(byNumber.out.some((l) => /^ +chg_ops_2 order\.paid paid 20000/.test(l))).toBe(true);
    expect(byNumber.out.at(-1)).toBe(`  DIFFERENCE: the provider says 50000 paid, our records 30000 (applied and held): look at the notifications of ${ref.providerReference}.`);
    expect((await run(ref.voucherCode)).out[0]).toBe(byNumber.out[0]);

    state.status = 'down';
    const down = await run(ref.reference);
    expect(down.code).toBe(1);
    expect(down.out.find((l) => l.trim().startsWith('state'))).toMatch(/unavailable: no answer in 8 s$/);
    expect(down.err).toEqual(['error: conekta did not answer: its view of the reference is not available now.']);
    expect(await run('nothing-like-it')).toEqual({ code: 1, out: [], err: ['error: No payment reference is named nothing-like-it.'] });
    const elsewhere = await payStatus(providersOf({ MX: {}, IN: {} }, []), ref.reference);
    expect(elsewhere.out.find((l) => l.trim().startsWith('state'))).toMatch(/unavailable: conekta is not in use here \(PAYMENT_CHANNELS\)$/);
    expect(elsewhere.err).toEqual(['error: conekta is not in use here (PAYMENT_CHANNELS): only our record is shown.']);
    expect((await ops('payments', 'status')).code).toBe(1);
  });

  async function payStatus(payments: PaymentProviders, code: string) {
    const out: string[] = [];
    const err: string[] = [];
    const exit = await runOpsCommand(db, ['payments', 'status', code], { out: (l) => out.push(l), err: (l) => err.push(l) }, await opsFinance(db), { payments: () => payments });
    return { code: exit, out, err };
  }

  async function disbursedOrder() {
    const o = await newOrder(20);
    expect((await ops('approve', o.orderNo)).code).toBe(0);
    expect((await ops('disburse', o.orderNo, '--as', await opsFinance(db))).code).toBe(0);
    await settle(o.orderNo, addDays(todayIn(o.product.timeZone), -15));
    return { orderId: o.orderId, borrowerId: (await statusOf(o.orderNo))!.borrowerId };
  }
});
