/** A string field read defensively: strings as they are, numbers as text, anything else ''. */
export function readText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}
