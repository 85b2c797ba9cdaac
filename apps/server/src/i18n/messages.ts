import type { Language } from '@presta/contract/language';
import { commonEn, commonEs } from './messages/common';
import { loanEn, loanEs } from './messages/loan';
import { backOfficeEn, backOfficeEs } from './messages/back-office';
import { ledgerEn, ledgerEs } from './messages/ledger';
import { repaymentEn, repaymentEs } from './messages/repayment';
import { cardRepaymentEn, cardRepaymentEs } from './messages/card-repayment';
import { complaintsEn, complaintsEs } from './messages/complaints';
import { promotionEn, promotionEs } from './messages/promotion';
import { accountEn, accountEs } from './messages/account';
import { applicationEn, applicationEs } from './messages/application';
import { applicationDocumentsEn, applicationDocumentsEs } from './messages/application-documents';
import { creditEn, creditEs } from './messages/credit';
import { creditReviewEn, creditReviewEs } from './messages/credit-review';
import { accountVerificationEn, accountVerificationEs } from './messages/account-verification';
import { disbursalEn, disbursalEs } from './messages/disbursal';
import { agreementsEn, agreementsEs } from './messages/agreements';
import { agreementEvidenceEn, agreementEvidenceEs } from './messages/agreement-evidence';

/**
 * The server's message catalogue: every text a borrower or operator can read in
 * an API answer, one file per area (i18n/messages/). Spanish is the default;
 * `{name}` placeholders take values.
 */
const es = {
  ...commonEs,
  ...loanEs,
  ...backOfficeEs,
  ...ledgerEs,
  ...repaymentEs,
  ...cardRepaymentEs,
  ...complaintsEs,
  ...promotionEs,
  ...accountEs,
  ...applicationEs,
  ...applicationDocumentsEs,
  ...creditEs,
  ...creditReviewEs,
  ...accountVerificationEs,
  ...disbursalEs,
  ...agreementsEs,
  ...agreementEvidenceEs,
} as const;

export type MessageKey = keyof typeof es;

const en: Record<MessageKey, string> = {
  ...commonEn,
  ...loanEn,
  ...backOfficeEn,
  ...ledgerEn,
  ...repaymentEn,
  ...cardRepaymentEn,
  ...complaintsEn,
  ...promotionEn,
  ...accountEn,
  ...applicationEn,
  ...applicationDocumentsEn,
  ...creditEn,
  ...creditReviewEn,
  ...accountVerificationEn,
  ...disbursalEn,
  ...agreementsEn,
  ...agreementEvidenceEn,
};

const catalogues: Record<Language, Record<MessageKey, string>> = { es, en };

/** A template split once into literal text (even indexes) and placeholder names (odd indexes). */
const compiled = new Map<string, string[]>();
function pieces(template: string): string[] {
  let p = compiled.get(template);
  if (!p) {
    p = template.split(/\{(\w+)\}/);
    compiled.set(template, p);
  }
  return p;
}

export function translate(lang: Language, key: MessageKey, vars: Record<string, string | number> = {}): string {
  const template = catalogues[lang][key] ?? catalogues.es[key];
  const p = pieces(template);
  if (p.length === 1) return template;
  let out = '';
  for (let i = 0; i < p.length; i++) {
    const piece = p[i]!;
    out += i % 2 === 0 ? piece : piece in vars ? String(vars[piece]) : `{${piece}}`;
  }
  return out;
}
