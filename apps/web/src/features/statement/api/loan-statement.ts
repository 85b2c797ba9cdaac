import { apiRoutes } from '@presta/contract/api/api-routes';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { loanStatement } from '@presta/contract/api/statement';
import type { Normalised } from '@presta/contract/envelope';
import { readMarket } from '@/shared/format/money';
import { apiQuery, type Query } from '@/shared/http/query';
import { orderPayload } from '@/shared/http/order-payload';

export type LoanStatement = DataOf<typeof loanStatement>;
export type StatementQuery = { orderId: string; productId?: string };

/** POST /v3/loan-details/loan-statement: every event of the loan with the running balance, and its totals. */
export function loanStatementQuery(query: StatementQuery): Query<LoanStatement> {
  return apiQuery<typeof loanStatement, LoanStatement>(apiRoutes.loanStatement, orderPayload(query), readLoanStatement);
}

function readLoanStatement(result: Normalised<DataOf<typeof loanStatement>>): Normalised<LoanStatement> {
  if (!result.success || !result.data) return { ...result, data: null };
  // Typed, not validated at run time: the lists and the market are read defensively.
  const data = result.data;
  return { ...result, data: { ...data, market: readMarket(data.market), events: Array.isArray(data.events) ? data.events : [] } };
}
