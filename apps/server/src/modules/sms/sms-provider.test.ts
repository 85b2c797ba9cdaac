import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createSmsProvider, deliveryError, SmsRefused } from './sms-provider';

/** A stand-in SMS gateway: records what it receives, answers `status`. */
let status = 200;
const received: { auth: string | undefined; key: string | undefined; body: unknown }[] = [];
const gateway = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    received.push({ auth: req.headers.authorization, key: req.headers['idempotency-key'] as string | undefined, body: JSON.parse(raw || 'null') });
    res.statusCode = status;
    res.end('{}');
  });
});
let url = '';

beforeAll(async () => {
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
});
afterAll(() => new Promise<void>((r) => gateway.close(() => r())));

const message = { id: 41, kind: 'promo_register_code', phone: '13800138000', body: 'Presta: su código es 123456.' };

describe('SMS providers', () => {
  it('http: POSTs {to, text} with the key as a bearer token and the outbox id as idempotency key; a refusal names the status', async () => {
    const provider = createSmsProvider({ smsProvider: 'http', smsProviderUrl: url, smsProviderKey: 'gw-key' }, pino({ level: 'silent' }));
    await provider.deliver(message);
    expect(received.at(-1)).toEqual({ auth: 'Bearer gw-key', key: 'sms-41', body: { to: '13800138000', text: 'Presta: su código es 123456.' } });
    status = 503;
    const refusal = await provider.deliver(message).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(SmsRefused);
    expect(deliveryError(refusal)).toBe('http_503');
    status = 200;
  });

  it('http: an unreachable gateway is an error named by its type, never by a text that could hold the number', async () => {
    const provider = createSmsProvider({ smsProvider: 'http', smsProviderUrl: 'http://127.0.0.1:1/send' }, pino({ level: 'silent' }));
    const err = await provider.deliver(message).catch((e: unknown) => e);
    expect(deliveryError(err)).toBe('TypeError');
  });

  it('http without a URL is a configuration error; production refuses the console provider', () => {
    expect(() => createSmsProvider({ smsProvider: 'http' }, pino({ level: 'silent' }))).toThrow('SMS_PROVIDER=http needs SMS_PROVIDER_URL');
    expect(() => createSmsProvider({ smsProvider: 'console', env: 'production' }, pino({ level: 'silent' }))).toThrow(/production needs SMS_PROVIDER=http/);
  });

  it('console logs the outbox id and kind, never the phone or the text', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (l: string) => void lines.push(l) });
    await createSmsProvider({ smsProvider: 'console', env: 'development' }, log).deliver({ ...message, body: 'código 654321' });
    const logged = lines.join('');
    expect((JSON.parse(lines[0]!) as { sms: unknown }).sms).toEqual({ id: 41, kind: 'promo_register_code' });
    expect(logged).not.toContain('654321');
    expect(logged).not.toContain('13800138000');
  });
});
