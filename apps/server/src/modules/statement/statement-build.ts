import type { AllocationComponent, StatementAllocation, StatementEvent, StatementTotals } from '@presta/contract/api/statement';
import { addDays, formatDate, type CalendarDate } from '@presta/contract/dates';
import type { Minor } from '@presta/contract/money';
import type { LoanPosition } from '../ledger/ledger-math/position';
import type { Allocation, Component, CreditApplication, LateCharge } from '../ledger/ledger-math/state';
import type { LedgerEventRow, LedgerRecord, StoredExtension } from '../ledger/ledger-record';

/*
 * The loan statement (docs/statement.md), pure: the ledger's record of an order (ledgerRecordOf) as a list of
 * events in the order the ledger applied them, each with what the borrower owes and the credit held after it,
 * and totals that must equal the ledger's position to the minor unit (checked: a statement that does not
 * agree with the ledger is never shown).
 */

type Omitted<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An event before the running figures: what it adds to the balance (owed) and to the credit held. */
type Entry = { event: Omitted<StatementEvent, 'balance' | 'credit'>; owed: Minor; credit: Minor };

export type Statement = { events: StatementEvent[]; totals: StatementTotals };

const wireComponent: Record<Exclude<Component, 'refund'>, AllocationComponent> = {
  default_penalty: 'default_penalty',
  late_fee: 'late_fee',
  commission: 'commission',
  vat: 'tax',
  interest: 'interest',
  principal: 'principal',
  extension_fee: 'extension_fee',
  extension_vat: 'extension_tax',
  overpayment: 'credit',
};

function allocationsOf(allocations: readonly Allocation[]): StatementAllocation[] {
  return allocations
    .filter((a) => a.component !== 'refund')
    .map((a) => ({ seq: a.seq, component: wireComponent[a.component as Exclude<Component, 'refund'>], amount: a.amount }));
}

const sum = (values: readonly Minor[]) => values.reduce((acc, v) => acc + v, 0);

/** DUE_DATE_AT_DISBURSAL: instalment n fell due on disbursedOn + n × termUnitDays (the disbursal re-dates the plan so). */
export const dueDateAtDisbursal = (disbursedOn: CalendarDate, seq: number, termUnitDays: number) => addDays(disbursedOn, seq * termUnitDays);

function lateChargeEntry(c: LateCharge, pending: boolean): Entry {
  if (c.kind === 'default_penalty') {
    return { event: { kind: 'default_penalty', date: c.accruedFrom, amount: c.amount, seq: c.seq, pending }, owed: c.amount, credit: 0 };
  }
  return {
    event: {
      kind: 'late_charge',
      date: c.accruedThrough,
      amount: c.amount,
      seq: c.seq,
      from: c.accruedFrom,
      through: c.accruedThrough,
      days: c.days,
      base: c.base,
      ratePpm: c.ratePpm ?? 0,
      pending,
    },
    owed: c.amount,
    credit: 0,
  };
}

function creditEntry(day: CalendarDate, amount: Minor, allocations: readonly Allocation[], pending: boolean): Entry {
  return { event: { kind: 'credit_applied', date: day, amount, allocations: allocationsOf(allocations), pending }, owed: -amount, credit: -amount };
}

/**
 * STATEMENT_ORDER_WITHIN_A_POSTING: what one posting crystallised (late charges, credit applications, a
 * refund) in the order the ledger's core computed it — by day; on one day the credit applied at the start of
 * the day, then that day's charges, then a refund. (Charges accrued before a credit application end the day
 * before it; those after it start on its day: accrueLateCharges.)
 */
const rank: Partial<Record<StatementEvent['kind'], number>> = { credit_applied: 0, default_penalty: 1, late_charge: 1, refund: 2 };
function inLedgerOrder(entries: Entry[]): Entry[] {
  return entries
    .map((entry, i) => ({ entry, i }))
    .sort(
      (a, b) =>
        a.entry.event.date.localeCompare(b.entry.event.date) ||
        (rank[a.entry.event.kind] ?? 9) - (rank[b.entry.event.kind] ?? 9) ||
        a.i - b.i,
    )
    .map(({ entry }) => entry);
}

