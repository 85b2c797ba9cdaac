import type { DataOf } from '@presta/contract/api/endpoint';
import type { problemDetail, problemList } from '@presta/contract/api/complaint';
import { COMPLAINT_IMAGE_PATH } from '@presta/contract/complaint-rules';
import type { StubAnswer } from '@/shared/testing/api-stubs';

/** The session of the page URL in the tests (wire names: app version, device id, session id). */
export const sessionQuery = 'crp_phe=2.3.0&showy=dev-1&swift=sess-9';

/** Wire answers for the fetch stub: a success, and the refusals the pages handle. */
export const ok = (data: unknown): StubAnswer => ({ status: 200, body: { success: true, code: '0', message: '', data } });

/** What the server answers for another borrower's or an unknown complaint. */
export const notFound = (message = 'No encontramos esta queja.'): StubAnswer => ({
  status: 404,
  body: { success: false, code: '404001', message, data: null },
});

export const refused = (status: number, code: string, message: string): StubAnswer => ({
  status,
  body: { success: false, code, message, data: null },
});

export const serverError = (): StubAnswer => ({
  status: 500,
  body: { success: false, code: '500000', message: 'Algo salió mal.', data: null },
});

/** Sample answers (`data`) of the complaint calls, shaped by the contract schemas. */

export type ListAnswer = DataOf<typeof problemList>;
export type DetailAnswer = DataOf<typeof problemDetail>;

export function listAnswer(overrides: Partial<ListAnswer> = {}): ListAnswer {
  return {
    tabs: [
      {
        title: 'En proceso',
        list: [
          {
            id: '43',
            time: '2025-07-14 18:20:05',
            type: 'Cobranza',
            content: 'Me llamaron varias veces en la madrugada para cobrar un pago que todavía no vence. Pido que dejen de llamar a esas horas.',
          },
          { id: '42', time: '2025-07-10 09:02:11', type: 'Pagos', content: 'Pagué en tienda y el pago no aparece.' },
        ],
      },
      {
        title: 'Respondidas',
        list: [{ id: '41', time: '2025-07-01 12:00:00', type: 'Préstamo', content: '¿Por qué cambió el monto de mi préstamo?' }],
      },
      { title: 'Cerradas', list: [] },
    ],
    ...overrides,
  };
}

export const imagePath = (id: number) => `${COMPLAINT_IMAGE_PATH}/${id}`;

export function detailAnswer(overrides: Partial<DetailAnswer> = {}): DetailAnswer {
  return {
    type: 'Cobranza',
    sonType: 'Llamadas fuera de horario',
    problemId: '41',
    content: 'Me llamaron a las 3 de la mañana.',
    images: [imagePath(7), imagePath(8)],
    disposeDetail: 'Lamentamos lo ocurrido. Ya pedimos al equipo de cobranza que solo llame de 9 a 20 h.',
    disposeImages: [imagePath(9)],
    isNeedScore: 0,
    ...overrides,
  };
}
