import { sql, type SQL } from 'drizzle-orm';
import type { CalendarDate } from '@presta/contract/dates';
import type { MarketCode, TaxableCharge } from '@presta/contract/markets';
import type { Minor } from '@presta/contract/money';
import { disbursedStatuses, statusIn, type OrderStatus } from '@presta/contract/order-status';
import type { DbOrTx } from '../../db/database';
import {
  stateFromLedger,
  type Component,
  type CoolingOffExit,
  type InstalmentComponent,
  type LateCharge,
  type LateChargeKind,
  type LedgerState,
} from './ledger-math/state';
import { defaultPenaltyFor, type LateRule } from './ledger-math/rules';

/*
 * The ledger read model (docs/ledger.md "Reading"): the ONE reading of a loan's stored ledger. One SQL text reads
 * an order's terms and, as JSON columns of the same row, its plan with the current due dates, its late charges
 * and allocations summed per instalment and component, its waivers, the cooling-off exit in force, the last value
 * date and the repeat-client rule; `ledgerStateOf` turns that row into the LedgerState the pure core
 * (ledger-math/) works on. The ledger service reads through `readLedger` (positions, payments, extension
 * quotes, refunds, the statement); loan-details adds its own columns to the same select (`ledgerColumns`) so that
 * its one round trip reads the ledger exactly as the ledger does.
 */

/**
 * The ledger's columns of one order, correlated to the outer `orders o join products p`. Every sum and rule here
 * is the ledger's definition (docs/ledger.md); a reader that needs more columns selects them beside these.
 */
export const ledgerColumns: SQL = sql`o.id::text as id, o.order_no, o.status, o.borrower_id::text as borrower_id,
       o.product_id, p.name as product_name, p.logo_url as product_logo,
       to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
       o.periods, o.term_unit_days, o.disbursed_on::text as disbursed_on, o.daily_rate_ppm, o.vat_ppm, o.tax_base,
       p.market, p.time_zone, p.extension_enabled, p.late_rule,
       coalesce((select json_agg(json_build_object('id', rp.id, 'seq', rp.seq, 'dueDate', rp.due_date, 'principal', rp.principal,
                                                   'interest', rp.interest, 'commission', rp.commission, 'vat', rp.vat) order by rp.seq)
                 from repayment_plans rp where rp.order_id = o.id), '[]'::json) as plan,
       coalesce((select json_agg(json_build_object('instalmentId', c.instalment_id, 'kind', c.kind, 'amount', c.amount))
                   from (select lc.instalment_id, lc.kind, sum(lc.amount) as amount from ledger_late_charges lc
                          where lc.order_id = o.id group by lc.instalment_id, lc.kind) c), '[]'::json) as charges,
       coalesce((select json_agg(json_build_object('instalmentId', a.instalment_id, 'component', a.component, 'fromCredit', a.from_credit, 'amount', a.amount))
                   from (select la.instalment_id, la.component, la.credit_event_id is not null as from_credit, sum(la.amount) as amount
                           from ledger_allocations la where la.order_id = o.id
                          group by la.instalment_id, la.component, la.credit_event_id is not null) a), '[]'::json) as allocations,
       coalesce((select json_agg(json_build_object('instalmentId', w.instalment_id, 'component', w.component, 'amount', w.amount))
                   from (select lw.instalment_id, lw.component, sum(lw.amount) as amount
                           from ledger_waivers lw where lw.order_id = o.id group by lw.instalment_id, lw.component) w), '[]'::json) as waivers,
       (select json_build_object('id', e.id, 'requestedOn', e.requested_on::text, 'expiresOn', e.expires_on::text, 'daysUsed', e.days_used,
                                 'principal', e.principal, 'interest', e.interest, 'amount', e.amount)
          from (select * from ledger_cooling_off_exits ce where ce.order_id = o.id order by ce.id desc limit 1) e
         where not exists (select 1 from ledger_waivers lw where lw.exit_id = e.id)) as cooling_off_exit,
       greatest((select max(lp.value_date) from ledger_payments lp where lp.order_id = o.id),
                (select max(ce.value_date) from ledger_credit_events ce where ce.order_id = o.id))::text as last_value_date,
       (p.late_rule = 'in_tiered' and exists (
          select 1 from orders o2 join order_status_history h on h.order_id = o2.id and h.to_status = '200'
           where o2.borrower_id = o.borrower_id and o2.id <> o.id and h.created_at < o.created_at)) as repeat_client`;

