import { addDays, daysBetween, type CalendarDate } from '@presta/contract/dates';
import type { TaxableCharge } from '@presta/contract/markets';
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

/** Late charge base: the instalment's unpaid principal + interest + commission + tax; late charges are never in the base. */
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
/** Maturity: the loan's final due date, the current due date of its last instalment (an extension moves it). */
export const MATURITY_LAST_DUE_DATE = 'MATURITY_LAST_DUE_DATE';
/**
 * Up to maturity (value date on or before it): the payable instalments oldest first, each in full before the
 * next; within one default_penalty → late_fee → commission → tax → interest → principal.
 */
export const ALLOCATION_BY_INSTALMENT = 'ALLOCATION_BY_INSTALMENT';
/**
 * After maturity (the loan terms: "lawful charges, enforcement expenses, late fees, then fees, interest and
 * principal"): by component across every instalment, oldest first within each: default penalty, late fees,
 * commission, the commission's tax, the rest of the tax (the interest's), interest, principal.
 */
export const ALLOCATION_BY_COMPONENT = 'ALLOCATION_BY_COMPONENT';
/** The commission's share of an instalment's tax = min(tax, HALF_UP(commission × tax ppm / 1e6)) when the tax is on the commission; tax paid counts against it first. */
export const TAX_COMMISSION_SHARE_FIRST = 'TAX_COMMISSION_SHARE_FIRST';
/** What no payable component can take is recorded as the borrower's credit. */
export const OVERPAYMENT_CREDIT = 'OVERPAYMENT_CREDIT';
/**
 * Credit is applied by itself, in the allocation order of the day, on each day amounts become payable (a due
 * date, the prepayment window's first day), at the start of that day: before any late charge accrues on them.
 */
export const CREDIT_APPLIED_WHEN_PAYABLE = 'CREDIT_APPLIED_WHEN_PAYABLE';
/** The credit held is shown against the amounts it will pay: oldest unpaid instalment first, in the allocation order. */
export const CREDIT_COVER_PROJECTION = 'CREDIT_COVER_PROJECTION';
/** Only the credit of a settled loan (nothing owed) is refunded, never more than the credit. */
export const REFUND_SETTLED_CREDIT_ONLY = 'REFUND_SETTLED_CREDIT_ONLY';
/** Prepayment from disbursedOn + max(7, ceil(periods × termUnitDays / 2)) days; before that only what is due is payable. */
export const PREPAYMENT_WINDOW = 'PREPAYMENT_WINDOW';
/** Extension fee = HALF_UP(unpaid principal × dailyRatePpm × termUnitDays / 1e6): the interest of the added term. */
export const EXTENSION_FEE_ONE_TERM_INTEREST = 'EXTENSION_FEE_ONE_TERM_INTEREST';
/** Tax on the extension fee = HALF_UP(fee × tax ppm / 1e6) when the market taxes it (Mexico), else 0 (India). */
export const EXTENSION_FEE_TAX = 'EXTENSION_FEE_TAX';
/** Tax share of due interest = min(unpaid tax, HALF_UP(unpaid interest × tax ppm / 1e6)) when the market taxes interest (Mexico), else 0. */
export const TAX_SHARE_OF_DUE_INTEREST = 'TAX_SHARE_OF_DUE_INTEREST';
/** Extension: every unpaid instalment moves by the same days; the first to max(its due date, D) + termUnitDays. */
export const EXTENSION_DUE_SHIFT = 'EXTENSION_DUE_SHIFT';
/**
 * What the borrower must pay next: the earliest instalment with something left after the credit held (its due
 * date), and the outstanding, less that credit, of every unpaid instalment due on or before the later of that
 * date and today.
 */
export const AMOUNT_DUE_BY_NEXT_DUE_DATE = 'AMOUNT_DUE_BY_NEXT_DUE_DATE';
/**
 * India's KFS cooling-off: an exit may be asked for from the disbursal day through disbursedOn + coolingOffDays
 * (the KFS's "until" day), while nothing has fallen due.
 */
export const COOLING_OFF_PERIOD = 'COOLING_OFF_PERIOD';
/** Days used = max(1, request day − disbursal day): the disbursal day counts as one day used. */
export const COOLING_OFF_DAYS_USED = 'COOLING_OFF_DAYS_USED';
/**
 * Exit interest = min(scheduled interest, HALF_UP(principal outstanding × daily rate ppm × days used / 1e6)): the
 * interest for the days used, at the loan's own daily rate (APR-proportionate); never more than the schedule's.
 */
export const COOLING_OFF_INTEREST_DAYS_USED = 'COOLING_OFF_INTEREST_DAYS_USED';
/**
 * Exit amount = principal outstanding + exit interest − interest already paid; the processing fee, its tax and
 * the rest of the interest are waived (ledger_waivers) when the money received for the exit reaches it.
 */
export const COOLING_OFF_EXIT_WAIVES_REST = 'COOLING_OFF_EXIT_WAIVES_REST';

