import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db, PoolStats } from './db/database';
import { loggerOptions } from './lib/log-redaction';
import { answerSerializerCompiler } from './lib/reply';
import { httpRequestDuration, httpRequests, rateLimitRefusals } from './lib/metrics';
import { RedisHealth, resilientStore } from './lib/rate-limit-store';
import guessLimits from './plugins/app/guess-limits';
import health from './plugins/app/health';
import requestDeadline from './plugins/app/request-deadline';
import changeFeed from './plugins/app/change-feed';
import repositories from './plugins/app/repositories';
import { createRepositories } from './repositories';
import dbPlugin from './plugins/app/db';
import errorHandler from './plugins/app/error-handler';
import inputGuard from './plugins/app/input-guard';
import keyMapping from './plugins/app/key-mapping';
import language from './plugins/app/language';
import securityHeaders from './plugins/app/security-headers';
import apiDocs from './plugins/app/api-docs';
import session from './modules/session/session-plugin';
import sessionRoutes from './modules/session/session-routes';
import staffPlugin from './modules/staff/staff-plugin';
import staffRoutes from './modules/staff/staff-routes';
import staffAdminRoutes from './modules/staff/staff-admin-routes';
import consoleRoutes from './modules/console/console-routes';
import financeRoutes from './modules/console/finance-routes';
import consoleSupportRoutes from './modules/console/support-routes';
import consoleLoanRoutes from './modules/console/loan-routes';
import consoleAgreementRoutes from './modules/console/agreement-routes';
import consoleReportRoutes from './modules/console/report-routes';
import consoleLandingTemplateRoutes from './modules/console/landing-template-routes';
import consoleCreditApplicationRoutes from './modules/console/credit-application-routes';
import consoleAccountVerificationRoutes from './modules/console/account-verification-routes';
import consoleApp from './plugins/app/console-app';
import webApp from './plugins/app/web-app';
import systemRoutes from './modules/system/system-routes';
import loanRoutes from './modules/loan/loan-routes';
import agreementRoutes from './modules/agreements/agreement-routes';
import cardRepaymentRoutes from './modules/card-repayment/card-repayment-routes';
import complaintRoutes from './modules/complaints/complaint-routes';
import applicationDocumentRoutes from './modules/application/application-document-routes';
import promotionRoutes from './modules/promotion/promotion-routes';
import repaymentRoutes from './modules/repayment/repayment-routes';
import paymentRoutes from './modules/payments/payment-routes';
import { createPaymentProviders, type PaymentProviders } from './modules/payments/payment-providers';
import { createPayoutProviders } from './modules/payments/payouts/payout-providers';
import payoutRoutes from './modules/disbursal/payout-routes';
import consolePayoutRoutes from './modules/console/payout-routes';
import type { PayoutProviders } from './modules/payments/payouts/payout-provider';
import { createTimestampAuthority } from './modules/agreements/timestamp/timestamp-authorities';
import type { TimestampAuthority } from './modules/agreements/timestamp/timestamp-authority';
import supportRoutes from './modules/support/support-routes';
import statementRoutes from './modules/statement/statement-routes';
import accountRoutes from './modules/account/account-routes';
import applicationRoutes from './modules/application/application-routes';
import demoRoutes from './modules/demo/demo-routes';
import demoTsaRoutes from './modules/demo/demo-tsa-routes';
import type { RunningMocks } from './modules/demo/demo-payments';
import type { PayoutMocks } from './modules/demo/payout-mocks/payout-mocks';

export type BuildOptions = {
  config: Config;
  db: Db;
  /** The pool's use, for /metrics (the server passes its database's; tests may leave it out). */
  poolStats?: PoolStats;
  logger?: FastifyServerOptions['logger'];
  /** The payment providers; by default those config.payments names (createPaymentProviders). Tests may pass their own. */
  payments?: PaymentProviders;
  /** The payout providers; by default those config.payouts names (createPayoutProviders). Tests may pass their own. */
  payouts?: PayoutProviders;
  /** The providers' local mocks running with the server (PAYMENT_PROVIDER_MOCKS=1), for the demo tools' payments. */
  paymentMocks?: RunningMocks;
  /** The payout providers' local mocks running with the server (development), for `demo payout`. */
  payoutMocks?: PayoutMocks['byProvider'];
  /** Who time-stamps signed agreements; by default the one config.tsa names (createTimestampAuthority). Tests may pass their own. */
  timestampAuthority?: TimestampAuthority;
};

/** The Fastify instance with its options, the request log and metrics hook and the zod compilers. */
function createServer(config: Config, logger: BuildOptions['logger']) {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    bodyLimit: 64 * 1024,
    // One log line per request (onResponse below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    // No case or trailing-slash tricks: the contract's paths are exact.
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: false },
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { req: request, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
    // Route patterns only (a bounded set): an unknown path is 'unmatched', never the path itself.
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequests.inc({ method: request.method, route, status_code: reply.statusCode });
    httpRequestDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) rateLimitRefusals.inc({ route });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler(serializerCompiler));
  return app;
}

