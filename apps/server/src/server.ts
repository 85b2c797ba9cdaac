import http from 'node:http';
import { loadConfig, paymentProvidersInUse, productionProblems, type Config } from './config';
import { buildApp, type App } from './app';
import { connectOptionsFrom, EmbeddedPortTakenError, openDatabase, runMigrations, type Database } from './db/database';
import { startScheduledWork, type ScheduledWork } from './modules/jobs/scheduled-work';
import { startPaymentMocks, type PaymentMocks } from './modules/demo/payment-mocks/payment-mocks';
import { removePayoutMocksFile, startPayoutMocks, writePayoutMocksFile, type PayoutMocks } from './modules/demo/payout-mocks/payout-mocks';
import { createSmsProvider } from './modules/sms/sms-provider';
import { routes } from '@presta/contract/routes';

/** What the process has started so far, for shutdown (a signal may come before each is set). */
type Running = { app?: App; scheduledWork?: ScheduledWork; metricsServer?: http.Server; paymentMocks?: PaymentMocks; payoutMocks?: PayoutMocks };

/**
 * The server process. `npm start` (development: the demo) and `npm run serve`
 * (production: the compiled build, PRESTA_ENV=production) both run this:
 * the database (DATABASE_URL, or in development the embedded PostgreSQL under
 * ./data), migrations, demo data on first start (development only), then the
 * API and the web app on one port.
 *
 * Stopping (SIGTERM from a container runtime, or Ctrl-C): readiness answers
 * 503 at once, SHUTDOWN_DRAIN_MS later the server stops taking connections
 * and lets in-flight requests finish, then the process exits 0; anything
 * still running after SHUTDOWN_GRACE_MS more ends with exit 1.
 */
async function main() {
  const first = loadConfig();
  refuseUnsafeProduction(first);
  const running: Running = {};
  const config = await withPayoutMocks(await withPaymentMocks(first, running), running);
  const database = await openServerDatabase(config);
  const shutdown = shutdownOf(config, database, running);
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await runMigrations(database);
  if (config.env === 'development') {
    const { seedDemoData } = await import('./modules/demo/demo-seed');
    if (await seedDemoData(database.db)) {
      await seedDemoApplicants(database, config);
      console.log('Seeded demo borrowers, applicants and products.');
    }
  }
  const app = await buildApp({
    config,
    db: database.db,
    poolStats: database.stats,
    ...(running.paymentMocks ? { paymentMocks: running.paymentMocks.byProvider } : {}),
    ...(running.payoutMocks ? { payoutMocks: running.payoutMocks.byProvider } : {}),
  });
  running.app = app;
  await app.listen({ port: config.port, host: config.host });
  if (config.metricsPort) running.metricsServer = await serveMetrics(app, config);
  // The lender's clock (docs/scheduled-work.md); PRESTA_JOBS=0 leaves it to the other processes.
  running.scheduledWork = await startScheduledWork({
    databaseUrl: database.url,
    db: database.db,
    config,
    log: app.log,
    sms: createSmsProvider(config, app.log),
    payouts: app.payouts,
    stopTimeoutMs: Math.max(1_000, config.shutdownGraceMs - 2_000),
  });
  printBanner(config, database.embedded?.port);
}

/**
 * First start of the demo: applicants listed on the test page beside the demo borrowers (issues 34 and 35), made
 * through the application's own service with the sandbox verifier, each with an identity of their own: a Mexican
 * draft at its documents and an Indian one at its consents; then one of each decision, verified and decided at once
 * with the sandbox bureau, so the demo shows every state (the reviewer's queue holds the referred one).
 */
async function seedDemoApplicants(database: Database, config: Config): Promise<void> {
  const [demo, { createRepositories }, { createKycProvider }, { createCreditBureau }, { default: pino }] = await Promise.all([
    import('./modules/demo/demo-applicants'),
    import('./repositories'),
    import('./modules/application/kyc/kyc-provider'),
    import('./modules/credit/bureau/bureau-provider'),
    import('pino'),
  ]);
  const log = pino({ level: 'silent' });
  const deps = { repos: createRepositories(database.db), kyc: createKycProvider(config, log) };
  await demo.makeDemoApplicant(database.db, deps, { language: 'es', market: 'MX', step: 'documents' });
  await demo.makeDemoApplicant(database.db, deps, { language: 'en', market: 'IN', step: 'consents' });
  const decided = [
    { language: 'es', market: 'MX', outcome: 'referred' },
    { language: 'en', market: 'IN', outcome: 'approved' },
    { language: 'es', market: 'MX', outcome: 'declined' },
  ] as const;
  const bureau = createCreditBureau(config, log);
  for (const { outcome, ...who } of decided) {
    const made = await demo.makeDemoApplicant(database.db, deps, { ...who, step: 'submitted', profile: demo.demoOutcomeProfiles[outcome] });
    // The scheduled work starts after the seed: the SMS waits in the outbox for its delivery job.
    await demo.decideDemoApplicant(database.db, { kyc: deps.kyc, bureau }, made.borrowerId);
  }
}

