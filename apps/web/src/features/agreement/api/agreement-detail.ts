import { apiRoutes } from '@presta/contract/api/api-routes';
import type { AgreementTerms, loanAgreement, AgreementData, loanDetailConfirm, loanDetails } from '@presta/contract/api/loan';
import type { Normalised } from '@presta/contract/envelope';
import { readMarket } from '@/shared/format/money';
import { callApi } from '@/shared/http/api-client';
import { readText } from '@/shared/http/read-text';
import { readTerms } from '../utils/read-terms';

/** Whose contract: an order number, or an order id whose number is looked up first. */
export type OrderAgreementQuery = { orderNo: string } | { orderId: string; productId?: string };

/** The promissory note with the loan's agreement terms (null when the answer's terms cannot be read). */
export type LoanAgreementData = Omit<AgreementData, 'terms'> & { terms: AgreementTerms | null };

const text = readText;

/**
 * POST /v3/loan-details/contract-detail: the promissory note fields of an
 * order. contract-detail takes the order number; the pages that link here
 * give the order id (loan details: /loan-agreement?productId&orderId), so
 * with an id the number is read from POST /v3/loan-details/loan-details first.
 */
export async function fetchAgreement(query: OrderAgreementQuery, opts: { signal?: AbortSignal } = {}): Promise<Normalised<LoanAgreementData>> {
  let orderNo: string;
  if ('orderNo' in query) {
    orderNo = query.orderNo;
  } else {
    const payload = query.productId ? { productId: query.productId, orderId: query.orderId } : { orderId: query.orderId };
    const order = await callApi<typeof loanDetails>(apiRoutes.loanDetails, payload, { signal: opts.signal });
    if (!order.success || !order.data) return { ...order, data: null };
    orderNo = text(order.data.orderNo);
    if (!orderNo) return { success: false, code: 'invalid_response', message: '', data: null, raw: order.raw };
  }
  const result = await callApi<typeof loanAgreement>(apiRoutes.contractDetail, { orderNo }, { signal: opts.signal });
  if (!result.success || !result.data) return { ...result, data: null };
  const d = result.data;
  // Typed but not validated at run time: every field read as text (amount as a number).
  return {
    ...result,
    data: {
      username: text(d.username),
      userName: text(d.userName),
      productName: text(d.productName),
      mount: text(d.mount),
      amount: Number(d.amount) || 0,
      bankNo: text(d.bankNo),
      daiDate: text(d.daiDate),
      planDate: text(d.planDate),
      contractAmount: text(d.contractAmount),
      commission: text(d.commission),
      Interest: text(d.Interest),
      IVA: text(d.IVA),
      giveAmount: text(d.giveAmount),
      userAddress: text(d.userAddress),
      contractDate: text(d.contractDate),
      company: text(d.company),
      market: readMarket(d.market),
      terms: readTerms(d.terms),
      keyFacts: d.keyFacts && typeof d.keyFacts.proposalNo === 'string' ? { proposalNo: d.keyFacts.proposalNo, acknowledgedAt: text(d.keyFacts.acknowledgedAt) || null, url: text(d.keyFacts.url) } : null,
    },
  };
}

/** An offer's agreement (opened from the confirmation, before the order exists): the product and the quoted terms. */
export type OfferQuery = { productId: string; amount?: number; periods?: number };

/**
 * POST /v3/loan-confirm/loan-detail-confirm: the agreement terms of the
 * product's quote (the amount and instalments the confirmation quoted, when
 * the link names them), as the borrower accepts them by confirming.
 */
export async function fetchOfferTerms(query: OfferQuery, opts: { signal?: AbortSignal } = {}): Promise<Normalised<AgreementTerms>> {
  const payload = {
    productId: query.productId,
    ...(query.amount === undefined ? {} : { amount: query.amount }),
    ...(query.periods === undefined ? {} : { periods: query.periods }),
  };
  const result = await callApi<typeof loanDetailConfirm>(apiRoutes.loanDetailConfirm, payload, { signal: opts.signal });
  if (!result.success || !result.data) return { ...result, data: null };
  const terms = readTerms(result.data.terms);
  return terms ? { ...result, data: terms } : { success: false, code: 'invalid_response', message: '', data: null, raw: result.raw };
}
