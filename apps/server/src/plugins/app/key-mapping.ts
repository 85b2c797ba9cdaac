import fp from 'fastify-plugin';
import { scrambleKeys, unscrambleKeys } from '@presta/contract/key-mapping';
import type { Brand } from '@presta/contract/brand';

/**
 * The obfuscating key mapping (§3, §7): requests are read with either key (the
 * scrambled one is renamed to the readable one before validation); a brand with
 * obfuscateKeys answers with the scrambled keys.
 */
export default fp<{ brand: Brand }>(
  (app, opts) => {
    app.addHook('preValidation', (request, _reply, done) => {
      if (request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body)) {
        request.body = unscrambleKeys(request.body);
      }
      if (request.query && typeof request.query === 'object') {
        request.query = unscrambleKeys(request.query);
      }
      done();
    });

    if (opts.brand.obfuscateKeys) {
      app.addHook('onSend', async (request, reply, payload) => {
        if (typeof payload !== 'string') return payload;
        const type = String(reply.getHeader('content-type') ?? '');
        if (!type.includes('application/json') || !request.routeOptions.config.scrambleKeys) return payload;
        const body = JSON.parse(payload) as { data?: unknown };
        if (body && typeof body === 'object' && 'data' in body) body.data = scrambleKeys(body.data);
        return JSON.stringify(body);
      });
    }
  },
  { name: 'key-mapping' },
);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** API answers whose data keys follow the brand's key mapping. */
    scrambleKeys?: boolean;
  }
}
