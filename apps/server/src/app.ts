import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/database';
import { loggerOptions } from './lib/log-redaction';
import changeFeed from './plugins/app/change-feed';
import dbPlugin from './plugins/app/db';
import errorHandler from './plugins/app/error-handler';
import inputGuard from './plugins/app/input-guard';
import keyMapping from './plugins/app/key-mapping';
import language from './plugins/app/language';
import session from './plugins/app/session';
import webApp from './plugins/app/web-app';
import systemRoutes from './modules/system/system-routes';
import loanRoutes from './modules/loan/loan-routes';
import cardRepaymentRoutes from './modules/card-repayment/card-repayment-routes';
import complaintRoutes from './modules/complaints/complaint-routes';
import promotionRoutes from './modules/promotion/promotion-routes';
import repaymentRoutes from './modules/repayment/repayment-routes';
import supportRoutes from './modules/support/support-routes';
import demoRoutes from './modules/demo/demo-routes';

export type BuildOptions = {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
};

/**
 * Builds the API server. Plugins load in three passes (fastify/demo style):
 * external (body parsing, rate limits, OpenAPI), then ours (database, language,
 * errors, key mapping, session), then the routes.
 */
export async function buildApp({ config, db, logger }: BuildOptions) {
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
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // 1. External plugins
  await app.register(formbody);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 }) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'presta-rl:' } : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Presta API',
        version: '1.0.0',
        description:
          'The API of the Presta borrower pages (spec §7). Every answer is the wrapper {success, code, message, data}. ' +
          'POST calls take a form-encoded body; the session parameters (swift = session id, crp_phe, dearest, showy, dearer, eyes, productId, orderId, language) travel in the query string.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });

  // 2. Our plugins
  await app.register(dbPlugin, { db });
  await app.register(changeFeed, { ttlMs: config.cacheTtlMs });
  await app.register(language);
  await app.register(errorHandler);
  await app.register(inputGuard);
  await app.register(keyMapping, { brand: config.brand });
  await app.register(session);

  // 3. Routes
  await app.register(systemRoutes, { config });
  await app.register(loanRoutes, { config });
  await app.register(repaymentRoutes, { config });
  await app.register(cardRepaymentRoutes, { config });
  await app.register(complaintRoutes, { config });
  await app.register(promotionRoutes, { config });
  await app.register(supportRoutes, { config });
  if (config.demoTools) await app.register(demoRoutes, { config });
  await app.register(webApp, { config });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
