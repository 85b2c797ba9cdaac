import { addDays, daysBetween, type CalendarDate } from '@presta/contract/dates';
import { assertMinor, divideHalfUp, type Minor } from '@presta/contract/money';

/*
 * The loan ledger's arithmetic: pure functions over integer minor units
 * (docs/ledger.md). Every product of a rate is BigInt and every rounding goes
 * through divideHalfUp under one of the rule names below. The database service
 * (ledger-service.ts) loads a LedgerState, calls these functions and stores
 * what they return, so "what is owed as of day D" is the same pure function in
 * the tests and in production.
 */

// ---------------------------------------------------------------------------
// Rules (names used in docs/ledger.md and the tests)
// ---------------------------------------------------------------------------

/** Late charge base: the instalment's unpaid principal + interest + commission + VAT; late charges are never in the base. */
export const LATE_BASE_UNPAID_SCHEDULED = 'LATE_BASE_UNPAID_SCHEDULED';
/** Each late day's charge = HALF_UP(base × daily ppm / 1e6), per instalment and day. */
export const LATE_DAILY_HALF_UP = 'LATE_DAILY_HALF_UP';
/** mx_daily_fine (the agreement): overdue fine of 3% per day late, every day, no cap. */
export const MX_DAILY_FINE_3PCT = 'MX_DAILY_FINE_3PCT';
/** in_tiered (the loan terms): late interest 5%/day on days 1–30, 4% on days 31–90, 2% from day 91. */
export const IN_LATE_INTEREST_TIERS = 'IN_LATE_INTEREST_TIERS';
/** in_tiered: one-off default penalty per loan, Rs.1,000 new client / Rs.800 repeat client, on the first late day. */
export const IN_DEFAULT_PENALTY_ONE_OFF = 'IN_DEFAULT_PENALTY_ONE_OFF';
/** A payment's value date is never before the order's previous value date nor the disbursal day. */
export const VALUE_DATE_NOT_BEFORE_LAST = 'VALUE_DATE_NOT_BEFORE_LAST';
/** Oldest instalment first; within it default_penalty → late_fee → commission → vat → interest → principal. */
export const ALLOCATION_ORDER_RULE = 'ALLOCATION_ORDER';
/** What no payable component can take is recorded as the borrower's credit. */
export const OVERPAYMENT_CREDIT = 'OVERPAYMENT_CREDIT';
/** Prepayment from disbursedOn + max(7, ceil(periods × termUnitDays / 2)) days; before that only what is due is payable. */
export const PREPAYMENT_WINDOW = 'PREPAYMENT_WINDOW';
/** Extension fee = HALF_UP(unpaid principal × dailyRatePpm × termUnitDays / 1e6): the interest of the added term. */
export const EXTENSION_FEE_ONE_TERM_INTEREST = 'EXTENSION_FEE_ONE_TERM_INTEREST';
/** VAT on the extension fee = HALF_UP(fee × vatPpm / 1e6). */
export const EXTENSION_FEE_VAT = 'EXTENSION_FEE_VAT';
/** VAT share of due interest = min(unpaid VAT, HALF_UP(unpaid interest × vatPpm / 1e6)), per instalment. */
export const VAT_SHARE_OF_DUE_INTEREST = 'VAT_SHARE_OF_DUE_INTEREST';
/** Extension: every unpaid instalment moves by the same days; the first to max(its due date, D) + termUnitDays. */
export const EXTENSION_DUE_SHIFT = 'EXTENSION_DUE_SHIFT';

export const ledgerRules = [
  LATE_BASE_UNPAID_SCHEDULED,
  LATE_DAILY_HALF_UP,
  MX_DAILY_FINE_3PCT,
  IN_LATE_INTEREST_TIERS,
  IN_DEFAULT_PENALTY_ONE_OFF,
  VALUE_DATE_NOT_BEFORE_LAST,
  ALLOCATION_ORDER_RULE,
  OVERPAYMENT_CREDIT,
  PREPAYMENT_WINDOW,
  EXTENSION_FEE_ONE_TERM_INTEREST,
  EXTENSION_FEE_VAT,
  VAT_SHARE_OF_DUE_INTEREST,
  EXTENSION_DUE_SHIFT,
] as const;