/** One row of `ledgerColumns` as the driver returns it (bigint ids and sums as text or JSON numbers). */
export type LedgerRow = {
  id: string;
  order_no: string;
  status: OrderStatus;
  borrower_id: string;
  product_id: number;
  product_name: string;
  product_logo: string;
  created_at: string;
  periods: number;
  term_unit_days: number;
  disbursed_on: CalendarDate | null;
  daily_rate_ppm: number;
  vat_ppm: number;
  tax_base: TaxableCharge[];
  market: MarketCode;
  time_zone: string;
  extension_enabled: boolean;
  late_rule: LateRule;
  plan: { id: number; seq: number; dueDate: CalendarDate; principal: Minor; interest: Minor; commission: Minor; vat: Minor }[];
  charges: { instalmentId: number; kind: LateChargeKind; amount: Minor }[];
  allocations: { instalmentId: number | null; component: Component; fromCredit: boolean; amount: Minor }[];
  waivers: { instalmentId: number; component: InstalmentComponent; amount: Minor }[];
  /** The cooling-off exit in force: the latest asked for, unless a payment carried it out (its waivers name it). */
  cooling_off_exit: CoolingOffExit | null;
  last_value_date: CalendarDate | null;
  /** IN_DEFAULT_PENALTY_ONE_OFF: another order of the borrower was settled before this one was submitted. */
  repeat_client: boolean;
};

/** The order's terms as the ledger uses them (the columns of LedgerRow other than the ledger's rows). */
export type LedgerOrder = {
  id: number;
  orderNo: string;
  status: OrderStatus;
  borrowerId: number;
  productId: number;
  /** The product's name and logo, as the borrower's pages show them. */
  productName: string;
  productLogo: string;
  createdAt: Date;
  periods: number;
  termUnitDays: number;
  disbursedOn: CalendarDate | null;
  timeZone: string;
  lateRule: LateRule;
  extensionEnabled: boolean;
  market: MarketCode;
  /** The tax that priced the loan (the order's snapshot: rate and base). */
  tax: { ratePpm: number; base: TaxableCharge[] };
};

export function ledgerOrderOf(r: LedgerRow): LedgerOrder {
  return {
    id: Number(r.id),
    orderNo: r.order_no,
    status: r.status,
    borrowerId: Number(r.borrower_id),
    productId: r.product_id,
    productName: r.product_name,
    productLogo: r.product_logo,
    createdAt: new Date(r.created_at),
    periods: r.periods,
    termUnitDays: r.term_unit_days,
    disbursedOn: r.disbursed_on,
    timeZone: r.time_zone,
    lateRule: r.late_rule,
    extensionEnabled: r.extension_enabled,
    market: r.market,
    tax: { ratePpm: r.vat_ppm, base: r.tax_base },
  };
}

/** The loan's ledger as stored, as the pure core's LedgerState; null before disbursal (no ledger yet). */
export function ledgerStateOf(r: LedgerRow): LedgerState | null {
  if (!r.disbursed_on || !statusIn(disbursedStatuses, r.status)) return null;
  const exit = r.cooling_off_exit;
  return stateFromLedger({
    terms: {
      disbursedOn: r.disbursed_on,
      periods: r.periods,
      termUnitDays: r.term_unit_days,
      dailyRatePpm: r.daily_rate_ppm,
      tax: { ratePpm: r.vat_ppm, base: r.tax_base },
      lateRule: r.late_rule,
      defaultPenalty: defaultPenaltyFor(r.late_rule, r.repeat_client),
      extensionEnabled: r.extension_enabled,
    },
    plan: r.plan,
    charges: r.charges.map((c) => ({ ...c, amount: Number(c.amount) })),
    allocations: r.allocations.map((a) => ({ ...a, amount: Number(a.amount) })),
    accruedThrough: r.last_value_date,
    waivers: r.waivers.map((w) => ({ ...w, amount: Number(w.amount) })),
    exit: exit && {
      ...exit,
      id: Number(exit.id),
      principal: Number(exit.principal),
      interest: Number(exit.interest),
      amount: Number(exit.amount),
    },
  });
}

