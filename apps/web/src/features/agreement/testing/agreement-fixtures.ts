import type { AgreementData } from '@presta/contract/api/loan';
import { agreementTerms } from '@/shared/testing/agreement-terms';

/** A contract-detail answer shaped by the contract schema. */
export function agreementAnswer(overrides: Partial<AgreementData> = {}): AgreementData {
  return {
    username: 'María López Hernández',
    userName: 'maria.lopez',
    productName: 'Presta MX',
    mount: '$5.000,00',
    amount: 500000,
    bankNo: '**** **** **** 1234',
    daiDate: '2025-07-01',
    planDate: '2025-07-15',
    contractAmount: '$5.337,00',
    commission: '$250,00',
    Interest: '$40,00',
    IVA: '$46,40',
    giveAmount: '$4.750,00',
    userAddress: 'Calle Falsa 123, Col. Centro, CDMX',
    contractDate: '2025-07-01',
    company: 'Presta Servicios Financieros S.A. de C.V.',
    market: 'MX',
    terms: agreementTerms('MX'),
    keyFacts: null,
    ...overrides,
  };
}
