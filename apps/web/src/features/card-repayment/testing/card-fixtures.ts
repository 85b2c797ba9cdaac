import type { DataOf } from '@presta/contract/api/endpoint';
import type { BankCard, repaymentWay } from '@presta/contract/api/legacy-payment';
import type { Normalised } from '@presta/contract/envelope';
import { sessionQuery } from '@/shared/testing/render';

/** The page URL's query of a card payment link: the test session and the amount. */
export const cardQuery = `${sessionQuery}&amount=262500`;

/** Sample answers of the legacy card calls (`data`), shaped by the contract schemas, amounts in minor units. */

export const bbvaCard: BankCard = { id: '31', bankName: 'BBVA', cardNo: '**** **** **** 4242', bankCode: 'BBVA' };
export const banorteCard: BankCard = { id: '32', bankName: 'Banorte', cardNo: '**** **** **** 1881', bankCode: 'BANORTE' };

export function cardsAnswer(overrides: Partial<DataOf<typeof repaymentWay>> = {}): DataOf<typeof repaymentWay> {
  return { alipay: '', repayToken: 'tok-1', bankCards: [bbvaCard, banorteCard], market: 'MX', ...overrides };
}

/** A '00' answer (the success code of the legacy calls). */
export function ok<T>(data: T): Normalised<T> {
  return { success: true, code: '00', message: '', data, raw: { success: true, code: '00', message: '', data } };
}

/** A refusal with its code and message. */
export function refused<T>(code: string, message = ''): Normalised<T> {
  return { success: false, code, message, data: null, raw: { success: false, code, message, data: null } };
}

/** What callApi gives back when no answer came (network down). */
export function networkFailure<T>(): Normalised<T> {
  return { success: false, code: 'network_error', message: 'No pudimos conectar con el servidor.', data: null, raw: null };
}
