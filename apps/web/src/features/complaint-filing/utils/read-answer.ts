import type { TextValue } from '@presta/contract/api/common';
import { readText } from '@/shared/http/read-text';
import type { ComplaintOption, ComplaintOrder } from './complaint-types';

/*
 * Answers are typed by the contract but not validated at run time (that would
 * ship zod to the page): the complaint data is read defensively here.
 */

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** A whole number field (numbers or numeric strings), else NaN. */
function readInt(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d{1,9}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(n) ? n : NaN;
}

/** A list of { title, value } options; entries without a whole value are dropped. */
export function readOptions(value: unknown): ComplaintOption[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((raw) => {
      const o = record(raw);
      return { title: readText(o.title), value: readInt(o.value) };
    })
    .filter((o) => Number.isSafeInteger(o.value) && o.title.trim() !== '');
}

function readRows(value: unknown): TextValue[] {
  if (!Array.isArray(value)) return [];
  return value.map((raw) => {
    const r = record(raw);
    return { text: readText(r.text), value: readText(r.value) };
  });
}

/** An order card; null when it has no order number (a complaint could not name it). */
export function readOrder(value: unknown): ComplaintOrder | null {
  if (value === null || typeof value !== 'object') return null;
  const o = record(value);
  const orderNo = readText(o.orderNo).trim();
  if (!orderNo) return null;
  return {
    productLogo: readText(o.productLogo),
    productName: readText(o.productName),
    status: readText(o.status),
    list: readRows(o.list),
    orderNo,
    isShow: readInt(o.isShow) === 1 ? 1 : 0,
  };
}
