import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleApplications, consoleApprove, consoleDisburse, consoleReject } from '@presta/contract/api/console/review';
import { consoleActions, staffRoles, type ConsoleAction, type StaffRole } from '@presta/contract/staff-roles';
import { addDays, todayIn } from '@presta/contract/dates';
import { orders } from '../src/db/schema';
import { listAudit } from '../src/modules/audit/audit-log';
import { transitionOrder } from '../src/modules/orders/order-service';
import { createSignedOrder } from './agreement-fixtures';
import { consoleCall, consoleSignInAs, staffMember, type ConsoleAuth } from './console-fixtures';
import { borrowerWithOffer, buildTestApp, type TestApp } from './helpers';
import { ScriptedPayouts, scriptedPayoutProviders, settlePayoutOf, verifiedAccountOf } from './payout-fixtures';

/*
 * The review queue and the disbursal over HTTP (issue 17): what a reviewer sees, approve and reject by a reviewer,
 * disbursal of several orders by finance, each audited as the member through the console; and the role × action
 * matrix of these calls: allowed, or 403 with nothing changed and nothing audited.
 */

let t: TestApp;
const stp = new ScriptedPayouts('stp', 'MX');
const signedIn = new Map<StaffRole, ConsoleAuth>();

beforeAll(async () => {
  t = await buildTestApp({}, { payouts: scriptedPayoutProviders(stp) });
  for (const role of staffRoles) signedIn.set(role, await consoleSignInAs(t, await staffMember(t, [role]), `198.51.100.${40 + staffRoles.indexOf(role)}`));
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** An application (21) of a new borrower with a bank account, applied `daysAgo` days ago. */
async function application(daysAgo = 0) {
  const { product, borrower } = await borrowerWithOffer(t.db);
  const created = await createSignedOrder(t.db, { borrowerId: borrower.id, productId: product.id, amount: 200_000, periods: 2, termUnit: 15, now: new Date(Date.now() - daysAgo * 86_400_000) });
  await verifiedAccountOf(t.db, borrower.id);
  return { ...created, product, borrower };
}

async function approved(daysAgo = 0) {
  const a = await application(daysAgo);
  await transitionOrder(t.db, { orderNo: a.orderNo, action: 'approve', actor: 'operator' });
  return a;
}

const statusOf = async (orderNo: string) => (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, orderNo)))[0]!.status;
const as = (role: StaffRole) => signedIn.get(role)!;
type Answer<D> = { success: boolean; code: string; message: string; data: D };

describe('the review queue', () => {
  it('lists applications oldest first with the borrower (masked phone), terms, offer, the account a disbursal would pay and their record', async () => {
    const a = await application(3);
    const res = await consoleCall(t, as('reviewer'), consoleApplications, { status: '21', limit: 200 });
    expect(res.statusCode, res.body).toBe(200);
    const { applications } = res.json<Answer<{ applications: { orderNo: string; appliedAt: string }[] }>>().data;
    const mine = applications.find((x) => x.orderNo === a.orderNo);
    expect(mine).toMatchObject({
      status: '21',
      principal: 200_000,
      periods: 2,
      termUnitDays: 15,
      offerLimit: 500_000,
      product: { code: a.product.code, market: 'MX', currency: 'MXN' },
      borrower: { id: a.borrower.id, fullName: 'Ana Prueba', maskedPhone: `******${a.borrower.phone.slice(-4)}` },
      bankAccount: { bankName: 'Banamex', masked: '**** 5678' },
      record: { loans: 0, settled: 0, overdueNow: 0, rejected: 0 },
    });
    expect(JSON.stringify(mine)).not.toContain(a.borrower.phone);
    const times = applications.map((x) => x.appliedAt);
    expect([...times].sort()).toEqual(times);
    expect((await consoleCall(t, as('reviewer'), consoleApplications, { status: '99' })).statusCode).toBe(400);
  });
});

