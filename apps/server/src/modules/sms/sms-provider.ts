import type { FastifyBaseLogger } from 'fastify';

/*
 * Who delivers a text message once it is queued (sms_outbox) and its
 * transaction has committed; only sms-delivery.ts calls a provider.
 * `console` (the default, development and demo only; production refuses it):
 * logs that a message would leave — its outbox id and kind, never the phone or
 * the text; read the texts in the outbox (`npm run -s demo -- sms-outbox <phone>`).
 * `http`: a real SMS gateway, POST {to, text} as JSON to SMS_PROVIDER_URL with
 * `Authorization: Bearer SMS_PROVIDER_KEY` and `Idempotency-Key: sms-<outbox id>`
 * (a gateway that honours it drops the repeat of a message whose answer was lost).
 */

export type SmsMessage = {
  /** The sms_outbox row: what logs and the gateway's idempotency key name. */
  id: number;
  /** The outbox purpose (metrics and logs). */
  kind: string;
  phone: string;
  body: string;
};

export interface SmsProvider {
  readonly id: 'console' | 'http';
  /** Resolves when the provider accepted the message; rejects otherwise (SmsRefused, or a network error). */
  deliver(message: SmsMessage): Promise<void>;
}

/** The gateway answered but did not take the message; `reason` is what the outbox records ('http_503'). */
export class SmsRefused extends Error {
  constructor(readonly reason: string) {
    super(`SMS gateway refused the message (${reason})`);
    this.name = 'SmsRefused';
  }
}

/** What sms_outbox.last_error records of a failed delivery: a status code or an error's name, never its text. */
export function deliveryError(err: unknown): string {
  if (err instanceof SmsRefused) return err.reason;
  if (err instanceof Error) return err.name || 'Error';
  return 'unknown';
}

/** Longest wait for the gateway's answer. */
export const SMS_GATEWAY_TIMEOUT_MS = 10_000;

export function createSmsProvider(
  config: { smsProvider: 'console' | 'http'; smsProviderUrl?: string; smsProviderKey?: string; env?: 'development' | 'production' },
  log: FastifyBaseLogger,
): SmsProvider {
  if (config.smsProvider === 'http') {
    const url = config.smsProviderUrl;
    const key = config.smsProviderKey ?? '';
    if (!url) throw new Error('SMS_PROVIDER=http needs SMS_PROVIDER_URL');
    return {
      id: 'http',
      async deliver(message) {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'idempotency-key': `sms-${message.id}` },
          body: JSON.stringify({ to: message.phone, text: message.body }),
          signal: AbortSignal.timeout(SMS_GATEWAY_TIMEOUT_MS),
        });
        // The answer's body is not read into any record: a gateway may echo the number.
        await res.body?.cancel();
        if (!res.ok) throw new SmsRefused(`http_${res.status}`);
      },
    };
  }
  if (config.env === 'production') throw new Error('SMS_PROVIDER=console is for development: production needs SMS_PROVIDER=http');
  return {
    id: 'console',
    deliver(message) {
      log.info({ sms: { id: message.id, kind: message.kind } }, 'sms (console provider: not sent; the text is in the outbox)');
      return Promise.resolve();
    },
  };
}