/**
 * PAYMENT_PROVIDER_MOCKS=1 (development only: production refuses it): the local mocks of the providers in use start
 * first, and the configuration is loaded again with their settings (their API addresses and the keys they made win
 * over the environment's, so every adapter talks to its mock). Otherwise the configuration as it is.
 */
async function withPaymentMocks(config: Config, running: Running): Promise<Config> {
  if (!config.payments.mocks || config.env !== 'development') return config;
  const mocks = await startPaymentMocks({ publicBaseUrl: config.publicBaseUrl, providers: paymentProvidersInUse(config.payments) });
  running.paymentMocks = mocks;
  const names = Object.keys(mocks.byProvider);
  console.log(names.length > 0 ? `Payment provider mocks: ${names.map((id) => `${id} ${mocks.byProvider[id as keyof typeof mocks.byProvider]!.url}`).join(', ')}` : 'Payment provider mocks: none of the providers in use has one');
  return loadConfig({ ...process.env, ...mocks.env });
}

/**
 * Development (unless PAYOUT_PROVIDER_MOCKS=0; production refuses the mocks): the local mocks of the payout providers
 * start, sharing STP's key pair with the deposit mock when it runs, and the configuration is loaded again with their
 * settings, so every payout adapter talks to its mock; the operator command reads them from DATA_DIR.
 */
async function withPayoutMocks(config: Config, running: Running): Promise<Config> {
  if (!config.payouts.mocks || config.env !== 'development') return config;
  // A rail whose settings the environment gives (a provider's sandbox, or a test's own mock) is not mocked over.
  const stpMocked = Boolean(running.paymentMocks?.byProvider.stp) || !config.payments.stp.privateKey;
  const providers = Object.fromEntries(
    Object.entries(config.payouts.providers).filter(([, id]) => (id === 'stp' ? stpMocked : !config.payouts.razorpayx.keyId)),
  ) as typeof config.payouts.providers;
  const mocks = await startPayoutMocks({
    publicBaseUrl: config.publicBaseUrl,
    payouts: { ...config.payouts, providers },
    ...(running.paymentMocks ? { paymentMocks: running.paymentMocks } : {}),
  });
  running.payoutMocks = {
    ...mocks,
    close: async () => {
      removePayoutMocksFile(config.dataDir, config.port);
      await mocks.close();
    },
  };
  // `npm run ops -- disburse` (another process) pays through these mocks too.
  writePayoutMocksFile(config.dataDir, config.port, mocks.env);
  const names = Object.entries(mocks.byProvider).map(([id, mock]) => `${id} ${mock.url}`);
  console.log(`Payout provider mocks: ${names.join(', ') || 'none'} (each settles a payout after ${config.payouts.mockSettleMs} ms)`);
  return loadConfig({ ...process.env, ...running.paymentMocks?.env, ...mocks.env });
}

/** Production with a setting it must not run with: each problem printed, exit 1. */
function refuseUnsafeProduction(config: Config): void {
  if (config.env !== 'production') return;
  const problems = productionProblems(config);
  if (problems.length === 0) return;
  for (const problem of problems) console.error(`Refusing to start in production: ${problem}`);
  process.exit(1);
}

/** DATABASE_URL's, or the embedded PostgreSQL (its log lines with PRESTA_DB_LOG=1). */
async function openServerDatabase(config: Config): Promise<Awaited<ReturnType<typeof openDatabase>>> {
  const log = (line: string) => {
    if (process.env.PRESTA_DB_LOG === '1') console.log(`[postgres] ${line}`);
  };
  if (!config.databaseUrl) console.log(`Starting embedded PostgreSQL (data in ${config.dataDir}/pg)…`);
  return openDatabase({
    ...connectOptionsFrom(config),
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    embeddedPgPort: config.embeddedPgPort,
    embeddedPgPortSet: config.embeddedPgPortSet,
    log,
    notice: (line) => console.log(line),
  });
}

