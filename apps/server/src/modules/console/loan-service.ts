import { disbursedStatuses, statusIn } from '@presta/contract/order-status';
import { maskBankAccount } from '../../lib/bank-account';
import type { CallContext } from '../../plugins/app/repositories';
import { complaintsOnOrder } from '../complaints/complaint-service';
import { payoutViewsOfOrders } from '../disbursal/payout-repository';
import { ledgerRecordOf } from '../ledger/ledger-record';
import { getOrderOverview } from '../orders/order-reads';
import { suspenseHeldFor } from '../payments/suspense-service';
import { maskPhone } from '../session/borrower-profile';
import type { FoundLoan } from './console-repository';

type LedgerRecord = Awaited<ReturnType<typeof ledgerRecordOf>>;

/** A loan as a search lists it: the order, its product, the borrower with their phone masked. */
const loanRow = ({ order, product, borrower }: FoundLoan) => ({
  orderNo: order.orderNo,
  status: order.status,
  appliedAt: order.createdAt.toISOString(),
  product: { code: product.code, name: product.name, market: product.market, currency: product.currency },
  principal: order.principal,
  borrower: { id: borrower.id, fullName: borrower.fullName, maskedPhone: maskPhone(borrower.phone) },
});

/** The loans a search finds (an order number, a whole phone, or part of a name), newest first. */
export async function findLoans(ctx: CallContext, q: string) {
  return (await ctx.repos.console.searchLoans(q)).map(loanRow);
}

/**
 * A loan's whole story (what `npm run ops -- show` prints, as data, with the extensions bought and the complaints
 * about it, each read through the module that owns its table).
 */
export async function loanStory(ctx: CallContext, orderNo: string) {
  const { order, history, plan, disbursedTo } = await getOrderOverview(ctx.db, orderNo);
  const [found] = await ctx.repos.console.searchLoans(order.orderNo);
  const disbursed = order.disbursedOn !== null && statusIn(disbursedStatuses, order.status);
  // The ledger's position, events and extensions in one read (one snapshot: they agree to the minor unit).
  const [[ledger, heldInSuspense], complaints, payouts] = await Promise.all([
    disbursed ? Promise.all([ledgerRecordOf(ctx.db, order.id), suspenseHeldFor(ctx.db, order.id)]) : Promise.resolve([undefined, 0] as const),
    complaintsOnOrder(ctx.db, order.id, ctx.lang),
    payoutViewsOfOrders(ctx.db, [order.id]),
  ]);
  return {
    loan: {
      ...loanRow(found!),
      periods: order.periods,
      termUnitDays: order.termUnitDays,
      disbursedOn: order.disbursedOn,
      rejectReason: order.rejectReason || null,
      disbursedTo: disbursedTo ? { bankName: disbursedTo.bankName, masked: maskBankAccount(disbursedTo.accountNumber) } : null,
    },
    payouts,
    history: history.map((h) => ({ at: h.createdAt.toISOString(), from: h.fromStatus, to: h.toStatus, actor: h.actor, reason: h.reason ?? '' })),
    plan: plan.map((r) => ({ seq: r.seq, dueDate: r.dueDate, principal: r.principal, interest: r.interest, commission: r.commission, vat: r.vat })),
    position: ledger ? positionOf(ledger.position, heldInSuspense) : null,
    events: (ledger?.events ?? []).map(eventRow),
    extensions: (ledger?.extensions ?? []).map(({ at, ...e }) => ({ ...e, at: at.toISOString() })),
    complaints: complaints.map((c) => ({
      ...c,
      createdAt: c.createdAt.toISOString(),
      repliedAt: c.repliedAt ? c.repliedAt.toISOString() : null,
    })),
  };
}

/** The ledger's position today, with the money held in suspense for the loan. */
function positionOf(p: NonNullable<LedgerRecord>['position'], heldInSuspense: number) {
  return {
    asOf: p.asOf,
    owedTotal: p.totals.owedTotal,
    paidTotal: p.totals.paidTotal,
    waivedTotal: p.totals.waivedTotal,
    outstandingTotal: p.totals.outstandingTotal,
    received: p.received,
    credit: p.credit,
    refunded: p.refunded,
    heldInSuspense,
    daysLate: p.daysLate,
    nextPayment: p.nextPayment,
    expectedStatus: p.expectedStatus,
  };
}

/** A payment or credit event with its allocation; its source: a payment's channel and provider, a credit's actor. */
function eventRow(e: NonNullable<LedgerRecord>['events'][number]) {
  return {
    kind: e.kind,
    id: e.id,
    at: e.at.toISOString(),
    valueDate: e.valueDate,
    amount: e.amount,
    source: e.kind === 'payment' ? `${e.purpose} ${e.channel} ${e.provider}:${e.eventId}` : `${e.actor}${e.note ? ` (${e.note})` : ''}`,
    allocations: e.allocations.map((a) => ({ seq: a.seq, component: a.component, amount: a.amount })),
  };
}