export const ledgerRules = [
  LATE_BASE_UNPAID_SCHEDULED,
  LATE_DAILY_HALF_UP,
  MX_DAILY_FINE_3PCT,
  IN_LATE_INTEREST_TIERS,
  IN_DEFAULT_PENALTY_ONE_OFF,
  VALUE_DATE_NOT_BEFORE_LAST,
  MATURITY_LAST_DUE_DATE,
  ALLOCATION_BY_INSTALMENT,
  ALLOCATION_BY_COMPONENT,
  TAX_COMMISSION_SHARE_FIRST,
  OVERPAYMENT_CREDIT,
  CREDIT_APPLIED_WHEN_PAYABLE,
  CREDIT_COVER_PROJECTION,
  REFUND_SETTLED_CREDIT_ONLY,
  PREPAYMENT_WINDOW,
  EXTENSION_FEE_ONE_TERM_INTEREST,
  EXTENSION_FEE_TAX,
  TAX_SHARE_OF_DUE_INTEREST,
  EXTENSION_DUE_SHIFT,
  AMOUNT_DUE_BY_NEXT_DUE_DATE,
  COOLING_OFF_PERIOD,
  COOLING_OFF_DAYS_USED,
  COOLING_OFF_INTEREST_DAYS_USED,
  COOLING_OFF_EXIT_WAIVES_REST,
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

/**
 * Instalment components in ALLOCATION_BY_INSTALMENT order. 'vat' is the market's tax on the instalment (IVA in
 * Mexico, GST in India): the stored name predates the second market.
 */
export const allocationOrder = ['default_penalty', 'late_fee', 'commission', 'vat', 'interest', 'principal'] as const;
export type InstalmentComponent = (typeof allocationOrder)[number];
/** Loan-level: the extension's fee and its tax, a payment's excess held as credit, credit refunded. */
export type LoanComponent = 'extension_fee' | 'extension_vat' | 'overpayment' | 'refund';
export type Component = InstalmentComponent | LoanComponent;
export type LateChargeKind = 'default_penalty' | 'late_fee';
export type PaymentPurpose = 'repayment' | 'extension';

/**
 * ALLOCATION_BY_COMPONENT's steps: each across every instalment, oldest first. The tax is taken in two steps
 * (TAX_COMMISSION_SHARE_FIRST): the commission's share with the fees, the rest (the interest's) with the interest.
 */
export const allocationStepsAfterMaturity = [
  'default_penalty',
  'late_fee',
  'commission',
  'vat_on_commission',
  'vat_on_interest',
  'interest',
  'principal',
] as const;

export type Amounts = Record<InstalmentComponent, Minor>;

const zeroAmounts = (): Amounts => ({ default_penalty: 0, late_fee: 0, commission: 0, vat: 0, interest: 0, principal: 0 });

/** The tax of a loan: its rate and the charges it applies to (the order's snapshot of its market's rule). */
export type TaxTerms = { ratePpm: number; base: readonly TaxableCharge[] };

/** The loan's terms as the ledger needs them (the order's snapshot and its product's rules). */
export type LedgerTerms = {
  disbursedOn: CalendarDate;
  periods: number;
  termUnitDays: number;
  dailyRatePpm: number;
  tax: TaxTerms;
  lateRule: LateRule;
  /** The one-off default penalty of this loan (defaultPenaltyFor), 0 for none. */
  defaultPenalty: Minor;
  extensionEnabled: boolean;
};

/** A plan row: scheduled components and the current due date ('vat': the instalment's tax). */
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
  /** Paid by payments and by credit applied. */
  paid: Amounts;
  /** Waived by a cooling-off exit (COOLING_OFF_EXIT_WAIVES_REST): owed = paid + waived + outstanding. */
  waived: Amounts;
};

/** A cooling-off exit asked for (COOLING_OFF_PERIOD): fixed when asked, valid through expiresOn. */
export type CoolingOffExit = {
  /** The stored request's id (0 in the pure replay). */
  id: number;
  requestedOn: CalendarDate;
  expiresOn: CalendarDate;
  daysUsed: number;
  /** Principal outstanding when asked. */
  principal: Minor;
  /** COOLING_OFF_INTEREST_DAYS_USED. */
  interest: Minor;
  /** What the borrower pays to leave, as asked: principal + interest − interest already paid. */
  amount: Minor;
};

export type LedgerState = {
  terms: LedgerTerms;
  /** Late charges and credit applications are crystallised through this day (the last value date); null before the first payment. */
  accruedThrough: CalendarDate | null;
  /** Ascending seq (and due date). */
  instalments: InstalmentState[];
  extensionFeePaid: Minor;
  extensionTaxPaid: Minor;
  /** Money received (every payment's amount). */
  received: Minor;
  /** Credit held for the borrower: overpayments − credit applied − refunds. */
  credit: Minor;
  /** Credit applied to instalments (CREDIT_APPLIED_WHEN_PAYABLE), in all. */
  creditApplied: Minor;
  /** Credit refunded to the borrower, in all. */
  refunded: Minor;
  /** The cooling-off exit in force (asked for, not carried out), or null. */
  exit: CoolingOffExit | null;
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
  /** null for the loan-level components (extension_fee, extension_vat, overpayment, refund). */
  instalmentId: number | null;
  seq: number | null;
  component: Component;
  amount: Minor;
};

/** Credit applied by itself on one day (CREDIT_APPLIED_WHEN_PAYABLE): where it went. */
export type CreditApplication = { day: CalendarDate; amount: Minor; allocations: Allocation[] };

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
    instalments: s.instalments.map((x) => ({ ...x, owed: { ...x.owed }, paid: { ...x.paid }, waived: { ...x.waived } })),
  };
}

export function outstandingOf(x: InstalmentState): Amounts {
  const out = zeroAmounts();
  for (const c of allocationOrder) out[c] = x.owed[c] - x.paid[c] - x.waived[c];
  return out;
}

/** LATE_BASE_UNPAID_SCHEDULED. */
export function lateBase(x: InstalmentState): Minor {
  const out = outstandingOf(x);
  return out.principal + out.interest + out.commission + out.vat;
}

export const totalOutstanding = (x: InstalmentState) => sumAmounts(x.owed) - sumAmounts(x.paid) - sumAmounts(x.waived);