describe('approve, reject, disburse', () => {
  it('a reviewer approves and rejects with a reason; each is audited as the member through the console', async () => {
    const a = await application();
    const ok = await consoleCall(t, as('reviewer'), consoleApprove, { orderNo: a.orderNo });
    expect(ok.json<Answer<unknown>>().data).toEqual({ orderNo: a.orderNo, from: '21', to: '151' });
    const again = await consoleCall(t, as('reviewer'), consoleApprove, { orderNo: a.orderNo });
    expect([again.statusCode, again.json<Answer<null>>().code]).toEqual([409, '409001']);
    const b = await application();
    expect((await consoleCall(t, as('reviewer'), consoleReject, { orderNo: b.orderNo, reason: '' })).statusCode).toBe(400);
    const rejected = await consoleCall(t, as('reviewer'), consoleReject, { orderNo: b.orderNo, reason: 'Ingresos no comprobados' });
    expect(rejected.json<Answer<unknown>>().data).toEqual({ orderNo: b.orderNo, from: '21', to: '110' });
    const [event] = await listAudit(t.db, { objectType: 'order', objectId: b.orderNo });
    expect(event).toMatchObject({ action: 'orders.reject', via: 'console', actorType: 'staff', after: { status: '110', reason: 'Ingresos no comprobados' } });
    expect((await consoleCall(t, as('reviewer'), consoleApprove, { orderNo: 'PR0000000000000000' })).statusCode).toBe(404);
  });

  it('finance disburses several at once: a payout each, one that cannot be disbursed refused with its reason; the provider settles them', async () => {
    const [x, y] = [await approved(2), await approved(2)];
    const pending = await application(2);
    const on = addDays(todayIn(x.product.timeZone), -1);
    const res = await consoleCall(t, as('finance'), consoleDisburse, { orderNos: [x.orderNo, y.orderNo, pending.orderNo, x.orderNo] });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<Answer<{ started: { orderNo: string; status: string; bankAccount: unknown }[]; refused: { orderNo: string; message: string }[] }>>().data;
    expect(data.started.map((p) => [p.orderNo, p.status, p.bankAccount])).toEqual([
      [x.orderNo, 'pending', { bankName: 'Banamex', masked: '**** 5678' }],
      [y.orderNo, 'pending', { bankName: 'Banamex', masked: '**** 5678' }],
    ]);
    expect(data.refused).toEqual([{ orderNo: pending.orderNo, message: `El pedido ${pending.orderNo} está en estado 21 y no puede pasar a disburse.` }]);
    expect([await statusOf(x.orderNo), await statusOf(y.orderNo)]).toEqual(['151', '151']);
    expect(await listAudit(t.db, { objectType: 'order', objectId: y.orderNo, action: 'payouts.start' })).toMatchObject([{ via: 'console' }]);
    for (const o of [x, y]) await settlePayoutOf(t, stp, o.orderNo, on);
    expect([await statusOf(x.orderNo), await statusOf(y.orderNo), await statusOf(pending.orderNo)]).toEqual(['174', '174', '21']);
    const [event] = await listAudit(t.db, { objectType: 'order', objectId: y.orderNo, action: 'orders.disburse' });
    expect(event).toMatchObject({ actorType: 'system', after: { status: '174', disbursedOn: on } });
    expect((await consoleCall(t, as('finance'), consoleDisburse, { orderNos: [] })).statusCode).toBe(400);
  });
});

