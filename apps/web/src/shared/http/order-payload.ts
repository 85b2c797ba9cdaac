/** The order a borrower read is about: the page's orderId, and its productId when there is one. */
export type OrderQuery = { orderId: string; productId?: string };

/**
 * The form body of every read about one order (loan details, repayment,
 * extension, statement): productId first when there is one. The pages and the
 * early entry's prefetch (app/early.ts) both build it here, so the prefetched
 * request is the page's own, byte for byte (HttpClient.prefetch matches them).
 */
export function orderPayload(query: OrderQuery): { productId?: string; orderId: string } {
  return query.productId ? { productId: query.productId, orderId: query.orderId } : { orderId: query.orderId };
}
