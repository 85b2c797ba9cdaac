import type { ApplicationMessageKey } from '../messages';

/** A field's early hint: a message of the catalogue and its values. */
export type Hint = { key: ApplicationMessageKey; vars?: Record<string, number | string> };
export type Hints<F extends string> = Partial<Record<F, Hint>>;

/** The fields with no value among the required ones: "this is required". */
export function requiredHints<F extends string>(values: Record<F, string | boolean>, required: readonly F[]): Hints<F> {
  const hints: Hints<F> = {};
  for (const field of required) {
    const value = values[field];
    if (value === false || (typeof value === 'string' && !value.trim())) hints[field] = { key: 'required' };
  }
  return hints;
}
