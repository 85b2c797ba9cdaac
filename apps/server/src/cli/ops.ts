/**
 * The operator command: moves orders along the state machine from a terminal.
 *
 *   npm run ops -- offer <phone> --product <code> --limit N
 *   npm run ops -- approve <orderNo>
 *   npm run ops -- reject <orderNo> [--reason text]
 *   npm run ops -- disburse <orderNo> [<orderNo> ...]
 *   npm run ops -- payouts <orderNo> | payouts retry <orderNo> | payouts cancel <orderNo> --reason "…" | payouts reconcile
 *   npm run ops -- sweep-overdue
 *   npm run ops -- show <orderNo>
 *   npm run ops -- complaints [--status open|answered|closed]
 *   npm run ops -- reply <problemId> --text "..." [--image photo.jpg]
 *   npm run ops -- funnel [--from YYYY-MM-DD] [--to YYYY-MM-DD]
 *   npm run ops -- jobs [--limit N]
 *   npm run ops -- refund <orderNo> --amount N [--note text]
 *   npm run ops -- cooling-off-exit <orderNo> [--note text]
 *   npm run ops -- suspense
 *   npm run ops -- suspense assign <id> <orderNo> [--note text]
 *   npm run ops -- suspense refund <id> [--note text]
 *   npm run ops -- payments status <reference or voucher code>
 *   npm run ops -- agreement <orderNo> --out <dir>
 *
 *   npm run ops -- staff add <email> --role admin[,finance…] [--name "…"]
 *   npm run ops -- staff reset <email>
 *   npm run ops -- staff disable <email>
 *   npm run ops -- staff enable <email>
 *   npm run ops -- staff roles <email> --role reviewer[,finance…]
 *   npm run ops -- staff list
 *
 * Every command acts as a named staff member (decision 018 point 8): `--as <email>`, else PRESTA_STAFF, else in
 * development the demo operator; production names one. Their roles are checked like a console call's (authorise)
 * and every change is recorded in the audit trail, in the change's own transaction. `staff add` without a member
 * is the bootstrap: it creates the first admin, and only while there is none.
 *
 * It opens the same database as the server (DATABASE_URL, or the embedded
 * PostgreSQL under the data directory: joined when the server runs, started and
 * stopped again otherwise), applies pending migrations, prints a one-line result
 * (show prints the order) and exits 0 — or prints the catalogue's English
 * message and exits 1.
 */
import { disbursedStatuses, statusIn } from '@presta/contract/order-status';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from '../config';
import { connectOptionsFrom, openDatabase, runMigrations, type Db } from '../db/database';
import { translate, type MessageKey } from '../i18n/messages';
import { AppError } from '../lib/app-error';
import { getOrderOverview } from '../modules/orders/order-reads';
import { transitionOrder } from '../modules/orders/order-service';
import { maskPhone } from '../modules/session/borrower-profile';
import { grantOffer } from '../modules/pricing/loan-offers';
import { findBorrowerByPhone } from '../modules/session/sign-in-service';
import pino from 'pino';
import type { ConsoleAction } from '@presta/contract/staff-roles';
import { cancelPayout, reconcilePendingPayouts, retryPayout, startDisbursal, type DisbursalContext, type PayoutView } from '../modules/disbursal/disbursal-service';
import { listPayoutViews } from '../modules/disbursal/payout-repository';
import { createPayoutProviders } from '../modules/payments/payouts/payout-providers';
import { readPayoutMocksFile } from '../modules/demo/payout-mocks/payout-mocks';
import type { PayoutProviders } from '../modules/payments/payouts/payout-provider';
import type { AuditActor } from '../modules/audit/audit-log';
import { authorise, findStaffByEmail, staffActor } from '../modules/staff/staff-service';
import { staffCommand } from './ops-staff';
import { paymentsStatus } from './ops-payments';
import { agreementCommand } from './ops-agreement';
import type { TimestampAuthority } from '../modules/agreements/timestamp/timestamp-authority';
import { createTimestampAuthority } from '../modules/agreements/timestamp/timestamp-authorities';
import { createPaymentProviders, type PaymentProviders } from '../modules/payments/payment-providers';
import { requestCoolingOffExit } from '../modules/ledger/cooling-off-exit';
import { refreshLedgerStatus, refundCredit } from '../modules/ledger/ledger-credit';
import { ledgerRecordOf } from '../modules/ledger/ledger-record';
import { assignSuspense, openSuspense, refundSuspense, suspenseHeldFor } from '../modules/payments/suspense-service';
import { readFile } from 'node:fs/promises';
import { cleanImage, ImageRejected, type CleanImage } from '../modules/complaints/complaint-images';
import { complaintsForSupport, replyToComplaint } from '../modules/complaints/complaint-service';
import { funnelReport } from '../modules/promotion/promotion-service';
import { funnelRange } from '../modules/promotion/promotion-routes';
import { recentJobRuns } from '../modules/jobs/job-runs';