export type LedgerRead = { order: LedgerOrder; state: LedgerState | null };

/**
 * An order's terms and stored ledger in one round trip (undefined: no such order). In a transaction that has
 * locked the order (orders' lockOrder), it reads everything committed before the lock was granted. Reads outside
 * a transaction go through the ledger repository (ledger-repository.ts), which keeps them between changes.
 */
export async function readLedger(db: DbOrTx, orderId: number): Promise<LedgerRead | undefined> {
  const rows = (await db.execute(sql`select ${ledgerColumns} from orders o join products p on p.id = o.product_id where o.id = ${orderId}`)) as unknown as LedgerRow[];
  const row = rows[0];
  return row && { order: ledgerOrderOf(row), state: ledgerStateOf(row) };
}

// ---------------------------------------------------------------------------
// The stored rows themselves (the statement, `ops show`, the back office's loan page)
// ---------------------------------------------------------------------------

/** A timestamp column as ISO 8601 in UTC to the millisecond (what the driver's Date keeps of it). */
const isoUtc = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A table's rows of the order as one JSON array, oldest (lowest id) first. */
const rowsOf = (alias: string, table: string, fields: Record<string, string>, join = '') =>
  `coalesce((select json_agg(json_build_object(${Object.entries(fields)
    .map(([name, expr]) => `'${name}', ${expr}`)
    .join(', ')}) order by ${alias}.id) from ${table} ${alias} ${join} where ${alias}.order_id = o.id), '[]'::json)`;

/** The instalment's seq beside a row that names it (null for the loan-level components). */
const withSeq = (alias: string) => `left join repayment_plans rp_${alias} on rp_${alias}.id = ${alias}.instalment_id`;

/**
 * Every stored row of the ledger's tables for one order, as JSON columns correlated to the outer `orders o`:
 * late charges, extensions, payments, credit events, allocations, cooling-off exits and waivers, each table
 * oldest first, with the instalment's seq beside each row that names an instalment. Built once: selected with
 * `ledgerColumns` it is the whole ledger of the order in ONE statement, i.e. one snapshot (PostgreSQL runs every
 * subquery of a statement on the statement's snapshot), one round trip and no transaction.
 */
export const ledgerRowColumns: SQL = sql.raw(
  [
    `${rowsOf(
      'lc',
      'ledger_late_charges',
      {
        id: 'lc.id',
        instalmentId: 'lc.instalment_id',
        seq: 'rp_lc.seq',
        kind: 'lc.kind',
        accruedFrom: 'lc.accrued_from',
        accruedThrough: 'lc.accrued_through',
        days: 'lc.days',
        base: 'lc.base',
        ratePpm: 'lc.rate_ppm',
        amount: 'lc.amount',
        paymentId: 'lc.payment_id',
        creditEventId: 'lc.credit_event_id',
      },
      withSeq('lc'),
    )} as late_charge_rows`,
    `${rowsOf('le', 'ledger_extensions', {
      id: 'le.id',
      paymentId: 'le.payment_id',
      createdAt: isoUtc('le.created_at'),
      fromDueDate: 'le.from_due_date',
      toDueDate: 'le.to_due_date',
      shiftDays: 'le.shift_days',
      lateCharges: 'le.late_charges',
      dueInterest: 'le.due_interest',
      dueInterestVat: 'le.due_interest_vat',
      fee: 'le.fee',
      feeVat: 'le.fee_vat',
    })} as extension_rows`,
    `${rowsOf('lp', 'ledger_payments', {
      id: 'lp.id',
      createdAt: isoUtc('lp.created_at'),
      receivedAt: isoUtc('lp.received_at'),
      valueDate: 'lp.value_date',
      amount: 'lp.amount',
      purpose: 'lp.purpose',
      channel: 'lp.channel',
      provider: 'lp.provider',
      providerEventId: 'lp.provider_event_id',
      referenceId: 'lp.reference_id',
    })} as payment_rows`,
    `${rowsOf('ce', 'ledger_credit_events', {
      id: 'ce.id',
      kind: 'ce.kind',
      createdAt: isoUtc('ce.created_at'),
      valueDate: 'ce.value_date',
      amount: 'ce.amount',
      paymentId: 'ce.payment_id',
      actor: 'ce.actor',
      note: 'ce.note',
    })} as credit_event_rows`,
    `${rowsOf(
      'la',
      'ledger_allocations',
      {
        id: 'la.id',
        paymentId: 'la.payment_id',
        creditEventId: 'la.credit_event_id',
        instalmentId: 'la.instalment_id',
        seq: 'rp_la.seq',
        component: 'la.component',
        amount: 'la.amount',
      },
      withSeq('la'),
    )} as allocation_rows`,
    `${rowsOf('cx', 'ledger_cooling_off_exits', {
      id: 'cx.id',
      createdAt: isoUtc('cx.created_at'),
      requestedOn: 'cx.requested_on',
      expiresOn: 'cx.expires_on',
      daysUsed: 'cx.days_used',
      principal: 'cx.principal',
      interest: 'cx.interest',
      amount: 'cx.amount',
      actor: 'cx.actor',
      note: 'cx.note',
    })} as cooling_off_exit_rows`,
    `${rowsOf(
      'lw',
      'ledger_waivers',
      {
        id: 'lw.id',
        exitId: 'lw.exit_id',
        paymentId: 'lw.payment_id',
        instalmentId: 'lw.instalment_id',
        seq: 'rp_lw.seq',
        component: 'lw.component',
        valueDate: 'lw.value_date',
        amount: 'lw.amount',
        createdAt: isoUtc('lw.created_at'),
      },
      withSeq('lw'),
    )} as waiver_rows`,
  ].join(',\n       '),
);