describe('four eyes (decision 023)', () => {
  it('the member who approved an order cannot disburse it, in the console either: refused in their language, the order left approved, nothing audited', async () => {
    const both = await consoleSignInAs(t, await staffMember(t, ['reviewer', 'finance']), '198.51.100.49');
    const a = await application(2);
    expect((await consoleCall(t, both, consoleApprove, { orderNo: a.orderNo })).statusCode).toBe(200);
    const on = addDays(todayIn(a.product.timeZone), -1);
    const own = await consoleCall(t, both, consoleDisburse, { orderNos: [a.orderNo], on }, 'es');
    expect(own.json<Answer<{ started: unknown[]; disbursed: unknown[]; refused: unknown[] }>>().data).toEqual({
      started: [],
      disbursed: [],
      refused: [{ orderNo: a.orderNo, message: `Usted aprobó el pedido ${a.orderNo}: lo desembolsa otro miembro del personal (cuatro ojos).` }],
    });
    const inEnglish = await consoleCall(t, both, consoleDisburse, { orderNos: [a.orderNo], on }, 'en');
    expect(inEnglish.json<Answer<{ refused: { message: string }[] }>>().data.refused[0]!.message).toBe(
      `You approved order ${a.orderNo}: another staff member disburses it (four eyes).`,
    );
    expect(await statusOf(a.orderNo)).toBe('151');
    expect(await listAudit(t.db, { objectType: 'order', objectId: a.orderNo, action: 'payouts.start' })).toEqual([]);
    // Another member disburses it; the same member may disburse what someone else approved.
    expect((await consoleCall(t, as('finance'), consoleDisburse, { orderNos: [a.orderNo], on })).json<Answer<{ started: unknown[] }>>().data.started).toHaveLength(1);
    const b = await application(2);
    expect((await consoleCall(t, as('reviewer'), consoleApprove, { orderNo: b.orderNo })).statusCode).toBe(200);
    expect((await consoleCall(t, both, consoleDisburse, { orderNos: [b.orderNo], on })).json<Answer<{ started: unknown[] }>>().data.started).toHaveLength(1);
  });

  it('holds in the order service itself (whatever the entry point): 403 for the approving member', async () => {
    const a = await application(2);
    const member = await staffMember(t, ['reviewer', 'finance']);
    const actor = { type: 'staff' as const, staffId: member.id, email: member.email, via: 'api_token' as const };
    await transitionOrder(t.db, { orderNo: a.orderNo, action: 'approve', actor: 'operator', audit: actor });
    await expect(transitionOrder(t.db, { orderNo: a.orderNo, action: 'disburse', actor: 'operator', audit: actor })).rejects.toMatchObject({
      status: 403,
      code: '403001',
      messageKey: 'disbursalOwnApproval',
    });
    expect(await statusOf(a.orderNo)).toBe('151');
  });
});

describe('the role × action matrix (each role alone)', () => {
  const cases: { action: ConsoleAction; call: (auth: ConsoleAuth) => Promise<{ statusCode: number; orderNo?: string; before?: string }> }[] = [
    { action: 'orders.read', call: async (auth) => ({ statusCode: (await consoleCall(t, auth, consoleApplications)).statusCode }) },
    {
      action: 'orders.approve',
      call: async (auth) => {
        const a = await application();
        return { statusCode: (await consoleCall(t, auth, consoleApprove, { orderNo: a.orderNo })).statusCode, orderNo: a.orderNo, before: '21' };
      },
    },
    {
      action: 'orders.reject',
      call: async (auth) => {
        const a = await application();
        return { statusCode: (await consoleCall(t, auth, consoleReject, { orderNo: a.orderNo, reason: 'No cumple' })).statusCode, orderNo: a.orderNo, before: '21' };
      },
    },
    {
      action: 'orders.disburse',
      call: async (auth) => {
        const a = await approved(1);
        return { statusCode: (await consoleCall(t, auth, consoleDisburse, { orderNos: [a.orderNo] })).statusCode, orderNo: a.orderNo, before: '151' };
      },
    },
  ];
  for (const role of staffRoles) {
    for (const { action, call } of cases) {
      const allowed = (consoleActions[action] as readonly StaffRole[]).includes(role);
      it(`${role} × ${action}: ${allowed ? 'allowed' : '403, nothing changed'}`, async () => {
        const r = await call(as(role));
        if (allowed) {
          expect(r.statusCode).toBe(200);
          return;
        }
        expect(r.statusCode).toBe(403);
        if (r.orderNo) {
          expect(await statusOf(r.orderNo)).toBe(r.before);
          expect(await listAudit(t.db, { objectType: 'order', objectId: r.orderNo })).toEqual([]);
        }
      });
    }
  }
});