function paymentEntries(
  p: Extract<LedgerEventRow, { kind: 'payment' }>,
  extension: StoredExtension | undefined,
  timeZone: string,
  references: ReadonlyMap<number, string>,
): Entry[] {
  const date = formatDate(p.receivedAt, { withTime: true, timeZone });
  const credited = sum(p.allocations.filter((a) => a.component === 'overpayment').map((a) => a.amount));
  const entries: Entry[] = [];
  if (extension) {
    const price = extension.fee + extension.feeTax;
    entries.push({
      event: {
        kind: 'extension',
        // Bought on the payment's value date (the day its price was quoted for).
        date: p.valueDate,
        amount: price,
        paymentId: String(p.id),
        fromDueDate: extension.fromDueDate,
        toDueDate: extension.toDueDate,
        shiftDays: extension.shiftDays,
        fee: extension.fee,
        tax: extension.feeTax,
      },
      owed: price,
      credit: 0,
    });
  }
  entries.push({
    event: {
      kind: 'payment',
      date,
      amount: p.amount,
      paymentId: String(p.id),
      purpose: p.purpose,
      channel: p.channel,
      reference: p.referenceId === null ? null : (references.get(p.referenceId) ?? null),
      valueDate: p.valueDate,
      allocations: allocationsOf(p.allocations),
    },
    owed: -(p.amount - credited),
    credit: credited,
  });
  return entries;
}

type Posting = LedgerEventRow;

/**
 * POSTINGS_IN_LEDGER_ORDER: payments, and the credit events no payment crystallised, in the order the ledger
 * recorded them. Each kind in id order (its value dates never go back: VALUE_DATE_NOT_BEFORE_LAST); the two
 * merged by value date; on one day a credit application first (credit is applied at the start of a day, and a
 * payment the same day would have crystallised it itself), a refund and a payment by the time recorded.
 */
function postingsInOrder(events: readonly LedgerEventRow[]): Posting[] {
  const byId = (a: Posting, b: Posting) => a.id - b.id;
  const payments = events.filter((e) => e.kind === 'payment').sort(byId);
  // Credit events no payment crystallised (an exit request moves no money; a waiver goes with its payment).
  const credits = events.filter((e) => (e.kind === 'credit_application' || e.kind === 'refund') && e.paymentId === null).sort(byId);
  const creditFirst = (c: Posting, p: Posting) =>
    c.valueDate !== p.valueDate ? c.valueDate < p.valueDate : c.kind === 'credit_application' || c.at.getTime() < p.at.getTime();
  const merged: Posting[] = [];
  let i = 0;
  let j = 0;
  while (i < payments.length || j < credits.length) {
    if (j < credits.length && (i === payments.length || creditFirst(credits[j]!, payments[i]!))) merged.push(credits[j++]!);
    else merged.push(payments[i++]!);
  }
  return merged;
}

/** The events of the record in the order the ledger applied them (before the running figures). */
function entriesOf(record: LedgerRecord, references: ReadonlyMap<number, string>): Entry[] {
  const { terms, plan } = record;
  const entries: Entry[] = [
    { event: { kind: 'disbursal', date: terms.disbursedOn, amount: sum(plan.map((x) => x.principal)) }, owed: sum(plan.map((x) => x.principal)), credit: 0 },
    ...plan.map((x): Entry => {
      const charges = x.interest + x.commission + x.vat;
      return {
        event: {
          kind: 'instalment',
          date: terms.disbursedOn,
          amount: charges,
          seq: x.seq,
          dueDate: dueDateAtDisbursal(terms.disbursedOn, x.seq, terms.termUnitDays),
          principal: x.principal,
          interest: x.interest,
          commission: x.commission,
          tax: x.vat,
        },
        owed: charges,
        credit: 0,
      };
    }),
  ];

  const chargesBy = (pick: (c: LedgerRecord['lateCharges'][number]) => boolean) => record.lateCharges.filter(pick).map((c) => lateChargeEntry(c, false));
  const extensionOf = new Map(record.extensions.map((e) => [e.paymentId, e]));
  const creditEventsOf = (paymentId: number) =>
    record.events.filter((e) => e.kind === 'credit_application' && e.paymentId === paymentId);
  const waiversOf = (paymentId: number) => record.events.filter((e) => e.kind === 'waiver' && e.paymentId === paymentId);

  // A payment carries what it crystallised; credit events of the sweep, a read or a refund follow one another
  // with the charges they crystallised (named by the last of them), so a run of them is ordered as one.
  let run: Entry[] = [];
  const endRun = () => {
    entries.push(...inLedgerOrder(run));
    run = [];
  };
  for (const e of postingsInOrder(record.events)) {
    if (e.kind === 'payment') {
      endRun();
      // What the payment crystallised: through its value date before it; after it, what a backdated payment's
      // credit did by itself since (days after its value date).
      const crystallised = inLedgerOrder([
        ...chargesBy((c) => c.paymentId === e.id),
        ...creditEventsOf(e.id).map((c) => creditEntry(c.valueDate, c.amount, c.allocations, false)),
      ]);
      entries.push(
        ...crystallised.filter((x) => x.event.date <= e.valueDate),
        ...paymentEntries(e, extensionOf.get(e.id), record.timeZone, references),
        ...waiversOf(e.id).map((w): Entry => ({
          event: { kind: 'waiver', date: w.valueDate, amount: w.amount, paymentId: String(e.id), allocations: allocationsOf(w.allocations) },
          owed: -w.amount,
          credit: 0,
        })),
        ...crystallised.filter((x) => x.event.date > e.valueDate),
      );
    } else if (e.paymentId === null) {
      run.push(...chargesBy((c) => c.creditEventId === e.id));
      run.push(
        e.kind === 'refund'
          ? { event: { kind: 'refund', date: e.valueDate, amount: e.amount }, owed: 0, credit: -e.amount }
          : creditEntry(e.valueDate, e.amount, e.allocations, false),
      );
    }
  }
  endRun();

  // What the position adds through asOf, not posted yet.
  entries.push(
    ...inLedgerOrder([
      ...record.accrued.charges.map((c) => lateChargeEntry(c, true)),
      ...record.accrued.creditApplications.map((a: CreditApplication) => creditEntry(a.day, a.amount, a.allocations, true)),
    ]),
  );
  return entries;
}

