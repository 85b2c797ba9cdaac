/**
 * Order statuses (§4). Codes are strings on the wire. Meaning and allowed
 * transitions are ours (docs/order-statuses.md).
 */
export const orderStatus = {
  /** Submitted by the borrower, waiting for the lender's review. */
  underReview: '21',
  /** Approved, disbursal in progress. */
  approved: '151',
  /** Rejected by the lender (final). */
  rejected: '110',
  /** Disbursed; instalments being repaid, none overdue. */
  repaying: '174',
  /** An instalment's due date has passed unpaid. */
  overdue: '180',
  /** Everything repaid (final). */
  settled: '200',
} as const;

export type OrderStatus = (typeof orderStatus)[keyof typeof orderStatus];
export const allOrderStatuses = Object.values(orderStatus) as OrderStatus[];

export function isOrderStatus(value: string): value is OrderStatus {
  return (allOrderStatuses as string[]).includes(value);
}

/** The lender's and the system's actions, and the statuses they move between. */
export const orderTransitions = {
  approve: { from: ['21'], to: '151' },
  reject: { from: ['21', '151'], to: '110' },
  disburse: { from: ['151'], to: '174' },
  /** System: the due date of an instalment passed unpaid. */
  fallDue: { from: ['174'], to: '180' },
  /** A payment or an extension brought the overdue loan back to current. */
  cure: { from: ['180'], to: '174' },
  /** Nothing is owed any more. */
  settle: { from: ['174', '180'], to: '200' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;

export type OrderTransition = keyof typeof orderTransitions;

export function canTransition(action: OrderTransition, from: string): boolean {
  return (orderTransitions[action].from as readonly string[]).includes(from);
}

/** Statuses in which an order is still open: one open order per borrower and product. */
export const openOrderStatuses: readonly OrderStatus[] = ['21', '151', '174', '180'];
/** Statuses that show Repay (§4): the loan is disbursed and not settled; a payment is applied to it. */
export const repayableStatuses: readonly OrderStatus[] = ['174', '180'];
/** Statuses whose loan has been disbursed and so has a ledger (repaying, overdue, settled). */
export const disbursedStatuses: readonly OrderStatus[] = ['174', '180', '200'];
/** Statuses an order passes through on the way to a disbursed loan, in order (under review, approved, then disbursed). */
export const approvedStatuses: readonly OrderStatus[] = ['151', ...disbursedStatuses];

/** Whether `status` is one of `set` (a status read from the database or the wire is a plain string). */
export function statusIn(set: readonly OrderStatus[], status: string): status is OrderStatus {
  return (set as readonly string[]).includes(status);
}

/**
 * One name per status, in each language (issue 14): the words the borrower
 * reads on the loan details page (the server's catalogue takes them from
 * here), and every other place that names a status — the test page,
 * complaints, docs/order-statuses.md.
 */
export const orderStatusNames = {
  es: { '21': 'En revisión', '151': 'Aprobado', '110': 'No aprobado', '174': 'Desembolsado', '180': 'Vencido', '200': 'Liquidado' },
  en: { '21': 'Under review', '151': 'Approved', '110': 'Not approved', '174': 'Disbursed', '180': 'Overdue', '200': 'Settled' },
} as const satisfies Record<'es' | 'en', Record<OrderStatus, string>>;
