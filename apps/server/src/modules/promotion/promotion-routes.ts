import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { channelTemplate, getSid, getSms, register, trackClick, trackVisit } from '@presta/contract/api/promotion';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { errorCodes } from '@presta/contract/error-codes';
import { promotionCodes } from '@presta/contract/promotion-rules';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { EndpointAnswer, registerEndpoint } from '../../lib/endpoint-route';
import type { Refusals } from '../../lib/openapi-document';
import { translate } from '../../i18n/messages';
import { createSmsProvider, type SmsProvider } from '../sms/sms-provider';
import { deliverQueuedSms } from '../sms/sms-delivery';
import { drawCaptcha, newSid } from '../verification/captcha';
import { setSessionCookie } from '../session/session-cookie';
import { deviceOf } from '../session/session-device';
import { openSession } from '../session/session-service';
import { findTemplate, registerVisitor, requestSmsCode, track, type PromoAnswer } from './promotion-service';

/** The §8 answer of a promotion service: the code decides success; a refusal may carry its HTTP status. */
function answer(request: FastifyRequest, a: PromoAnswer, reply?: FastifyReply): EndpointAnswer<null> {
  if (a.retryAfter !== undefined) reply?.header('retry-after', String(a.retryAfter));
  const success = a.code === promotionCodes.sent || a.code === promotionCodes.templateOk;
  return new EndpointAnswer(a.status ?? 200, { success, code: a.code, message: translate(request.lang, a.messageKey, a.vars), data: null });
}

/** The call came from our own page (the browser says same-origin, or says nothing): only then a session cookie. */
const sameOriginPage = (request: FastifyRequest) => {
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin';
};

/** A public promotion call's options: rate-limited per client address, in the document's promotion tag. */
const promo = (max: number, refusals?: Refusals) => ({ auth: 'public' as const, tags: ['promotion'], rateLimit: { max, timeWindow: '1 minute' }, refusals });

/**
 * The promotion calls of §7 (public: visitors have no session), with the §8
 * codes, rate-limited per client address (shared through Redis when
 * REDIS_URL is set). The funnel report is the back office's
 * (GET /console/api/promotion/funnel, modules/console/report-routes.ts).
 */
export default async function promotionRoutes(app: FastifyInstance, opts: { config: Config; sms?: SmsProvider }) {
  const sms = opts.sms ?? createSmsProvider(opts.config, app.log);
  registerTemplateAndCaptcha(app);
  // The form calls take forms only (§7): JSON and plain text are refused in their scope.
  await app.register((forms) => {
    forms.removeContentTypeParser(['application/json', 'text/plain']);
    registerSmsAndRegister(forms, sms, opts.config);
  });
  registerTrackers(app);
}

/** channel-template ('00'), get-sid ('0') and the captcha image of a sid. */
function registerTemplateAndCaptcha(app: FastifyInstance) {
  registerEndpoint(app, channelTemplate, {
    ...promo(120, { 404: [errorCodes.notFound] }),
    successCode: promotionCodes.templateOk,
    handler: async ({ templateId }, request) => {
      // In the page's language (its `language` header) when the template has its texts in it.
      const template = await findTemplate(app.db, templateId, request.lang);
      if (!template) throw new AppError(404, errorCodes.notFound, 'promoTemplateMissing');
      return template;
    },
  });

  registerEndpoint(app, getSid, {
    ...promo(30),
    successCode: promotionCodes.sidOk,
    handler: async (_input, request) => ({ sid: await newSid(app.db, request.ip) }),
  });

  app.get(
    apiRoutes.getCaptcha.path,
    {
      config: {
        auth: 'public',
        rateLimit: { max: 60, timeWindow: '1 minute' },
        openapi: {
          refusals: { 404: [errorCodes.notFound] },
          responses: { 200: { description: 'The captcha image (PNG); never cached.', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } } },
        },
      },
      schema: {
        summary: 'The captcha image of a sid (PNG, 4 characters; each call draws a new one)',
        tags: ['promotion'],
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
}

/** get-sms and register, the two form calls; their codes decide the whole answer (§8). */
function registerSmsAndRegister(forms: FastifyInstance, sms: SmsProvider, config: Config) {
  registerEndpoint(forms, getSms, {
    ...promo(10, { 400: [errorCodes.badRequest] }),
    handler: async (body, request, reply) => {
      // The SMS button's counter: every request that reached us, whatever the answer.
      await track(forms.db, 'sms_request', { page_id: '', utm_tag: body.utm_tag, app_from: body.app_from, user_from: body.user_from });
      const out = await requestSmsCode(forms.db, body, request.ip, request.lang);
      // After the commit: the code is stored and queued whatever the gateway does (the retry job sends it otherwise).
      if (out.outboxId !== undefined) await deliverQueuedSms(forms.db, sms, [out.outboxId], request.log);
      return answer(request, out.answer, reply);
    },
  });
  registerEndpoint(forms, register, {
    ...promo(20, { 400: [errorCodes.badRequest, errorCodes.smsCodeWrong] }),
    handler: async (body, request, reply) => {
      const registered = await registerVisitor(forms.db, body);
      // The code proved the phone as sign-in's does: the browser is signed in (its cookie), so "sign in" on the
      // download view opens the account without a second code (decision 025).
      if (registered.borrowerId !== undefined && sameOriginPage(request)) {
        const device = { ...deviceOf(request, 'web'), borrowerId: registered.borrowerId, ttlHours: config.sessionTtlHours };
        const session = await openSession(forms.db, device);
        setSessionCookie(reply, session.id, session.expiresAt);
      }
      return answer(request, registered);
    },
  });
}

/** track-visit and track-click: recorded, answered '0' with no data (the page ignores the answer). */
function registerTrackers(app: FastifyInstance) {
  for (const [endpoint, kind] of [
    [trackVisit, 'visit'],
    [trackClick, 'click'],
  ] as const) {
    registerEndpoint(app, endpoint, {
      ...promo(120),
      handler: async (query) => {
        await track(app.db, kind, query);
        return null;
      },
    });
  }
}

/** From the start of `from` (default: 30 days ago) to the end of `to` (default: now), UTC. */
export function funnelRange(from?: string, to?: string): { from: Date; to: Date } {
  const end = to ? new Date(`${to}T00:00:00Z`) : new Date();
  if (to) end.setUTCDate(end.getUTCDate() + 1);
  const start = from ? new Date(`${from}T00:00:00Z`) : new Date(end.getTime() - 30 * 86_400_000);
  return { from: start, to: end };
}