export type OpsIo = { out: (line: string) => void; err: (line: string) => void };

class UsageError extends Error {
  constructor(
    readonly messageKey: MessageKey,
    readonly vars: Record<string, string | number> = {},
  ) {
    super(messageKey);
  }
}

type Parsed = {
  command: string;
  orderNo: string | undefined;
  options: Record<string, string>;
  /**
   * suspense only: [] (list), ['assign', id, orderNo] or ['refund', id]; staff: ['add', email], ['reset' | 'disable' |
   * 'enable' | 'roles', email] or ['list']; payments: ['status', reference].
   */
  suspense?: string[];
};

/**
 * What commands may need beyond the database, made when first asked: the payment providers (payments status), the
 * payout providers, the time-stamp authority (agreement: its chain is the package's tsa.pem).
 */
export type OpsDeps = { payments?: () => PaymentProviders; payouts?: () => PayoutProviders; timestampAuthority?: () => TimestampAuthority };

/**
 * What a command's run gets: its positional argument ('' when it takes none), options, suspense's or staff's
 * arguments, and who acts (checked by authorise before the run; undefined only for staff add's bootstrap).
 */
type CommandArgs = {
  orderNo: string;
  options: Record<string, string>;
  suspense: string[];
  actor: AuditActor | undefined;
  payments: () => PaymentProviders;
  payouts: () => PayoutProviders;
  timestampAuthority: () => TimestampAuthority;
};

type OpsCommand = {
  /** The --options it takes. */
  options: readonly string[];
  /** Its positional argument: an order number, reply's complaint id, offer's phone, none, or suspense's and staff's own. */
  positional: 'orderNo' | 'problemId' | 'phone' | 'none' | 'suspense' | 'staff' | 'payments' | 'list';
  /** The back-office action it takes (consoleActions), by its arguments. */
  action: ConsoleAction | ((args: string[]) => ConsoleAction);
  /** Checks of its option values beyond their names; false is a usage error. */
  valid?: (options: Record<string, string>) => boolean;
  run: (db: Db, args: CommandArgs, io: OpsIo) => Promise<void>;
};

/** A whole number of minor units, > 0 (what --amount takes). */
const minorUnits = /^[1-9]\d{0,14}$/;

