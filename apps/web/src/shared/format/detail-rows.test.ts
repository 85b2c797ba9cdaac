import { describe, expect, it } from 'vitest';
import { isVisibleRow, visibleRows } from './detail-rows';

describe('detail rows (§5)', () => {
  it("hides a row whose value is empty, blank or '0', keeps '0,00' and any other value", () => {
    expect(isVisibleRow({ text: 'IVA', value: '0' })).toBe(false);
    expect(isVisibleRow({ text: 'IVA', value: ' 0 ' })).toBe(false);
    expect(isVisibleRow({ text: 'IVA', value: '' })).toBe(false);
    expect(isVisibleRow({ text: 'IVA', value: '   ' })).toBe(false);
    expect(isVisibleRow({ text: 'IVA', value: '0,00' })).toBe(true);
    expect(isVisibleRow({ text: 'Plazo', value: '30 días' })).toBe(true);
  });

  it('keeps the order and takes a missing list as none', () => {
    expect(visibleRows([{ text: 'a', value: '1' }, { text: 'b', value: '0' }, { text: 'c', value: '2' }]).map((r) => r.text)).toEqual(['a', 'c']);
    expect(visibleRows(null)).toEqual([]);
    expect(visibleRows(undefined)).toEqual([]);
  });
});
