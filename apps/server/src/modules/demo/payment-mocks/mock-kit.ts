import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * What the local provider mocks share (docs/payments.md "Mocks"): a small HTTP server for the provider's API, and
 * a webhook sender that delivers the way providers do — retried until a 2xx with growing waits, sometimes twice,
 * several events of one payment in any order. Development and e2e only: production refuses PAYMENT_PROVIDER_MOCKS.
 */

/** One request to a mock's API: its method, path (with the query), headers and raw body. */
export type MockRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; rawBody: Buffer };
export type MockResponse = { status: number; body: unknown; headers?: Record<string, string> };

/** Starts a mock API on 127.0.0.1 (an ephemeral port unless given): `handle` answers each request. */
export async function startMockServer(
  handle: (req: MockRequest) => MockResponse | Promise<MockResponse>,
  port = 0,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        let answer: MockResponse;
        try {
          answer = await handle({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, rawBody: Buffer.concat(chunks) });
        } catch (error) {
          answer = { status: 500, body: { error: error instanceof Error ? error.message : String(error) } };
        }
        if (res.destroyed) return;
        const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(text);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** How a mock delivers its webhooks. */
export type DeliveryBehaviour = {
  /** Attempts per delivery until a 2xx (the first included); providers retry for hours, the mock a few times. */
  attempts: number;
  /** Wait before the second attempt, doubled after each. */
  firstRetryMs: number;
  /** Each delivery is sent a second time after it was answered (providers do). */
  duplicate: boolean;
  /** Several events of one payment are sent in reverse order (providers promise no order). */
  reverse: boolean;
  timeoutMs: number;
};

export const defaultDelivery: DeliveryBehaviour = { attempts: 6, firstRetryMs: 500, duplicate: true, reverse: true, timeoutMs: 10_000 };

/** One webhook: the exact bytes and the headers the provider signs and sends. */
export type WebhookDelivery = { url: string; rawBody: string; headers: Record<string, string> };

/** What became of one delivery: the status of each attempt (0: no answer). */
export type DeliveryLog = { attempts: number[]; delivered: boolean };

async function post(d: WebhookDelivery, timeoutMs: number): Promise<number> {
  try {
    const res = await fetch(d.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...d.headers },
      body: d.rawBody,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    return res.status;
  } catch {
    return 0;
  }
}

/** Sends one delivery until a 2xx or the attempts run out, waiting firstRetryMs, then twice as long, between them. */
export async function deliverWithRetries(d: WebhookDelivery, b: DeliveryBehaviour = defaultDelivery): Promise<DeliveryLog> {
  const attempts: number[] = [];
  for (let i = 0; i < b.attempts; i += 1) {
    if (i > 0) await new Promise((r) => setTimeout(r, b.firstRetryMs * 2 ** (i - 1)));
    const status = await post(d, b.timeoutMs);
    attempts.push(status);
    if (status >= 200 && status < 300) return { attempts, delivered: true };
  }
  return { attempts, delivered: false };
}

/**
 * Sends the deliveries of one payment the provider's way: in reverse order when `reverse` (the last event first),
 * each retried until a 2xx, then each once more when `duplicate`. Resolves when all were answered (or gave up).
 */
export async function deliverPayment(deliveries: WebhookDelivery[], b: DeliveryBehaviour = defaultDelivery): Promise<DeliveryLog[]> {
  const ordered = b.reverse ? [...deliveries].reverse() : deliveries;
  const logs: DeliveryLog[] = [];
  for (const d of ordered) logs.push(await deliverWithRetries(d, b));
  if (b.duplicate) for (const d of ordered) await deliverWithRetries(d, { ...b, attempts: 1 });
  return logs;
}

/** A mock of one provider, started for the demo, the e2e journeys and the tests. */
export type ProviderMock = {
  readonly provider: 'conekta' | 'stp' | 'razorpay';
  /** Base URL of the mock's API. */
  readonly url: string;
  /** The settings that point the server's adapter at this mock, with the keys the mock made (CONEKTA_API_URL, ...). */
  readonly env: Record<string, string>;
  /**
   * Pays what a reference asks, the provider's way: `providerReference` as payment_references keeps it (a Conekta
   * order id, a Razorpay QR code or virtual account id, the loan's CLABE), `reference` our number, `amount` minor
   * units. Resolves when the deliveries were answered: each event's status per attempt.
   */
  pay(input: { providerReference: string; reference: string; channel: 'store' | 'spei' | 'upi' | 'bank_transfer'; amount: number }): Promise<{ eventIds: string[]; logs: DeliveryLog[] }>;
  close(): Promise<void>;
};

/** What every mock is started with. */
export type MockOptions = {
  /** Where the provider's webhooks go: `${PUBLIC_BASE_URL}/api/payments/notifications/<provider>`. */
  webhookUrl: string;
  delivery?: Partial<DeliveryBehaviour>;
  /** A fixed port (0: any free one). */
  port?: number;
};
