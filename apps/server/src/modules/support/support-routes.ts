import type { FastifyInstance } from 'fastify';
import { getWhatsapp } from '@presta/contract/api/support';
import type { Config } from '../../config';
import { registerEndpoint } from '../../lib/endpoint-route';

/**
 * Customer service (§7 get-whatsapp): the WhatsApp number (phone), the
 * telephone (va) and the e-mail, read from configuration (SUPPORT_WHATSAPP,
 * SUPPORT_PHONE, SUPPORT_EMAIL; default: the brand's contacts). Public:
 * visitors and borrowers both reach customer service; limited per address
 * (per borrower when a session comes along).
 */
export default async function supportRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { supportWhatsapp, supportPhone, supportEmail } = opts.config;

  await app.register(async (calls) => {
    // A form body (the pages send type=30) or none at all; JSON is refused (415) like the other form calls.
    calls.removeContentTypeParser(['application/json', 'text/plain']);
    calls.addHook('preValidation', async (request) => {
      if (request.body === undefined || request.body === null) request.body = {};
    });

    registerEndpoint(calls, getWhatsapp, {
      auth: 'public',
      tags: ['support'],
      rateLimit: { max: 60, timeWindow: '1 minute' },
      handler: async () => ({ phone: supportWhatsapp, va: supportPhone, email: supportEmail }),
    });
  });
}
