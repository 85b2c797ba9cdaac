import { formatMarketMoney, isMarketCode } from '@presta/contract/markets';
import { isOrderStatus, orderStatusNames } from '@presta/contract/order-status';
import type { Language } from '@/shared/i18n/i18n';

/*
 * How the console writes money, dates and statuses: money as the loan's market writes it (the borrower reads the
 * same figure), times in the reader's time zone with the zone's name, statuses by their one name (order-status.ts).
 */

/** Minor units as the loan's market writes them ("$1.234,56", "₹1,234.56": decision 022); an unknown market shows the bare amount. */
export function money(minor: number, market: string): string {
  return isMarketCode(market) ? formatMarketMoney(minor, market) : (minor / 100).toFixed(2);
}

/** An ISO instant as a date and time in the browser's zone. */
export function dateTime(iso: string | null | undefined, language: Language): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-MX', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A calendar day (YYYY-MM-DD) as it is: calendar days are never shifted by a time zone. */
export function day(value: string | null | undefined): string {
  return value ? value.slice(0, 10) : '—';
}

/** A status code with its name ("174 · Disbursed"). */
export function statusName(status: string, language: Language): string {
  return isOrderStatus(status) ? `${status} · ${orderStatusNames[language][status]}` : status;
}