/** One row of `ledgerRowColumns` as the driver returns it (JSON: ids and minor units as numbers, timestamps as ISO strings). */
export type LedgerRowsRow = {
  /** A stored late charge, with the payment or the credit event that crystallised it. */
  late_charge_rows: (LateCharge & { id: number; paymentId: number | null; creditEventId: number | null })[];
  extension_rows: {
    id: number;
    paymentId: number;
    createdAt: string;
    fromDueDate: CalendarDate;
    toDueDate: CalendarDate;
    shiftDays: number;
    lateCharges: Minor;
    dueInterest: Minor;
    dueInterestVat: Minor;
    fee: Minor;
    feeVat: Minor;
  }[];
  payment_rows: {
    id: number;
    createdAt: string;
    receivedAt: string;
    valueDate: CalendarDate;
    amount: Minor;
    purpose: 'repayment' | 'extension';
    channel: string;
    provider: string;
    providerEventId: string;
    referenceId: number | null;
  }[];
  credit_event_rows: {
    id: number;
    kind: 'application' | 'refund';
    createdAt: string;
    valueDate: CalendarDate;
    amount: Minor;
    paymentId: number | null;
    actor: string;
    note: string;
  }[];
  allocation_rows: {
    id: number;
    paymentId: number | null;
    creditEventId: number | null;
    instalmentId: number | null;
    seq: number | null;
    component: Component;
    amount: Minor;
  }[];
  cooling_off_exit_rows: (CoolingOffExit & { createdAt: string; actor: string; note: string })[];
  waiver_rows: {
    id: number;
    exitId: number;
    paymentId: number;
    instalmentId: number;
    seq: number;
    component: InstalmentComponent;
    valueDate: CalendarDate;
    amount: Minor;
    createdAt: string;
  }[];
};

/**
 * An order's ledger read (as `readLedger`) and every stored row of it (`ledgerRowColumns`) in ONE statement:
 * one snapshot, so the two agree to the minor unit whatever is applied meanwhile (undefined: no such order).
 */
export async function readLedgerWithRows(db: DbOrTx, orderId: number): Promise<{ read: LedgerRead; rows: LedgerRowsRow } | undefined> {
  const found = (await db.execute(
    sql`select ${ledgerColumns}, ${ledgerRowColumns} from orders o join products p on p.id = o.product_id where o.id = ${orderId}`,
  )) as unknown as (LedgerRow & LedgerRowsRow)[];
  const row = found[0];
  return row && { read: { order: ledgerOrderOf(row), state: ledgerStateOf(row) }, rows: row };
}