// ---------------------------------------------------------------------------
// Constants as the material gives them
// ---------------------------------------------------------------------------

export type LateRule = 'mx_daily_fine' | 'in_tiered';

/** The agreement (MX): "Overdue fine 3% per day". */
export const MX_DAILY_FINE_PPM = 30_000;

/** The loan terms (IN): late interest per day by days late (day 1 = the day after the due date). */
export const IN_LATE_TIERS: readonly { fromDay: number; toDay: number; ppm: number }[] = [
  { fromDay: 1, toDay: 30, ppm: 50_000 },
  { fromDay: 31, toDay: 90, ppm: 40_000 },
  { fromDay: 91, toDay: Number.POSITIVE_INFINITY, ppm: 20_000 },
];

/** The loan terms (IN): one-off default penalty, paise. */
export const IN_DEFAULT_PENALTY = { newClient: 100_000, repeatClient: 80_000 } as const;

/** The loan terms: prepayment not earlier than 7 calendar days after disbursal. */
export const PREPAYMENT_MIN_DAYS = 7;

function lateTiers(rule: LateRule): readonly { fromDay: number; toDay: number; ppm: number }[] {
  return rule === 'mx_daily_fine' ? [{ fromDay: 1, toDay: Number.POSITIVE_INFINITY, ppm: MX_DAILY_FINE_PPM }] : IN_LATE_TIERS;
}

/** The one-off default penalty of a loan: IN new / repeat client, none for MX. */
export function defaultPenaltyFor(rule: LateRule, repeatClient: boolean): Minor {
  if (rule !== 'in_tiered') return 0;
  return repeatClient ? IN_DEFAULT_PENALTY.repeatClient : IN_DEFAULT_PENALTY.newClient;
}

// ---------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------

/** Instalment components in ALLOCATION_ORDER. */
export const allocationOrder = ['default_penalty', 'late_fee', 'commission', 'vat', 'interest', 'principal'] as const;
export type InstalmentComponent = (typeof allocationOrder)[number];
export type LoanComponent = 'extension_fee' | 'extension_vat' | 'overpayment';
export type Component = InstalmentComponent | LoanComponent;
export type LateChargeKind = 'default_penalty' | 'late_fee';
export type PaymentPurpose = 'repayment' | 'extension';

export type Amounts = Record<InstalmentComponent, Minor>;

const zeroAmounts = (): Amounts => ({ default_penalty: 0, late_fee: 0, commission: 0, vat: 0, interest: 0, principal: 0 });

/** The loan's terms as the ledger needs them (the order's snapshot and its product's rules). */
export type LedgerTerms = {
  disbursedOn: CalendarDate;
  periods: number;
  termUnitDays: number;
  dailyRatePpm: number;
  vatPpm: number;
  lateRule: LateRule;
  /** The one-off default penalty of this loan (defaultPenaltyFor), 0 for none. */
  defaultPenalty: Minor;
  extensionEnabled: boolean;
};

/** A plan row: scheduled components and the current due date. */
export type PlanInstalment = {
  id: number;
  seq: number;
  dueDate: CalendarDate;
  principal: Minor;
  interest: Minor;
  commission: Minor;
  vat: Minor;
};

export type InstalmentState = {
  id: number;
  seq: number;
  /** Current due date (moved by extensions). */
  dueDate: CalendarDate;
  /** Scheduled components plus the crystallised late charges. */
  owed: Amounts;
  paid: Amounts;
};

export type LedgerState = {
  terms: LedgerTerms;
  /** Late charges are crystallised through this day (the last value date); null before the first payment. */
  accruedThrough: CalendarDate | null;
  /** Ascending seq (and due date). */
  instalments: InstalmentState[];
  extensionFeePaid: Minor;
  extensionVatPaid: Minor;
  /** Overpayment credit held for the borrower. */
  credit: Minor;
};

export type LateCharge = {
  instalmentId: number;
  seq: number;
  kind: LateChargeKind;
  accruedFrom: CalendarDate;
  accruedThrough: CalendarDate;
  days: number;
  base: Minor;
  ratePpm: number | null;
  amount: Minor;
};

export type Allocation = {
  /** null for the loan-level components (extension_fee, extension_vat, overpayment). */
  instalmentId: number | null;
  seq: number | null;
  component: Component;
  amount: Minor;
};

