import { apiRoutes } from '@presta/contract/api/api-routes';
import type { uploadProblemImg } from '@presta/contract/api/complaint';
import type { DataOf } from '@presta/contract/api/endpoint';
import { COMPLAINT_IMAGE_FIELD } from '@presta/contract/complaint-rules';
import type { Normalised } from '@presta/contract/envelope';
import { sessionErrorCodes } from '@presta/contract/error-codes';
import { formClientHeaderParams } from '@presta/contract/session-params';
import { clientErrorCodes, sessionFailureUrl } from '@/shared/http/api-client';
import { apiAddress, readAnswer } from '@/shared/http/api-request';
import { requestTimeoutMs } from '@/shared/http/http-client';
import { commonMessages } from '@/shared/i18n/common-messages';
import { getMessage } from '@/shared/i18n/use-messages';
import { replaceLocation } from '@/shared/session/navigation';
import { hideLoading, showLoading, showToast } from '@/shared/ui/toast';
import { isComplaintImageUrl } from '../utils/image-check';

export type UploadedImage = DataOf<typeof uploadProblemImg>;

export type UploadOptions = {
  /** When non-empty, a loading toast with this text shows until the answer arrives. */
  loading?: string;
  /** Do not toast a failure. A session failure still redirects. */
  silent?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
};

function failure<T>(code: string, message: string, raw: unknown = null): Normalised<T> {
  return { success: false, code, message, data: null, raw };
}

/** The form client's session headers (swift, eyes) of the page URL, as api-client's form calls send them. */
function sessionHeaders(): Record<string, string> {
  const query = new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  for (const name of formClientHeaderParams) {
    const value = query.get(name);
    if (value) headers[name] = /^[\x20-\x7e]*$/.test(value) ? value : encodeURIComponent(value);
  }
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(file: Blob, fileName: string, timeoutMs: number, signal: AbortSignal | undefined): Promise<Normalised<UploadedImage>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });

  const form = new FormData();
  form.append(COMPLAINT_IMAGE_FIELD, file, fileName);
  try {
    // No Content-Type: the browser writes multipart/form-data with its boundary.
    const response = await fetch(apiAddress(apiRoutes.uploadProblemImg.path), {
      method: 'POST',
      headers: sessionHeaders(),
      body: form,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    const body = await readBody(response);
    const wrapper = body !== null && typeof body === 'object' && ('code' in body || 'success' in body);
    if (!response.ok && !wrapper) return failure(clientErrorCodes.invalidResponse, getMessage(commonMessages, 'serverError'), body);
    const result = readAnswer<UploadedImage>(body);
    if (!result.success) return { ...result, message: result.message || getMessage(commonMessages, 'serverError') };
    const url = (result.data as Record<string, unknown> | null)?.url;
    // Only our own image address is kept: the page adds the session parameters to it to show it.
    if (!isComplaintImageUrl(url)) return failure(clientErrorCodes.invalidResponse, getMessage(commonMessages, 'serverError'), body);
    return { ...result, data: { url } };
  } catch (error) {
    if (timedOut) return failure(clientErrorCodes.timeout, getMessage(commonMessages, 'networkTimeout'), error);
    if (controller.signal.aborted) return failure(clientErrorCodes.aborted, '', error);
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    return failure(clientErrorCodes.network, getMessage(commonMessages, offline ? 'networkOffline' : 'networkError'), error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

/**
 * POST /user-problem/upload-problem-img: one image, multipart, in the field
 * `problemImage`, with the session parameters in the query (apiAddress) and
 * the form client's headers. Behaves like callApi: never rejects, shows the
 * loading toast, toasts a failure with the server's message (not an image,
 * too large, …) unless `silent`, and sends a session failure to the
 * joint-logon failure page. The answer's data.url is the stored image's
 * address (`/user-problem/problem-image/<id>`).
 */
export async function uploadComplaintImage(file: File, opts: UploadOptions = {}): Promise<Normalised<UploadedImage>> {
  const loading = opts.loading ?? '';
  if (loading) showLoading(loading);
  let result: Normalised<UploadedImage>;
  try {
    result = await send(file, file.name || 'image', opts.timeoutMs ?? requestTimeoutMs, opts.signal);
  } finally {
    if (loading) hideLoading();
  }
  if (!result.success) {
    if (!opts.silent && result.code !== clientErrorCodes.aborted) showToast(result.message);
    if (sessionErrorCodes.has(result.code)) replaceLocation(sessionFailureUrl());
  }
  return result;
}