/** Whether the loan's tax applies to a charge (the order's snapshot of its market's base). */
export const taxes = (tax: TaxTerms, charge: TaxableCharge) => tax.base.includes(charge);

/** TAX_COMMISSION_SHARE_FIRST: the part of an instalment's tax that is the commission's. */
export function commissionTaxShare(x: InstalmentState, tax: TaxTerms): Minor {
  return taxes(tax, 'commission') ? Math.min(x.owed.vat, ppmOf(x.owed.commission, tax.ratePpm)) : 0;
}

/** PREPAYMENT_WINDOW: the first day instalments not yet due may be paid. */
export function prepaymentFrom(terms: Pick<LedgerTerms, 'disbursedOn' | 'periods' | 'termUnitDays'>): CalendarDate {
  const halfTerm = Math.ceil((terms.periods * terms.termUnitDays) / 2);
  return addDays(terms.disbursedOn, Math.max(PREPAYMENT_MIN_DAYS, halfTerm));
}

/** MATURITY_LAST_DUE_DATE. */
export function maturityOf(state: Pick<LedgerState, 'instalments' | 'terms'>): CalendarDate {
  return state.instalments.reduce((d, x) => maxDate(d, x.dueDate), state.terms.disbursedOn);
}

/** May the instalment take money on `day`: due on or before it, or the prepayment window is open. */
function payableOn(s: LedgerState, day: CalendarDate): (x: InstalmentState) => boolean {
  const prepaymentAllowed = day >= prepaymentFrom(s.terms);
  return (x) => prepaymentAllowed || x.dueDate <= day;
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
        waived: zeroAmounts(),
      };
    });
  return { terms, accruedThrough: null, instalments, extensionFeePaid: 0, extensionTaxPaid: 0, received: 0, credit: 0, creditApplied: 0, refunded: 0, exit: null };
}

/** A stored allocation row, summed: from a payment, or (fromCredit) from a credit event. */
export type StoredAllocation = { instalmentId: number | null; component: Component; amount: Minor; fromCredit?: boolean };

/**
 * The state stored in the database: the plan (current due dates), the
 * crystallised charges and the allocations (of payments and of credit
 * events), sums per instalment and component.
 */
export function stateFromLedger(
  terms: LedgerTerms,
  plan: readonly PlanInstalment[],
  charges: readonly { instalmentId: number; kind: LateChargeKind; amount: Minor }[],
  allocations: readonly StoredAllocation[],
  accruedThrough: CalendarDate | null,
  cooling: { waivers?: readonly { instalmentId: number; component: InstalmentComponent; amount: Minor }[]; exit?: CoolingOffExit | null } = {},
): LedgerState {
  const s = initialState(terms, plan);
  s.accruedThrough = accruedThrough;
  s.exit = cooling.exit ?? null;
  const byId = new Map(s.instalments.map((x) => [x.id, x]));
  for (const c of charges) {
    const x = byId.get(c.instalmentId);
    if (!x) throw new Error(`late charge on an unknown instalment ${c.instalmentId}`);
    x.owed[c.kind] += c.amount;
  }
  for (const a of allocations) {
    const fromCredit = a.fromCredit === true || a.component === 'refund';
    if (fromCredit) s.credit -= a.amount;
    else s.received += a.amount;
    if (a.component === 'extension_fee') s.extensionFeePaid += a.amount;
    else if (a.component === 'extension_vat') s.extensionTaxPaid += a.amount;
    else if (a.component === 'overpayment') s.credit += a.amount;
    else if (a.component === 'refund') s.refunded += a.amount;
    else {
      const x = a.instalmentId === null ? undefined : byId.get(a.instalmentId);
      if (!x) throw new Error(`allocation on an unknown instalment ${a.instalmentId}`);
      x.paid[a.component] += a.amount;
      if (fromCredit) s.creditApplied += a.amount;
    }
  }
  for (const w of cooling.waivers ?? []) {
    const x = byId.get(w.instalmentId);
    if (!x) throw new Error(`waiver on an unknown instalment ${w.instalmentId}`);
    x.waived[w.component] += w.amount;
  }
  return s;
}

// ---------------------------------------------------------------------------
// Allocation (ALLOCATION_BY_INSTALMENT up to maturity, ALLOCATION_BY_COMPONENT after)
// ---------------------------------------------------------------------------

/**
 * Takes up to `amount` from what is payable on `day` (s is changed in place): ALLOCATION_BY_INSTALMENT on or
 * before maturity, ALLOCATION_BY_COMPONENT after it. Returns the allocations and what is left.
 */
function allocateInto(s: LedgerState, amount: Minor, day: CalendarDate): { allocations: Allocation[]; rest: Minor } {
  const allocations: Allocation[] = [];
  let rest = amount;
  const take = (x: InstalmentState, component: InstalmentComponent, most: Minor) => {
    const t = Math.min(rest, most);
    if (t <= 0) return;
    x.paid[component] += t;
    rest -= t;
    const last = allocations.at(-1);
    if (last && last.instalmentId === x.id && last.component === component) last.amount += t;
    else allocations.push({ instalmentId: x.id, seq: x.seq, component, amount: t });
  };
  if (day > maturityOf(s)) {
    // After maturity every instalment is due: by component across all of them.
    for (const step of allocationStepsAfterMaturity) {
      for (const x of s.instalments) {
        if (rest === 0) break;
        if (step === 'vat_on_commission') take(x, 'vat', commissionTaxShare(x, s.terms.tax) - x.paid.vat - x.waived.vat);
        else if (step === 'vat_on_interest') take(x, 'vat', outstandingOf(x).vat);
        else take(x, step, outstandingOf(x)[step]);
      }
    }
  } else {
    const payable = payableOn(s, day);
    for (const x of s.instalments) {
      if (rest === 0) break;
      if (!payable(x)) continue;
      for (const c of allocationOrder) {
        take(x, c, outstandingOf(x)[c]);
        if (rest === 0) break;
      }
    }
  }
  return { allocations, rest };
}

