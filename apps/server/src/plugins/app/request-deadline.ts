import fp from 'fastify-plugin';
import { errorCodes } from '@presta/contract/error-codes';
import { RETRY_AFTER_SECONDS } from '../../lib/app-error';
import { translate } from '../../i18n/messages';

/**
 * The last guard against a hang: a request not answered within `timeoutMs`
 * (REQUEST_TIMEOUT_MS) gets a 503 with Retry-After, whatever it waits for (a
 * database host that froze mid-query keeps its connection silent, and no
 * server-side timeout can end that). What the handler does afterwards is
 * discarded. The database's own time limits are shorter, so this fires only
 * when nothing else can.
 */
export default fp<{ timeoutMs: number }>(
  (app, opts) => {
    if (opts.timeoutMs <= 0) return;
    app.addHook('onRequest', async (request, reply) => {
      const timer = setTimeout(() => {
        if (reply.sent) return;
        request.log.warn({ timeoutMs: opts.timeoutMs }, 'request deadline passed: answered 503');
        void reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ success: false, code: errorCodes.serviceUnavailable, message: translate(request.lang ?? 'es', 'serviceUnavailable'), data: null });
      }, opts.timeoutMs);
      timer.unref();
      reply.raw.once('close', () => clearTimeout(timer));
    });
  },
  { name: 'request-deadline', dependencies: ['language'] },
);