/** The commands, each with its arguments and its run (below, in this order). */
const commands: Record<string, OpsCommand> = {
  offer: {
    options: ['product', 'limit'],
    positional: 'phone',
    action: 'offers.grant',
    valid: (o) => Boolean(o.product) && minorUnits.test(o.limit ?? ''),
    run: offer,
  },
  approve: { options: [], positional: 'orderNo', action: 'orders.approve', run: approve },
  reject: { options: ['reason'], positional: 'orderNo', action: 'orders.reject', run: reject },
  disburse: { options: [], positional: 'list', action: 'orders.disburse', run: disburse },
  payouts: {
    options: ['reason'],
    positional: 'list',
    action: ([sub]) => (sub === 'retry' || sub === 'reconcile' ? 'payouts.retry' : sub === 'cancel' ? 'payouts.cancel' : 'payouts.read'),
    run: payoutsCommand,
  },
  'sweep-overdue': { options: [], positional: 'none', action: 'ledger.sweepOverdue', run: sweepOverdue },
  show: { options: [], positional: 'orderNo', action: 'orders.read', run: show },
  refund: { options: ['amount', 'note'], positional: 'orderNo', action: 'ledger.refund', valid: (o) => minorUnits.test(o.amount ?? ''), run: refund },
  'cooling-off-exit': { options: ['note'], positional: 'orderNo', action: 'ledger.coolingOffExit', run: coolingOffExit },
  suspense: {
    options: ['note'],
    positional: 'suspense',
    action: ([sub]) => (sub === 'assign' ? 'suspense.assign' : sub === 'refund' ? 'suspense.refund' : 'payments.read'),
    run: suspense,
  },
  complaints: {
    options: ['status'],
    positional: 'none',
    action: 'complaints.read',
    valid: (o) => !o.status || ['open', 'answered', 'closed'].includes(o.status),
    run: complaints,
  },
  funnel: { options: ['from', 'to'], positional: 'none', action: 'reports.read', run: funnel },
  jobs: { options: ['limit'], positional: 'none', action: 'jobs.read', valid: (o) => o.limit === undefined || /^[1-9]\d{0,3}$/.test(o.limit), run: jobs },
  reply: { options: ['text', 'image'], positional: 'problemId', action: 'complaints.reply', valid: (o) => Boolean(o.text), run: reply },
  staff: { options: ['role', 'name'], positional: 'staff', action: 'staff.manage', run: (db, { options, suspense: [action, email], actor }, io) => staffCommand(db, { action: action!, email, options, actor }, io) },
  payments: { options: [], positional: 'payments', action: 'payments.read', run: (db, { suspense: [, code], payments }, io) => paymentsStatus(db, payments, code!, io) },
  agreement: {
    options: ['out'],
    positional: 'orderNo',
    action: 'agreements.export',
    valid: (o) => Boolean(o.out),
    run: (db, { orderNo, options, actor, timestampAuthority }, io) => agreementCommand(db, timestampAuthority, { orderNo, out: options.out!, actor: actor! }, io),
  },
};

function parseStaffArgs(positional: string[], options: Record<string, string>): string[] {
  const [action, email] = positional;
  if ((action === 'add' || action === 'roles') && email && positional.length === 2 && options.role) return positional;
  if ((action === 'reset' || action === 'disable' || action === 'enable') && email && positional.length === 2 && options.role === undefined) return positional;
  if (action === 'list' && positional.length === 1 && options.role === undefined) return positional;
  throw new UsageError('opsUsage');
}

function parseSuspenseArgs(positional: string[]): string[] {
  const [action, id, orderNo] = positional;
  if (action === undefined) return [];
  if (action === 'assign' && id && orderNo && positional.length === 3 && /^\d{1,18}$/.test(id)) return positional;
  if (action === 'refund' && id && positional.length === 2 && /^\d{1,18}$/.test(id)) return positional;
  throw new UsageError('opsUsage');
}

/** The --options (`--name value` or `--name=value`, only those the command takes) and the positional arguments. */
function splitArgs(rest: readonly string[], allowed: readonly string[]): { positional: string[]; options: Record<string, string> } {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
      const value = eq > 0 ? arg.slice(eq + 1) : rest[++i];
      if (!allowed.includes(name) || value === undefined) throw new UsageError('opsUsage');
      options[name] = value;
    } else {
      positional.push(arg);
    }
  }
  return { positional, options };
}

const missingPositional: Record<OpsCommand['positional'], MessageKey> = {
  orderNo: 'opsMissingOrderNo',
  problemId: 'opsMissingProblemId',
  phone: 'opsMissingPhone',
  none: 'opsUsage',
  suspense: 'opsUsage',
  staff: 'opsUsage',
  payments: 'opsUsage',
  list: 'opsMissingOrderNo',
};