/**
 * A repayment of `amount` on `valueDate` over what is payable (allocateInto); the rest is OVERPAYMENT_CREDIT.
 * The state must be accrued through the value date.
 */
export function allocateRepayment(
  state: LedgerState,
  amount: Minor,
  valueDate: CalendarDate,
): { state: LedgerState; allocations: Allocation[] } {
  assertMinor(amount);
  if (amount < 0) throw new RangeError('amount must not be negative');
  const s = cloneState(state);
  const { allocations, rest } = allocateInto(s, amount, valueDate);
  if (rest > 0) {
    s.credit += rest;
    allocations.push({ instalmentId: null, seq: null, component: 'overpayment', amount: rest });
  }
  return { state: s, allocations };
}

/** CREDIT_APPLIED_WHEN_PAYABLE on one day (s is changed in place): the credit held, over what is payable that day. */
function applyCreditOn(s: LedgerState, day: CalendarDate): CreditApplication | undefined {
  if (s.credit <= 0) return undefined;
  const { allocations, rest } = allocateInto(s, s.credit, day);
  const amount = s.credit - rest;
  if (amount === 0) return undefined;
  s.credit = rest;
  s.creditApplied += amount;
  return { day, amount, allocations };
}

// ---------------------------------------------------------------------------
// Late charges, and the credit applied as amounts become payable
// ---------------------------------------------------------------------------

/** Late charges from the day after accruedThrough (or after each due date) through `through` (s is changed in place). */
function accrueChargesInto(s: LedgerState, through: CalendarDate, charges: LateCharge[]): void {
  if (s.accruedThrough !== null && through <= s.accruedThrough) return;
  const { terms } = s;
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
}

/**
 * The days credit may be applied on, from the last crystallised day through `through`: that day itself (money
 * held before issue 12 while something was payable), every due date and the prepayment window's first day.
 */
function creditDays(s: LedgerState, through: CalendarDate): CalendarDate[] {
  const from = s.accruedThrough;
  if (from === null) return [];
  const days = new Set([from, prepaymentFrom(s.terms), ...s.instalments.map((x) => x.dueDate)]);
  return [...days].filter((d) => d >= from && d <= through).sort();
}

/**
 * Accrues late charges through `through` on each instalment's LATE_BASE_UNPAID_SCHEDULED at
 * LATE_DAILY_HALF_UP, with the product's rule (MX_DAILY_FINE_3PCT or IN_LATE_INTEREST_TIERS plus
 * IN_DEFAULT_PENALTY_ONE_OFF), applying the credit held on each day amounts become payable, before that
 * day's charges (CREDIT_APPLIED_WHEN_PAYABLE): no charge accrues on an amount the credit covers. Returns the
 * new state (accruedThrough = through), the charges and the credit applications to crystallise. A day on or
 * before accruedThrough is never charged twice.
 */
export function accrueLateCharges(
  state: LedgerState,
  through: CalendarDate,
): { state: LedgerState; charges: LateCharge[]; creditApplications: CreditApplication[] } {
  if (state.accruedThrough !== null && through < state.accruedThrough) return { state, charges: [], creditApplications: [] };
  const s = cloneState(state);
  const charges: LateCharge[] = [];
  const creditApplications: CreditApplication[] = [];
  for (const day of creditDays(s, through)) {
    if (s.credit <= 0) break;
    accrueChargesInto(s, addDays(day, -1), charges);
    const applied = applyCreditOn(s, day);
    if (applied) creditApplications.push(applied);
  }
  accrueChargesInto(s, through, charges);
  return { state: s, charges, creditApplications };
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
  /** Waived by a cooling-off exit. */
  waived: Amounts;
  outstanding: Amounts;
  totalOwed: Minor;
  totalPaid: Minor;
  totalWaived: Minor;
  totalOutstanding: Minor;
  /** CREDIT_COVER_PROJECTION: the part of totalOutstanding the credit held will pay when it becomes payable. */
  creditCover: Minor;
  /** totalOutstanding − creditCover: what the borrower still has to pay for it. */
  dueAfterCredit: Minor;
  paidOff: boolean;
  /** May take money on asOf (due, or the prepayment window is open). */
  payable: boolean;
};

export type LoanPosition = {
  asOf: CalendarDate;
  instalments: InstalmentPosition[];
  /** owed = paid + waived + outstanding, per component and in total. */
  totals: {
    owed: Amounts;
    paid: Amounts;
    waived: Amounts;
    outstanding: Amounts;
    owedTotal: Minor;
    paidTotal: Minor;
    waivedTotal: Minor;
    outstandingTotal: Minor;
  };
  /** Outstanding on the instalments due on or before asOf (the credit held has already been applied to them). */
  amountDueNow: Minor;
  /** What a repayment can take on asOf: amountDueNow, or everything once prepayment is allowed. */
  payableNow: Minor;
  /** Due date of the earliest instalment not paid off (null when none). */
  nextDueDate: CalendarDate | null;
  /** AMOUNT_DUE_BY_NEXT_DUE_DATE: when and how much the borrower must pay next, after the credit held; null when nothing is left to pay. */
  nextPayment: { dueDate: CalendarDate; amount: Minor } | null;
  /**
   * The cooling-off exit in force on asOf (asked for, within its validity, not carried out): `due` is what the
   * borrower still has to pay for it after the credit held (also nextPayment, by expiresOn). Null otherwise.
   */
  coolingOffExit: (CoolingOffExit & { due: Minor }) | null;
  /** Days late of the earliest unpaid instalment (0 when not late). */
  daysLate: number;
  /** An unpaid instalment fell due before asOf. */
  overdue: boolean;
  prepaymentFrom: CalendarDate;
  prepaymentAllowed: boolean;
  /** MATURITY_LAST_DUE_DATE, and whether asOf is after it (ALLOCATION_BY_COMPONENT). */
  maturityDate: CalendarDate;
  afterMaturity: boolean;
  /** Money received (every payment). */
  received: Minor;
  /** Credit held now: overpayments not yet applied nor refunded. */
  credit: Minor;
  /** Credit applied to instalments so far (part of totals.paid). */
  creditApplied: Minor;
  /** Credit refunded so far. */
  refunded: Minor;
  extensionFeePaid: Minor;
  extensionTaxPaid: Minor;
  /** The status the order should read: 200 nothing owed, 180 overdue, else 174. */
  expectedStatus: '174' | '180' | '200';
};

