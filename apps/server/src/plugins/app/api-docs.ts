import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Config } from '../../config';
import { mediaTypesOf, openapiTransform, openapiTransformObject, routeMediaTypes, securitySchemes } from '../../lib/openapi-document';
import { apiDocsContentSecurityPolicy } from './security-headers';

const { metricsToken: _metricsToken, ...withoutMetricsToken } = securitySchemes;

/**
 * The OpenAPI document of every route (/docs/json) and its reference page
 * (/docs, Swagger UI; in production only with PRESTA_API_DOCS=1). Registered
 * before the routes: its onRoute hook records, for each route, the body media
 * types its scope parses, which the document lists (lib/openapi-document.ts).
 */
export default fp(
  async (app, opts: { config: Config }) => {
    app.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions) {
      routeMediaTypes.set(route, mediaTypesOf((type) => this.hasContentTypeParser(type)));
    });

    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Presta API',
          version: '1.0.0',
          description:
            'The API of the Presta borrower pages (spec §7), the promotion funnel, payments and operations. ' +
            'Borrower calls answer the wrapper {success, code, message, data}; POST calls take a form-encoded body ' +
            '(application/x-www-form-urlencoded; JSON is refused with 415) and the session parameters travel in the query string ' +
            '(swift = session id: the `session` security scheme; crp_phe, dearest, showy, dearer, eyes, productId, orderId, language). ' +
            'operationIds are the last segment of the path in camelCase (docs/api.md).',
        },
        // Relative: the server that serves this document, whatever address it was reached at.
        servers: [{ url: '/', description: 'The server that serves this document' }],
        // The metrics token only where /metrics takes one (METRICS_TOKEN set).
        components: { securitySchemes: opts.config.metricsToken ? securitySchemes : withoutMetricsToken },
      },
      transform: openapiTransform,
      transformObject: openapiTransformObject as never,
    });
    // The API reference page: in production only with PRESTA_API_DOCS=1.
    if (opts.config.apiDocs) {
      await app.register(swaggerUi, {
        routePrefix: '/docs',
        staticCSP: apiDocsContentSecurityPolicy,
        uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
      });
    }
  },
  { name: 'api-docs' },
);
