import type { FastifyBaseLogger } from 'fastify';

/*
 * Who delivers a text message once it is queued (sms_outbox) and its
 * transaction has committed. `console` (the default): the server log — the
 * demo and development provider, the code is readable there and in the
 * outbox (`npm run demo -- sms-outbox <phone>`); `http`: a real SMS gateway,
 * POST {to, text} as JSON to SMS_PROVIDER_URL with `Authorization: Bearer
 * SMS_PROVIDER_KEY`.
 */

export type SmsMessage = { phone: string; body: string };

/** A phone for logs: the first 3 and last 4 digits. */
export function maskPhone(phone: string): string {
  return phone.length > 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

export interface SmsProvider {
  readonly id: 'console' | 'http';
  deliver(message: SmsMessage): Promise<void>;
}

export function createSmsProvider(
  config: { smsProvider: 'console' | 'http'; smsProviderUrl?: string; smsProviderKey?: string },
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
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify({ to: message.phone, text: message.body }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
      },
    };
  }
  return {
    id: 'console',
    async deliver(message) {
      // Development provider: the text (with its code) goes to the log on purpose.
      log.info({ sms: { to: message.phone, text: message.body } }, 'sms (console provider)');
    },
  };
}