export function parseOpsArgs(argv: readonly string[]): Parsed {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') throw new UsageError('opsUsage');
  const spec = commands[command];
  if (!spec) throw new UsageError('opsUnknownCommand', { command });
  // Every command takes --as <email>: the staff member it acts as.
  const { positional, options } = splitArgs(rest, [...spec.options, 'as']);
  if (spec.positional === 'staff') return { command, orderNo: undefined, options, suspense: parseStaffArgs(positional, options) };
  if (spec.positional === 'payments') {
    if (positional[0] !== 'status' || !positional[1] || positional.length !== 2) throw new UsageError('opsUsage');
    return { command, orderNo: undefined, options, suspense: positional };
  }
  if (spec.positional === 'list') {
    if (positional.length === 0) throw new UsageError('opsMissingOrderNo');
    return { command, orderNo: undefined, options, suspense: positional };
  }
  if (spec.positional === 'suspense') {
    if (options.note !== undefined && positional[0] === undefined) throw new UsageError('opsUsage');
    return { command, orderNo: undefined, options, suspense: parseSuspenseArgs(positional) };
  }
  const takesOne = spec.positional !== 'none';
  if (takesOne && positional.length === 0) throw new UsageError(missingPositional[spec.positional]);
  if (spec.valid && !spec.valid(options)) throw new UsageError('opsUsage');
  if (positional.length > (takesOne ? 1 : 0)) throw new UsageError('opsUsage');
  return { command, orderNo: positional[0], options };
}

/**
 * Runs one operator command against the database as a staff member (`--as`, else `staff`: PRESTA_STAFF or the
 * demo operator); returns the exit code. Unknown, disabled or not allowed: exit 1, nothing done.
 */
export async function runOpsCommand(db: Db, argv: readonly string[], io: OpsIo, staff?: string, deps: OpsDeps = {}): Promise<number> {
  try {
    const { command, orderNo = '', options, suspense = [] } = parseOpsArgs(argv);
    const spec = commands[command]!;
    const email = options.as ?? staff;
    const bootstrap = command === 'staff' && suspense[0] === 'add' && email === undefined;
    let actor: AuditActor | undefined;
    if (!bootstrap) {
      if (email === undefined) throw new UsageError('opsStaffMissing');
      const member = await findStaffByEmail(db, email);
      if (!member || member.disabled) throw new UsageError('opsStaffUnknown', { email: email.slice(0, 80) });
      actor = staffActor(member, 'cli');
      await authorise(db, actor, typeof spec.action === 'function' ? spec.action(suspense) : spec.action);
    }
    let made: PaymentProviders | undefined;
    const payments = deps.payments ?? (() => (made ??= createPaymentProviders({ db, config: loadConfig() })));
    let madePayouts: PayoutProviders | undefined;
    const payouts = deps.payouts ?? (() => (madePayouts ??= createPayoutProviders({ config: payoutConfig() })));
    let madeAuthority: TimestampAuthority | undefined;
    const timestampAuthority = deps.timestampAuthority ?? (() => (madeAuthority ??= createTimestampAuthority({ config: loadConfig() })));
    await spec.run(db, { orderNo, options, suspense, actor, payments, payouts, timestampAuthority }, io);
    return 0;
  } catch (err) {
    if (reportRefusal(err, io)) return 1;
    throw err;
  }
}

/**
 * offer <phone>: the credit review's decision for a registered borrower, recorded through the pricing module's
 * grantOffer; the borrower sees the offer on /main. The phone is printed masked.
 */
async function offer(db: Db, { orderNo: rawPhone, options, actor }: CommandArgs, io: OpsIo): Promise<void> {
  const borrower = await findBorrowerByPhone(db, rawPhone);
  if (!borrower) throw new UsageError('opsBorrowerUnknown', { phone: maskPhone(rawPhone) });
  const r = await grantOffer(db, { borrowerId: borrower.id, productCode: options.product!, limitAmount: Number(options.limit), audit: actor });
  const was = r.previousLimit === null ? 'new offer' : `was ${r.previousLimit}`;
  io.out(
    `Offer on ${r.product.code} (${r.product.market}, ${r.product.currency}) for borrower ${borrower.id} (${maskPhone(borrower.phone)}):` +
      ` limit ${r.offer.limitAmount} (${was}); the borrower sees it on home (/main).`,
  );
}

