import { routes } from '@presta/contract/routes';
import { languageParam, sessionParamNames, toWireParams, type SessionParamName } from '@presta/contract/session-params';
import type { Language } from '@presta/contract/language';
import { languageType } from '@/shared/i18n/language-store';
import { withQuery, type QueryParams } from '@/shared/session/session-params';
import type { PreviewMessageKey } from '@/features/dev-preview/messages';

/** The editable fields of the test page: one per session parameter. */
export type PreviewFields = Record<SessionParamName, string>;

export const previewStorageKey = 'presta.testPreview.fields';

/** Field order on the page, with the input hints of each. */
export const previewFieldOrder: { name: SessionParamName; inputMode?: 'numeric' | 'text' }[] = [
  { name: 'appVersion' },
  { name: 'deviceName' },
  { name: 'deviceId' },
  { name: 'osVersion' },
  { name: 'sessionId' },
  { name: 'advertisingId' },
  { name: 'productId', inputMode: 'numeric' },
  { name: 'orderId', inputMode: 'numeric' },
];

export const emptyPreviewFields: PreviewFields = {
  appVersion: '',
  deviceName: '',
  deviceId: '',
  osVersion: '',
  sessionId: '',
  advertisingId: '',
  productId: '',
  orderId: '',
};

export function loadPreviewFields(): PreviewFields {
  try {
    const raw = localStorage.getItem(previewStorageKey);
    if (!raw) return { ...emptyPreviewFields };
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const fields = { ...emptyPreviewFields };
    for (const name of Object.keys(sessionParamNames) as SessionParamName[]) {
      const value = parsed[name];
      if (typeof value === 'string') fields[name] = value;
    }
    return fields;
  } catch {
    return { ...emptyPreviewFields };
  }
}

export function savePreviewFields(fields: PreviewFields): void {
  try {
    localStorage.setItem(previewStorageKey, JSON.stringify(fields));
  } catch {
    // Storage unavailable: the fields still work for this visit.
  }
}

/** A page address carrying the fields as wire parameters, the language type and `extra`. */
export function buildPreviewUrl(path: string, fields: PreviewFields, lang: Language, extra: QueryParams = {}): string {
  const trimmed = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.trim()])) as PreviewFields;
  return withQuery(path, { ...toWireParams(trimmed), [languageParam]: languageType(lang), ...extra });
}

/**
 * A page of the list. `needs` says what the fields alone cannot give it: `order`, an order id (the
 * borrower's pages of a loan); `paymentChoice`, an amount and a channel, which the repayment and extension
 * pages add when the borrower picks a way to pay (the link opens its "invalid link" page otherwise).
 */
export type PreviewLink = { label: PreviewMessageKey; path: string; extra?: QueryParams; needs?: 'order' | 'paymentChoice' };

/** Every page the test page links to. */
export const previewLinks: PreviewLink[] = [
  { label: 'linkConfirmLoan', path: routes.confirmLoan },
  { label: 'linkLoanDetails', path: routes.loanDetails, needs: 'order' },
  { label: 'linkOrder', path: routes.order, needs: 'order' },
  { label: 'linkRepayment', path: routes.repayment, needs: 'order' },
  { label: 'linkRepaymentDelay', path: routes.repaymentDelay, needs: 'order' },
  { label: 'linkPaymentInstruction', path: routes.paymentInstruction, extra: { requestType: 1 }, needs: 'paymentChoice' },
  { label: 'linkLoanAgreementPeriod', path: routes.loanAgreementPeriod },
  { label: 'linkComplaintEntry', path: routes.complaintEntry },
  { label: 'linkComplaintList', path: routes.complaintList },
  { label: 'linkCustomerService', path: routes.customerServiceShort },
  { label: 'linkAboutUs', path: routes.aboutUs },
  { label: 'linkPrivacyPolicy', path: routes.privacyPolicy },
  { label: 'linkHome', path: routes.home },
];

/** What the list says under a link whose page cannot open from the fields as they are (none: it can). */
export function linkNote(link: PreviewLink, fields: PreviewFields): 'linkNeedsOrder' | 'linkNeedsPaymentChoice' | null {
  if (link.needs === 'order' && fields.orderId.trim() === '') return 'linkNeedsOrder';
  if (link.needs === 'paymentChoice') return 'linkNeedsPaymentChoice';
  return null;
}
