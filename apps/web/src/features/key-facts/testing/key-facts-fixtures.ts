import type { KeyFactsCharge, KeyFactsData } from '@presta/contract/api/key-facts';
import { markets } from '@presta/contract/markets';
import { agreementTerms } from '@/shared/testing/agreement-terms';

const none = { ratePpm: null, rate: '', amount: null, fromDay: null, toDay: null, contingent: false } as const;

/** An Indian offer's KFS as the server builds it (key-facts-service.ts): the catalogue product, ₹50,000.00 over 91 days. */
export function indianKeyFacts(lang: 'es' | 'en' = 'en', overrides: Partial<KeyFactsData> = {}): KeyFactsData {
  const terms = agreementTerms('IN', lang);
  const charges: KeyFactsCharge[] = [
    { ...none, charge: 'interest', ratePpm: 365_000, rate: '36.5%', amount: terms.totals.interest, frequency: 'per_instalment' },
    { ...none, charge: 'commission', ratePpm: 30_000, rate: '3%', amount: terms.commission.total, frequency: 'per_instalment' },
    { ...none, charge: 'tax', ratePpm: 180_000, rate: '18%', amount: terms.totals.tax, frequency: 'per_instalment' },
    ...terms.lateCharges.tiers.map((x): KeyFactsCharge => ({ ...none, charge: 'late_fee', ratePpm: x.ratePpm, rate: x.rate, fromDay: x.fromDay, toDay: x.toDay, frequency: 'per_day', contingent: true })),
    { ...none, charge: 'default_penalty', amount: 100_000, frequency: 'one_time', contingent: true },
    { ...none, charge: 'extension_fee', ratePpm: 1_000, rate: '0.10%', amount: terms.extension.feeOnPrincipal, frequency: 'per_extension', contingent: true },
  ];
  return {
    proposalNo: 'KFS20250702ABCDEF01',
    market: 'IN',
    currency: 'INR',
    borrowerName: 'Priya Sharma',
    productName: 'Presta Flex',
    issuedOn: '2025-07-02',
    issuedAt: '2025-07-02 10:15:00',
    validWorkingDays: 3,
    validUntil: '2025-07-07',
    expired: false,
    acknowledgedAt: null,
    orderNo: null,
    orderId: null,
    disbursedOn: null,
    coolingOff: { days: 3, until: '' },
    terms,
    charges,
    grievance: { ...markets.IN.keyFacts!.grievanceOfficer },
    support: { ...markets.IN.support },
    ...overrides,
  };
}