async function approve(db: Db, { orderNo, actor }: CommandArgs, io: OpsIo): Promise<void> {
  const r = await transitionOrder(db, { orderNo, action: 'approve', actor: 'operator', audit: actor });
  io.out(`Order ${r.orderNo} approved: ${r.from} → ${r.to}.`);
}

async function reject(db: Db, { orderNo, options, actor }: CommandArgs, io: OpsIo): Promise<void> {
  const r = await transitionOrder(db, { orderNo, action: 'reject', actor: 'operator', reason: options.reason, audit: actor });
  io.out(`Order ${r.orderNo} rejected: ${r.from} → ${r.to}${options.reason ? ` (reason: ${options.reason})` : ''}.`);
}

/** The settings payouts are made with: in development, the payout mocks' of the server on PORT (their file under DATA_DIR). */
function payoutConfig(): Config {
  const config = loadConfig();
  if (config.env !== 'development' || !config.payouts.mocks) return config;
  return loadConfig({ ...process.env, ...readPayoutMocksFile(config.dataDir, config.port) });
}

const disbursalCtx = (db: Db, payouts: PayoutProviders): DisbursalContext => {
  const config = payoutConfig();
  return { db, payouts, log: pino({ level: 'warn' }, pino.destination(2)), config };
};

const payoutLine = (p: PayoutView) =>
  `Order ${p.orderNo} payout ${p.attempt} (${p.provider}): ${p.status}, ${p.amount} ${p.currency} to ${p.bankAccount.bankName} ${p.bankAccount.masked}` +
  `${p.providerReference ? `; reference ${p.providerReference}` : ''}${p.valueDate ? `; value date ${p.valueDate}` : ''}${p.failureReason ? `; reason: ${p.failureReason}` : ''}.`;

/** disburse <orderNo...>: a payout for each approved order (each on its own); the provider's confirmation makes it 174. */
async function disburse(db: Db, { suspense: orderNos, actor, payouts }: CommandArgs, io: OpsIo): Promise<void> {
  const ctx = disbursalCtx(db, payouts());
  let refused = 0;
  for (const orderNo of new Set(orderNos)) {
    try {
      io.out(payoutLine(await startDisbursal(ctx, { orderNo, audit: actor! })));
    } catch (err) {
      if (orderNos.length === 1 || !reportRefusal(err, io)) throw err;
      refused++;
    }
  }
  if (refused > 0) throw new UsageError('opsSomeRefused', { count: refused });
}

/** payouts <orderNo> | payouts retry <orderNo> | payouts cancel <orderNo> --reason … | payouts reconcile */
async function payoutsCommand(db: Db, { suspense: [sub, orderNo], options, actor, payouts }: CommandArgs, io: OpsIo): Promise<void> {
  const ctx = disbursalCtx(db, payouts());
  if (sub === 'reconcile') {
    const c = await reconcilePendingPayouts(ctx);
    io.out(`Payouts reconciled: ${c.checked} checked, ${c.changed} changed, ${c.unavailable} not answered.`);
  } else if (sub === 'retry' && orderNo) io.out(payoutLine(await retryPayout(ctx, { orderNo, audit: actor! })));
  else if (sub === 'cancel' && orderNo && options.reason) io.out(payoutLine(await cancelPayout(ctx, { orderNo, reason: options.reason, audit: actor! })));
  else if (sub && !orderNo && /^PR\d{16}$/.test(sub)) {
    const views = await listPayoutViews(db, { orderNo: sub, state: 'all', limit: 50 });
    io.out(views.length === 0 ? `Order ${sub} has no payouts.` : views.map(payoutLine).join('\n'));
  } else throw new UsageError('opsUsage');
}

