import type { FastifyInstance } from 'fastify';
import { consoleComplaintReply, consoleComplaints } from '@presta/contract/api/console';
import { errorCodes } from '@presta/contract/error-codes';
import { registerEndpoint } from '../../lib/endpoint-route';
import { complaintsForSupport, replyToComplaint } from '../complaints/complaint-service';
import { maskPhone } from '../session/borrower-profile';

const tags = ['back office'];

/**
 * Support's complaint calls (issue 17; docs/back-office.md "Complaints over HTTP"): the inbox by status and type
 * (the borrower's phone masked), and the reply, audited as the member. The images are read one by one from
 * GET /console/api/complaints/images/{imageId} (the complaints module's route).
 */
export default function supportRoutes(app: FastifyInstance) {
  registerEndpoint(app, consoleComplaints, {
    auth: 'staff',
    staffAction: 'complaints.read',
    tags,
    handler: async (input) => ({
      complaints: (await complaintsForSupport(app.db, input.status, input.type)).map((c) => ({
        id: c.id,
        status: c.status,
        createdAt: c.createdAt.toISOString(),
        orderNo: c.orderNo,
        maskedPhone: maskPhone(c.phone),
        typeValue: c.typeValue,
        subTypeValue: c.subTypeValue,
        detail: c.detail,
        images: c.imageList,
        replyText: c.replyText,
        repliedAt: c.repliedAt ? c.repliedAt.toISOString() : null,
        repliedBy: c.repliedBy,
        score: c.score,
      })),
    }),
  });

  registerEndpoint(app, consoleComplaintReply, {
    auth: 'staff',
    staffAction: 'complaints.reply',
    tags,
    refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
    handler: async (input, request) => {
      return replyToComplaint(app.db, {
        problemId: String(input.problemId),
        text: input.text,
        images: [],
        by: request.staff.member.email,
        audit: request.staff.actor,
      });
    },
  });
}
