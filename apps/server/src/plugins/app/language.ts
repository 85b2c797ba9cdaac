import fp from 'fastify-plugin';
import { parseLanguage, type Language } from '@presta/contract/language';
import { languageParam } from '@presta/contract/session-params';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of the person reading the answer: query `language`, then header, then Spanish. */
    lang: Language;
  }
}

/** Picks the language of every answer's message from the page's `language` parameter. */
export default fp(
  (app) => {
    app.decorateRequest('lang', 'es');
    app.addHook('onRequest', (request, _reply, done) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      request.lang = parseLanguage(query[languageParam] ?? request.headers[languageParam]);
      done();
    });
  },
  { name: 'language' },
);
