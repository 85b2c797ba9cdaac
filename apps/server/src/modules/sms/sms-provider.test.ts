import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createSmsProvider, maskPhone } from './sms-provider';

/** A stand-in SMS gateway: records what it receives, answers `status`. */
let status = 200;
const received: { auth: string | undefined; body: unknown }[] = [];
const gateway = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    received.push({ auth: req.headers.authorization, body: JSON.parse(raw || 'null') });
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

describe('SMS providers', () => {
  it('http: POSTs {to, text} with the key as a bearer token; a gateway refusal is an error', async () => {
    const provider = createSmsProvider({ smsProvider: 'http', smsProviderUrl: url, smsProviderKey: 'gw-key' }, pino({ level: 'silent' }));
    await provider.deliver({ phone: '13800138000', body: 'Presta: su código es 123456.' });
    expect(received.at(-1)).toEqual({ auth: 'Bearer gw-key', body: { to: '13800138000', text: 'Presta: su código es 123456.' } });
    status = 503;
    await expect(provider.deliver({ phone: '13800138000', body: 'x' })).rejects.toThrow('SMS gateway answered 503');
    status = 200;
  });

  it('http without a URL is a configuration error; console logs the text', async () => {
    expect(() => createSmsProvider({ smsProvider: 'http' }, pino({ level: 'silent' }))).toThrow('SMS_PROVIDER=http needs SMS_PROVIDER_URL');
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (l: string) => void lines.push(l) });
    await createSmsProvider({ smsProvider: 'console' }, log).deliver({ phone: '13800138000', body: 'código 654321' });
    expect(lines.join('')).toContain('código 654321');
  });

  it('maskPhone keeps the first 3 and last 4 digits', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskPhone('123')).toBe('****');
  });
});
