/**
 * Answers are typed by the contract but not validated at run time (callApi):
 * the pages read them defensively.
 */

/** A string field: strings as they are, numbers as text, anything else ''. */
export function readText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** A list of strings (image addresses): non-empty strings only, trimmed. */
export function readTextList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map(readText).map((s) => s.trim()).filter((s) => s !== '');
}