/** CREDIT_COVER_PROJECTION: the credit held over the unpaid instalments, oldest first (what it will pay of each). */
function creditCovers(s: LedgerState): Map<number, Minor> {
  const covers = new Map<number, Minor>();
  let rest = s.credit;
  for (const x of s.instalments) {
    const cover = Math.min(rest, totalOutstanding(x));
    covers.set(x.id, cover);
    rest -= cover;
  }
  return covers;
}

/** Summarises a state as of a day, WITHOUT accruing (see positionAsOf). */
export function summarise(s: LedgerState, asOf: CalendarDate): LoanPosition {
  const from = prepaymentFrom(s.terms);
  const prepaymentAllowed = asOf >= from;
  const maturityDate = maturityOf(s);
  const covers = creditCovers(s);
  const owed = zeroAmounts();
  const paid = zeroAmounts();
  const waived = zeroAmounts();
  const outstanding = zeroAmounts();
  const instalments = s.instalments.map((x): InstalmentPosition => {
    const out = outstandingOf(x);
    for (const c of allocationOrder) {
      owed[c] += x.owed[c];
      paid[c] += x.paid[c];
      waived[c] += x.waived[c];
      outstanding[c] += out[c];
    }
    const totalOwed = sumAmounts(x.owed);
    const totalPaid = sumAmounts(x.paid);
    const totalWaived = sumAmounts(x.waived);
    const totalOut = totalOwed - totalPaid - totalWaived;
    const creditCover = covers.get(x.id) ?? 0;
    return {
      id: x.id,
      seq: x.seq,
      dueDate: x.dueDate,
      daysLate: totalOut > 0 ? Math.max(0, daysBetween(x.dueDate, asOf)) : 0,
      owed: { ...x.owed },
      paid: { ...x.paid },
      waived: { ...x.waived },
      outstanding: out,
      totalOwed,
      totalPaid,
      totalWaived,
      totalOutstanding: totalOut,
      creditCover,
      dueAfterCredit: totalOut - creditCover,
      paidOff: totalOut === 0,
      payable: totalOut > 0 && (prepaymentAllowed || x.dueDate <= asOf),
    };
  });
  const unpaid = instalments.filter((x) => !x.paidOff);
  const outstandingTotal = sumAmounts(outstanding);
  const amountDueNow = unpaid.filter((x) => x.dueDate <= asOf).reduce((acc, x) => acc + x.totalOutstanding, 0);
  const overdue = unpaid.some((x) => x.dueDate < asOf);
  // AMOUNT_DUE_BY_NEXT_DUE_DATE
  const next = unpaid.find((x) => x.dueAfterCredit > 0);
  const dueUpTo = next ? maxDate(next.dueDate, asOf) : asOf;
  const exit = s.exit && outstandingTotalOf(s) > 0 && asOf <= s.exit.expiresOn ? { ...s.exit, due: Math.max(0, exitDue(s) - s.credit) } : null;
  const nextPayment = exit
    ? { dueDate: exit.expiresOn, amount: exit.due }
    : next
      ? { dueDate: next.dueDate, amount: unpaid.filter((x) => x.dueDate <= dueUpTo).reduce((acc, x) => acc + x.dueAfterCredit, 0) }
      : null;
  return {
    asOf,
    instalments,
    totals: { owed, paid, waived, outstanding, owedTotal: sumAmounts(owed), paidTotal: sumAmounts(paid), waivedTotal: sumAmounts(waived), outstandingTotal },
    amountDueNow,
    payableNow: prepaymentAllowed ? outstandingTotal : amountDueNow,
    nextDueDate: unpaid[0]?.dueDate ?? null,
    nextPayment,
    coolingOffExit: exit,
    daysLate: unpaid[0]?.daysLate ?? 0,
    overdue,
    prepaymentFrom: from,
    prepaymentAllowed,
    maturityDate,
    afterMaturity: asOf > maturityDate,
    received: s.received,
    credit: s.credit,
    creditApplied: s.creditApplied,
    refunded: s.refunded,
    extensionFeePaid: s.extensionFeePaid,
    extensionTaxPaid: s.extensionTaxPaid,
    expectedStatus: outstandingTotal === 0 ? '200' : overdue ? '180' : '174',
  };
}

/**
 * Whether a repaying order's stored status (174, 180) is not the one its position gives: it fell due, was
 * cured, or the credit it holds settled it (refreshLedgerStatus moves it). Settled and other statuses: false.
 */
export function ledgerStatusDiffers(status: string, position: Pick<LoanPosition, 'expectedStatus'>): boolean {
  return (status === '174' || status === '180') && position.expectedStatus !== status;
}

