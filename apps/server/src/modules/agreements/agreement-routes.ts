import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { agreementPrepare, agreementSign } from '@presta/contract/api/agreement';
import { errorCodes } from '@presta/contract/error-codes';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { registerEndpoint } from '../../lib/endpoint-route';
import type { ResponseDoc } from '../../lib/openapi-document';
import { borrowerContext } from '../../plugins/app/repositories';
import { deviceOf } from '../session/session-device';
import { deliverQueuedSms } from '../sms/sms-delivery';
import { createSmsProvider, type SmsProvider } from '../sms/sms-provider';
import { agreementPdfOf, prepareAgreement, signAgreement } from './agreement-service';

/** The code and its signing: as the application's consents (a person asks again after a minute at most). */
const codeLimit = { max: 10, timeWindow: '1 minute' };

/** The PDF's answer, for the OpenAPI document. */
const pdfAnswer: ResponseDoc = {
  description: 'The agreement exactly as it was rendered and signed: its SHA-256 is the ETag.',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
};

/**
 * The signed agreement's borrower calls (issue 38, docs/agreements.md): agreement-prepare renders the document for
 * the confirmed figures and sends its code, agreement-sign signs it; the PDF is read by its borrower only.
 */
export default function agreementRoutes(app: FastifyInstance, opts: { config: Config; sms?: SmsProvider }): Promise<void> {
  const sms = opts.sms ?? createSmsProvider(opts.config, app.log);
  // The pages post these calls with the form client (§7), like the loan calls: a JSON or text body is refused (415).
  app.removeContentTypeParser(['application/json', 'text/plain']);

  registerEndpoint(app, agreementPrepare, {
    auth: 'borrower',
    tags: ['loan'],
    rateLimit: codeLimit,
    refusals: {
      404: [errorCodes.notFound],
      409: [errorCodes.activeLoanExists, errorCodes.keyFactsRequired],
      422: [errorCodes.outsideProductRules],
      429: [errorCodes.rateLimited],
    },
    handler: async (input, request) => {
      const { data, outboxId } = await prepareAgreement(borrowerContext(app, request), input, { clientIp: request.ip, brandName: opts.config.brand.brandName });
      // After the commit: the code is stored and queued whatever the gateway does (the retry job sends it otherwise).
      if (outboxId !== undefined) await deliverQueuedSms(app.db, sms, [outboxId], request.log);
      return data;
    },
  });

  registerEndpoint(app, agreementSign, {
    auth: 'borrower',
    tags: ['loan'],
    rateLimit: codeLimit,
    refusals: { 400: [errorCodes.smsCodeWrong], 404: [errorCodes.notFound] },
    handler: async (input, request) =>
      signAgreement(
        borrowerContext(app, request),
        input,
        {
          clientIp: request.ip,
          userAgent: (request.headers['user-agent'] ?? '').slice(0, 500),
          deviceId: deviceOf(request, 'app').deviceId ?? null,
          sessionHash: request.borrowerSession.idHash,
        },
        { authority: app.timestampAuthority, log: request.log },
      ),
  });

  app.get(
    '/api/agreements/:agreementNo.pdf',
    {
      config: {
        auth: 'borrower',
        rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: (request) => `borrower:${request.borrower.id}` },
        openapi: { refusals: { 404: [errorCodes.notFound] }, responses: { 200: pdfAnswer } },
      },
      schema: {
        summary: 'A signed or prepared agreement, to its borrower only (the page adds its session parameters)',
        tags: ['loan'],
        params: z.object({ agreementNo: z.string().max(20) }),
      },
    },
    async (request, reply) => {
      const { agreementNo } = request.params as { agreementNo: string };
      const found = await agreementPdfOf({ db: app.db, borrowerId: request.borrower.id }, agreementNo);
      if (!found) throw new AppError(404, errorCodes.notFound, 'agreementNotFound');
      const etag = `"${found.sha256}"`;
      reply.headers({
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="${agreementNo}.pdf"`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        etag,
      });
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(found.pdf);
    },
  );
  return Promise.resolve();
}
