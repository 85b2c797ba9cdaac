import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { applicationNoField, consoleCreditApplication, consoleCreditApplications } from '@presta/contract/api/console/credit-applications';
import { CONSOLE_APPLICATION_DOCUMENT_PATH, documentKinds } from '@presta/contract/application-rules';
import { errorCodes } from '@presta/contract/error-codes';
import { mayTake } from '@presta/contract/staff-roles';
import { registerEndpoint } from '../../lib/endpoint-route';
import { callContext } from '../../plugins/app/repositories';
import { documentImageAnswer, sendDocumentImage } from '../application/application-document-routes';
import { staffCall } from '../staff/staff-call';
import { creditApplicationDetail, listCreditApplications, openApplicationDocument } from './credit-application-service';

/**
 * The back office's credit applications (issue 34; docs/back-office.md "Credit applications"): the search, one
 * application's page (identity numbers whole for applications.identity, audited), and a document's image
 * (applications.identity only, each opening audited).
 */
export default function consoleCreditApplicationRoutes(app: FastifyInstance) {
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
}