/** The ledger's sweep: credit held applied as amounts became payable (settling what it covers), then 174 → 180; each move audited as the member. */
async function sweepOverdue(db: Db, { actor }: CommandArgs, io: OpsIo): Promise<void> {
  const moved = await refreshLedgerStatus(db, { audit: actor });
  io.out(
    moved.length === 0
      ? 'Overdue sweep: no order moved.'
      : `Overdue sweep: ${moved.length} order(s) moved: ${moved.map((m) => `${m.orderNo} ${m.from} → ${m.to}`).join(', ')}.`,
  );
}

/** The order, its status history and plan, and what the ledger says of a disbursed one. */
async function show(db: Db, { orderNo }: CommandArgs, io: OpsIo): Promise<void> {
  const { order, history, plan } = await getOrderOverview(db, orderNo);
  io.out(
    `Order ${order.orderNo} (id ${order.id}): status ${order.status}; borrower ${order.borrowerId}, product ${order.productId}; ` +
      `principal ${order.principal}, ${order.periods} × ${order.termUnitDays} days; coupon ${order.couponAmount}; ` +
      `disbursed ${order.disbursedOn ?? '-'}${order.rejectReason ? `; reject reason: ${order.rejectReason}` : ''}`,
  );
  io.out('History:');
  for (const h of history) {
    io.out(`  ${h.createdAt.toISOString()}  ${h.fromStatus ?? '-'} → ${h.toStatus}  by ${h.actor}${h.reason ? `  (${h.reason})` : ''}`);
  }
  io.out('Plan (minor units): seq  due         principal  interest  commission  vat  total');
  for (const p of plan) {
    const total = p.principal + p.interest + p.commission + p.vat;
    io.out(`  ${p.seq}  ${p.dueDate}  ${p.principal}  ${p.interest}  ${p.commission}  ${p.vat}  ${total}`);
  }
  if (order.disbursedOn && statusIn(disbursedStatuses, order.status)) await showLedger(db, order.id, io);
}

async function refund(db: Db, { orderNo, options, actor }: CommandArgs, io: OpsIo): Promise<void> {
  const r = await refundCredit(db, { orderNo, amount: Number(options.amount), note: options.note, audit: actor });
  io.out(`Order ${r.orderNo}: refunded ${r.amount} of its credit on ${r.valueDate} (credit event ${r.creditEventId}); credit left ${r.creditLeft}.`);
}

async function coolingOffExit(db: Db, { orderNo, options, actor }: CommandArgs, io: OpsIo): Promise<void> {
  const r = await requestCoolingOffExit(db, { orderNo, note: options.note, audit: actor });
  const x = r.exit;
  io.out(
    `Order ${r.orderNo}: cooling-off exit ${r.exitId} recorded on ${x.requestedOn}: exit amount ${x.amount} = principal ${x.principal}` +
      ` + interest ${x.interest} for ${x.daysUsed} day(s) used; valid through ${x.expiresOn}.` +
      ` To pay: ${r.due}${r.credit > 0 ? ` (after credit ${r.credit})` : ''}; the processing fee, its tax and the rest of the interest` +
      ' are waived when it is paid.',
  );
}

/** suspense: the open entries; suspense assign <id> <orderNo>; suspense refund <id>. */
async function suspense(db: Db, { options, suspense: [action, id, target], actor }: CommandArgs, io: OpsIo): Promise<void> {
  if (action === 'assign') {
    const r = await assignSuspense(db, { id: Number(id), orderNo: target!, actor: 'operator', note: options.note, audit: actor });
    const p = r.payment;
    io.out(
      `Suspense ${r.entry.id} (${r.entry.amount}) assigned to order ${r.orderNo}: payment ${p.paymentId} on ${p.valueDate}` +
        `${p.credited > 0 ? `, ${p.credited} held as credit` : ''}; status ${p.statusFrom} → ${p.statusTo}.`,
    );
  } else if (action === 'refund') {
    const r = await refundSuspense(db, { id: Number(id), actor: 'operator', note: options.note, audit: actor });
    io.out(`Suspense ${r.entry.id} (${r.entry.amount}) recorded as refunded to the payer.`);
  } else {
    const rows = await openSuspense(db);
    io.out(`Open suspense: ${rows.length} entr${rows.length === 1 ? 'y' : 'ies'}, ${rows.reduce((a, r) => a + r.amount, 0)} in all (minor units)`);
    io.out('id  received  amount  reason  provider  event  reference  order');
    for (const r of rows) {
      io.out(`  ${r.id}  ${r.createdAt.toISOString()}  ${r.amount}  ${r.reason}  ${r.provider}  ${r.eventId}  ${r.reference}  ${r.orderNo ?? '-'}`);
    }
  }
}