/** What is owed as of day D: the state accrued through D, the credit applied as amounts became payable (nothing stored), summarised. */
export function positionAsOf(state: LedgerState, asOf: CalendarDate): LoanPosition {
  return summarise(accrueLateCharges(state, asOf).state, asOf);
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
  /** Total to pay: lateCharges + dueInterest + dueInterestTax + fee + feeTax. */
  amount: Minor;
  lateCharges: Minor;
  dueInterest: Minor;
  dueInterestTax: Minor;
  fee: Minor;
  feeTax: Minor;
  /** Due date of the first instalment that moves, before and after. */
  fromDueDate: CalendarDate | null;
  toDueDate: CalendarDate | null;
  shiftDays: number;
  /** Per instalment: what the extension pays of it ('vat': its tax). */
  parts: { instalmentId: number; seq: number; default_penalty: Minor; late_fee: Minor; vat: Minor; interest: Minor }[];
  /** Instalments whose due date moves (unpaid after the extension's parts are paid). */
  movedInstalmentIds: number[];
};

/**
 * The extension amount on day D (the state accrued through D): late charges,
 * due interest with TAX_SHARE_OF_DUE_INTEREST, EXTENSION_FEE_ONE_TERM_INTEREST
 * and EXTENSION_FEE_TAX; the dates per EXTENSION_DUE_SHIFT. The tax parts
 * follow the market's base: 0 where it does not tax interest (India).
 */
export function quoteExtensionOn(state: LedgerState, asOf: CalendarDate): ExtensionQuote {
  const { terms } = state;
  const taxOnInterest = taxes(terms.tax, 'interest');
  const parts: ExtensionQuote['parts'] = [];
  let lateCharges = 0;
  let dueInterest = 0;
  let dueInterestTax = 0;
  let unpaidPrincipal = 0;
  const moved: InstalmentState[] = [];
  for (const x of state.instalments) {
    const out = outstandingOf(x);
    unpaidPrincipal += out.principal;
    const isDue = x.dueDate <= asOf;
    const interest = isDue ? out.interest : 0;
    const vat = isDue && taxOnInterest ? Math.min(out.vat, ppmOf(out.interest, terms.tax.ratePpm)) : 0;
    const part = { instalmentId: x.id, seq: x.seq, default_penalty: out.default_penalty, late_fee: out.late_fee, vat, interest };
    const partTotal = part.default_penalty + part.late_fee + vat + interest;
    if (partTotal > 0) parts.push(part);
    lateCharges += out.default_penalty + out.late_fee;
    dueInterest += interest;
    dueInterestTax += vat;
    if (totalOutstanding(x) - partTotal > 0) moved.push(x);
  }
  const fee = ppmOf(unpaidPrincipal, terms.dailyRatePpm, terms.termUnitDays);
  const feeTax = taxes(terms.tax, 'extension_fee') ? ppmOf(fee, terms.tax.ratePpm) : 0;
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
    amount: lateCharges + dueInterest + dueInterestTax + fee + feeTax,
    lateCharges,
    dueInterest,
    dueInterestTax,
    fee,
    feeTax,
    fromDueDate,
    toDueDate,
    shiftDays,
    parts,
    movedInstalmentIds: moved.map((x) => x.id),
  };
}

/**
 * Buys the quoted extension with `amount` (≥ quote.amount): allocates the
 * parts, then extension_fee and extension_vat (its tax), moves the unpaid
 * instalments by shiftDays, and returns what is left for allocateRepayment.
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
  if (quote.feeTax > 0) allocations.push({ instalmentId: null, seq: null, component: 'extension_vat', amount: quote.feeTax });
  s.extensionFeePaid += quote.fee;
  s.extensionTaxPaid += quote.feeTax;
  const moved = new Set(quote.movedInstalmentIds);
  for (const x of s.instalments) if (moved.has(x.id)) x.dueDate = addDays(x.dueDate, quote.shiftDays);
  return { state: s, allocations, rest: amount - quote.amount };
}

// ---------------------------------------------------------------------------
// Cooling-off exit (India's KFS: COOLING_OFF_*)
// ---------------------------------------------------------------------------

const outstandingTotalOf = (s: LedgerState) => s.instalments.reduce((acc, x) => acc + totalOutstanding(x), 0);

/** What the exit in force still takes: principal outstanding + its interest not yet paid (0 without one). */
function exitDue(s: LedgerState): Minor {
  if (!s.exit) return 0;
  const principal = s.instalments.reduce((acc, x) => acc + outstandingOf(x).principal, 0);
  const interestPaid = s.instalments.reduce((acc, x) => acc + x.paid.interest, 0);
  return principal + Math.max(0, s.exit.interest - interestPaid);
}

export type CoolingOffRefusal = 'outsidePeriod' | 'fallenDue' | 'nothingOwed';

/**
 * The exit a borrower may ask for on `day` (COOLING_OFF_PERIOD, COOLING_OFF_DAYS_USED,
 * COOLING_OFF_INTEREST_DAYS_USED), valid through the period's last day; or why not.
 */