// ---------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------

const PPM = 1_000_000n;

/** HALF_UP(a × ppm × c / 1e6) in BigInt, non-negative integers. */
function ppmOf(a: Minor, ppm: number, c = 1): Minor {
  return Number(divideHalfUp(BigInt(a) * BigInt(ppm) * BigInt(c), PPM));
}

const maxDate = (a: CalendarDate, b: CalendarDate) => (a > b ? a : b);
const sumAmounts = (a: Amounts) => allocationOrder.reduce((acc, c) => acc + a[c], 0);

function cloneState(s: LedgerState): LedgerState {
  return {
    ...s,
    instalments: s.instalments.map((x) => ({ ...x, owed: { ...x.owed }, paid: { ...x.paid } })),
  };
}

export function outstandingOf(x: InstalmentState): Amounts {
  const out = zeroAmounts();
  for (const c of allocationOrder) out[c] = x.owed[c] - x.paid[c];
  return out;
}

/** LATE_BASE_UNPAID_SCHEDULED. */
export function lateBase(x: InstalmentState): Minor {
  return (
    x.owed.principal - x.paid.principal + (x.owed.interest - x.paid.interest) +
    (x.owed.commission - x.paid.commission) + (x.owed.vat - x.paid.vat)
  );
}

export const totalOutstanding = (x: InstalmentState) => sumAmounts(x.owed) - sumAmounts(x.paid);

/** PREPAYMENT_WINDOW: the first day instalments not yet due may be paid. */
export function prepaymentFrom(terms: Pick<LedgerTerms, 'disbursedOn' | 'periods' | 'termUnitDays'>): CalendarDate {
  const halfTerm = Math.ceil((terms.periods * terms.termUnitDays) / 2);
  return addDays(terms.disbursedOn, Math.max(PREPAYMENT_MIN_DAYS, halfTerm));
}

// ---------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------

/** A loan before any payment: the plan as owed, nothing paid. */
export function initialState(terms: LedgerTerms, plan: readonly PlanInstalment[]): LedgerState {
  const instalments = [...plan]
    .sort((a, b) => a.seq - b.seq)
    .map((p) => {
      for (const v of [p.principal, p.interest, p.commission, p.vat]) {
        assertMinor(v);
        if (v < 0) throw new RangeError('plan components must not be negative');
      }
      return {
        id: p.id,
        seq: p.seq,
        dueDate: p.dueDate,
        owed: { ...zeroAmounts(), principal: p.principal, interest: p.interest, commission: p.commission, vat: p.vat },
        paid: zeroAmounts(),
      };
    });
  return { terms, accruedThrough: null, instalments, extensionFeePaid: 0, extensionVatPaid: 0, credit: 0 };
}

/**
 * The state stored in the database: the plan (current due dates), the
 * crystallised charges and the allocations, sums per instalment and component.
 */
export function stateFromLedger(
  terms: LedgerTerms,
  plan: readonly PlanInstalment[],
  charges: readonly { instalmentId: number; kind: LateChargeKind; amount: Minor }[],
  allocations: readonly { instalmentId: number | null; component: Component; amount: Minor }[],
  accruedThrough: CalendarDate | null,
): LedgerState {
  const s = initialState(terms, plan);
  s.accruedThrough = accruedThrough;
  const byId = new Map(s.instalments.map((x) => [x.id, x]));
  for (const c of charges) {
    const x = byId.get(c.instalmentId);
    if (!x) throw new Error(`late charge on an unknown instalment ${c.instalmentId}`);
    x.owed[c.kind] += c.amount;
  }
  for (const a of allocations) {
    if (a.component === 'extension_fee') s.extensionFeePaid += a.amount;
    else if (a.component === 'extension_vat') s.extensionVatPaid += a.amount;
    else if (a.component === 'overpayment') s.credit += a.amount;
    else {
      const x = a.instalmentId === null ? undefined : byId.get(a.instalmentId);
      if (!x) throw new Error(`allocation on an unknown instalment ${a.instalmentId}`);
      x.paid[a.component] += a.amount;
    }
  }
  return s;
}

// ---------------------------------------------------------------------------
// Late charges
// ---------------------------------------------------------------------------

