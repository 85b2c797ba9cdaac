import { eq } from 'drizzle-orm';
import { todayIn, type CalendarDate } from '@presta/contract/dates';
import type { Minor } from '@presta/contract/money';
import type { OrderStatus } from '@presta/contract/order-status';
import type { Db, DbOrTx } from '../../db/database';
import { ledgerPayments } from '../../db/schema';
import { readLedgerWithRows, type LedgerRowsRow } from './ledger-read-model';
import { accrueLateCharges } from './ledger-math/accrual';
import { positionAsOf, type LoanPosition } from './ledger-math/position';
import { type Allocation, type CreditApplication, type LateCharge, type LedgerTerms, type PaymentPurpose, type PlanInstalment } from './ledger-math/state';
import { checkDay, disbursedLedger } from './ledger-store';
import { exitTermsNote } from './cooling-off-exit';


// ---------------------------------------------------------------------------
// The ledger's events of an order (operator's view; the statement builds on it)
// ---------------------------------------------------------------------------

export type LedgerEventRow =
  | {
      kind: 'payment';
      id: number;
      at: Date;
      /** When the provider received the money. */
      receivedAt: Date;
      valueDate: CalendarDate;
      amount: Minor;
      purpose: PaymentPurpose;
      channel: string;
      provider: string;
      eventId: string;
      /** The payment reference the money came through (payment_references), if any. */
      referenceId: number | null;
      allocations: Allocation[];
    }
  | {
      /**
       * credit_application, refund: credit events; cooling_off_exit: an exit asked for (amount: the exit amount,
       * note: its terms; no allocations); waiver: what a cooling-off exit waived (amount: their sum, allocations:
       * the waived components, paymentId: the payment that carried it out).
       */
      kind: 'credit_application' | 'refund' | 'cooling_off_exit' | 'waiver';
      id: number;
      at: Date;
      valueDate: CalendarDate;
      amount: Minor;
      actor: string;
      note: string;
      /** The payment whose application crystallised it (null: the sweep, a read, a refund). */
      paymentId: number | null;
      allocations: Allocation[];
    };

/**
 * Every payment and credit event of an order's stored rows in the order they were recorded, each with where its
 * money went (allocations by instalment seq and component), pure.
 */
function eventsFrom(r: LedgerRowsRow): LedgerEventRow[] {
  const allocs = (pick: (a: LedgerRowsRow['allocation_rows'][number]) => boolean): Allocation[] =>
    r.allocation_rows.filter(pick).map((a) => ({ instalmentId: a.instalmentId, seq: a.seq, component: a.component, amount: a.amount }));
  const rows: LedgerEventRow[] = [
    ...r.payment_rows.map((p): LedgerEventRow => ({
      kind: 'payment',
      id: p.id,
      at: new Date(p.createdAt),
      receivedAt: new Date(p.receivedAt),
      valueDate: p.valueDate,
      amount: p.amount,
      purpose: p.purpose,
      channel: p.channel,
      provider: p.provider,
      eventId: p.providerEventId,
      referenceId: p.referenceId,
      allocations: allocs((a) => a.paymentId === p.id),
    })),
    ...r.credit_event_rows.map((c): LedgerEventRow => ({
      kind: c.kind === 'refund' ? 'refund' : 'credit_application',
      id: c.id,
      at: new Date(c.createdAt),
      valueDate: c.valueDate,
      amount: c.amount,
      actor: c.actor,
      note: c.note,
      paymentId: c.paymentId,
      allocations: allocs((a) => a.creditEventId === c.id),
    })),
    ...r.cooling_off_exit_rows.map((x): LedgerEventRow => ({
      kind: 'cooling_off_exit',
      id: x.id,
      at: new Date(x.createdAt),
      valueDate: x.requestedOn,
      amount: x.amount,
      actor: x.actor,
      note: exitTermsNote(x) + (x.note ? `; ${x.note}` : ''),
      paymentId: null,
      allocations: [],
    })),
    ...r.cooling_off_exit_rows.flatMap((x): LedgerEventRow[] => {
      const lines = r.waiver_rows.filter((w) => w.exitId === x.id);
      const first = lines[0];
      if (!first) return [];
      return [
        {
          kind: 'waiver',
          id: x.id,
          at: new Date(first.createdAt),
          valueDate: first.valueDate,
          amount: lines.reduce((acc, w) => acc + w.amount, 0),
          actor: 'system',
          note: `cooling-off exit ${x.id}`,
          paymentId: first.paymentId,
          allocations: lines.map((w) => ({ instalmentId: w.instalmentId, seq: w.seq, component: w.component, amount: w.amount })),
        },
      ];
    }),
  ];
  // Same instant: the payment first, then what it crystallised (credit events), then what it waived.
  const rank = (e: LedgerEventRow) => (e.kind === 'payment' ? 0 : e.kind === 'waiver' ? 2 : 1);
  return rows.sort((a, b) => a.at.getTime() - b.at.getTime() || rank(a) - rank(b));
}

