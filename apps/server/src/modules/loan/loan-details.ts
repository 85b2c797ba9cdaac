import type { TextValue } from '@presta/contract/api/common';
import type { LoanDetailsData } from '@presta/contract/api/loan';
import { todayIn, type CalendarDate } from '@presta/contract/dates';
import type { Language } from '@presta/contract/language';
import type { Minor } from '@presta/contract/money';
import { statusIn, disbursedStatuses, repayableStatuses, type OrderStatus } from '@presta/contract/order-status';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { maskBankAccount } from '../../lib/bank-account';
import { toDbId } from '../../lib/db-id';
import { translate, type MessageKey } from '../../i18n/messages';
import { moneyIn } from '../../i18n/market-texts';
import type { BorrowerContext } from '../../plugins/app/repositories';
import { systemActor } from '../audit/audit-log';
import { ledgerStatusDiffers, type LoanPosition } from '../ledger/ledger-math/position';
import type { LedgerRow } from '../ledger/ledger-read-model';
import { refreshLedgerStatus } from '../ledger/ledger-credit';
import { mustFallDue } from '../orders/order-service';
import { repaymentQuote } from '../payments/repayment-quote';
import { signedAgreementLink } from '../agreements/agreement-links';
import { agreementUrl, interestRows, repaymentUrl, row, taxRow } from './loan-texts';
import type { OrderDetailsSnapshot } from './order-details-repository';

/*
 * loan-details: one of the borrower's orders as its page shows it (status, next payment, the plan's figures and,
 * for a late loan, what is owed today), from the ledger's position as of today.
 */

/** An instalment of the plan as the ledger read model gives it (current due dates). */
type PlanRowOf = LedgerRow['plan'][number];

const statusTextKeys: Record<OrderStatus, [MessageKey, MessageKey]> = {
  '21': ['status21', 'status21Desc'],
  '151': ['status151', 'status151Desc'],
  '110': ['status110', 'status110Desc'],
  '174': ['status174', 'status174Desc'],
  '180': ['status180', 'status180Desc'],
  '200': ['status200', 'status200Desc'],
};
/** 151 while its payout is with the provider (issue 37): approved, the money on its way. */
const onItsWayKeys: [MessageKey, MessageKey] = ['statusText151OnItsWay', 'status151OnItsWay'];

/**
 * One of the borrower's orders (404 orderNotFound for unknown and foreign ids
 * alike). An order whose status the ledger no longer gives (an instalment fell
 * due, or the credit held settled it) is moved first. productId of the request
 * is not needed: the order names its product.
 */
export async function getLoanDetails(ctx: BorrowerContext, orderIdRaw: string): Promise<LoanDetailsData> {
  const { db, repos, lang, now } = ctx;
  const orderId = toDbId(orderIdRaw);
  const order = orderId === undefined ? undefined : await repos.orderDetails.find(ctx.borrowerId, orderId);
  if (!order) throw notFound('orderNotFound');

  const today = todayIn(order.timeZone, now);
  // Answers are kept with the read by language and day; one that moved the order (a write) is not kept.
  const memoKey = `${lang}|${today}`;
  const memo = repos.orderDetails.builtAnswer(order, memoKey);
  if (memo) return withRatingDeferral(memo, order, now);
  // What is owed as of today, from the ledger (late charges accrued through today).
  const position = repos.orderDetails.positionOf(order, today);
  // The date the borrower must pay by next: after the credit held (CREDIT_COVER_PROJECTION).
  const nextDueDate = position ? (position.nextPayment?.dueDate ?? position.nextDueDate) : (order.plan[0]?.dueDate ?? null);
  const { status, moved } = await statusAsOfToday(db, order, { position, nextDueDate, today, now });
  const data = detailsAnswer(lang, order, status, position, nextDueDate);
  if (!moved) repos.orderDetails.keepAnswer(order, memoKey, data);
  return withRatingDeferral(data, order, now);
}

/** The order's status today: the ledger moves the order first when it says otherwise (fell due, or settled by credit). */
async function statusAsOfToday(
  db: Db,
  order: OrderDetailsSnapshot,
  at: { position: LoanPosition | undefined; nextDueDate: CalendarDate | null; today: CalendarDate; now: Date },
): Promise<{ status: OrderStatus; moved: boolean }> {
  const differs = at.position ? ledgerStatusDiffers(order.status, at.position) : mustFallDue(order.status, at.nextDueDate, at.today);
  if (!differs) return { status: order.status, moved: false };
  // The overdue sweep's rule, applied before the night's job got there: recorded as the system's, as the job's are.
  const moved = await refreshLedgerStatus(db, { orderId: order.id, today: at.today, now: at.now, audit: systemActor });
  if (moved[0]) return { status: moved[0].to, moved: true };
  const [current] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
  return { status: current?.status ?? order.status, moved: true };
}