/**
 * Accrues late charges from the day after accruedThrough (or after each due
 * date) through `through`, on each instalment's LATE_BASE_UNPAID_SCHEDULED at
 * LATE_DAILY_HALF_UP, with the product's rule (MX_DAILY_FINE_3PCT or
 * IN_LATE_INTEREST_TIERS plus IN_DEFAULT_PENALTY_ONE_OFF). Returns the new
 * state (accruedThrough = through) and the charges to crystallise. A day on or
 * before accruedThrough is never charged twice.
 */
export function accrueLateCharges(state: LedgerState, through: CalendarDate): { state: LedgerState; charges: LateCharge[] } {
  if (state.accruedThrough !== null && through <= state.accruedThrough) return { state, charges: [] };
  const s = cloneState(state);
  const { terms } = s;
  const charges: LateCharge[] = [];
  let penaltyCharged = s.instalments.some((x) => x.owed.default_penalty > 0);
  const tiers = lateTiers(terms.lateRule);

  for (const x of s.instalments) {
    const base = lateBase(x);
    if (base <= 0) continue;
    const firstLateDay = addDays(x.dueDate, 1);
    const start = s.accruedThrough === null ? firstLateDay : maxDate(firstLateDay, addDays(s.accruedThrough, 1));
    if (start > through) continue;

    if (terms.lateRule === 'in_tiered' && terms.defaultPenalty > 0 && !penaltyCharged) {
      charges.push({
        instalmentId: x.id,
        seq: x.seq,
        kind: 'default_penalty',
        accruedFrom: start,
        accruedThrough: start,
        days: 1,
        base,
        ratePpm: null,
        amount: terms.defaultPenalty,
      });
      x.owed.default_penalty += terms.defaultPenalty;
      penaltyCharged = true;
    }

    const firstDay = daysBetween(x.dueDate, start);
    const lastDay = daysBetween(x.dueDate, through);
    for (const tier of tiers) {
      const lo = Math.max(firstDay, tier.fromDay);
      const hi = Math.min(lastDay, tier.toDay);
      if (lo > hi) continue;
      const days = hi - lo + 1;
      const perDay = ppmOf(base, tier.ppm);
      const amount = perDay * days;
      assertMinor(amount);
      if (amount <= 0) continue;
      charges.push({
        instalmentId: x.id,
        seq: x.seq,
        kind: 'late_fee',
        accruedFrom: addDays(x.dueDate, lo),
        accruedThrough: addDays(x.dueDate, hi),
        days,
        base,
        ratePpm: tier.ppm,
        amount,
      });
      x.owed.late_fee += amount;
    }
  }
  s.accruedThrough = through;
  return { state: s, charges };
}

// ---------------------------------------------------------------------------
// Position
// ---------------------------------------------------------------------------

export type InstalmentPosition = {
  id: number;
  seq: number;
  dueDate: CalendarDate;
  /** Days after the due date while something is unpaid, else 0. */
  daysLate: number;
  owed: Amounts;
  paid: Amounts;
  outstanding: Amounts;
  totalOwed: Minor;
  totalPaid: Minor;
  totalOutstanding: Minor;
  paidOff: boolean;
  /** May take money on asOf (due, or the prepayment window is open). */
  payable: boolean;
};

export type LoanPosition = {
  asOf: CalendarDate;
  instalments: InstalmentPosition[];
  totals: { owed: Amounts; paid: Amounts; outstanding: Amounts; owedTotal: Minor; paidTotal: Minor; outstandingTotal: Minor };
  /** Outstanding on the instalments due on or before asOf. */
  amountDueNow: Minor;
  /** What a repayment can take on asOf: amountDueNow, or everything once prepayment is allowed. */
  payableNow: Minor;
  /** Due date of the earliest instalment not paid off (null when none). */
  nextDueDate: CalendarDate | null;
  /** Days late of the earliest unpaid instalment (0 when not late). */
  daysLate: number;
  /** An unpaid instalment fell due before asOf. */
  overdue: boolean;
  prepaymentFrom: CalendarDate;
  prepaymentAllowed: boolean;
  credit: Minor;
  extensionFeePaid: Minor;
  extensionVatPaid: Minor;
  /** The status the order should read: 200 nothing owed, 180 overdue, else 174. */
  expectedStatus: '174' | '180' | '200';
};