async function complaints(db: Db, { options }: CommandArgs, io: OpsIo): Promise<void> {
  const rows = await complaintsForSupport(db, options.status as 'open' | 'answered' | 'closed' | undefined);
  if (rows.length === 0) io.out('No complaints.');
  for (const c of rows) {
    io.out(
      `#${c.id}  ${c.status}  ${c.createdAt.toISOString()}  order ${c.orderNo}  phone ${c.phone}  type ${c.typeValue}` +
        `${c.subTypeValue ? `/${c.subTypeValue}` : ''}  images ${c.images}${c.score ? `  score ${c.score}` : ''}`,
    );
    io.out(`    ${c.detail.replace(/\s+/g, ' ')}`);
    if (c.replyText) io.out(`    reply: ${c.replyText.replace(/\s+/g, ' ')}`);
  }
}

async function funnel(db: Db, { options }: CommandArgs, io: OpsIo): Promise<void> {
  for (const d of [options.from, options.to]) if (d !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(d)) throw new UsageError('opsUsage');
  const range = funnelRange(options.from, options.to);
  const rows = await funnelReport(db, range.from, range.to);
  io.out(`Promotion funnel ${range.from.toISOString()} → ${range.to.toISOString()}`);
  io.out('template  utm_tag  visits  apply_clicks  sms_requests  sms_sent  registrations  conversion');
  if (rows.length === 0) io.out('  (no activity)');
  for (const r of rows) {
    io.out(`  ${r.template || '-'}  ${r.utmTag || '-'}  ${r.visits}  ${r.clicks}  ${r.smsRequests}  ${r.smsSent}  ${r.registrations}  ${r.conversionPct}%`);
  }
}

async function jobs(db: Db, { options }: CommandArgs, io: OpsIo): Promise<void> {
  const runs = await recentJobRuns(db, Number(options.limit ?? 20));
  io.out(`The latest ${runs.length} job run(s), newest first`);
  io.out('started  job  duration  outcome  worker  detail');
  if (runs.length === 0) io.out('  (no runs)');
  for (const r of runs) {
    const duration = r.finishedAt ? `${((r.finishedAt.getTime() - r.startedAt.getTime()) / 1000).toFixed(2)} s` : '-';
    io.out(`  ${r.startedAt.toISOString()}  ${r.job}  ${duration}  ${r.outcome}  ${r.worker}  ${r.detail ? JSON.stringify(r.detail) : '-'}`);
  }
}

/** reply <problemId>: orderNo holds the complaint id (and offer's, the phone). */
async function reply(db: Db, { orderNo: problemId, options, actor }: CommandArgs, io: OpsIo): Promise<void> {
  const images = options.image ? [await imageFile(options.image)] : [];
  const r = await replyToComplaint(db, { problemId, text: options.text ?? '', images, by: actor?.type === 'staff' ? actor.email : 'operator', audit: actor });
  io.out(`Complaint #${r.problemId} answered${r.images ? ` with ${r.images} image(s)` : ''}; the borrower is asked for a score.`);
}

/** reply --image: the file checked and re-encoded as an upload is; unreadable or not an image is a usage error. */
async function imageFile(file: string): Promise<CleanImage> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    throw new UsageError('opsImageUnreadable', { file });
  }
  try {
    return await cleanImage(bytes);
  } catch (err) {
    if (err instanceof ImageRejected) throw new UsageError('opsImageUnreadable', { file });
    throw err;
  }
}

