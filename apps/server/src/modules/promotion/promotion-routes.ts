import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { channelTemplate, getSid, getSms, register, trackClick, trackVisit } from '@presta/contract/api/promotion';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { envelopeSchema } from '@presta/contract/envelope';
import { errorCodes } from '@presta/contract/error-codes';
import { promotionCodes } from '@presta/contract/promotion-rules';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { requireOperator } from '../../lib/operator-auth';
import { openapiSecurity, type RouteDocs } from '../../lib/openapi-document';
import { translate } from '../../i18n/messages';
import { createSmsProvider, type SmsProvider } from '../sms/sms-provider';
import { deliverQueuedSms } from '../sms/sms-delivery';
import { drawCaptcha, findTemplate, funnelReport, newSid, registerVisitor, requestSmsCode, track, type PromoAnswer } from './promotion-service';

const anyEnvelope = envelopeSchema(z.unknown());
/** The answers whose data is always null (answer() and the trackers): the wrapper and its code only. */
const codeEnvelope = envelopeSchema(z.null());

function answer(request: FastifyRequest, reply: FastifyReply, a: PromoAnswer) {
  const success = a.code === promotionCodes.sent || a.code === promotionCodes.templateOk;
  return reply.status(a.status ?? 200).send({ success, code: a.code, message: translate(request.lang, a.messageKey, a.vars), data: null });
}

/**
 * The promotion calls of §7 (public: visitors have no session), with the §8
 * codes, rate-limited per client address (shared through Redis when
 * REDIS_URL is set); and the funnel report for operators.
 */
