import type { FastifyBaseLogger } from 'fastify';
import { TimestampUnavailable, type TimestampAuthority, type TimestampToken } from './timestamp-authority';
import { acceptReply } from './timestamp-verify';
import { randomInteger, timestampRequest, TIMESTAMP_QUERY_TYPE, TIMESTAMP_REPLY_TYPE } from './tsp';

/*
 * A time-stamp authority over HTTP (RFC 3161 section 3.4; docs/providers/tsa.md "Production"): the accredited
 * provider at TSA_URL. One POST of a DER TimeStampReq (SHA-256 imprint, a random 64-bit nonce, certReq, the
 * TSA_POLICY if set), with HTTP basic auth or a bearer token if set; the answer must be a TimeStampResp
 * (application/timestamp-reply), granted, for our imprint and nonce, signed by a certificate that chains to
 * TSA_CA_PEM (acceptReply). Anything else is TimestampUnavailable: the signature stands and a job asks again later.
 * Messages name what failed, never a credential.
 */

/** The longest answer read (a token with its chain is a few kilobytes). */
const MAX_REPLY_BYTES = 256 * 1024;

export type Rfc3161Settings = {
  url: string;
  /** HTTP basic auth (TSA_USERNAME, TSA_PASSWORD) or a bearer token (TSA_BEARER_TOKEN); none when the URL is open. */
  username?: string | undefined;
  password?: string | undefined;
  bearerToken?: string | undefined;
  /** The provider's chain, PEM (TSA_CA_PEM's file): its root, intermediates, and its TSA certificate if published. */
  chainPem: string;
  /** The TSA policy OID to ask for (TSA_POLICY); the provider's default when unset. */
  policy?: string | undefined;
  timeoutMs: number;
};

export function createRfc3161Authority(settings: Rfc3161Settings, log?: FastifyBaseLogger): TimestampAuthority {
  const headers: Record<string, string> = { 'content-type': TIMESTAMP_QUERY_TYPE, accept: TIMESTAMP_REPLY_TYPE };
  if (settings.bearerToken) headers.authorization = `Bearer ${settings.bearerToken}`;
  else if (settings.username !== undefined) {
    headers.authorization = `Basic ${Buffer.from(`${settings.username}:${settings.password ?? ''}`).toString('base64')}`;
  }
  return {
    id: 'rfc3161',
    chainPem: () => Promise.resolve(settings.chainPem),
    async stamp(sha256: Buffer): Promise<TimestampToken> {
      const nonce = randomInteger(8);
      const body = timestampRequest({ sha256, nonce, policy: settings.policy });
      const started = Date.now();
      try {
        const reply = await post(settings.url, headers, body, settings.timeoutMs);
        const token = await acceptReply(reply, { sha256, nonce, policy: settings.policy, chainPem: settings.chainPem });
        log?.info({ authority: 'rfc3161', serialNumber: token.serialNumber, ms: Date.now() - started }, 'time-stamp granted');
        return token;
      } catch (error) {
        const reason = error instanceof TimestampUnavailable ? error.message : 'unexpected failure';
        log?.warn({ authority: 'rfc3161', reason, ms: Date.now() - started }, 'time-stamp unavailable');
        throw error instanceof TimestampUnavailable ? error : new TimestampUnavailable(reason);
      }
    },
  };
}

/** One POST; the reply's bytes when it is a 200 application/timestamp-reply, else TimestampUnavailable. */
async function post(url: string, headers: Record<string, string>, body: Buffer, timeoutMs: number): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body: new Uint8Array(body), redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new TimestampUnavailable(error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'network error');
  }
  try {
    if (response.status !== 200) throw new TimestampUnavailable(`the authority answered HTTP ${response.status}`);
    const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== TIMESTAMP_REPLY_TYPE) throw new TimestampUnavailable(`the authority answered ${type || 'no content type'}, not ${TIMESTAMP_REPLY_TYPE}`);
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_REPLY_BYTES) throw new TimestampUnavailable(`the reply is too long (${declared} bytes)`);
    const reply = Buffer.from(await response.arrayBuffer());
    if (reply.length > MAX_REPLY_BYTES) throw new TimestampUnavailable(`the reply is too long (${reply.length} bytes)`);
    return reply;
  } catch (error) {
    if (error instanceof TimestampUnavailable) throw error;
    throw new TimestampUnavailable(error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'the reply was cut off');
  } finally {
    if (!response.bodyUsed) await response.body?.cancel().catch(() => undefined);
  }
}
