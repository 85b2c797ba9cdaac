import { apiRoutes } from '@presta/contract/api/api-routes';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { loanStatement } from '@presta/contract/api/statement';
import type { Normalised } from '@presta/contract/envelope';
import { readMarket } from '@/shared/format/money';
import { callApi } from '@/shared/http/api-client';
import { firstAnswer } from '@/shared/http/api-request';
import { orderPayload } from '@/shared/http/order-payload';

export type LoanStatement = DataOf<typeof loanStatement>;
export type StatementQuery = { orderId: string; productId?: string };

/** POST /v3/loan-details/loan-statement: every event of the loan with the running balance, and its totals. */
export async function fetchLoanStatement(
  query: StatementQuery,
  opts: { silent?: boolean; signal?: AbortSignal } = {},
): Promise<Normalised<LoanStatement>> {
  const result = await callApi<typeof loanStatement>(apiRoutes.loanStatement, orderPayload(query), opts);
  return readLoanStatement(result);
}

/** The statement the server sent with the page (first-view.ts), read as fetchLoanStatement reads its answer; null when it sent none. */
export function firstLoanStatement(query: StatementQuery): Normalised<LoanStatement> | null {
  const first = firstAnswer<DataOf<typeof loanStatement>>(apiRoutes.loanStatement, orderPayload(query));
  return first && readLoanStatement(first);
}

function readLoanStatement(result: Normalised<DataOf<typeof loanStatement>>): Normalised<LoanStatement> {
  if (!result.success || !result.data) return { ...result, data: null };
  // Typed, not validated at run time: the lists and the market are read defensively.
  const data = result.data;
  return { ...result, data: { ...data, market: readMarket(data.market), events: Array.isArray(data.events) ? data.events : [] } };
}