// ---------------------------------------------------------------------------
// The whole ledger of an order, read at once (the loan statement builds on it)
// ---------------------------------------------------------------------------

/** A stored late charge, with the payment or the credit event that crystallised it. */
export type StoredLateCharge = LedgerRowsRow['late_charge_rows'][number];

/** A stored extension: the payment that bought it (and when), the due dates it moved and the parts of its price. */
export type StoredExtension = {
  paymentId: number;
  at: Date;
  fromDueDate: CalendarDate;
  toDueDate: CalendarDate;
  shiftDays: number;
  lateCharges: Minor;
  dueInterest: Minor;
  dueInterestTax: Minor;
  fee: Minor;
  feeTax: Minor;
};

/** The extensions an order's payments bought, oldest first (none before the disbursal), from its stored rows. */
function extensionsFrom(r: LedgerRowsRow): StoredExtension[] {
  return r.extension_rows.map((e) => ({
    paymentId: e.paymentId,
    at: new Date(e.createdAt),
    fromDueDate: e.fromDueDate,
    toDueDate: e.toDueDate,
    shiftDays: e.shiftDays,
    lateCharges: e.lateCharges,
    dueInterest: e.dueInterest,
    dueInterestTax: e.dueInterestVat,
    fee: e.fee,
    feeTax: e.feeVat,
  }));
}

export type LedgerRecord = {
  orderId: number;
  orderNo: string;
  status: OrderStatus;
  timeZone: string;
  terms: LedgerTerms;
  /** The plan's scheduled components, with the current due dates (extensions move them). */
  plan: PlanInstalment[];
  lateCharges: StoredLateCharge[];
  extensions: StoredExtension[];
  /** Payments, credit events, cooling-off exits and waivers in the order they were recorded. */
  events: LedgerEventRow[];
  /** The day it is read for (default: today in the product's time zone). */
  asOf: CalendarDate;
  /**
   * What the ledger's position adds to the stored rows through asOf: late charges accrued and credit applied
   * by itself after the last value date (accrueLateCharges), not stored until a payment or credit event
   * crystallises them.
   */
  accrued: { charges: LateCharge[]; creditApplications: CreditApplication[] };
  /** getLoanPosition's position on asOf. */
  position: LoanPosition;
};

/**
 * Everything the ledger holds for a disbursed order, read in ONE statement (one snapshot, so its parts agree
 * with each other to the minor unit whatever is applied meanwhile; one round trip, no transaction): terms,
 * plan, stored late charges, extensions, payments and credit events with their allocations, what accrued since
 * the last value date, and the position on `today`. Read only. Unknown order → 404; not disbursed → 409.
 */
export async function ledgerRecordOf(db: Db, orderId: number, today?: CalendarDate): Promise<LedgerRecord> {
  checkDay(today);
  const found = await readLedgerWithRows(db, orderId);
  const { order, state } = disbursedLedger(found?.read);
  const rows = found!.rows;
  const asOf = today ?? todayIn(order.timeZone);
  const accrued = accrueLateCharges(state, asOf);
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    status: order.status,
    timeZone: order.timeZone,
    terms: state.terms,
    plan: state.instalments.map((x) => ({
      id: x.id,
      seq: x.seq,
      dueDate: x.dueDate,
      principal: x.owed.principal,
      interest: x.owed.interest,
      commission: x.owed.commission,
      vat: x.owed.vat,
    })),
    lateCharges: rows.late_charge_rows,
    extensions: extensionsFrom(rows),
    events: eventsFrom(rows),
    asOf,
    accrued: { charges: accrued.charges, creditApplications: accrued.creditApplications },
    position: positionAsOf(state, asOf),
  };
}

/** The order a payment belongs to (undefined: no such payment). Read only. */
export async function orderOfPayment(db: DbOrTx, paymentId: number): Promise<number | undefined> {
  const [row] = await db.select({ orderId: ledgerPayments.orderId }).from(ledgerPayments).where(eq(ledgerPayments.id, paymentId)).limit(1);
  return row?.orderId;
}