/** The stop on a signal (see main); a second signal exits at once. */
function shutdownOf(config: Config, database: Database, running: Running): (signal: string) => Promise<void> {
  let closing = false;
  return async (signal) => {
    if (closing) {
      // A second Ctrl-C: stop now.
      console.log(`\n${signal} again: exiting at once.`);
      process.exit(1);
    }
    closing = true;
    running.app?.health.startDraining();
    console.log(`\n${signal}: stopping Presta (readiness answers 503 now)…`);
    if (config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    // A request or a database that does not finish must not keep the process alive.
    setTimeout(() => {
      console.error(`Not stopped ${config.shutdownGraceMs / 1000} s after the drain: exiting.`);
      process.exit(1);
    }, config.shutdownGraceMs).unref();
    const clean = await closeAll(database, running);
    console.log('Stopped.');
    process.exit(clean ? 0 : 1);
  };
}

/** Closes what runs, the database last; false when a step failed (each failure printed). */
async function closeAll(database: Database, { app, scheduledWork, metricsServer, paymentMocks, payoutMocks }: Running): Promise<boolean> {
  let clean = true;
  const step = async (what: string, close: () => Promise<unknown>) => {
    try {
      await close();
    } catch (error) {
      clean = false;
      console.error(`${what} failed:`, error instanceof Error ? error.message : error);
    }
  };
  // In-flight requests finish here (Fastify stops accepting, then waits for them), and the running job.
  await Promise.all([
    app ? step('Closing the server', () => app.close()) : undefined,
    scheduledWork ? step('Stopping the scheduled work', () => scheduledWork.stop()) : undefined,
  ]);
  if (metricsServer) await step('Closing the metrics port', () => new Promise<void>((r) => metricsServer.close(() => r())));
  if (paymentMocks) await step('Closing the payment provider mocks', () => paymentMocks.close());
  if (payoutMocks) await step('Closing the payout provider mocks', () => payoutMocks.close());
  await step('Closing the database', () => database.close());
  return clean;
}

/** METRICS_PORT: /metrics without a token on a port of its own (keep it off the public network). */
async function serveMetrics(app: App, config: Config): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    app.health
      .metrics()
      .then((text) => response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }).end(text))
      .catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(config.metricsPort, config.host, resolve));
  return server;
}

/** `embeddedPort`: the embedded PostgreSQL's port (undefined with DATABASE_URL). */
function printBanner(config: Config, embeddedPort: number | undefined): void {
  const base = config.publicBaseUrl;
  const lines =
    config.env === 'production'
      ? [
          `Presta (production) is running on ${base}`,
          `  Health: ${base}/api/health   Readiness: ${base}/api/ready`,
          `  Back office: ${base}/console`,
          config.metricsPort ? `  Metrics: port ${config.metricsPort} /metrics` : config.metricsToken ? `  Metrics: ${base}/metrics (METRICS_TOKEN)` : '  Metrics: off (set METRICS_PORT or METRICS_TOKEN)',
          config.apiDocs ? `  API reference: ${base}/docs` : '  API reference: off (PRESTA_API_DOCS=1 turns it on)',
        ]
      : [
          '',
          `Presta is running on ${base}`,
          `  Public site:    ${base}${routes.home}  (English: ${base}/en/)`,
          `  Test page:      ${base}${routes.testPreview}`,
          `  Promotion page: ${base}${routes.promo}?id=1&utm_tag=demo`,
          `  Back office:    ${base}/console  (your account: npm run ops -- staff add <your e-mail> --role admin; open the link it prints)`,
          `  API reference:  ${base}/docs`,
          `  Database:       ${embeddedPort === undefined ? 'DATABASE_URL' : `embedded PostgreSQL (${config.dataDir}/pg, port ${embeddedPort})`}`,
          `  Brand:          ${config.brand.brandName}${config.brand.obfuscateKeys ? ' (scrambled keys)' : ''}`,
          'Press Ctrl-C to stop.',
          '',
        ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  // A port taken (EMBEDDED_PG_PORT) is the person's to fix: one line, no stack.
  if (error instanceof EmbeddedPortTakenError) console.error(error.message);
  else console.error(error instanceof Error ? error.stack ?? error.message : error);
  process.exit(1);
});