type Server = ReturnType<typeof createServer>;

/** 1. External plugins: body parsing, security headers, rate limits, OpenAPI. Returns Redis's health for /health. */
async function registerExternalPlugins(app: Server, config: Config): Promise<RedisHealth> {
  await app.register(formbody);
  await app.register(securityHeaders);
  // Redis only counts rate limits: a call never waits for it (no offline queue, short timeouts) and an
  // unreachable Redis falls back to this process's counters (lib/rate-limit-store.ts).
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 1_000, commandTimeout: 500 })
    : undefined;
  const redisHealth = new RedisHealth(redis, app.log);
  if (redis) {
    redis.on('error', (error: unknown) => redisHealth.failed(error));
    app.addHook('onClose', () => redis.disconnect());
  }
  await app.register(rateLimit, { global: false, store: resilientStore(redisHealth, config.redisKeyPrefix) });
  // The OpenAPI document of every route registered after it, and the reference page (/docs).
  await app.register(apiDocs, { config });
  return redisHealth;
}

/** 2. Our plugins: database, change feed, repositories, payment and payout providers, time-stamp authority, language, errors, input guard, key mapping, sessions. */
async function registerOurPlugins(app: Server, { config, db, poolStats, payments, payouts, timestampAuthority }: BuildOptions, redisHealth: RedisHealth) {
  await app.register(dbPlugin, { db });
  app.decorate('payments', payments ?? createPaymentProviders({ db, config, log: app.log }));
  app.decorate('payouts', payouts ?? createPayoutProviders({ config, log: app.log }));
  app.decorate('timestampAuthority', timestampAuthority ?? createTimestampAuthority({ config, log: app.log }));
  await app.register(changeFeed, { ttlMs: config.cacheTtlMs });
  await app.register(repositories, { create: createRepositories });
  await app.register(language);
  await app.register(errorHandler);
  await app.register(inputGuard);
  await app.register(requestDeadline, { timeoutMs: config.requestTimeoutMs });
  await app.register(health, { config, redisHealth, poolStats });
  await app.register(guessLimits);
  await app.register(keyMapping, { brand: config.brand });
  await app.register(session, { publicBaseUrl: config.publicBaseUrl });
  await app.register(staffPlugin, { publicBaseUrl: config.publicBaseUrl });
}

/** 3. Routes: the borrower's API, the back office's, the demo tools (when on), then the console and the web app. */
async function registerRoutes(app: Server, config: Config, mocks: Pick<BuildOptions, 'paymentMocks' | 'payoutMocks'>) {
  await app.register(systemRoutes, { config });
  await app.register(loanRoutes, { config });
  await app.register(agreementRoutes, { config });
  await app.register(repaymentRoutes, { config });
  await app.register(paymentRoutes, { config });
  await app.register(payoutRoutes, { config });
  await app.register(cardRepaymentRoutes, { config });
  await app.register(complaintRoutes);
  await app.register(applicationDocumentRoutes);
  await app.register(promotionRoutes, { config });
  await app.register(sessionRoutes, { config });
  await app.register(supportRoutes, { config });
  await app.register(statementRoutes, { config });
  await app.register(accountRoutes, { config });
  await app.register(applicationRoutes, { config });
  await app.register(staffRoutes, { config });
  await app.register(staffAdminRoutes, { config });
  await app.register(consoleRoutes, { config });
  await app.register(consolePayoutRoutes, { config });
  await app.register(financeRoutes);
  await app.register(consoleSupportRoutes);
  await app.register(consoleLoanRoutes);
  await app.register(consoleAgreementRoutes);
  await app.register(consoleReportRoutes);
  await app.register(consoleLandingTemplateRoutes);
  await app.register(consoleCreditApplicationRoutes, { config });
  await app.register(consoleAccountVerificationRoutes);
  if (config.demoTools) await app.register(demoRoutes, { config, ...(mocks.paymentMocks ? { paymentMocks: mocks.paymentMocks } : {}), ...(mocks.payoutMocks ? { payoutMocks: mocks.payoutMocks } : {}) });
  if (config.demoTools) await app.register(demoTsaRoutes, { config });
  await app.register(consoleApp, { config });
  await app.register(webApp, { config });
}

/**
 * Builds the API server. Plugins load in three passes (fastify/demo style):
 * external (body parsing, rate limits, OpenAPI), then ours (database, language,
 * errors, key mapping, session), then the routes.
 */
export async function buildApp(options: BuildOptions) {
  const app = createServer(options.config, options.logger);
  const redisHealth = await registerExternalPlugins(app, options.config);
  await registerOurPlugins(app, options, redisHealth);
  await registerRoutes(app, options.config, options);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