function detailsAnswer(
  lang: Language,
  order: OrderDetailsSnapshot,
  status: OrderStatus,
  position: LoanPosition | undefined,
  nextDueDate: CalendarDate | null,
): LoanDetailsData {
  const repayable = statusIn(repayableStatuses, status);
  // §2: any other status is shown like 200.
  const [titleKey, descKey] = status === '151' && order.payoutUnderWay ? onItsWayKeys : (statusTextKeys[status] ?? statusTextKeys['200']);
  const notOpen = repayable && position ? notPayableYet(position) : null;
  return {
    signedAgreement: signedAgreementLink(order.signedAgreement),
    orderStatus: status,
    noticeStatusText: translate(lang, titleKey),
    noticeDesText: notOpen
      ? translate(lang, 'nextPaymentNotOpenYet', { amount: moneyIn(order.market)(notOpen.amount), date: notOpen.from })
      : translate(lang, descKey, { date: nextDueDate ?? order.plan[0]?.dueDate ?? '' }),
    productName: order.productName,
    productLogo: order.productLogo,
    userOrderDetail: { detail: detailRows(lang, order, repayable, position) },
    inside: 0,
    // Never over a loan with something to pay today (overdue, or an instalment due today): the Pay button comes first.
    isScore: statusIn(disbursedStatuses, status) && !order.rated && !somethingDueToday(status, position) ? 1 : 0,
    h5Url: repayable ? repaymentUrl(order.id, order.productId) : '',
    // Issue 32: the Repay button only while something can be paid; before payments open noticeDesText says when.
    payable: repayable && !notOpen ? 1 : 0,
    isDelay: repayable && order.extensionEnabled ? 1 : 0,
    isNewContract: agreementUrl(order.productId, order.id),
    orderId: String(order.id),
    orderNo: order.orderNo,
    productId: String(order.productId),
    market: order.market,
  };
}

/** The detail rows of loan-details (§5), in the loan's market's currency. */
function detailRows(lang: Language, order: OrderDetailsSnapshot, repayable: boolean, position: LoanPosition | undefined): TextValue[] {
  const money = moneyIn(order.market);
  const sum = (pick: (x: PlanRowOf) => number) => order.plan.reduce((acc, x) => acc + pick(x), 0);
  // AMOUNT_DUE_BY_NEXT_DUE_DATE (the ledger's position): the earliest instalment with something left after
  // the credit held, and what must be paid by then.
  const nextPayment = repayable && position ? position.nextPayment : null;
  const nextDue = nextPayment?.dueDate ?? null;
  const plan = { principal: sum((x) => x.principal), interest: sum((x) => x.interest), commission: sum((x) => x.commission), vat: sum((x) => x.vat) };
  return [
    row(lang, 'detailDueDate', nextDue ?? ''),
    row(lang, 'detailDueAmount', nextDue ? money(nextPayment?.amount ?? 0) : ''),
    row(lang, 'detailOrderNo', order.orderNo),
    row(lang, 'detailAmount', money(order.principal)),
    row(lang, 'detailTerm', translate(lang, 'detailTermValue', { days: order.periods * order.termUnitDays })),
    row(lang, 'detailInstalments', String(order.periods)),
    ...interestRows(lang, money, { interest: plan.interest, coupon: order.couponAmount }),
    row(lang, 'detailCommission', money(plan.commission)),
    taxRow(lang, order.market, order.tax, { ...plan, couponApplied: order.couponAmount }),
    // The agreed plan's total; a late loan also says what is owed today (issue 32).
    row(lang, 'detailPlanTotal', money(plan.principal + plan.interest + plan.commission + plan.vat)),
    ...(repayable && position && isLate(position) ? owedTodayRows(lang, money, position) : []),
    row(lang, 'detailApplied', order.appliedOn),
    row(lang, 'detailDisbursed', order.disbursedOn ?? ''),
    row(lang, 'detailBankAccount', maskBankAccount(order.bankAccount)),
    // The borrower's credit (money received beyond what could be applied), shown while there is some.
    row(lang, 'detailCredit', position && position.credit > 0 ? money(position.credit) : ''),
  ];
}

/** A loan is late while an instalment is overdue or late charges are owed on it. */
const isLate = (p: LoanPosition) => p.overdue || p.totals.outstanding.late_fee + p.totals.outstanding.default_penalty > 0;

/**
 * A late loan's figures after the plan's total (issue 32): the late charges and default penalty charged, what
 * was paid, and what is owed today, the ledger's outstanding (the statement's "Saldo pendiente"): plan total +
 * charges − paid = owed today.
 */
function owedTodayRows(lang: Language, money: (m: Minor) => string, p: LoanPosition): TextValue[] {
  const { owed, paidTotal, waivedTotal, outstandingTotal } = p.totals;
  return [
    row(lang, 'detailLateCharges', owed.late_fee > 0 ? money(owed.late_fee) : ''),
    row(lang, 'detailPenalty', owed.default_penalty > 0 ? money(owed.default_penalty) : ''),
    row(lang, 'detailPaid', paidTotal + waivedTotal > 0 ? money(paidTotal + waivedTotal) : ''),
    row(lang, 'detailOwedToday', money(outstandingTotal)),
  ];
}

/**
 * When nothing can be paid now though something is owed (the repayment page's quote: nothing due and prepaying
 * not allowed yet): the first day a payment is taken and what the next instalment asks for then; else null.
 */
function notPayableYet(position: LoanPosition): { from: CalendarDate; amount: Minor } | null {
  const quote = repaymentQuote(position);
  return quote.payable === 0 && quote.payableFrom !== null ? { from: quote.payableFrom, amount: quote.shown } : null;
}

/** Overdue, or an amount falls due today (issue 14: the rating prompt covered the Pay button). */
function somethingDueToday(status: OrderStatus, position: LoanPosition | undefined): boolean {
  if (status === '180') return true;
  return status === '174' && (position?.amountDueNow ?? 0) > 0;
}

/**
 * isScore 0 while the borrower's "not now" lasts (deferRatingPrompt). Applied
 * after the answer is built, as the deferral ends at an instant, not a day.
 */
function withRatingDeferral(data: LoanDetailsData, order: OrderDetailsSnapshot, now: Date): LoanDetailsData {
  if (data.isScore !== 1 || order.ratingDeferredUntil === null || order.ratingDeferredUntil <= now.getTime()) return data;
  return { ...data, isScore: 0 };
}
