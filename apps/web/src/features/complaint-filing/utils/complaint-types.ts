import type { problemInit } from '@presta/contract/api/complaint';
import type { DataOf } from '@presta/contract/api/endpoint';

/** The problem-init answer (§3 complaint init data). */
export type ComplaintInit = DataOf<typeof problemInit>;

/** A question type or sub-type: { title, value }. */
export type ComplaintOption = ComplaintInit['problemType'][number];

/** An order as the complaint entry shows it: product, status text, rows, orderNo, isShow (1: collection complaints allowed). */
export type ComplaintOrder = ComplaintInit['orderList'][number];
