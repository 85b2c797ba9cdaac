import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SANDBOX_SECRET, DEV_STAFF_SECRET_KEY, loadConfig, productionProblems, repoRoot } from '../src/config';
import { testDatabaseUrl } from './helpers';
import { buildServer } from '../../../scripts/server-build.mjs';

/*
 * The production start (issue 11): `npm run build` compiles the server,
 * `npm run serve` runs it with PRESTA_ENV=production, refusing unsafe
 * settings; nothing of the demo exists; SIGTERM sent to the npm process
 * itself (what a container runtime does) reaches the server, which turns
 * readiness 503, lets in-flight requests finish and exits 0. `npm start`
 * passes SIGTERM on too.
 */

const SECRET = randomBytes(32).toString('hex');
const STAFF_KEY = randomBytes(32).toString('base64');
/** Every channel served by the sandbox, named on purpose (a demo in production): PAYMENT_SANDBOX_SECRET's rules apply. */
const SANDBOX_CHANNELS = 'MX.store=sandbox,MX.spei=sandbox,IN.upi=sandbox,IN.bank_transfer=sandbox';
const safeEnv = (overrides: Record<string, string> = {}): Record<string, string> => ({
  DATABASE_URL: 'postgres://db.internal/presta',
  PAYMENT_CHANNELS: SANDBOX_CHANNELS,
  PAYMENT_SANDBOX_SECRET: SECRET,
  STAFF_SECRET_KEY: STAFF_KEY,
  SMS_PROVIDER: 'http',
  SMS_PROVIDER_URL: 'https://sms.example/send',
  KYC_PROVIDER: 'live',
  DIDIT_API_KEY: 'didit-key',
  CASHFREE_VERIFICATION_CLIENT_ID: 'cf-id',
  CASHFREE_VERIFICATION_CLIENT_SECRET: 'cf-secret',
  CREDIT_BUREAU: 'sandbox',
  TSA_PROVIDER: 'local',
  // No payout rail, on purpose (a lender that does not disburse yet): the payout settings' own test names them.
  PAYOUT_PROVIDERS: 'MX=none,IN=none',
  ...overrides,
});
const problemsOf = (env: Record<string, string | undefined>) => productionProblems(loadConfig({ ...env, PRESTA_ENV: 'production' }), env);

