import type { LoanConfirmData, LoanDetailsData } from '@presta/contract/api/loan';
import type { Normalised } from '@presta/contract/envelope';
import { agreementTerms } from '@/shared/testing/agreement-terms';
import type { PreparedAgreement } from '../api/prepare-agreement';
import type { SignedAgreement } from '../api/sign-agreement';

/** Sample answers shaped by the contract schemas (amounts in minor units). */
export function confirmData(overrides: Partial<LoanConfirmData> = {}): LoanConfirmData {
  return {
    firstPayTime: '2025-07-15',
    amount: 500000,
    periods: 2,
    termUnit: 15,
    isNeedPop: 0,
    sendSms: 0,
    details: [
      { text: 'Monto solicitado', value: '$5.000,00' },
      { text: 'Comisión', value: '$250,00' },
      { text: 'IVA', value: '0' },
      { text: 'Seguro', value: '' },
      { text: 'Monto a depositar', value: '$4.750,00' },
    ],
    repay_plans: [
      { title: 'Pago 1', description: 'Capital + intereses', amount: 262500, pay_time: '2025-07-15' },
      { title: 'Pago 2', description: 'Capital + intereses', amount: 262500, pay_time: '2025-07-30' },
    ],
    loanRate: '0,10%',
    ratemsg: 'Tasa de interés diaria',
    amountDec: 'El monto depositado descuenta la comisión de apertura.',
    isNewContract: '/loan-agreement?productId=1',
    messageType: 0,
    comProductLogo: '',
    comProductName: '',
    couNum: 0,
    amountMin: 100000,
    amountMax: 1000000,
    amountStep: 50000,
    periodsMin: 1,
    periodsMax: 6,
    market: 'MX',
    terms: agreementTerms('MX'),
    keyFacts: null,
    ...overrides,
  };
}

export function detailsData(overrides: Partial<LoanDetailsData> = {}): LoanDetailsData {
  return {
    signedAgreement: null,
    orderStatus: '174',
    noticeStatusText: 'Préstamo depositado',
    noticeDesText: 'Su próximo pago vence el 2025-07-15.',
    productName: 'Presta MX',
    productLogo: '/assets/logos/presta-mx.svg',
    userOrderDetail: {
      detail: [
        { text: 'Monto del préstamo', value: '$5.000,00' },
        { text: 'Fecha de pago', value: '2025-07-15' },
        { text: 'Cargo por atraso', value: '0' },
        { text: 'Cupón', value: '' },
      ],
    },
    inside: 1,
    isScore: 0,
    h5Url: '',
    payable: 1,
    isDelay: 0,
    isNewContract: '',
    orderId: '12',
    orderNo: 'PR2025000012',
    productId: '1',
    market: 'MX',
    ...overrides,
  };
}

/** agreement-prepare's answer (issue 38): the document for the confirmed figures and its code sent. */
export function preparedAgreement(overrides: Partial<PreparedAgreement> = {}): PreparedAgreement {
  const sha256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
  return {
    agreementNo: 'AG7K2M9Q4X1B8C',
    sha256,
    hashTail: sha256.slice(-8),
    amount: 500000,
    phoneMasked: '******5678',
    pdfUrl: '/api/agreements/AG7K2M9Q4X1B8C.pdf',
    resendAfter: 60,
    expiresIn: 300,
    ...overrides,
  };
}

/** agreement-sign's answer. */
export function signedAgreement(overrides: Partial<SignedAgreement> = {}): SignedAgreement {
  return { agreementNo: 'AG7K2M9Q4X1B8C', signedAt: '2025-07-01T16:05:00.000Z', timestamped: 1, ...overrides };
}

/** A refusal as the API client gives it (code and the server's message). */
export function refused<T>(code: string, message: string): Normalised<T> {
  return { success: false, code, message, data: null, raw: { code, message } };
}

export function ok<T>(data: T): Normalised<T> {
  return { success: true, code: '0', message: '', data, raw: { code: '0', data } };
}

export function failed<T>(message = 'Servicio no disponible'): Normalised<T> {
  return { success: false, code: '500', message, data: null, raw: { code: '500', message } };
}

/** A promise with its resolve exposed, to hold an answer back. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
