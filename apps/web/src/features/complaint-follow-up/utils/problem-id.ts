/** The URL parameter of the complaint detail page (/complainDetails?problemId=…). */
export const problemIdParam = 'problemId';

/**
 * The complaint id of a page query string: 1 to 18 digits (as the contract's
 * idSchema takes it), else null (missing or not an id: an invalid link).
 */
export function readProblemId(search: string): string | null {
  const value = new URLSearchParams(search).get(problemIdParam)?.trim() ?? '';
  return /^\d{1,18}$/.test(value) ? value : null;
}
