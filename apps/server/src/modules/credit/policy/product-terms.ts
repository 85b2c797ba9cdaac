import type { ProductTerms } from './policy-types';

/** A product's terms as the decision reads and stores them (its inputs hold these fields only, whatever else it has). */
export function termsOf(product: ProductTerms): ProductTerms {
  const { code, amountMin, amountMax, amountStep, periodsMin, periodsMax, termUnitDays, dailyRatePpm, commissionPpm, vatPpm } = product;
  return { code, amountMin, amountMax, amountStep, periodsMin, periodsMax, termUnitDays, dailyRatePpm, commissionPpm, vatPpm };
}
