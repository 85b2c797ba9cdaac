import type { FastifyBaseLogger } from 'fastify';
import { KycUnavailable } from './kyc-check';

/*
 * The live providers' one way to call: a POST with a time limit. No answer in time, a network error, 429 or 5xx:
 * KycUnavailable (the caller answers 503 or the job runs again). 401/403 are our keys' fault: logged as an error for
 * the operator, and unavailable to the borrower. A log line names the provider, the call and the status only: never
 * a request or answer body (they carry identity numbers, names and images).
 */

export type KycAnswer = { status: number; body: Record<string, unknown> };

export async function kycPost(
  call: { provider: string; name: string; url: string; headers: Record<string, string>; body: FormData | string; timeoutMs: number },
  log: FastifyBaseLogger,
): Promise<KycAnswer> {
  let res: Response;
  try {
    res = await fetch(call.url, { method: 'POST', headers: call.headers, body: call.body, signal: AbortSignal.timeout(call.timeoutMs) });
  } catch (error) {
    const reason = error instanceof Error ? error.name : 'unknown';
    log.warn({ kyc: { provider: call.provider, call: call.name, reason } }, 'kyc provider did not answer');
    throw new KycUnavailable(`${call.provider} ${call.name}: ${reason}`);
  }
  if (res.status >= 500 || res.status === 429 || res.status === 401 || res.status === 403) {
    await res.body?.cancel();
    const line = { kyc: { provider: call.provider, call: call.name, status: res.status } };
    if (res.status === 401 || res.status === 403) log.error(line, 'kyc provider refused our credentials: check its key');
    else log.warn(line, 'kyc provider unavailable');
    throw new KycUnavailable(`${call.provider} ${call.name}: http_${res.status}`);
  }
  try {
    const body: unknown = await res.json();
    return { status: res.status, body: typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {} };
  } catch {
    log.warn({ kyc: { provider: call.provider, call: call.name, status: res.status } }, 'kyc provider answer unreadable');
    throw new KycUnavailable(`${call.provider} ${call.name}: unreadable answer`);
  }
}

/** An image as a multipart file part. */
export function imagePart(form: FormData, field: string, bytes: Buffer, filename: string): void {
  form.append(field, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), filename);
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
export const obj = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
