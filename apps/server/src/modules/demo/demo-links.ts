import { languages, type Language } from '@presta/contract/language';
import { routes } from '@presta/contract/routes';
import { toWireParams } from '@presta/contract/session-params';

/** The query parameters a native host would put in the page URL, by their real names. */
export function sessionQueryParams(input: {
  sessionId: string;
  language: Language;
  productId?: number | string;
  orderId?: number | string;
}): Record<string, string> {
  return {
    ...toWireParams({
      appVersion: '3.8.0',
      deviceName: 'Demo Phone',
      deviceId: `demo-${input.sessionId.slice(0, 8)}`,
      osVersion: 'Android 14',
      sessionId: input.sessionId,
      advertisingId: '00000000-0000-4000-8000-000000000000',
      productId: input.productId === undefined ? undefined : String(input.productId),
      orderId: input.orderId === undefined ? undefined : String(input.orderId),
    }),
    language: languages[input.language].type,
  };
}

/** Absolute links to the borrower pages, each carrying the session parameters. */
export function pageLinks(baseUrl: string, params: Record<string, string>) {
  const link = (path: string) => `${baseUrl}${path}?${new URLSearchParams(params).toString()}`;
  return {
    confirmLoan: link(routes.confirmLoan),
    loanDetails: link(routes.loanDetails),
    repayment: link(routes.repayment),
    repaymentDelay: link(routes.repaymentDelay),
    complaintEntry: link(routes.complaintEntry),
    customerService: link(routes.customerService),
  };
}
