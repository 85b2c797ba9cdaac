import type { MarketCode } from '@presta/contract/markets';
import type { BureauAttributes } from '../policy/policy-types';

/*
 * A credit bureau (issue 35, docs/credit-bureau.md): one adapter per bureau, chosen per market by CREDIT_BUREAU.
 * Asked only under the applicant's recorded bureau authorisation (the caller checks it and passes it), it answers
 * the report as received (kept whole) and the attributes the policy reads. The sandbox (bureau-sandbox.ts) is the
 * demo's and the tests'; production refuses it unless CREDIT_BUREAU names it on purpose.
 */

/** Who is asked about: the identity as the application holds it (MX: CURP, RFC and names; IN: PAN and name). */
export type BureauSubject = {
  market: MarketCode;
  /** Our inquiry's reference (the application number): the bureau's logs carry it. */
  applicationNo: string;
  givenNames: string;
  firstSurname: string;
  secondSurname: string;
  /** IN: the name as on the PAN. */
  fullName: string;
  birthDate: string;
  curp: string;
  rfc: string;
  pan: string;
  /** The address as the application holds it (bureaus match on it): one line. */
  address: string;
  postalCode: string;
  /** The authorisation: its consent row, version and when it was signed. */
  authorisation: { consentId: number; version: string; signedAt: Date };
};

export type BureauReportReceived = {
  bureau: string;
  outcome: 'found' | 'not_found';
  reference: string;
  contentType: string;
  body: string;
  attributes: BureauAttributes;
};

/** The bureau did not answer (timeout, 5xx): the decision is tried again later, never made without it. */
export class BureauUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BureauUnavailable';
  }
}

export interface CreditBureau {
  readonly name: string;
  pull(subject: BureauSubject): Promise<BureauReportReceived>;
}
