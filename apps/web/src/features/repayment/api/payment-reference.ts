import { apiRoutes } from '@presta/contract/api/api-routes';
import type { paymentVoucher } from '@presta/contract/api/repayment';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { Normalised } from '@presta/contract/envelope';
import { readMarket } from '@/shared/format/money';
import { callApi } from '@/shared/http/api-client';
import { readText } from '@/shared/http/read-text';
import type { InstructionQuery } from '../utils/payment-link';

export type PaymentVoucher = DataOf<typeof paymentVoucher>;
export type PaymentDetail = PaymentVoucher['paymentDetails'][number];

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(readText).filter((s) => s.trim() !== '') : []);

/** A UPI payment link as the page may open it: `upi://pay?…` only (never another scheme from an answer). */
const upiLink = (value: unknown): string => {
  const text = readText(value).trim();
  return text.startsWith('upi://pay?') ? text : '';
};

/**
 * POST /v3/loan-details/generate-vcode: the payment reference (voucher) of a
 * channel for a normal repayment (requestType 1) or an extension (2). With
 * `loading`, a loading toast shows until the answer arrives (§4).
 */
export async function generatePaymentReference(
  query: InstructionQuery,
  opts: { loading?: string; silent?: boolean; signal?: AbortSignal } = {},
): Promise<Normalised<PaymentVoucher>> {
  const { orderId, productId, amount, payCode, requestType } = query;
  const payload = productId ? { productId, orderId, amount, payCode, requestType } : { orderId, amount, payCode, requestType };
  const result = await callApi<typeof paymentVoucher>(apiRoutes.generateVcode, payload, opts);
  if (!result.success || !result.data) return result;
  const data = result.data;
  const detail = (data.repayDetail ?? {}) as Partial<PaymentVoucher['repayDetail']>;
  const images = (data.imgList ?? {}) as Partial<PaymentVoucher['imgList']>;
  return {
    ...result,
    data: {
      topLogo: readText(data.topLogo),
      bottomLogo: readText(data.bottomLogo),
      repayDetail: {
        amount: Number(detail.amount) || 0,
        repayTitle: readText(detail.repayTitle),
        repayDes: readText(detail.repayDes),
        repayCode: readText(detail.repayCode),
        vCode: readText(detail.vCode),
        companyName: readText(detail.companyName),
      },
      dataList: Array.isArray(data.dataList)
        ? data.dataList
            .map((section) => ({ title: readText(section?.title), content: strings(section?.content) }))
            .filter((section) => section.title.trim() !== '' || section.content.length > 0)
        : [],
      imgList: { title: readText(images.title), eMail: readText(images.eMail).trim(), content: strings(images.content) },
      market: readMarket(data.market),
      paymentDetails: Array.isArray(data.paymentDetails)
        ? data.paymentDetails
            .map((d): PaymentDetail => ({ label: readText(d?.label), value: readText(d?.value).trim(), copy: Number(d?.copy) === 1 ? 1 : 0 }))
            .filter((d) => d.label.trim() !== '' && d.value !== '')
        : [],
      payLink: upiLink(data.payLink),
      stores: strings(data.stores),
    },
  };
}
