/**
 * Helpers of the disbursal's journeys (issue 37, decision 030): a disbursal is a payout the provider confirms.
 *
 * - `disbursalTexts`: what the console's disbursal screen (apps/console/src/features/disbursal/messages.ts,
 *   shared/i18n/payout-messages.ts), the borrower's pages (the server's i18n/messages/disbursal.ts, the web's
 *   account/messages.ts) show of it, copied on purpose (the journeys check the pages against these copies).
 * - `approveInConsole`: a reviewer approves the order in the review queue.
 * - `startDisbursal`: finance picks the order in the approved orders and starts its payout ("1 desembolso iniciado").
 * - `disbursedOnePeriodAgo`: a disbursed order's day, plan and value date moved one instalment period back.
 * - `waitUntilPaid`: the Payouts tab (all attempts) until the order's payout reads "Pagado": the payout mock settles
 *   an accepted payout by itself after PAYOUT_MOCK_SETTLE_MS (3 s) and posts the provider's callback; the tab reads
 *   itself again every few seconds while a payout is live.
 */
import type { Page } from '@playwright/test';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { borrowers, orders, payouts, repaymentPlans } from '../../../apps/server/src/db/schema';
import { demoFinance, ops } from './cli';
import type { Lang } from './application';
import { openSection } from './console';
import { e2eDb } from './e2e-database';
import { expect } from './test';

export const disbursalTexts = {
  console: {
    tabQueue: 'Órdenes aprobadas',
    tabPayouts: 'Dispersiones',
    disburse: 'Desembolsar seleccionadas',
    started: '1 desembolso iniciado',
    showAll: 'Todos',
    paid: 'Pagado',
    withProvider: 'Con el proveedor',
  },
  // server: i18n/messages/disbursal.ts; web: account/messages.ts, loan/messages.ts
  es: { onItsWay: 'Aprobado, el dinero va en camino', disbursed: 'Desembolsado', bankVerified: 'Verificada', ratingTitle: '¿Cómo fue su experiencia?', ratingLater: 'Ahora no' },
  en: { onItsWay: 'Approved, money on its way', disbursed: 'Disbursed', bankVerified: 'Verified', ratingTitle: 'How was your experience?', ratingLater: 'Not now' },
} as const satisfies Record<'console', object> & Record<Lang, object>;

/** The reviewer approves the order in the review queue (Revisión). */
export async function approveInConsole(r: Page, orderNo: string): Promise<void> {
  await openSection(r, 'review');
  const row = r.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Aprobar', exact: true }).click();
  await r.locator('.ant-popconfirm').filter({ hasText: `¿Aprobar la orden ${orderNo}?` }).getByRole('button', { name: 'Aprobar', exact: true }).click();
  await expect(r.getByText(`Orden ${orderNo} aprobada.`)).toBeVisible();
}

/** Finance picks the order among the approved ones and starts its payout: "1 desembolso iniciado" (not paid yet). */
export async function startDisbursal(f: Page, orderNo: string): Promise<void> {
  const t = disbursalTexts.console;
  await openSection(f, 'disbursal');
  const row = f.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toBeVisible();
  await row.getByRole('checkbox', { name: orderNo }).check();
  await expect(f.getByText(/^1 seleccionada · /)).toBeVisible();
  await f.getByRole('button', { name: t.disburse }).click();
  await f.locator('.ant-popconfirm').getByRole('button', { name: t.disburse }).click();
  const started = f.getByRole('status').filter({ hasText: t.started });
  await expect(started).toBeVisible();
  await expect(started.getByRole('row').filter({ hasText: orderNo })).toBeVisible();
}

/** The Payouts tab, all attempts: the order's payout reads "Pagado" once the provider's callback settled it. */
export async function waitUntilPaid(f: Page, orderNo: string, timeout = 30_000): Promise<void> {
  const t = disbursalTexts.console;
  await f.getByRole('tab', { name: t.tabPayouts }).click();
  await f.locator('.ant-segmented').getByText(t.showAll, { exact: true }).click();
  const row = f.getByRole('tabpanel', { name: t.tabPayouts }).getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText(t.paid, { timeout });
}

/**
 * A disbursed order moved one instalment period back, as if the provider had paid it then: its disbursal day, its
 * plan's due dates and its payout's value date (the mock pays today; a journey that pays instalment 1 at a store
 * needs it due today). Answers the new disbursal day.
 */
export async function disbursedOnePeriodAgo(orderNo: string): Promise<string> {
  const { db: d } = await e2eDb();
  return d.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ disbursedOn: sql`${orders.disbursedOn} - ${orders.termUnitDays}::int` })
      .where(and(eq(orders.orderNo, orderNo), isNotNull(orders.disbursedOn)))
      .returning({ id: orders.id, days: orders.termUnitDays, disbursedOn: orders.disbursedOn });
    expect(order, `the disbursed order ${orderNo}`).toBeDefined();
    await tx.update(repaymentPlans).set({ dueDate: sql`${repaymentPlans.dueDate} - ${order!.days}::int` }).where(eq(repaymentPlans.orderId, order!.id));
    await tx.update(payouts).set({ valueDate: order!.disbursedOn }).where(and(eq(payouts.orderId, order!.id), eq(payouts.status, 'processed')));
    return order!.disbursedOn!;
  });
}

/**
 * `npm run ops -- disburse <orderNo>` as the demo's finance member, then the wait for the payout's settlement: the
 * running server's mock settles it about 3 s later and its callback turns the order 174 (docs/disbursal.md).
 * Answers what the command printed.
 */
export async function disburseAndWait(orderNo: string, timeout = 30_000): Promise<string> {
  const printed = await disburseOnceVerified(orderNo);
  const { db: d } = await e2eDb();
  await expect
    .poll(async () => (await d.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, orderNo)))[0]?.status, { timeout, message: `order ${orderNo} disbursed` })
    .toBe('174');
  return printed;
}

/**
 * `ops disburse`, asked again while the order's bank account is still being verified (the save waits 1.5 s for the
 * provider's answer, then leaves it pending: on a busy machine the mock's answer can come later), for at most 20 s.
 */
async function disburseOnceVerified(orderNo: string): Promise<string> {
  const until = Date.now() + 20_000;
  for (;;) {
    try {
      return ops('disburse', orderNo, ...demoFinance);
    } catch (error) {
      if (!/is being verified/.test(String(error)) || Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

/**
 * The borrower's name as the lender records it: a borrower offered a loan by `ops offer` (no credit application) is
 * known by this name, which the bank account's verification compares with the holder's (docs/account.md).
 */
export async function nameBorrower(phone: string, fullName: string): Promise<void> {
  const { db: d } = await e2eDb();
  await d.update(borrowers).set({ fullName }).where(eq(borrowers.phone, phone));
}