describe('productionProblems', () => {
  it('a safe production configuration has none', () => {
    expect(problemsOf(safeEnv())).toEqual([]);
    expect(problemsOf(safeEnv({ METRICS_TOKEN: 'm'.repeat(40) }))).toEqual([]);
    // The operator token is gone (decision 018): a leftover OPERATOR_TOKEN is neither needed nor checked.
    expect(problemsOf(safeEnv({ OPERATOR_TOKEN: 'short' }))).toEqual([]);
  });

  it('one line per problem: no DATABASE_URL, a missing, published or short payment secret, the console SMS provider, demo tools, short tokens', () => {
    const cases: [Record<string, string | undefined>, RegExp][] = [
      [{ ...safeEnv(), DATABASE_URL: undefined }, /^DATABASE_URL is not set/],
      [{ ...safeEnv(), PAYMENT_SANDBOX_SECRET: undefined }, /^PAYMENT_SANDBOX_SECRET is not set/],
      [safeEnv({ PAYMENT_SANDBOX_SECRET: DEV_SANDBOX_SECRET }), /development secret published/],
      [safeEnv({ PAYMENT_SANDBOX_SECRET: 'x'.repeat(31) }), /31 bytes long: it must be at least 32/],
      [{ ...safeEnv(), SMS_PROVIDER: undefined }, /^SMS_PROVIDER is "console"/],
      [safeEnv({ SMS_PROVIDER: 'console' }), /^SMS_PROVIDER is "console"/],
      [{ ...safeEnv(), SMS_PROVIDER_URL: undefined }, /^SMS_PROVIDER=http needs SMS_PROVIDER_URL/],
      [safeEnv({ PRESTA_DEMO_TOOLS: '1' }), /^PRESTA_DEMO_TOOLS is on/],
      [safeEnv({ METRICS_TOKEN: 'short' }), /^METRICS_TOKEN is 5 characters long/],
      [{ ...safeEnv(), STAFF_SECRET_KEY: undefined }, /^STAFF_SECRET_KEY is not set/],
      [safeEnv({ STAFF_SECRET_KEY: DEV_STAFF_SECRET_KEY }), /^STAFF_SECRET_KEY is not set \(or is the development key/],
    ];
    for (const [env, line] of cases) {
      const problems = problemsOf(env);
      expect(problems, JSON.stringify(env)).toHaveLength(1);
      expect(problems[0]).toMatch(line);
    }
    expect(problemsOf({})).toHaveLength(8);
  });

  it('payout providers: PAYOUT_PROVIDERS named; no mocks; each rail with its keys and an https API', () => {
    const live = {
      PAYOUT_PROVIDERS: 'MX=stp,IN=razorpayx',
      STP_EMPRESA: 'PRESTA',
      STP_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----',
      STP_PAYOUT_ACCOUNT: '646180555500000001',
      STP_PAYOUT_NAME: 'PRESTA SA DE CV',
      RAZORPAYX_KEY_ID: 'rzp_live_x',
      RAZORPAYX_KEY_SECRET: 'secret',
      RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316',
      RAZORPAYX_WEBHOOK_SECRET: 'whsec',
    };
    expect(problemsOf(safeEnv(live))).toEqual([]);
    expect(loadConfig({ ...safeEnv(live), PRESTA_ENV: 'production' }).payouts.providers).toEqual({ MX: 'stp', IN: 'razorpayx' });
    expect(() => loadConfig({ ...safeEnv({ PAYOUT_PROVIDERS: 'MX=razorpayx' }), PRESTA_ENV: 'production' })).toThrow(/razorpayx does not pay out in MX/);
    const cases: [Record<string, string | undefined>, RegExp][] = [
      [{ ...safeEnv(), PAYOUT_PROVIDERS: undefined }, /^PAYOUT_PROVIDERS is not set: no loan could be disbursed/],
      [safeEnv({ ...live, PAYOUT_PROVIDER_MOCKS: '1' }), /^PAYOUT_PROVIDER_MOCKS=1: .* development and e2e only/],
      [{ ...safeEnv(live), STP_PAYOUT_ACCOUNT: undefined }, /^STP_PAYOUT_ACCOUNT is not set: STP payouts need it\.$/],
      [{ ...safeEnv(live), RAZORPAYX_WEBHOOK_SECRET: undefined }, /^RAZORPAYX_WEBHOOK_SECRET is not set: RazorpayX payouts need it\.$/],
      [safeEnv({ ...live, RAZORPAYX_API_URL: 'http://127.0.0.1:4010' }), /^RAZORPAYX_API_URL must be an https address/],
    ];
    for (const [env, line] of cases) {
      const problems = problemsOf(env);
      expect(problems, JSON.stringify(env)).toHaveLength(1);
      expect(problems[0]).toMatch(line);
    }
  });

  it('payment providers: PAYMENT_CHANNELS named; the sandbox only where it names it (then its secret\'s rules); no mocks; each provider in use with its secrets and an https API', () => {
    const conekta = { CONEKTA_PRIVATE_KEY: 'key_live_x', CONEKTA_WEBHOOK_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nMIIB\\n-----END PUBLIC KEY-----' };
    const stp = { STP_EMPRESA: 'PRESTA', STP_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----', STP_CLABE_PREFIX: '6461801234', STP_ALLOWED_ADDRESSES: '10.0.0.5' };
    const razorpay = { RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'secret', RAZORPAY_WEBHOOK_SECRET: 'whsec' };
    const live = { PAYMENT_CHANNELS: 'MX.store=conekta,MX.spei=stp,IN.upi=razorpay,IN.bank_transfer=razorpay', ...conekta, ...stp, ...razorpay };
    // Real providers only: the sandbox's secret is not needed at all.
    expect(problemsOf({ ...safeEnv(live), PAYMENT_SANDBOX_SECRET: undefined })).toEqual([]);
    // A channel not named has no provider in production: Mexico alone is a valid lender.
    const mexicoOnly = loadConfig({ ...safeEnv({ PAYMENT_CHANNELS: 'MX.store=conekta', ...conekta }), PRESTA_ENV: 'production' });
    expect(mexicoOnly.payments.channels).toEqual({ MX: { store: 'conekta' }, IN: {} });
    expect(problemsOf({ ...safeEnv({ PAYMENT_CHANNELS: 'MX.store=conekta', ...conekta }), PAYMENT_SANDBOX_SECRET: undefined })).toEqual([]);
    const cases: [Record<string, string | undefined>, RegExp][] = [
      [{ ...safeEnv(), PAYMENT_CHANNELS: undefined }, /^PAYMENT_CHANNELS is not set: no way to pay would be offered/],
      [{ ...safeEnv(live), PAYMENT_PROVIDER_MOCKS: '1' }, /^PAYMENT_PROVIDER_MOCKS=1: .* development and e2e only/],
      [{ ...safeEnv(live), CONEKTA_WEBHOOK_PUBLIC_KEY: undefined }, /^PAYMENT_CHANNELS names conekta, which needs CONEKTA_WEBHOOK_PUBLIC_KEY\.$/],
      [{ ...safeEnv(live), CONEKTA_PRIVATE_KEY: undefined }, /^PAYMENT_CHANNELS names conekta, which needs CONEKTA_PRIVATE_KEY\.$/],
      [{ ...safeEnv(live), STP_ALLOWED_ADDRESSES: undefined, STP_EMPRESA: undefined }, /^PAYMENT_CHANNELS names stp, which needs STP_EMPRESA, STP_ALLOWED_ADDRESSES\.$/],
      [{ ...safeEnv(live), STP_CLABE_PREFIX: '6461901234' }, /^STP_CLABE_PREFIX must be 10 digits starting 646180/],
      [{ ...safeEnv(live), STP_CLABE_PREFIX: '646180123' }, /^STP_CLABE_PREFIX must be 10 digits/],
      [{ ...safeEnv(live), RAZORPAY_WEBHOOK_SECRET: undefined }, /^PAYMENT_CHANNELS names razorpay, which needs RAZORPAY_WEBHOOK_SECRET\.$/],
      [{ ...safeEnv(live), STP_API_URL: 'http://stp.internal:7002/speiws/rest' }, /^STP_API_URL must be an https address/],
      [{ ...safeEnv(live), CONEKTA_API_URL: 'http://127.0.0.1:4010' }, /^CONEKTA_API_URL must be an https address/],
      // The sandbox named on purpose for one channel: its secret's rules apply again.
      [{ ...safeEnv({ ...live, PAYMENT_CHANNELS: `${live.PAYMENT_CHANNELS.replace('MX.spei=stp', 'MX.spei=sandbox')}` }), PAYMENT_SANDBOX_SECRET: undefined }, /^PAYMENT_SANDBOX_SECRET is not set/],
    ];
    for (const [env, line] of cases) {
      const problems = problemsOf(env);
      expect(problems, JSON.stringify(env)).toHaveLength(1);
      expect(problems[0]).toMatch(line);
    }
  });

  it('the identity verifier: the sandbox only when KYC_PROVIDER names it on purpose; live needs both providers\' keys', () => {
    expect(problemsOf({ ...safeEnv(), KYC_PROVIDER: undefined })).toEqual([expect.stringMatching(/^KYC_PROVIDER is not set: identities would be "verified" by the sandbox/)]);
    expect(problemsOf(safeEnv({ KYC_PROVIDER: 'sandbox' }))).toEqual([]);
    expect(problemsOf({ ...safeEnv(), DIDIT_API_KEY: undefined })).toEqual([expect.stringMatching(/^KYC_PROVIDER=live needs DIDIT_API_KEY/)]);
    expect(problemsOf({ ...safeEnv(), CASHFREE_VERIFICATION_CLIENT_SECRET: undefined })).toEqual([expect.stringMatching(/^KYC_PROVIDER=live needs CASHFREE_VERIFICATION_CLIENT_ID and CASHFREE_VERIFICATION_CLIENT_SECRET/)]);
    expect(() => loadConfig({ KYC_PROVIDER: 'nubarium' })).toThrow(/KYC_PROVIDER must be "sandbox" or "live"/);
    const development = loadConfig({});
    expect([development.kycProvider, development.kycProviderSet, development.kycTimeoutMs]).toEqual(['sandbox', false, 10_000]);
    expect(loadConfig({ DIDIT_API_URL: 'http://127.0.0.1:9/', CASHFREE_VERIFICATION_URL: 'https://sandbox.cashfree.com/verification' })).toMatchObject({
      didit: { url: 'http://127.0.0.1:9' },
      cashfree: { url: 'https://sandbox.cashfree.com/verification' },
    });
  });

  it('the credit bureau: the sandbox only when CREDIT_BUREAU names it on purpose; development defaults to it', () => {
    expect(problemsOf({ ...safeEnv(), CREDIT_BUREAU: undefined })).toEqual([expect.stringMatching(/^CREDIT_BUREAU is not set: credit decisions would read the sandbox bureau's made-up files/)]);
    expect(problemsOf(safeEnv({ CREDIT_BUREAU: 'sandbox' }))).toEqual([]);
    expect(() => loadConfig({ CREDIT_BUREAU: 'circulo' })).toThrow(/CREDIT_BUREAU must be "sandbox"/);
    const development = loadConfig({});
    expect([development.creditBureau, development.creditBureauSet]).toEqual(['sandbox', false]);
    expect(loadConfig({ CREDIT_BUREAU: ' sandbox ' })).toMatchObject({ creditBureau: 'sandbox', creditBureauSet: true });
  });

  it('a STAFF_SECRET_KEY that is not 32 bytes of base64 stops the start, in production and in development', () => {
    for (const bad of ['short', randomBytes(31).toString('base64'), randomBytes(33).toString('base64'), `${STAFF_KEY.slice(0, -4)}!!!!`]) {
      expect(() => loadConfig({ STAFF_SECRET_KEY: bad }), bad).toThrow(/STAFF_SECRET_KEY must be 32 random bytes in base64/);
    }
    expect(loadConfig({ STAFF_SECRET_KEY: STAFF_KEY }).staffSecretKey.equals(Buffer.from(STAFF_KEY, 'base64'))).toBe(true);
  });
});

// ---------------------------------------------------------------------------
// The compiled server, started as an operator would
// ---------------------------------------------------------------------------

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

type Run = { child: ChildProcess; out: () => string; exit: Promise<number | null>; killAll: () => void };

function run(command: string, args: string[], env: Record<string, string | undefined>): Run {
  const child = spawn(command, args, { cwd: repoRoot, env: { ...cleanEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const killAll = () => {
    for (const pid of [child.pid!, ...descendants(child.pid!)]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  return { child, out: () => text, exit, killAll };
}

/** Every process below `pid` (npm start runs the server in a process group of its own, so a group kill would miss it). */
function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const below = (p: number): number[] => table.filter(([, parent]) => parent === p).flatMap(([child]) => [child, ...below(child)]);
  return below(pid);
}

/** The test process's environment without the settings a test sets itself. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['PRESTA_ENV', 'PRESTA_DEMO_TOOLS', 'DATABASE_URL', 'REDIS_URL', 'PORT', 'PAYMENT_SANDBOX_SECRET', 'PAYMENT_CHANNELS', 'PAYMENT_PROVIDER_MOCKS', 'SMS_PROVIDER', 'STAFF_SECRET_KEY', 'KYC_PROVIDER', 'DIDIT_API_KEY', 'CASHFREE_VERIFICATION_CLIENT_ID', 'CASHFREE_VERIFICATION_CLIENT_SECRET', 'CREDIT_BUREAU', 'TSA_PROVIDER']) {
    delete env[name];
  }
  return env;
}

async function waitFor(url: string, ms = 30_000): Promise<Response> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** A fresh database on the test server, dropped afterwards. */
async function scratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = postgres(testDatabaseUrl(), { max: 1, onnotice: () => {} });
  const name = `presta_start_${randomBytes(5).toString('hex')}`;
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

describe('npm run serve (production)', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;

  beforeAll(async () => {
    await buildServer();
    scratch = await scratchDatabase();
  }, 60_000);
  afterAll(async () => {
    await scratch.drop();
  });

  it('the compiled server is production by default and refuses unsafe settings, one line each, exit 1', async () => {
    const port = await freePort();
    const started = run(process.execPath, [path.join(repoRoot, 'apps/server/dist/server.js')], {
      PORT: String(port),
      PAYMENT_CHANNELS: SANDBOX_CHANNELS,
      PAYMENT_SANDBOX_SECRET: DEV_SANDBOX_SECRET,
      PAYMENT_PROVIDER_MOCKS: '1',
      PRESTA_DEMO_TOOLS: '1',
      // Gone since decision 018: a short one left in an old environment is not a problem, nor mentioned.
      OPERATOR_TOKEN: 'short',
    });
    expect(await started.exit).toBe(1);
    expect(started.out()).not.toContain('OPERATOR_TOKEN');
    const lines = started.out().trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^Refusing to start in production: DATABASE_URL is not set/),
      expect.stringMatching(/^Refusing to start in production: PAYMENT_PROVIDER_MOCKS=1/),
      expect.stringMatching(/^Refusing to start in production: PAYMENT_SANDBOX_SECRET is the development secret/),
      expect.stringMatching(/^Refusing to start in production: PAYOUT_PROVIDERS is not set/),
      expect.stringMatching(/^Refusing to start in production: TSA_PROVIDER is not set/),
      expect.stringMatching(/^Refusing to start in production: SMS_PROVIDER is "console"/),
      expect.stringMatching(/^Refusing to start in production: KYC_PROVIDER is not set/),
      expect.stringMatching(/^Refusing to start in production: CREDIT_BUREAU is not set/),
      expect.stringMatching(/^Refusing to start in production: PRESTA_DEMO_TOOLS is on/),
      expect.stringMatching(/^Refusing to start in production: STAFF_SECRET_KEY is not set/),
    ]);
    expect(await listening(port)).toBe(false);
  }, 30_000);

  it('serves without any demo: no seed, no /api/dev, no test page, no API reference; SIGTERM to npm drains, finishes the request in flight and exits 0', async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = run('npm', ['run', '--silent', 'serve'], {
      ...safeEnv({ DATABASE_URL: scratch.url }),
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      HOST: '127.0.0.1',
      SHUTDOWN_DRAIN_MS: '1500',
      SHUTDOWN_GRACE_MS: '5000',
      PRESTA_JOBS: '0',
      LOG_LEVEL: 'warn',
    });
    try {
      await waitFor(`${base}/api/ready`);
      expect(await (await fetch(`${base}/api/ready`)).json()).toMatchObject({ status: 'ready' });
      for (const [method, url] of [
        ['GET', '/api/dev/demo-borrowers'],
        ['POST', '/api/dev/demo-session'],
        ['GET', '/api/dev/sms-outbox?phone=15512345678'],
        ['GET', '/docs'],
        ['GET', '/docs/json'],
        ['GET', '/testPreview'],
      ] as const) {
        expect((await fetch(`${base}${url}`, { method })).status, `${method} ${url}`).toBe(404);
      }
      // Metrics on their own port, without a token; not on the public one.
      const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('presta_http_requests_total');
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
      const db = postgres(scratch.url, { max: 1, onnotice: () => {} });
      expect((await db`select count(*)::int as n from borrowers`)[0]!.n).toBe(0);
      await db.end();

      // A request in flight: headers sent, half of its body still to come.
      const body = JSON.stringify({ eventId: 'evt-in-flight', reference: '80000000000018', amount: 100, paidAt: new Date().toISOString() });
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      const answered = new Promise((resolve) => socket.once('end', resolve));
      socket.write(
        `POST /api/payments/notifications/sandbox HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 20)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));

      server.child.kill('SIGTERM'); // to npm itself, as a container runtime does
      await new Promise((resolve) => setTimeout(resolve, 300));
      const draining = await fetch(`${base}/api/ready`);
      expect(draining.status).toBe(503);
      expect(((await draining.json()) as { checks: { shutdown: string } }).checks.shutdown).toBe('stopping');

      socket.write(body.slice(20));
      await answered;
      // Unsigned: refused on its merits — what matters is that it was answered, not dropped.
      expect(answer).toMatch(/^HTTP\/1\.1 401/);
      expect(await server.exit).toBe(0);
      expect(await listening(port)).toBe(false);
      expect(await listening(metricsPort)).toBe(false);
      expect(server.out()).toMatch(/SIGTERM: stopping Presta/);
      expect(server.out()).toMatch(/Stopped\./);
    } finally {
      server.killAll();
    }
  }, 60_000);
});

describe('npm start (the demo)', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  beforeAll(async () => {
    scratch = await scratchDatabase();
  });
  afterAll(async () => {
    await scratch.drop();
  });

  it('SIGTERM sent to npm reaches the server: it stops, nothing is left serving', async () => {
    const port = await freePort();
    const server = run('npm', ['start', '--silent'], { DATABASE_URL: scratch.url, PORT: String(port), HOST: '127.0.0.1', PRESTA_JOBS: '0', LOG_LEVEL: 'warn' });
    try {
      await waitFor(`http://127.0.0.1:${port}/api/ready`, 120_000);
      server.child.kill('SIGTERM');
      expect(await server.exit).toBe(0);
      expect(await listening(port)).toBe(false);
      expect(server.out()).toMatch(/Stopped\./);
    } finally {
      server.killAll();
    }
  }, 150_000);
});