/** The statement of a ledger record: events with the running balance and credit, totals checked against the position. */
export function buildStatement(record: LedgerRecord, references: ReadonlyMap<number, string> = new Map()): Statement {
  let balance = 0;
  let credit = 0;
  const events = entriesOf(record, references).map(({ event, owed, credit: delta }) => {
    balance += owed;
    credit += delta;
    return { ...event, balance, credit };
  });
  const totals = totalsOf(events, balance, credit);
  checkAgainstLedger(totals, record.position);
  return { events, totals };
}

function totalsOf(events: readonly StatementEvent[], outstanding: Minor, credit: Minor): StatementTotals {
  const amounts = <K extends StatementEvent['kind']>(kind: K, pick: (e: Extract<StatementEvent, { kind: K }>) => Minor = (e) => e.amount) =>
    sum(events.filter((e): e is Extract<StatementEvent, { kind: K }> => e.kind === kind).map(pick));
  const principal = amounts('disbursal');
  const interest = amounts('instalment', (e) => e.interest);
  const commission = amounts('instalment', (e) => e.commission);
  const tax = amounts('instalment', (e) => e.tax);
  const lateCharges = amounts('late_charge');
  const defaultPenalty = amounts('default_penalty');
  const extensionFees = amounts('extension', (e) => e.fee);
  const extensionTax = amounts('extension', (e) => e.tax);
  const charged = principal + interest + commission + tax + lateCharges + defaultPenalty + extensionFees + extensionTax;
  const waived = amounts('waiver');
  return {
    principal,
    interest,
    commission,
    tax,
    lateCharges,
    defaultPenalty,
    extensionFees,
    extensionTax,
    charged,
    pendingCharges: amounts('late_charge', (e) => (e.pending ? e.amount : 0)) + amounts('default_penalty', (e) => (e.pending ? e.amount : 0)),
    received: amounts('payment'),
    waived,
    paid: charged - waived - outstanding,
    creditApplied: amounts('credit_applied'),
    refunded: amounts('refund'),
    credit,
    outstanding,
  };
}

/**
 * STATEMENT_TIES_TO_LEDGER: every total is the position's figure — scheduled components, late charges and
 * penalty owed, extension fees and tax paid, money received, paid, credit applied, refunded and held, and
 * outstanding. A difference is a bug: it is thrown, never shown.
 */
export function checkAgainstLedger(totals: StatementTotals, position: LoanPosition): void {
  const owed = position.totals.owed;
  const expected: Partial<Record<keyof StatementTotals, Minor>> = {
    principal: owed.principal,
    interest: owed.interest,
    commission: owed.commission,
    tax: owed.vat,
    lateCharges: owed.late_fee,
    defaultPenalty: owed.default_penalty,
    extensionFees: position.extensionFeePaid,
    extensionTax: position.extensionTaxPaid,
    charged: position.totals.owedTotal + position.extensionFeePaid + position.extensionTaxPaid,
    received: position.received,
    waived: position.totals.waivedTotal,
    paid: position.totals.paidTotal + position.extensionFeePaid + position.extensionTaxPaid,
    creditApplied: position.creditApplied,
    refunded: position.refunded,
    credit: position.credit,
    outstanding: position.totals.outstandingTotal,
  };
  const differences = Object.entries(expected).filter(([key, value]) => totals[key as keyof StatementTotals] !== value);
  if (differences.length > 0) {
    const detail = differences.map(([key, value]) => `${key} ${totals[key as keyof StatementTotals]} ≠ ledger ${value}`).join(', ');
    throw new Error(`the statement does not agree with the ledger: ${detail}`);
  }
}
