import type { Minor } from '@presta/contract/money';

/*
 * The loan ledger's arithmetic (docs/ledger.md): pure functions over integer minor units, one file per section
 * of the ledger — the rules (here), the state (state.ts), allocation, late charges and credit (accrual.ts), the
 * position, the extension, the cooling-off exit and the replay of payments. Every product of a rate is BigInt
 * and every rounding goes through divideHalfUp under one of the rule names below. The database service
 * (ledger-service.ts) loads a LedgerState, calls these functions and stores what they return, so "what is owed
 * as of day D" is the same pure function in the tests and in production.
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

export function lateTiers(rule: LateRule): readonly { fromDay: number; toDay: number; ppm: number }[] {
  return rule === 'mx_daily_fine' ? [{ fromDay: 1, toDay: Number.POSITIVE_INFINITY, ppm: MX_DAILY_FINE_PPM }] : IN_LATE_TIERS;
}

/** The one-off default penalty of a loan: IN new / repeat client, none for MX. */
export function defaultPenaltyFor(rule: LateRule, repeatClient: boolean): Minor {
  if (rule !== 'in_tiered') return 0;
  return repeatClient ? IN_DEFAULT_PENALTY.repeatClient : IN_DEFAULT_PENALTY.newClient;
}
