import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL or Redis that a test can break:
 * - `down()`: every connection is cut and the port refuses new ones (the
 *   server stopped);
 * - `hang()`: new connections are accepted and never answered, and open ones
 *   stop passing bytes (a network cut, a frozen host);
 * - `up()`: back to forwarding, on the same port.
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private mode: 'up' | 'down' | 'hang' = 'up';
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const free = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const proxy = new TcpProxy(target, free);
    await proxy.listen();
    return proxy;
  }

  /** The URL with its host and port replaced by the proxy's. */
  urlFor(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  private listen(): Promise<void> {
    const server = net.createServer((client) => this.accept(client));
    this.server = server;
    return new Promise((resolve) => server.listen(this.port, '127.0.0.1', resolve));
  }

  private accept(client: net.Socket): void {
    this.sockets.add(client);
    client.on('close', () => this.sockets.delete(client));
    client.on('error', () => {});
    if (this.mode === 'hang') return; // accepted, never answered
    const upstream = net.connect(this.target.port, this.target.host);
    this.sockets.add(upstream);
    upstream.on('close', () => this.sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('data', (chunk) => {
      if (this.mode === 'up') upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (this.mode === 'up') client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }

  async down(): Promise<void> {
    this.mode = 'down';
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  hang(): void {
    this.mode = 'hang';
  }

  async up(): Promise<void> {
    if (this.mode === 'hang') for (const socket of this.sockets) socket.destroy();
    this.mode = 'up';
    if (!this.server) await this.listen();
  }

  async close(): Promise<void> {
    await this.down();
  }
}
