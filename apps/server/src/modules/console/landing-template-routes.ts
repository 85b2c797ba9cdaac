import type { FastifyInstance } from 'fastify';
import { consolePromotionTemplateAdd, consolePromotionTemplates, consolePromotionTemplateUpdate } from '@presta/contract/api/console/promotion';
import { errorCodes } from '@presta/contract/error-codes';
import { registerEndpoint } from '../../lib/endpoint-route';
import { staffCall } from '../staff/staff-call';
import { addLandingTemplate, listLandingTemplates, updateLandingTemplate } from '../promotion/landing-templates';

/**
 * The promotion page's landing templates in the back office (issue 17; docs/back-office.md "Landing templates"):
 * read by every role that reads reports (the funnel names templates by id), added and changed by admins
 * (promotion.edit), each change audited as the member.
 */
export default function consoleLandingTemplateRoutes(app: FastifyInstance) {
  registerEndpoint(app, consolePromotionTemplates, {
    ...staffCall('reports.read'),
    handler: async () => ({ templates: await listLandingTemplates(app.db) }),
  });

  registerEndpoint(app, consolePromotionTemplateAdd, {
    ...staffCall('promotion.edit'),
    refusals: { 404: [errorCodes.notFound] },
    handler: async (input, request) => ({ template: await addLandingTemplate(app.db, input, request.staff.actor) }),
  });

  registerEndpoint(app, consolePromotionTemplateUpdate, {
    ...staffCall('promotion.edit'),
    refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
    handler: async (input, request) => ({ template: await updateLandingTemplate(app.db, input, request.staff.actor) }),
  });
}
