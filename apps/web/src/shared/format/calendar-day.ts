import { languages, type Language } from '@presta/contract/language';

/*
 * Calendar days and months as the borrower reads them (issue 35): a day the server names as 'YYYY-MM-DD' (the
 * day a declined applicant may apply again, the last day a limit increase may be accepted) written in the page's
 * language, and the months of a month picker. The day is the market's calendar day already: it is drawn in UTC so
 * that no time zone moves it.
 */

/** 'YYYY-MM-DD' in words of the language ("1 de marzo de 2027", "March 1, 2027"); the text itself when not a day. */
export function readableDay(day: string, lang: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(languages[lang].locale, { dateStyle: 'long', timeZone: 'UTC' }).format(at);
}

/** 'YYYY-MM' in words of the language ("marzo de 2019", "March 2019"); the text itself when not a month. */
export function readableMonth(month: string, lang: Language): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat(languages[lang].locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at);
}

/** The twelve months' names in the language, January first ("enero", "January"). */
export function monthNames(lang: Language): string[] {
  const format = new Intl.DateTimeFormat(languages[lang].locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => format.format(new Date(Date.UTC(2000, month, 1))));
}
