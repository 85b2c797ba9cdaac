/*
 * Answers are typed by the contract but not validated at run time (callApi;
 * validating would ship zod to the page): the pages read them defensively.
 */

/** A string field read defensively: strings as they are, numbers as text, anything else ''. */
export function readText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}
