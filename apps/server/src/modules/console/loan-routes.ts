import type { FastifyInstance } from 'fastify';
import { desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { consoleLoan, consoleLoanSearch } from '@presta/contract/api/console/loans';
import { disbursedStatuses, statusIn } from '@presta/contract/order-status';
import { errorCodes } from '@presta/contract/error-codes';
import type { DbOrTx } from '../../db/database';
import { borrowers, orders, products } from '../../db/schema';
import { maskBankAccount } from '../../lib/bank-account';
import { registerEndpoint } from '../../lib/endpoint-route';
import { complaintsOnOrder } from '../complaints/complaint-service';
import { ledgerRecordOf } from '../ledger/ledger-service';
import { getOrderOverview } from '../orders/order-service';
import { suspenseHeldFor } from '../payments/suspense-service';
import { maskPhone } from '../session/borrower-profile';
import { signInPhone } from '../session/sign-in-service';

const tags = ['back office'];

/** The loans a search finds: an order number exactly, a whole phone (as typed), or a name containing the text. */
async function searchLoans(db: DbOrTx, q: string) {
  const phone = signInPhone(q);
  const matches: SQL[] = [];
  if (/^PR\d{16}$/i.test(q)) matches.push(eq(orders.orderNo, q.toUpperCase()));
  if (phone) matches.push(eq(borrowers.phone, phone));
  if (!/^\d+$/.test(q.replace(/[\s+\-().]/g, ''))) matches.push(ilike(borrowers.fullName, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (matches.length === 0) return [];
  return db
    .select({ order: orders, product: products, borrower: { id: borrowers.id, fullName: borrowers.fullName, phone: borrowers.phone } })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(borrowers, eq(borrowers.id, orders.borrowerId))
    .where(or(...matches))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(50);
}

type Found = Awaited<ReturnType<typeof searchLoans>>[number];

const loanRow = ({ order, product, borrower }: Found) => ({
  orderNo: order.orderNo,
  status: order.status,
  appliedAt: order.createdAt.toISOString(),
  product: { code: product.code, name: product.name, market: product.market, currency: product.currency },
  principal: order.principal,
  borrower: { id: borrower.id, fullName: borrower.fullName, maskedPhone: maskPhone(borrower.phone) },
});

/**
 * The back office's loan calls (issue 17; docs/back-office.md "Loans over HTTP"): search, and a loan's whole story
 * (what `npm run ops -- show` prints, as data, with the extensions bought and the complaints about it, each read
 * through the module that owns its table).
 */
export default function consoleLoanRoutes(app: FastifyInstance) {
  registerEndpoint(app, consoleLoanSearch, {
    auth: 'staff',
    staffAction: 'orders.read',
    tags,
    handler: async (input) => ({ loans: (await searchLoans(app.db, input.q)).map(loanRow) }),
  });

  registerEndpoint(app, consoleLoan, {
    auth: 'staff',
    staffAction: 'orders.read',
    tags,
    refusals: { 404: [errorCodes.notFound] },
    handler: async (input, request) => {
      const { order, history, plan, disbursedTo } = await getOrderOverview(app.db, input.orderNo);
      const [found] = await searchLoans(app.db, order.orderNo);
      const disbursed = order.disbursedOn !== null && statusIn(disbursedStatuses, order.status);
      // The ledger's position, events and extensions in one read (one snapshot: they agree to the minor unit).
      const [[ledger, heldInSuspense], complaints] = await Promise.all([
        disbursed ? Promise.all([ledgerRecordOf(app.db, order.id), suspenseHeldFor(app.db, order.id)]) : Promise.resolve([undefined, 0] as const),
        complaintsOnOrder(app.db, order.id, request.lang),
      ]);
      const events = ledger?.events ?? [];
      const extensions = ledger?.extensions ?? [];
      const p = ledger?.position;
      return {
        loan: {
          ...loanRow(found!),
          periods: order.periods,
          termUnitDays: order.termUnitDays,
          disbursedOn: order.disbursedOn,
          rejectReason: order.rejectReason || null,
          disbursedTo: disbursedTo ? { bankName: disbursedTo.bankName, masked: maskBankAccount(disbursedTo.accountNumber) } : null,
        },
        history: history.map((h) => ({ at: h.createdAt.toISOString(), from: h.fromStatus, to: h.toStatus, actor: h.actor, reason: h.reason ?? '' })),
        plan: plan.map((r) => ({ seq: r.seq, dueDate: r.dueDate, principal: r.principal, interest: r.interest, commission: r.commission, vat: r.vat })),
        position: p
          ? {
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
            }
          : null,
        events: events.map((e) => ({
          kind: e.kind,
          id: e.id,
          at: e.at.toISOString(),
          valueDate: e.valueDate,
          amount: e.amount,
          source: e.kind === 'payment' ? `${e.purpose} ${e.channel} ${e.provider}:${e.eventId}` : `${e.actor}${e.note ? ` (${e.note})` : ''}`,
          allocations: e.allocations.map((a) => ({ seq: a.seq, component: a.component, amount: a.amount })),
        })),
        extensions: extensions.map(({ at, ...e }) => ({ ...e, at: at.toISOString() })),
        complaints: complaints.map((c) => ({
          ...c,
          createdAt: c.createdAt.toISOString(),
          repliedAt: c.repliedAt ? c.repliedAt.toISOString() : null,
        })),
      };
    },
  });
}