export function quoteCoolingOffExit(
  state: LedgerState,
  day: CalendarDate,
  coolingOffDays: number,
): { exit: CoolingOffExit } | { refusal: CoolingOffRefusal; expiresOn: CalendarDate } {
  const { terms } = state;
  const expiresOn = addDays(terms.disbursedOn, coolingOffDays);
  if (day < terms.disbursedOn || day > expiresOn) return { refusal: 'outsidePeriod', expiresOn };
  const s = accrueLateCharges(state, day).state;
  if (outstandingTotalOf(s) === 0) return { refusal: 'nothingOwed', expiresOn };
  if (s.instalments.some((x) => x.dueDate <= day && totalOutstanding(x) > 0)) return { refusal: 'fallenDue', expiresOn };
  const daysUsed = Math.max(1, daysBetween(terms.disbursedOn, day));
  const principal = s.instalments.reduce((acc, x) => acc + outstandingOf(x).principal, 0);
  const scheduledInterest = s.instalments.reduce((acc, x) => acc + x.owed.interest, 0);
  const interestPaid = s.instalments.reduce((acc, x) => acc + x.paid.interest, 0);
  const interest = Math.min(scheduledInterest, ppmOf(principal, terms.dailyRatePpm, daysUsed));
  const amount = principal + Math.max(0, interest - interestPaid);
  if (amount === 0) return { refusal: 'nothingOwed', expiresOn };
  return { exit: { id: 0, requestedOn: day, expiresOn, daysUsed, principal, interest, amount } };
}

/** Takes up to `budget` for the exit (s is changed in place): its interest, then principal, oldest instalment first. */
function takeForExit(s: LedgerState, budget: Minor): Allocation[] {
  const allocations: Allocation[] = [];
  let rest = budget;
  let interestLeft = Math.max(0, (s.exit?.interest ?? 0) - s.instalments.reduce((acc, x) => acc + x.paid.interest, 0));
  for (const component of ['interest', 'principal'] as const) {
    for (const x of s.instalments) {
      const most = component === 'interest' ? Math.min(interestLeft, outstandingOf(x).interest) : outstandingOf(x).principal;
      const t = Math.min(rest, most);
      if (t <= 0) continue;
      x.paid[component] += t;
      rest -= t;
      if (component === 'interest') interestLeft -= t;
      allocations.push({ instalmentId: x.id, seq: x.seq, component, amount: t });
    }
  }
  return allocations;
}

/**
 * Carries out the exit in force with the credit held and `amount` on `valueDate` (the state accrued through it;
 * s is changed in place) when they reach what it takes: the credit first (a credit application), then the
 * payment; every other scheduled amount is waived (COOLING_OFF_EXIT_WAIVES_REST). Returns what the payment did
 * not take, or undefined when the exit is not carried out (none in force, expired, or not enough money).
 */
function carryOutExit(
  s: LedgerState,
  amount: Minor,
  valueDate: CalendarDate,
): { creditApplication?: CreditApplication; allocations: Allocation[]; waivers: Allocation[]; exit: CoolingOffExit; rest: Minor } | undefined {
  const exit = s.exit;
  if (!exit || valueDate > exit.expiresOn || outstandingTotalOf(s) === 0) return undefined;
  const due = exitDue(s);
  if (s.credit + amount < due) return undefined;
  const fromCredit = Math.min(s.credit, due);
  let creditApplication: CreditApplication | undefined;
  if (fromCredit > 0) {
    creditApplication = { day: valueDate, amount: fromCredit, allocations: takeForExit(s, fromCredit) };
    s.credit -= fromCredit;
    s.creditApplied += fromCredit;
  }
  const allocations = takeForExit(s, due - fromCredit);
  const waivers: Allocation[] = [];
  for (const x of s.instalments) {
    for (const c of allocationOrder) {
      const left = outstandingOf(x)[c];
      if (left <= 0) continue;
      x.waived[c] += left;
      waivers.push({ instalmentId: x.id, seq: x.seq, component: c, amount: left });
    }
  }
  s.exit = null;
  return { ...(creditApplication ? { creditApplication } : {}), allocations, waivers, exit, rest: amount - (due - fromCredit) };
}

/** An operator's request of a cooling-off exit on a day (the replay's counterpart of the stored request). */
export type CoolingOffExitEvent = { kind: 'coolingOffExit'; date: CalendarDate; coolingOffDays: number };

// ---------------------------------------------------------------------------
// One payment, a refund, and a replay of many
// ---------------------------------------------------------------------------

export type PaymentEvent = {
  kind?: 'payment';
  amount: Minor;
  purpose: PaymentPurpose;
  /** The day the money was received (the value date before VALUE_DATE_NOT_BEFORE_LAST). */
  date: CalendarDate;
};

/** An operator's refund of credit (REFUND_SETTLED_CREDIT_ONLY) on a day. */
export type RefundEvent = { kind: 'refund'; amount: Minor; date: CalendarDate };

export type LedgerEvent = PaymentEvent | RefundEvent | CoolingOffExitEvent;

export type AppliedPayment = {
  valueDate: CalendarDate;
  amount: Minor;
  purpose: PaymentPurpose;
  charges: LateCharge[];
  /** Credit applied by itself through the value date, before this payment (crystallised with it). */
  creditApplications: CreditApplication[];
  allocations: Allocation[];
  /** The extension bought, when the payment bought one. */
  extension?: ExtensionQuote;
  /** For purpose 'extension' that did not buy one: why (the money went to repayment). */
  extensionRefused?: ExtensionUnavailable | 'amountTooLow';
  /** The cooling-off exit this payment carried out, and what it waived (the loan is settled). */
  coolingOffExit?: { exit: CoolingOffExit; waivers: Allocation[] };
};

/** VALUE_DATE_NOT_BEFORE_LAST. */
export function valueDateFor(state: LedgerState, received: CalendarDate): CalendarDate {
  let d = maxDate(received, state.terms.disbursedOn);
  if (state.accruedThrough !== null) d = maxDate(d, state.accruedThrough);
  return d;
}

/**
 * Applies one payment: value date, late charges accrued and credit applied
 * through it (crystallised), then the extension when one is asked for,
 * available and paid in full, then the repayment allocation of what is left
 * (credit beyond).
 */
