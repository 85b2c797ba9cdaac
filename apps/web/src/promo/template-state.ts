import type { PromotionTemplate } from '@presta/contract/api/promotion';

/** The template as the pages see it: still loading, loaded, or not available (the fetch failed). */
export type TemplateState =
  | { status: 'loading' }
  | { status: 'ready'; template: PromotionTemplate }
  | { status: 'failed' };

export const templateOf = (state: TemplateState): PromotionTemplate | null =>
  state.status === 'ready' ? state.template : null;
