import { normalizeName } from '@presta/contract/identity/normalize';
import type { MarketCode } from '@presta/contract/markets';
import { productCatalogue } from '../../../db/catalogue';
import type { BureauAttributes, CreditInputs, ProductTerms } from './policy-types';
import { termsOf } from './product-terms';

/*
 * Test inputs for the policy (its tests and the decision's): the demo applicant of each market (docs/application.md
 * "Demo": 22 000.00 a month, 3 000.00 of obligations, at the address since 2019-03, at the employer since 2021-08)
 * with a clean bureau file, and the market's products as the catalogue seeds them.
 */

/** The catalogue's product of the market, as the decision reads it. */
export function catalogueTerms(market: MarketCode): ProductTerms[] {
  return productCatalogue
    .filter((p) => p.market === market)
    .map(termsOf);
}

export const cleanFile: BureauAttributes = {
  found: true,
  score: 780,
  openAccounts: 3,
  worstDelinquencyDays: 0,
  inquiries90d: 1,
  monthlyPayments: 100_000,
  fileBirthDate: '1992-05-14',
  fileNameKey: 'MARIA FERNANDA LOPEZ HERNANDEZ',
};

export function demoInputs(market: MarketCode, bureau: Partial<BureauAttributes> | null = {}): CreditInputs {
  return {
    market,
    today: '2026-11-29',
    applicant: {
      birthDate: '1992-05-14',
      nameKey: normalizeName('María Fernanda López Hernández'),
      nationality: market === 'IN' ? 'IN' : '',
      permanentAddress: true,
      residentSince: '2019-03',
      workingSince: '2021-08',
      occupation: 'employed',
      monthlyIncome: 2_200_000,
      monthlyObligations: 300_000,
    },
    identity: { verified: true, faceScore: 91, usedByAnotherBorrower: false },
    bureau: bureau === null ? null : { ...cleanFile, ...bureau },
    history: { settledLoans: 0, settledOnTime: 0, everLate30: false, openLoans: 0 },
    products: catalogueTerms(market),
  };
}
