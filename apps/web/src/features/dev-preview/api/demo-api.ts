import type { Normalised } from '@presta/contract/envelope';
import { getQuery, postForm, type RequestOptions } from '@/shared/http/api-client';

/** Demo-mode helpers of the server (only answered in demo mode). */
export type DemoBorrower = {
  borrowerId: string;
  name: string;
  phone: string;
  language: 'es' | 'en';
  offers: { productId: string; productName: string }[];
  orders: { orderId: string; orderNo: string; productId: string; status: string }[];
  /** A demo applicant's credit application (`npm run -s demo -- applicant`); null: none. */
  application: { applicationNo: string; market: string; status: string } | null;
};

export const demoBorrowersPath = '/api/dev/demo-borrowers';
export const demoSessionPath = '/api/dev/demo-session';

export function fetchDemoBorrowers(opts: RequestOptions = {}): Promise<Normalised<{ borrowers: DemoBorrower[] }>> {
  return getQuery<{ borrowers: DemoBorrower[] }>(demoBorrowersPath, {}, { silent: true, ...opts });
}

/** Opens a session for a demo borrower: `params` maps wire parameter names to values (swift, crp_phe, …). */
export function startDemoSession(
  borrowerId: string,
  opts: RequestOptions = {},
): Promise<Normalised<{ params: Record<string, string> }>> {
  return postForm<{ params: Record<string, string> }>(demoSessionPath, { borrowerId }, opts);
}
