import { useState } from 'react';
import type { Offer } from '../api/account-data';

/** A value within [min, max] on the step grid from min. */
function onGrid(value: number, min: number, max: number, step: number): number {
  const clamped = Math.min(Math.max(value, min), max);
  if (step <= 0) return clamped;
  return Math.min(max, min + Math.round((clamped - min) / step) * step);
}

/** The amount and number of payments chosen for an offer: the most it allows, in the fewest payments, to start. */
export function useOfferChoice(offer: Offer) {
  const [amount, setAmountValue] = useState(offer.amountMax);
  const [periods, setPeriodsValue] = useState(offer.periodsMin);
  const setAmount = (value: number) => setAmountValue(onGrid(value, offer.amountMin, offer.amountMax, offer.amountStep));
  const setPeriods = (value: number) => setPeriodsValue(onGrid(value, offer.periodsMin, offer.periodsMax, 1));
  return { amount, periods, setAmount, setPeriods };
}
