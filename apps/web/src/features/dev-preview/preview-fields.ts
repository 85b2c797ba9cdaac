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

export type PreviewLink = { label: PreviewMessageKey; path: string; extra?: QueryParams };

/** Every page the test page links to (pages of later issues included). */
export const previewLinks: PreviewLink[] = [
  { label: 'linkConfirmLoan', path: routes.confirmLoan },
  { label: 'linkLoanDetails', path: routes.loanDetails },
  { label: 'linkOrder', path: routes.order },
  { label: 'linkRepayment', path: routes.repayment },
  { label: 'linkRepaymentDelay', path: routes.repaymentDelay },
  { label: 'linkPaymentInstruction', path: routes.paymentInstruction, extra: { requestType: 1 } },
  { label: 'linkLoanAgreementPeriod', path: routes.loanAgreementPeriod },
  { label: 'linkComplaintEntry', path: routes.complaintEntry },
  { label: 'linkComplaintList', path: routes.complaintList },
  { label: 'linkCustomerService', path: routes.customerServiceShort },
  { label: 'linkAboutUs', path: routes.aboutUs },
  { label: 'linkPrivacyPolicy', path: routes.privacyPolicy },
  { label: 'linkHome', path: routes.home },
];