/** Summarises a state as of a day, WITHOUT accruing (see positionAsOf). */
export function summarise(s: LedgerState, asOf: CalendarDate): LoanPosition {
  const from = prepaymentFrom(s.terms);
  const prepaymentAllowed = asOf >= from;
  const owed = zeroAmounts();
  const paid = zeroAmounts();
  const outstanding = zeroAmounts();
  const instalments = s.instalments.map((x): InstalmentPosition => {
    const out = outstandingOf(x);
    for (const c of allocationOrder) {
      owed[c] += x.owed[c];
      paid[c] += x.paid[c];
      outstanding[c] += out[c];
    }
    const totalOwed = sumAmounts(x.owed);
    const totalPaid = sumAmounts(x.paid);
    const totalOut = totalOwed - totalPaid;
    return {
      id: x.id,
      seq: x.seq,
      dueDate: x.dueDate,
      daysLate: totalOut > 0 ? Math.max(0, daysBetween(x.dueDate, asOf)) : 0,
      owed: { ...x.owed },
      paid: { ...x.paid },
      outstanding: out,
      totalOwed,
      totalPaid,
      totalOutstanding: totalOut,
      paidOff: totalOut === 0,
      payable: totalOut > 0 && (prepaymentAllowed || x.dueDate <= asOf),
    };
  });
  const unpaid = instalments.filter((x) => !x.paidOff);
  const outstandingTotal = sumAmounts(outstanding);
  const amountDueNow = unpaid.filter((x) => x.dueDate <= asOf).reduce((acc, x) => acc + x.totalOutstanding, 0);
  const overdue = unpaid.some((x) => x.dueDate < asOf);
  return {
    asOf,
    instalments,
    totals: { owed, paid, outstanding, owedTotal: sumAmounts(owed), paidTotal: sumAmounts(paid), outstandingTotal },
    amountDueNow,
    payableNow: prepaymentAllowed ? outstandingTotal : amountDueNow,
    nextDueDate: unpaid[0]?.dueDate ?? null,
    daysLate: unpaid[0]?.daysLate ?? 0,
    overdue,
    prepaymentFrom: from,
    prepaymentAllowed,
    credit: s.credit,
    extensionFeePaid: s.extensionFeePaid,
    extensionVatPaid: s.extensionVatPaid,
    expectedStatus: outstandingTotal === 0 ? '200' : overdue ? '180' : '174',
  };
}

/** What is owed as of day D: the state accrued through D (nothing stored), summarised. */
export function positionAsOf(state: LedgerState, asOf: CalendarDate): LoanPosition {
  return summarise(accrueLateCharges(state, asOf).state, asOf);
}

// ---------------------------------------------------------------------------
// Allocation of a repayment
// ---------------------------------------------------------------------------

/**
 * ALLOCATION_ORDER over the payable instalments (due on or before the value
 * date; all of them once PREPAYMENT_WINDOW is open), oldest first; the rest is
 * OVERPAYMENT_CREDIT. The state must be accrued through the value date.
 */
export function allocateRepayment(
  state: LedgerState,
  amount: Minor,
  valueDate: CalendarDate,
): { state: LedgerState; allocations: Allocation[] } {
  assertMinor(amount);
  if (amount < 0) throw new RangeError('amount must not be negative');
  const s = cloneState(state);
  const prepaymentAllowed = valueDate >= prepaymentFrom(s.terms);
  const allocations: Allocation[] = [];
  let rest = amount;
  for (const x of s.instalments) {
    if (rest === 0) break;
    if (!prepaymentAllowed && x.dueDate > valueDate) continue;
    for (const c of allocationOrder) {
      const take = Math.min(rest, x.owed[c] - x.paid[c]);
      if (take <= 0) continue;
      x.paid[c] += take;
      rest -= take;
      allocations.push({ instalmentId: x.id, seq: x.seq, component: c, amount: take });
      if (rest === 0) break;
    }
  }
  if (rest > 0) {
    s.credit += rest;
    allocations.push({ instalmentId: null, seq: null, component: 'overpayment', amount: rest });
  }
  return { state: s, allocations };
}

// ---------------------------------------------------------------------------
// Extension
// ---------------------------------------------------------------------------

