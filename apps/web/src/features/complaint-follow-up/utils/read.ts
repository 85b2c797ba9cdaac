import { readText } from '@/shared/http/read-text';

/** A list of strings (image addresses): non-empty strings only, trimmed. */
export function readTextList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map(readText).map((s) => s.trim()).filter((s) => s !== '');
}