export function applyPaymentEvent(state: LedgerState, event: PaymentEvent): { state: LedgerState; applied: AppliedPayment } {
  assertMinor(event.amount);
  if (event.amount <= 0) throw new RangeError('a payment amount must be positive');
  const valueDate = valueDateFor(state, event.date);
  const accrued = accrueLateCharges(state, valueDate);
  let s: LedgerState = { ...accrued.state, received: accrued.state.received + event.amount };
  const allocations: Allocation[] = [];
  const creditApplications = [...accrued.creditApplications];
  let rest = event.amount;
  let extension: ExtensionQuote | undefined;
  let extensionRefused: AppliedPayment['extensionRefused'];
  let coolingOffExit: AppliedPayment['coolingOffExit'];
  const exitState = cloneState(s);
  const exit = carryOutExit(exitState, event.amount, valueDate);
  if (exit) {
    s = exitState;
    if (exit.creditApplication) creditApplications.push(exit.creditApplication);
    allocations.push(...exit.allocations);
    rest = exit.rest;
    coolingOffExit = { exit: exit.exit, waivers: exit.waivers };
  } else if (event.purpose === 'extension') {
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
      creditApplications,
      allocations,
      ...(extension ? { extension } : {}),
      ...(extensionRefused ? { extensionRefused } : {}),
      ...(coolingOffExit ? { coolingOffExit } : {}),
    },
  };
}

export type RefundRefusal = 'loanOpen' | 'aboveCredit';

export type AppliedRefund = {
  kind: 'refund';
  /** A refund buys no extension (so a replay's results read alike). */
  extension?: never;
  valueDate: CalendarDate;
  amount: Minor;
  charges: LateCharge[];
  creditApplications: CreditApplication[];
  allocations: Allocation[];
};

/**
 * REFUND_SETTLED_CREDIT_ONLY: refunds `amount` of the credit on `date` (never before the last value date),
 * after the credit has been applied through that day. Refused (`refusal`) while anything is owed, or for more
 * than the credit.
 */
export function refundCredit(
  state: LedgerState,
  event: RefundEvent,
): { state: LedgerState; applied: AppliedRefund } | { refusal: RefundRefusal; credit: Minor } {
  assertMinor(event.amount);
  if (event.amount <= 0) throw new RangeError('a refund amount must be positive');
  const valueDate = valueDateFor(state, event.date);
  const accrued = accrueLateCharges(state, valueDate);
  const s = accrued.state;
  if (s.instalments.some((x) => totalOutstanding(x) > 0)) return { refusal: 'loanOpen', credit: s.credit };
  if (event.amount > s.credit) return { refusal: 'aboveCredit', credit: s.credit };
  return {
    state: { ...s, credit: s.credit - event.amount, refunded: s.refunded + event.amount },
    applied: {
      kind: 'refund',
      valueDate,
      amount: event.amount,
      charges: accrued.charges,
      creditApplications: accrued.creditApplications,
      allocations: [{ instalmentId: null, seq: null, component: 'refund', amount: event.amount }],
    },
  };
}

/**
 * Crystallises what the credit held did by itself through `through` (CREDIT_APPLIED_WHEN_PAYABLE), for the
 * database to store without a payment: the state accrued through the LAST day credit was applied (charges
 * up to that day included), or undefined when no credit was applied.
 */
export function settleCreditThrough(
  state: LedgerState,
  through: CalendarDate,
): { state: LedgerState; charges: LateCharge[]; creditApplications: CreditApplication[] } | undefined {
  const probe = accrueLateCharges(state, through);
  const last = probe.creditApplications.at(-1);
  if (!last) return undefined;
  return accrueLateCharges(state, last.day);
}

/** A cooling-off exit asked for in a replay: recorded (the exit in force) or refused; it moves no money. */
export type AppliedExitRequest = {
  kind: 'coolingOffExit';
  extension?: never;
  valueDate: CalendarDate;
  amount: 0;
  charges: LateCharge[];
  creditApplications: CreditApplication[];
  allocations: Allocation[];
  exit?: CoolingOffExit;
  refused?: CoolingOffRefusal;
};

/** Applies payments, refunds and cooling-off exit requests in order: the pure replay the database must always agree with. */
export function replayPayments(
  initial: LedgerState,
  events: readonly LedgerEvent[],
): { state: LedgerState; applied: (AppliedPayment | (AppliedRefund & { refused?: RefundRefusal }) | AppliedExitRequest)[] } {
  let s = initial;
  const applied: (AppliedPayment | (AppliedRefund & { refused?: RefundRefusal }) | AppliedExitRequest)[] = [];
  for (const e of events) {
    if (e.kind === 'coolingOffExit') {
      const day = valueDateFor(s, e.date);
      const q = quoteCoolingOffExit(s, day, e.coolingOffDays);
      if ('exit' in q) s = { ...s, exit: q.exit };
      applied.push({ kind: 'coolingOffExit', valueDate: day, amount: 0, charges: [], creditApplications: [], allocations: [], ...('exit' in q ? { exit: q.exit } : { refused: q.refusal }) });
      continue;
    }
    if (e.kind === 'refund') {
      const r = refundCredit(s, e);
      if ('refusal' in r) {
        applied.push({ kind: 'refund', valueDate: valueDateFor(s, e.date), amount: 0, charges: [], creditApplications: [], allocations: [], refused: r.refusal });
        continue;
      }
      s = r.state;
      applied.push(r.applied);
      continue;
    }
    const r = applyPaymentEvent(s, e);
    s = r.state;
    applied.push(r.applied);
  }
  return { state: s, applied };
}

