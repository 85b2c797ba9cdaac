import type { TextValue } from '@presta/contract/api/common';

/** §5: a detail row whose value is empty or '0' is not shown. */
export function isVisibleRow(row: TextValue): boolean {
  const value = String(row?.value ?? '').trim();
  return value !== '' && value !== '0';
}

/** The rows a page shows, in order (§5). */
export function visibleRows(rows: readonly TextValue[] | null | undefined): TextValue[] {
  return (rows ?? []).filter(isVisibleRow);
}
