import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  applicationNoField,
  consoleBureauReport,
  consoleCreditApplication,
  consoleCreditApplications,
  consoleCreditApprove,
  consoleCreditConfirm,
  consoleCreditDecline,
  consoleCreditQueue,
} from '@presta/contract/api/console/credit-applications';
import { CONSOLE_APPLICATION_DOCUMENT_PATH, documentKinds } from '@presta/contract/application-rules';
import { errorCodes } from '@presta/contract/error-codes';
import { mayTake } from '@presta/contract/staff-roles';
import { registerEndpoint } from '../../lib/endpoint-route';
import { callContext } from '../../plugins/app/repositories';
import { documentImageAnswer, sendDocumentImage } from '../application/application-document-routes';
import type { Config } from '../../config';
import { approveReferred, confirmApproval, declineReferred, type ReviewAnswer, type Reviewer } from '../credit/credit-review';
import { deliverQueuedSms } from '../sms/sms-delivery';
import { createSmsProvider, type SmsProvider } from '../sms/sms-provider';
import { staffCall } from '../staff/staff-call';
import { creditApplicationDetail, creditQueue, listCreditApplications, openApplicationDocument, openBureauReport } from './credit-application-service';

/**
 * The back office's credit applications (issue 34; docs/back-office.md "Credit applications"): the search, one
 * application's page (identity numbers whole for applications.identity, audited), and a document's image
 * (applications.identity only, each opening audited). Issue 35 ("Credit decisions"): the reviewer's queue, the
 * approval, decline and a credit manager's confirmation of a referred application, and the bureau report
 * (applications.bureau, each opening audited).
 */
export default function consoleCreditApplicationRoutes(app: FastifyInstance, opts: { config: Config; sms?: SmsProvider }) {
  const sms = opts.sms ?? createSmsProvider(opts.config, app.log);
  registerEndpoint(app, consoleCreditApplications, {
    ...staffCall('applications.read'),
    handler: async (input, request) => listCreditApplications(callContext(app, request), input),
  });

  registerEndpoint(app, consoleCreditApplication, {
    ...staffCall('applications.read'),
    refusals: { 404: [errorCodes.notFound] },
    handler: async (input, request) => {
      const viewer = { identity: mayTake(request.staff.member.roles, 'applications.identity'), actor: request.staff.actor };
      return creditApplicationDetail(callContext(app, request), input.applicationNo, viewer);
    },
  });

  app.get(
    CONSOLE_APPLICATION_DOCUMENT_PATH,
    {
      config: {
        auth: 'staff',
        staffAction: 'applications.identity',
        openapi: { refusals: { 404: [errorCodes.notFound] }, responses: { 200: documentImageAnswer } },
      },
      schema: {
        summary: 'Back office: a document or the selfie of a credit application (each opening is written in the audit trail)',
        tags: ['back office'],
        querystring: z.object({ applicationNo: applicationNoField, kind: z.enum(documentKinds) }),
      },
    },
    async (request, reply) => {
      const query = request.query as { applicationNo: string; kind: (typeof documentKinds)[number] };
      return sendDocumentImage(reply, await openApplicationDocument(callContext(app, request), query, request.staff.actor));
    },
  );

  reviewRoutes(app, sms);
}

/** The reviewer's calls: each act in its own transaction, its SMS to the borrower delivered after the commit. */
function reviewRoutes(app: FastifyInstance, sms: SmsProvider) {
  const reviewer = (request: FastifyRequest): Reviewer => ({ staffId: request.staff.member.id, actor: request.staff.actor });
  const delivered = async (answer: ReviewAnswer, request: FastifyRequest) => {
    if (answer.outboxId !== undefined) await deliverQueuedSms(app.db, sms, [answer.outboxId], request.log);
    return answer;
  };
  const refusals = { 400: [errorCodes.badRequest], 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition, errorCodes.applicationClosed] };

  registerEndpoint(app, consoleCreditQueue, {
    ...staffCall('applications.decide'),
    handler: async (input, request) => creditQueue(callContext(app, request), input.limit),
  });

  registerEndpoint(app, consoleCreditApprove, {
    ...staffCall('applications.decide'),
    refusals,
    handler: async (input, request) => {
      const { status, pendingConfirmation } = await delivered(await approveReferred(callContext(app, request), input, reviewer(request)), request);
      return { status, pendingConfirmation };
    },
  });

  registerEndpoint(app, consoleCreditDecline, {
    ...staffCall('applications.decide'),
    refusals,
    handler: async (input, request) => ({ status: (await delivered(await declineReferred(callContext(app, request), input, reviewer(request)), request)).status }),
  });

  registerEndpoint(app, consoleCreditConfirm, {
    ...staffCall('applications.confirmLimit'),
    refusals: { ...refusals, 403: [errorCodes.forbidden] },
    handler: async (input, request) => {
      const answer = await confirmApproval(callContext(app, request), { ...input, confirm: input.confirm === 1 }, reviewer(request));
      return { status: (await delivered(answer, request)).status };
    },
  });

  registerEndpoint(app, consoleBureauReport, {
    ...staffCall('applications.bureau'),
    refusals: { 404: [errorCodes.notFound] },
    handler: async (input, request) => openBureauReport(callContext(app, request), input.applicationNo, request.staff.actor),
  });
}