export default async function promotionRoutes(app: FastifyInstance, opts: { config: Config; sms?: SmsProvider }) {
  const sms = opts.sms ?? createSmsProvider(opts.config, app.log);
  const limit = (max: number, openapi?: RouteDocs) => ({ auth: 'public' as const, rateLimit: { max, timeWindow: '1 minute' }, openapi });
  const tags = ['promotion'];

  app.get(
    channelTemplate.path,
    {
      config: limit(120, { refusals: { 404: [errorCodes.notFound] } }),
      schema: { summary: channelTemplate.summary, tags, querystring: channelTemplate.request, response: { 200: anyEnvelope } },
    },
    async (request, reply) => {
      const { templateId } = request.query as { templateId?: string };
      // In the page's language (its `language` header) when the template has its texts in it.
      const template = await findTemplate(app.db, templateId, request.lang);
      if (!template) throw new AppError(404, errorCodes.notFound, 'promoTemplateMissing');
      return reply.send({ success: true, code: promotionCodes.templateOk, message: translate(request.lang, 'ok'), data: template });
    },
  );

  app.get(
    getSid.path,
    { config: limit(30), schema: { summary: getSid.summary, tags, response: { 200: envelopeSchema(getSid.data) } } },
    async (request, reply) => {
      const sid = await newSid(app.db, request.ip);
      return reply.send({ success: true, code: promotionCodes.sidOk, message: translate(request.lang, 'ok'), data: { sid } });
    },
  );

  app.get(
    apiRoutes.getCaptcha.path,
    {
      config: limit(60, {
        refusals: { 404: [errorCodes.notFound] },
        responses: { 200: { description: 'The captcha image (PNG); never cached.', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } } },
      }),
      schema: {
        summary: 'The captcha image of a sid (PNG, 4 characters; each call draws a new one)',
        tags,
        querystring: z.object({ sid: z.string().max(64), t: z.string().max(20).optional() }).loose(),
      },
    },
    async (request, reply) => {
      const { sid } = request.query as { sid: string };
      const png = await drawCaptcha(app.db, sid);
      if (!png) throw new AppError(404, errorCodes.notFound, 'promoSidUnknown');
      return reply
        .headers({ 'content-type': 'image/png', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
        .send(png);
    },
  );

  await app.register((forms) => {
    forms.removeContentTypeParser(['application/json', 'text/plain']);
    forms.post(
      getSms.path,
      { config: limit(10, { refusals: { 400: [errorCodes.badRequest] } }), schema: { summary: getSms.summary, tags, body: getSms.request, response: { 200: codeEnvelope, '4xx': codeEnvelope } } },
      async (request, reply) => {
        const body = request.body as z.output<typeof getSms.request>;
        // The SMS button's counter: every request that reached us, whatever the answer.
        await track(app.db, 'sms_request', { page_id: '', utm_tag: body.utm_tag, app_from: body.app_from, user_from: body.user_from });
        const out = await requestSmsCode(app.db, body, request.ip, request.lang);
        // After the commit: the code is stored and queued whatever the gateway does (the retry job sends it otherwise).
        if (out.outboxId !== undefined) await deliverQueuedSms(app.db, sms, [out.outboxId], request.log);
        return answer(request, reply, out.answer);
      },
    );
    forms.post(
      register.path,
      { config: limit(20, { refusals: { 400: [errorCodes.badRequest, '400002'] } }), schema: { summary: register.summary, tags, body: register.request, response: { 200: codeEnvelope, '4xx': codeEnvelope } } },
      async (request, reply) => answer(request, reply, await registerVisitor(app.db, request.body as z.output<typeof register.request>)),
    );
  });

  for (const [endpoint, kind] of [
    [trackVisit, 'visit'],
    [trackClick, 'click'],
  ] as const) {
    app.get(
      endpoint.path,
      { config: limit(120), schema: { summary: endpoint.summary, tags, querystring: endpoint.request.loose(), response: { 200: codeEnvelope } } },
      async (request, reply) => {
        await track(app.db, kind, request.query as Record<string, string>);
        return reply.send({ success: true, code: errorCodes.ok, message: translate(request.lang, 'ok'), data: null });
      },
    );
  }

  // --- The funnel, for operators --------------------------------------------
  app.get(
    '/api/ops/promotion-funnel',
    {
      config: {
        auth: 'public',
        openapi: {
          security: openapiSecurity.operator,
          refusals: { 401: [errorCodes.operatorUnauthorized], 429: [errorCodes.rateLimited] },
          responses: {
            200: { description: 'The funnel per template and utm_tag over [from, to).', content: { 'application/json': { schema: funnelAnswerDoc } } },
          },
        },
      },
      schema: {
        summary: 'Operators: visits, clicks, SMS sent and registrations per template and utm_tag (Authorization: Bearer OPERATOR_TOKEN)',
        tags: ['support'],
        querystring: z.object({ from: z.iso.date().optional(), to: z.iso.date().optional() }),
      },
    },
    async (request) => {
      await requireOperator(request, opts.config.operatorToken);
      const { from, to } = request.query as { from?: string; to?: string };
      const range = funnelRange(from, to);
      return { success: true, code: errorCodes.ok, message: translate(request.lang, 'ok'), data: { ...range, rows: await funnelReport(app.db, range.from, range.to) } };
    },
  );
}

const count = { type: 'integer' };
/** The funnel report's answer (funnelReport), for the OpenAPI document. */
const funnelAnswerDoc = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    code: { type: 'string' },
    message: { type: 'string' },
    data: {
      type: 'object',
      properties: {
        from: { type: 'string', format: 'date-time' },
        to: { type: 'string', format: 'date-time' },
        rows: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              template: { type: 'string' },
              utmTag: { type: 'string' },
              visits: count,
              clicks: count,
              smsRequests: count,
              smsSent: count,
              registrations: count,
              conversionPct: { type: 'number' },
            },
          },
        },
      },
      required: ['from', 'to', 'rows'],
    },
  },
  required: ['success', 'code', 'message', 'data'],
};

/** From the start of `from` (default: 30 days ago) to the end of `to` (default: now), UTC. */
export function funnelRange(from?: string, to?: string): { from: Date; to: Date } {
  const end = to ? new Date(`${to}T00:00:00Z`) : new Date();
  if (to) end.setUTCDate(end.getUTCDate() + 1);
  const start = from ? new Date(`${from}T00:00:00Z`) : new Date(end.getTime() - 30 * 86_400_000);
  return { from: start, to: end };
}
