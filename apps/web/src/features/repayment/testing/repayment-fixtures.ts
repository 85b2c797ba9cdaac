import type { DataOf } from '@presta/contract/api/endpoint';
import type { paymentVoucher, extensionDetail, repaymentDetail } from '@presta/contract/api/repayment';
import type { Normalised } from '@presta/contract/envelope';

/** Sample API answers (`data`) shaped by the contract schemas, amounts in minor units. */

export type RepaymentAnswer = DataOf<typeof repaymentDetail>;
export type ExtensionAnswer = DataOf<typeof extensionDetail>;
export type VoucherAnswer = DataOf<typeof paymentVoucher>;

export const storeChannel = {
  payCode: 'store',
  logo: '/assets/channels/store.svg',
  desc: 'Pago en tiendas',
  vCode: '80000000000011',
  BARcodeImg: '/v3/loan-details/barcode/80000000000011.svg',
};

export const speiChannel = {
  payCode: 'spei',
  logo: '/assets/channels/spei.svg',
  desc: 'Transferencia SPEI',
  vCode: '',
  BARcodeImg: '',
};

/** The card channel (legacy card repayment): it opens /card-repayment, not /carpmm. */
export const cardChannel = {
  payCode: 'card',
  logo: '/assets/channels/card.svg',
  desc: 'Tarjeta de débito o crédito',
  vCode: '',
  BARcodeImg: '',
};

export function repaymentAnswer(overrides: Partial<RepaymentAnswer> = {}): RepaymentAnswer {
  return {
    repayAmount: 262500,
    productName: 'Presta MX',
    repayDate: '2025-07-15',
    productLogo: '/assets/logos/presta-mx.svg',
    detail: [
      { text: 'Capital', value: '$2.500,00' },
      { text: 'Intereses', value: '$75,00' },
      { text: 'IVA', value: '$12,00' },
      { text: 'Cargo por atraso', value: '0' },
      { text: 'Cupón', value: '' },
      { text: 'Total', value: '$2.625,00' },
    ],
    repayList: [
      { reviewer: 'Efectivo', list: [storeChannel] },
      { reviewer: 'Transferencia', list: [speiChannel] },
    ],
    noticeMsg: 'Su pago se refleja en un máximo de 30 minutos.',
    market: 'MX',
    ...overrides,
  };
}

export function extensionAnswer(overrides: Partial<ExtensionAnswer> = {}): ExtensionAnswer {
  return {
    productLogo: '/assets/logos/presta-mx.svg',
    productName: 'Presta MX',
    delayInfo: { reviewer: 'Pague el cargo y su fecha se recorre 7 días.', delayAmount: 45000, delayTime: '2025-07-22' },
    repayPlan: [
      { title: 'Cargo por extensión', amount: 45000, remark: 'Se paga hoy', time: '2025-07-15' },
      { title: 'Pago final', amount: 262500, remark: 'Capital + intereses', time: '2025-07-22' },
    ],
    repayList: [
      { title: 'Efectivo', list: [storeChannel] },
      { title: 'Transferencia', list: [speiChannel] },
    ],
    noticeMsg: 'La extensión se activa al recibir su pago.',
    note: 'Solo puede extender su plazo una vez por periodo.',
    market: 'MX',
    ...overrides,
  };
}

export function voucherAnswer(overrides: Partial<VoucherAnswer> = {}): VoucherAnswer {
  return {
    topLogo: '/assets/channels/store.svg',
    repayDetail: {
      amount: 262500,
      repayTitle: 'Pague en efectivo',
      repayDes: 'Presenta esta referencia en cualquier tienda participante.',
      repayCode: '/v3/loan-details/barcode/80000000000011.svg',
      vCode: '80000000000011',
      companyName: 'Presta Servicios Financieros S.A. de C.V.',
    },
    dataList: [
      { title: 'Cómo pagar', content: ['Acuda a la caja.', 'Indique que paga un servicio.', 'Guarde su comprobante.'] },
      { title: 'Importante', content: ['La referencia vence en 48 horas.'] },
    ],
    imgList: {
      title: 'Tiendas participantes',
      eMail: 'pagos@presta.example',
      content: ['/assets/stores/a.png', '/assets/stores/b.png'],
    },
    bottomLogo: '/assets/logos/presta.svg',
    market: 'MX',
    paymentDetails: [],
    payLink: '',
    stores: [],
    ...overrides,
  };
}

export function ok<T>(data: T): Normalised<T> {
  return { success: true, code: '0', message: '', data, raw: { code: '0', data } };
}

export function failed<T>(message = 'Servicio no disponible'): Normalised<T> {
  return { success: false, code: '500', message, data: null, raw: { code: '500', message } };
}
