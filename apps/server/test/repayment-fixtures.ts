import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { addDays, todayIn } from '@presta/contract/dates';
import type { MarketCode } from '@presta/contract/markets';
import { productCatalogue } from '../src/db/catalogue';
import type { Db } from '../src/db/database';
import type { products } from '../src/db/schema';
import { createOrder, refreshOverdue, transitionOrder } from '../src/modules/orders/order-service';
import { signNotification, unixSeconds } from '../src/modules/payments/notification-signature';
import { DEV_SANDBOX_SECRET } from '../src/config';
import { SANDBOX_NOTIFICATION_PATH } from '../src/modules/payments/sandbox-provider';
import type { DataOf, Endpoint } from '@presta/contract/api/endpoint';
import { loanAgreement, loanDetails } from '@presta/contract/api/loan';
import { paymentVoucher, extensionDetail, repaymentDetail } from '@presta/contract/api/repayment';
import { borrowerWithOffer, dataOf, injectAs, wrapper, type Answer } from './helpers';
import type { App } from '../src/app';

/** Shared set-up of the repayment API tests (repayment*.test.ts). */

export const urls = {
  repaymentDetail: '/v3/installment/loan-play-detail',
  extensionDetail: '/v3/installment/loan-play-delay-detail',
  voucher: '/v3/loan-details/generate-vcode',
  agreement: '/v3/loan-details/contract-detail',
  details: '/v3/loan-details/loan-details',
  notify: SANDBOX_NOTIFICATION_PATH,
} as const;

/** The contract's endpoint behind each of those urls (its schema reads the answers). */
export const endpoints = {
  repaymentDetail: repaymentDetail,
  extensionDetail: extensionDetail,
  voucher: paymentVoucher,
  agreement: loanAgreement,
  details: loanDetails,
} as const;

// The test product (helpers.seedProduct): 0,10 %/day, 5 % commission, 16 % VAT, 15-day instalments, MX 3 %/day fine.
// 100 000 over 1 × 15 days: 1 500 interest, 5 000 commission, 1 040 VAT.
export const ONE_INSTALMENT_TOTAL = 107_540;
/** 3 % of 107 540, HALF_UP. */
export const ONE_DAY_FINE = 3_226;

export type Status = '21' | '151' | '110' | '174' | '180' | '200';

/** The market's catalogue product without its code (unique: makeLoan's product gets a code of its own). */
export function catalogueProduct(market: MarketCode) {
  const { code, ...product } = productCatalogue.find((p) => p.market === market)!;
  void code;
  return product;
}

export type Loan = Awaited<ReturnType<typeof makeLoan>>;

/**
 * A borrower (with a session) and an order walked through the state machine
 * to `status`; a disbursed one is disbursed `daysAgo` days ago (default: 15,
 * so a one-instalment loan falls due today), then the overdue sweep runs.
 */
export async function makeLoan(
  db: Db,
  opts: { status?: Status; amount?: number; periods?: number; daysAgo?: number; product?: Partial<typeof products.$inferInsert> } = {},
) {
  const status = opts.status ?? '174';
  const setup = await borrowerWithOffer(db, { limit: 2_000_000, product: opts.product });
  const created = await createOrder(db, {
    borrowerId: setup.borrower.id,
    productId: setup.product.id,
    amount: opts.amount ?? 100_000,
    periods: opts.periods ?? 1,
    termUnit: setup.product.termUnitDays,
  });
  const orderId = created.orderId;
  const move = (action: 'approve' | 'reject' | 'disburse' | 'settle', extra: { disbursedOn?: string } = {}) =>
    transitionOrder(db, { orderId, action, actor: 'operator', ...extra });
  const today = todayIn(setup.product.timeZone);
  if (status === '110') await move('reject');
  if (['151', '174', '180', '200'].includes(status)) await move('approve');
  if (['174', '180', '200'].includes(status)) await move('disburse', { disbursedOn: addDays(today, -(opts.daysAgo ?? (status === '180' ? 20 : 15))) });
  if (status === '180') await refreshOverdue(db, { orderId });
  if (status === '200') await move('settle');
  return { ...setup, orderId: String(orderId), orderNo: created.orderNo, today };
}

export const call = (app: App, sessionId: string | undefined, url: string, payload: Record<string, string | number | undefined>) =>
  injectAs(app, sessionId, { url, payload });

/** The data of an HTTP 200 answer, not read yet (unknown): for a test that parses it with its own schema. */
export function data(res: Answer): Promise<unknown> {
  if (res.statusCode !== 200) return Promise.reject(new Error(`expected 200, got ${res.statusCode}: ${res.body}`));
  return Promise.resolve(wrapper(res).data);
}

/** The data of an HTTP 200 answer to endpoint `e`, checked against the contract's schema of it. */
export function read<E extends Endpoint>(res: Answer, e: E): DataOf<E> {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
  return dataOf(res, e);
}

/** A signed sandbox notification sent through app.inject (what sandboxPay sends over HTTP). */
export function notify(
  app: App,
  body: { eventId?: string; reference: string; amount: number | string; paidAt?: string },
  opts: { secret?: string; signedAt?: Date; header?: string | null; rawBody?: string } = {},
) {
  const rawBody =
    opts.rawBody ??
    JSON.stringify({ eventId: body.eventId ?? `evt_${randomUUID()}`, reference: body.reference, amount: body.amount, paidAt: body.paidAt ?? new Date().toISOString() });
  const header =
    opts.header === undefined ? signNotification(opts.secret ?? DEV_SANDBOX_SECRET, rawBody, unixSeconds(opts.signedAt ?? new Date())) : opts.header;
  return app.inject({
    method: 'POST',
    url: urls.notify,
    headers: { 'content-type': 'application/json', ...(header === null ? {} : { 'x-presta-signature': header }) },
    payload: rawBody,
  });
}

const run = promisify(execFile);

/** What zbarimg (zbar-tools) reads in an image: one line per symbol; '' when none. */
export async function decodeBarcode(bytes: Buffer, extension: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'presta-repay-'));
  const file = path.join(dir, `barcode.${extension}`);
  try {
    await writeFile(file, bytes);
    const { stdout } = await run('zbarimg', ['--raw', '-q', file]);
    return stdout.replace(/\n$/, '');
  } catch (error) {
    // zbarimg exits 4 when it finds no symbol.
    if ((error as { code?: number }).code === 4) return '';
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
