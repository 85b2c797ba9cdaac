import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';

/*
 * The live adapters' tests: a local HTTP server that speaks the provider's protocol, answering what each test
 * sets (payloads written from the provider's documentation), and a logger that keeps its lines in memory.
 */

export type Received = { path: string; headers: http.IncomingHttpHeaders; json?: Record<string, unknown>; form?: FormData };
export type Reply = { status?: number; body?: unknown; delayMs?: number };

export async function providerServer(answer: (req: Received) => Reply): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks);
        const type = req.headers['content-type'] ?? '';
        const got: Received = { path: req.url ?? '', headers: req.headers };
        if (type.startsWith('multipart/form-data')) got.form = await new Response(raw, { headers: { 'content-type': type } }).formData();
        else if (raw.length > 0) got.json = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
        received.push(got);
        const reply = answer(got);
        if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body ?? {}));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A logger whose lines the test reads. */
export function memoryLogger(): { log: pino.Logger; lines: string[] } {
  const lines: string[] = [];
  const log = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
  return { log, lines };
}
