import { addDays, daysBetween, type CalendarDate } from '@presta/contract/dates';
import type { Minor } from '@presta/contract/money';
import {
  cloneState,
  maxDate,
  outstandingOf,
  ppmOf,
  taxes,
  totalOutstanding,
  type Allocation,
  type InstalmentState,
  type LedgerState,
} from './state';

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
