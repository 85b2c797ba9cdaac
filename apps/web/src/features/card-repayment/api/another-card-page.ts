import { apiRoutes } from '@presta/contract/api/api-routes';
import type { repaymentHuichao } from '@presta/contract/api/legacy-payment';
import type { Normalised } from '@presta/contract/envelope';
import { callApi } from '@/shared/http/api-client';
import { readText } from '@/shared/http/read-text';

/**
 * POST repayment-huichao: the address of the card processor's hosted payment
 * page, to pay this order's amount (minor units) with a card not on file.
 * Only an http(s) address is returned (anything else reads as ''). Silent:
 * the page shows the failure.
 */
export async function fetchAnotherCardPage(
  payload: { orderId: string; amount: number },
  opts: { loading?: string } = {},
): Promise<Normalised<{ url: string }>> {
  const result = await callApi<typeof repaymentHuichao>(apiRoutes.repaymentHuichao, payload, { ...opts, silent: true });
  if (!result.success || !result.data) return { ...result, data: null };
  return { ...result, data: { url: webAddress(readText(result.data.url)) } };
}

/** The address when it is http(s) (absolute, or relative to this site), else ''. */
function webAddress(address: string): string {
  const trimmed = address.trim();
  if (!trimmed) return '';
  try {
    const url = new URL(trimmed, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? trimmed : '';
  } catch {
    return '';
  }
}
