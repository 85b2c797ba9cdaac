import type { Language } from '@presta/contract/language';

/*
 * How a loan's annual cost is stated (issue 13, decision 016): Mexico's CAT with the words Banco de
 * México's rules require (without IVA, for information and comparison, the day it was computed), India's
 * APR (interest and every charge). Plain data and functions, no React: the pages, the marketing site's
 * prerender and the e2e journeys read the same words.
 */

export type AnnualCostFigure = { kind: 'CAT' | 'APR'; rate: string; computedOn: string };

const es = {
  catSentence: 'CAT (Costo Anual Total) {rate} sin IVA. Para fines informativos y de comparación. Calculado el {date}.',
  aprSentence: 'APR (tasa de porcentaje anual) {rate}: el costo anual de su préstamo con los intereses y todos los cargos, GST incluido. Calculada el {date}.',
};
const en: Record<keyof typeof es, string> = {
  catSentence: 'CAT (annual total cost) {rate} without VAT (IVA). For information and comparison purposes. Computed on {date}.',
  aprSentence: 'APR (annual percentage rate) {rate}: the annual cost of your loan with interest and every charge, GST included. Computed on {date}.',
};

export const annualCostMessages: { es: typeof es; en: typeof en } = { es, en };

/** The full sentence the rules require wherever the figure is stated. */
export function annualCostSentence(cost: AnnualCostFigure, lang: Language): string {
  const m = annualCostMessages[lang];
  return (cost.kind === 'CAT' ? m.catSentence : m.aprSentence).replace('{rate}', cost.rate).replace('{date}', cost.computedOn);
}