/** show: what the ledger says today (owed, paid, credit, suspense) and every payment and credit event with where its money went. */
async function showLedger(db: Db, orderId: number, io: OpsIo): Promise<void> {
  const [{ position: p, events }, heldInSuspense] = await Promise.all([ledgerRecordOf(db, orderId), suspenseHeldFor(db, orderId)]);
  const t = p.totals;
  io.out(
    `Ledger on ${p.asOf} (minor units): owed ${t.owedTotal}, paid ${t.paidTotal}, outstanding ${t.outstandingTotal}` +
      ` (late charges ${t.outstanding.late_fee + t.outstanding.default_penalty}); received ${p.received};` +
      ` credit ${p.credit} (applied ${p.creditApplied}, refunded ${p.refunded}); extension fees ${p.extensionFeePaid + p.extensionTaxPaid};` +
      ` waived ${t.waivedTotal}; held in suspense ${heldInSuspense}; expected status ${p.expectedStatus}`,
  );
  const exit = p.coolingOffExit;
  if (exit) {
    io.out(
      `Cooling-off exit ${exit.id} in force (asked ${exit.requestedOn}): exit amount ${exit.amount} = principal ${exit.principal}` +
        ` + interest ${exit.interest} (${exit.daysUsed} day(s) used); to pay ${exit.due} by ${exit.expiresOn}`,
    );
  }
  io.out('Ledger events: recorded  kind  id  value date  amount  source  [allocations: seq:component amount]');
  if (events.length === 0) io.out('  (none)');
  for (const e of events) {
    const what = e.kind === 'payment' ? `${e.purpose} ${e.channel} ${e.provider}:${e.eventId}` : `${e.actor}${e.note ? ` (${e.note})` : ''}`;
    const to = e.allocations.map((a) => `${a.seq ?? '-'}:${a.component} ${a.amount}`).join(', ');
    io.out(`  ${e.at.toISOString()}  ${e.kind}  ${e.id}  ${e.valueDate}  ${e.amount}  ${what}  [${to}]`);
  }
}

/** Prints a refusal (AppError or usage) in English from the catalogue; false for anything else. */
function reportRefusal(err: unknown, io: OpsIo): boolean {
  if (!(err instanceof AppError || err instanceof UsageError)) return false;
  io.err(`error: ${translate('en', err.messageKey, err.vars)}`);
  if (err instanceof UsageError && err.messageKey !== 'opsUsage') io.err(translate('en', 'opsUsage'));
  return true;
}

async function main(): Promise<number> {
  const io: OpsIo = { out: (l) => console.log(l), err: (l) => console.error(l) };
  const argv = process.argv.slice(2);
  try {
    parseOpsArgs(argv); // usage errors without touching the database
  } catch (err) {
    if (reportRefusal(err, io)) return 1;
    throw err;
  }
  const config = loadConfig();
  if (config.env === 'production' && !config.databaseUrl) {
    // The compiled command (node apps/server/dist/ops.js) is production's: never an embedded database.
    io.err('error: DATABASE_URL is not set: production has no embedded database.');
    return 1;
  }
  const database = await openDatabase({
    ...connectOptionsFrom(config),
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    embeddedPgPort: config.embeddedPgPort,
    embeddedPgPortSet: config.embeddedPgPortSet,
    max: 2,
  });
  try {
    await runMigrations(database);
    let staffEmail = process.env.PRESTA_STAFF?.trim() || undefined;
    if (staffEmail === undefined && config.env === 'development') {
      // The demo acts as its operator (every role); loaded only here, so the compiled production command has no demo in it.
      const { DEMO_OPERATOR_EMAIL, seedDemoStaff } = await import('../modules/demo/demo-staff');
      await database.db.transaction((tx) => seedDemoStaff(tx));
      staffEmail = DEMO_OPERATOR_EMAIL;
    }
    return await runOpsCommand(database.db, argv, io, staffEmail);
  } finally {
    await database.close();
  }
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