export type ExtensionUnavailable = 'disabled' | 'nothingOwed' | 'nothingToExtend';

export type ExtensionQuote = {
  available: boolean;
  reason?: ExtensionUnavailable;
  /** The day the quote is for (the value date). */
  asOf: CalendarDate;
  /** Total to pay: lateCharges + dueInterest + dueInterestVat + fee + feeVat. */
  amount: Minor;
  lateCharges: Minor;
  dueInterest: Minor;
  dueInterestVat: Minor;
  fee: Minor;
  feeVat: Minor;
  /** Due date of the first instalment that moves, before and after. */
  fromDueDate: CalendarDate | null;
  toDueDate: CalendarDate | null;
  shiftDays: number;
  /** Per instalment: what the extension pays of it. */
  parts: { instalmentId: number; seq: number; default_penalty: Minor; late_fee: Minor; vat: Minor; interest: Minor }[];
  /** Instalments whose due date moves (unpaid after the extension's parts are paid). */
  movedInstalmentIds: number[];
};

/**
 * The extension amount on day D (the state accrued through D): late charges,
 * due interest with VAT_SHARE_OF_DUE_INTEREST, EXTENSION_FEE_ONE_TERM_INTEREST
 * and EXTENSION_FEE_VAT; the dates per EXTENSION_DUE_SHIFT.
 */
export function quoteExtensionOn(state: LedgerState, asOf: CalendarDate): ExtensionQuote {
  const { terms } = state;
  const parts: ExtensionQuote['parts'] = [];
  let lateCharges = 0;
  let dueInterest = 0;
  let dueInterestVat = 0;
  let unpaidPrincipal = 0;
  const moved: InstalmentState[] = [];
  for (const x of state.instalments) {
    const out = outstandingOf(x);
    unpaidPrincipal += out.principal;
    const isDue = x.dueDate <= asOf;
    const interest = isDue ? out.interest : 0;
    const vat = isDue ? Math.min(out.vat, ppmOf(out.interest, terms.vatPpm)) : 0;
    const part = { instalmentId: x.id, seq: x.seq, default_penalty: out.default_penalty, late_fee: out.late_fee, vat, interest };
    const partTotal = part.default_penalty + part.late_fee + vat + interest;
    if (partTotal > 0) parts.push(part);
    lateCharges += out.default_penalty + out.late_fee;
    dueInterest += interest;
    dueInterestVat += vat;
    if (totalOutstanding(x) - partTotal > 0) moved.push(x);
  }
  const fee = ppmOf(unpaidPrincipal, terms.dailyRatePpm, terms.termUnitDays);
  const feeVat = ppmOf(fee, terms.vatPpm);
  const first = moved[0];
  const fromDueDate = first?.dueDate ?? null;
  const toDueDate = first ? addDays(maxDate(first.dueDate, asOf), terms.termUnitDays) : null;
  const shiftDays = first && toDueDate ? daysBetween(first.dueDate, toDueDate) : 0;
  const owedSomething = state.instalments.some((x) => totalOutstanding(x) > 0);
  const reason: ExtensionUnavailable | undefined = !terms.extensionEnabled
    ? 'disabled'
    : !owedSomething
      ? 'nothingOwed'
      : !first
        ? 'nothingToExtend'
        : undefined;
  return {
    available: reason === undefined,
    ...(reason ? { reason } : {}),
    asOf,
    amount: lateCharges + dueInterest + dueInterestVat + fee + feeVat,
    lateCharges,
    dueInterest,
    dueInterestVat,
    fee,
    feeVat,
    fromDueDate,
    toDueDate,
    shiftDays,
    parts,
    movedInstalmentIds: moved.map((x) => x.id),
  };
}

/**
 * Buys the quoted extension with `amount` (≥ quote.amount): allocates the
 * parts, then extension_fee and extension_vat, moves the unpaid instalments by
 * shiftDays, and returns what is left for allocateRepayment.
 */
