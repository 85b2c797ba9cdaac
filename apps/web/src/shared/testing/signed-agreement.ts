import type { SignedAgreementLink } from '@presta/contract/api/loan';

/** A signed agreement as loan details, my loans and the statement name it (issue 38). */
export function signedAgreementLink(overrides: Partial<SignedAgreementLink> = {}): SignedAgreementLink {
  return { agreementNo: 'AG7K2M9Q4X1B8C', signedAt: '2025-07-02T03:30:00.000Z', pdfUrl: '/api/agreements/AG7K2M9Q4X1B8C.pdf', ...overrides };
}
