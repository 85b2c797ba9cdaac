import { addDays, type CalendarDate } from '@presta/contract/dates';
import type { TaxableCharge } from '@presta/contract/markets';
import { assertMinor, divideHalfUp, type Minor } from '@presta/contract/money';
import { PREPAYMENT_MIN_DAYS, type LateRule } from './rules';

/* The ledger's state (a loan's terms, plan and what was paid, charged and waived), its small helpers, and the state built from a plan or from the stored rows. */


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

export const zeroAmounts = (): Amounts => ({ default_penalty: 0, late_fee: 0, commission: 0, vat: 0, interest: 0, principal: 0 });

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
export function ppmOf(a: Minor, ppm: number, c = 1): Minor {
  return Number(divideHalfUp(BigInt(a) * BigInt(ppm) * BigInt(c), PPM));
}

export const maxDate = (a: CalendarDate, b: CalendarDate) => (a > b ? a : b);
export const sumAmounts = (a: Amounts) => allocationOrder.reduce((acc, c) => acc + a[c], 0);

export function cloneState(s: LedgerState): LedgerState {
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

/** What is left to pay of the loan, in all. */
export const outstandingTotalOf = (s: LedgerState) => s.instalments.reduce((acc, x) => acc + totalOutstanding(x), 0);

/** What the exit in force still takes: principal outstanding + its interest not yet paid (0 without one). */
export function exitDue(s: LedgerState): Minor {
  if (!s.exit) return 0;
  const principal = s.instalments.reduce((acc, x) => acc + outstandingOf(x).principal, 0);
  const interestPaid = s.instalments.reduce((acc, x) => acc + x.paid.interest, 0);
  return principal + Math.max(0, s.exit.interest - interestPaid);
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
 * A loan's ledger as stored: the plan (current due dates), the crystallised charges, the allocations (of
 * payments and of credit events) and the cooling-off waivers, sums per instalment and component; the last value
 * date and the exit in force.
 */
export type StoredLedger = {
  terms: LedgerTerms;
  plan: readonly PlanInstalment[];
  charges: readonly { instalmentId: number; kind: LateChargeKind; amount: Minor }[];
  allocations: readonly StoredAllocation[];
  accruedThrough: CalendarDate | null;
  waivers?: readonly { instalmentId: number; component: InstalmentComponent; amount: Minor }[];
  exit?: CoolingOffExit | null;
};

/** The state stored in the database (StoredLedger). */
export function stateFromLedger({ terms, plan, charges, allocations, accruedThrough, waivers = [], exit = null }: StoredLedger): LedgerState {
  const s = initialState(terms, plan);
  s.accruedThrough = accruedThrough;
  s.exit = exit;
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
  for (const w of waivers) {
    const x = byId.get(w.instalmentId);
    if (!x) throw new Error(`waiver on an unknown instalment ${w.instalmentId}`);
    x.waived[w.component] += w.amount;
  }
  return s;
}
