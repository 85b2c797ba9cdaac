import { apiRoutes } from '@presta/contract/api/api-routes';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { getWhatsapp } from '@presta/contract/api/support';
import type { Normalised } from '@presta/contract/envelope';
import { callApi } from '@/shared/http/api-client';

/** Customer service contacts, by what they are (the wire names: phone = WhatsApp, va = telephone). */
export type SupportContacts = { whatsapp: string; telephone: string; email: string };

type WhatsappData = DataOf<typeof getWhatsapp>;

/** The fixed parameter the pages send (§7). */
export const SUPPORT_CONTACTS_TYPE = 30;

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/**
 * POST /user-problem/get-whatsapp with type=30: the WhatsApp number, the
 * telephone and the e-mail of customer service. Silent: the page shows a
 * failure itself.
 */
export async function fetchSupportContacts(opts: { signal?: AbortSignal } = {}): Promise<Normalised<SupportContacts>> {
  const result = await callApi<typeof getWhatsapp>(apiRoutes.getWhatsapp, { type: SUPPORT_CONTACTS_TYPE }, { silent: true, signal: opts.signal });
  if (!result.success || !result.data) return { ...result, data: null };
  const d = result.data as Partial<Record<keyof WhatsappData, unknown>>;
  return { ...result, data: { whatsapp: text(d.phone), telephone: text(d.va), email: text(d.email) } };
}
