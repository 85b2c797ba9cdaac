import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockRequest, type MockResponse } from '../../demo/payment-mocks/mock-kit';
import { ProviderUnavailable } from '../payment-provider';
import { callProvider } from './provider-http';

/** A stand-in provider answering from a script: each request gets the next answer ('hang': none at all). */
let script: (MockResponse | 'hang')[] = [];
const seen: MockRequest[] = [];
let server: Awaited<ReturnType<typeof startMockServer>>;

beforeAll(async () => {
  server = await startMockServer(async (req) => {
    seen.push(req);
    const next = script.shift() ?? { status: 200, body: { ok: true } };
    if (next === 'hang') await new Promise(() => {});
    return next as MockResponse;
  });
});
afterAll(async () => {
  await server.close();
});

const call = (opts: Partial<Parameters<typeof callProvider>[2]> = {}) =>
  callProvider(
    'conekta',
    { method: 'POST', url: `${server.url}/orders?customer=ana`, headers: { authorization: 'Bearer key_test' }, body: '{"amount":100}', idempotency: { header: 'Idempotency-Key', key: 'ref-80000000000011' } },
    { timeoutMs: 2_000, firstRetryMs: 1, ...opts },
  );

describe('callProvider', () => {
  it('retries a 5xx and a 429 under the same idempotency key, then answers what the provider said', async () => {
    seen.length = 0;
    script = [{ status: 503, body: {} }, { status: 429, body: {}, headers: { 'retry-after': '0' } }, { status: 201, body: { id: 'ord_1' } }];
    const answer = await call();
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.text)).toEqual({ id: 'ord_1' });
    expect(seen.map((r) => [r.method, r.path, r.headers['idempotency-key'], r.rawBody.toString()])).toEqual([
      ['POST', '/orders?customer=ana', 'ref-80000000000011', '{"amount":100}'],
      ['POST', '/orders?customer=ana', 'ref-80000000000011', '{"amount":100}'],
      ['POST', '/orders?customer=ana', 'ref-80000000000011', '{"amount":100}'],
    ]);
  });

  it('a refusal of the request (4xx) is the adapter\'s to read, not retried', async () => {
    seen.length = 0;
    script = [{ status: 422, body: { details: [{ code: 'conekta.errors.parameter_validation' }] } }];
    expect((await call()).status).toBe(422);
    expect(seen).toHaveLength(1);
  });

  it('ProviderUnavailable: the attempts all failing, our credentials refused (not retried), no answer within the budget, nobody listening', async () => {
    seen.length = 0;
    script = [{ status: 500, body: {} }, { status: 502, body: {} }, { status: 503, body: {} }];
    await expect(call()).rejects.toThrow(new ProviderUnavailable('conekta', 'POST /orders: 503 (after 2000 ms or 3 attempts)'));
    expect(seen).toHaveLength(3);

    seen.length = 0;
    script = [{ status: 401, body: {} }];
    await expect(call()).rejects.toThrow('POST /orders: 401, our credentials refused');
    expect(seen).toHaveLength(1);

    script = ['hang', 'hang', 'hang'];
    const late = await call({ timeoutMs: 150 }).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(ProviderUnavailable);
    expect((late as Error).message).toMatch(/^POST \/orders: no answer in time/);
    script = [];

    const nobody = await callProvider('stp', { method: 'GET', url: 'http://127.0.0.1:9/speiws/rest' }, { timeoutMs: 1_000, firstRetryMs: 1 }).catch((e: unknown) => e);
    expect(nobody).toBeInstanceOf(ProviderUnavailable);
    expect((nobody as ProviderUnavailable).provider).toBe('stp');
  });
});
