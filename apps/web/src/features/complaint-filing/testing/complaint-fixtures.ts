import type { Normalised } from '@presta/contract/envelope';
import { complaintDraftKey, updateComplaintDraft, type ComplaintDraft } from '../utils/complaint-draft';
import type { ComplaintInit, ComplaintOrder } from '../utils/complaint-types';

/** Sample problem-init answers (`data`), shaped by the contract schema. */

export const overdueOrder: ComplaintOrder = {
  productLogo: '/assets/logos/presta-mx.svg',
  productName: 'Presta MX',
  status: 'Vencido',
  list: [
    { text: 'Número de pedido', value: 'PM2025070112' },
    { text: 'Monto del préstamo', value: '$3.000,00' },
    { text: 'Comisión', value: '0' },
  ],
  orderNo: 'PM2025070112',
  isShow: 1,
};

export const paidOrder: ComplaintOrder = {
  productLogo: '/assets/logos/credito-facil.svg',
  productName: 'Crédito Fácil',
  status: 'Pagado',
  list: [
    { text: 'Número de pedido', value: 'CF2025060301' },
    { text: 'Monto del préstamo', value: '$1.500,00' },
  ],
  orderNo: 'CF2025060301',
  isShow: 0,
};

export function initAnswer(overrides: Partial<ComplaintInit> = {}): ComplaintInit {
  return {
    problemType: [
      { title: 'Cobranza', value: 1 },
      { title: 'Pagos', value: 2 },
      { title: 'Otro', value: 9 },
    ],
    problemSonType: [
      { title: 'Llamadas excesivas', value: 11 },
      { title: 'Trato irrespetuoso', value: 12 },
    ],
    orderDetail: overdueOrder,
    orderList: [overdueOrder, paidOrder],
    ...overrides,
  };
}

/** A '0' answer. */
export function ok<T>(data: T): Normalised<T> {
  return { success: true, code: '0', message: '', data, raw: { success: true, code: '0', message: '', data } };
}

/** A refusal with its code and message. */
export function refused<T>(code: string, message = ''): Normalised<T> {
  return { success: false, code, message, data: null, raw: { success: false, code, message, data: null } };
}

/** A draft: order PM2025070112, type 'Pagos' (2), no text or images unless given. */
export function draftOf(draft: Partial<ComplaintDraft> = {}): ComplaintDraft {
  return {
    orderNo: 'PM2025070112',
    type: { title: 'Pagos', value: 2 },
    subType: null,
    text: '',
    images: [],
    ...draft,
  };
}

/** The stored draft, parsed (null when there is none). */
export function storedDraft(): (ComplaintDraft & { owner: string }) | null {
  const raw = localStorage.getItem(complaintDraftKey);
  return raw ? (JSON.parse(raw) as ComplaintDraft & { owner: string }) : null;
}

/** Stores a draft for the session of `query` (as the entry page would have). */
export function seedDraft(draft: ComplaintDraft, query: string): void {
  window.history.replaceState(null, '', `/complainPageNext?${query}`);
  updateComplaintDraft(draft);
}
