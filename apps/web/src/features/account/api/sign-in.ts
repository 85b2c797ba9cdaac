import { apiRoutes } from '@presta/contract/api/api-routes';
import type { accountSignIn, accountSignInCode } from '@presta/contract/api/account';
import type { getSid } from '@presta/contract/api/promotion';
import { apiUrl } from '@/shared/http/api-base';
import { callApi } from '@/shared/http/api-client';

/*
 * Sign-in (decision 017): the registration page's captcha (get-sid, then the
 * picture), a code by SMS, then the code checked; a browser's session is a
 * cookie the server sets (client=web). Failures are shown by the page.
 */

export function fetchCaptchaSid() {
  return callApi<typeof getSid>(apiRoutes.getSid, {}, { silent: true });
}

/** The captcha picture's address; a new timestamp draws a new picture (as on the promotion page). */
export function captchaUrl(sid: string, timestamp: number): string {
  return `${apiUrl(apiRoutes.getCaptcha.path)}?${new URLSearchParams({ sid, t: String(timestamp) })}`;
}

export function requestSignInCode(payload: { phone: string; sid: string; capcode: string }, loading: string) {
  return callApi<typeof accountSignInCode>(apiRoutes.accountSignInCode, payload, { loading, silent: true });
}

export function signIn(payload: { phone: string; code: string }, loading: string) {
  return callApi<typeof accountSignIn>(apiRoutes.accountSignIn, { ...payload, client: 'web' }, { loading, silent: true });
}
