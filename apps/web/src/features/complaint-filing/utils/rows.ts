import type { TextValue } from '@presta/contract/api/common';

/** §5: a detail row whose value is empty or '0' is not shown (the rule of the other order cards). */
export function visibleRows(rows: readonly TextValue[] | null | undefined): TextValue[] {
  return (rows ?? []).filter((row) => {
    const value = String(row?.value ?? '').trim();
    return value !== '' && value !== '0';
  });
}