export function applyExtension(
  state: LedgerState,
  quote: ExtensionQuote,
  amount: Minor,
): { state: LedgerState; allocations: Allocation[]; rest: Minor } {
  if (!quote.available || amount < quote.amount) throw new RangeError('extension not available for this amount');
  const s = cloneState(state);
  const byId = new Map(s.instalments.map((x) => [x.id, x]));
  const allocations: Allocation[] = [];
  for (const p of quote.parts) {
    const x = byId.get(p.instalmentId)!;
    for (const c of ['default_penalty', 'late_fee', 'vat', 'interest'] as const) {
      const take = p[c];
      if (take <= 0) continue;
      x.paid[c] += take;
      allocations.push({ instalmentId: x.id, seq: x.seq, component: c, amount: take });
    }
  }
  if (quote.fee > 0) allocations.push({ instalmentId: null, seq: null, component: 'extension_fee', amount: quote.fee });
  if (quote.feeVat > 0) allocations.push({ instalmentId: null, seq: null, component: 'extension_vat', amount: quote.feeVat });
  s.extensionFeePaid += quote.fee;
  s.extensionVatPaid += quote.feeVat;
  const moved = new Set(quote.movedInstalmentIds);
  for (const x of s.instalments) if (moved.has(x.id)) x.dueDate = addDays(x.dueDate, quote.shiftDays);
  return { state: s, allocations, rest: amount - quote.amount };
}

// ---------------------------------------------------------------------------
// One payment, and a replay of many
// ---------------------------------------------------------------------------

export type PaymentEvent = {
  amount: Minor;
  purpose: PaymentPurpose;
  /** The day the money was received (the value date before VALUE_DATE_NOT_BEFORE_LAST). */
  date: CalendarDate;
};

export type AppliedPayment = {
  valueDate: CalendarDate;
  amount: Minor;
  purpose: PaymentPurpose;
  charges: LateCharge[];
  allocations: Allocation[];
  /** The extension bought, when the payment bought one. */
  extension?: ExtensionQuote;
  /** For purpose 'extension' that did not buy one: why (the money went to repayment). */
  extensionRefused?: ExtensionUnavailable | 'amountTooLow';
};

/** VALUE_DATE_NOT_BEFORE_LAST. */
export function valueDateFor(state: LedgerState, received: CalendarDate): CalendarDate {
  let d = maxDate(received, state.terms.disbursedOn);
  if (state.accruedThrough !== null) d = maxDate(d, state.accruedThrough);
  return d;
}

/**
 * Applies one payment: value date, late charges accrued through it
 * (crystallised), then the extension when one is asked for, available and paid
 * in full, then the repayment allocation of what is left (credit beyond).
 */
export function applyPaymentEvent(state: LedgerState, event: PaymentEvent): { state: LedgerState; applied: AppliedPayment } {
  assertMinor(event.amount);
  if (event.amount <= 0) throw new RangeError('a payment amount must be positive');
  const valueDate = valueDateFor(state, event.date);
  const accrued = accrueLateCharges(state, valueDate);
  let s = accrued.state;
  const allocations: Allocation[] = [];
  let rest = event.amount;
  let extension: ExtensionQuote | undefined;
  let extensionRefused: AppliedPayment['extensionRefused'];
  if (event.purpose === 'extension') {
    const quote = quoteExtensionOn(s, valueDate);
    if (!quote.available) extensionRefused = quote.reason;
    else if (event.amount < quote.amount) extensionRefused = 'amountTooLow';
    else {
      const ext = applyExtension(s, quote, event.amount);
      s = ext.state;
      allocations.push(...ext.allocations);
      rest = ext.rest;
      extension = quote;
    }
  }
  if (rest > 0) {
    const rep = allocateRepayment(s, rest, valueDate);
    s = rep.state;
    allocations.push(...rep.allocations);
  }
  return {
    state: s,
    applied: {
      valueDate,
      amount: event.amount,
      purpose: event.purpose,
      charges: accrued.charges,
      allocations,
      ...(extension ? { extension } : {}),
      ...(extensionRefused ? { extensionRefused } : {}),
    },
  };
}

/** Applies payments in order: the pure replay the database must always agree with. */
export function replayPayments(initial: LedgerState, events: readonly PaymentEvent[]): { state: LedgerState; applied: AppliedPayment[] } {
  let s = initial;
  const applied: AppliedPayment[] = [];
  for (const e of events) {
    const r = applyPaymentEvent(s, e);
    s = r.state;
    applied.push(r.applied);
  }
  return { state: s, applied };
}
