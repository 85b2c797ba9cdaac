import type { DataOf } from '@presta/contract/api/endpoint';
import type { problemDetail, problemList } from '@presta/contract/api/complaint';
import { COMPLAINT_IMAGE_PATH } from '@presta/contract/complaint-rules';

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
