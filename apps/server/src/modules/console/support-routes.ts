import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { consoleComplaintReply, consoleComplaintReplyWithImages, consoleComplaints, consoleReplyImageField } from '@presta/contract/api/console/complaints';
import { COMPLAINT_IMAGE_MAX_BYTES, COMPLAINT_IMAGES_MAX } from '@presta/contract/complaint-rules';
import { errorCodes } from '@presta/contract/error-codes';
import { badRequest } from '../../lib/app-error';
import { registerEndpoint } from '../../lib/endpoint-route';
import { staffCall } from '../staff/staff-call';
import { complaintsForSupport, replyToComplaint } from '../complaints/complaint-service';
import { checkedImage, readUploadParts } from '../complaints/image-upload';
import { maskPhone } from '../session/borrower-profile';

/**
 * Support's complaint calls (issue 17; docs/back-office.md "Complaints over HTTP"): the inbox by status and type
 * (the borrower's phone masked), and the reply (text, or text and images), audited as the member. The images are
 * read one by one from GET /console/api/complaints/images/{imageId} (the complaints module's route).
 */
export default async function supportRoutes(app: FastifyInstance) {
  registerEndpoint(app, consoleComplaints, {
    ...staffCall('complaints.read'),
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
        // No reply yet: null (the column holds '' until one is sent).
        replyText: c.repliedAt ? c.replyText : null,
        repliedAt: c.repliedAt ? c.repliedAt.toISOString() : null,
        repliedBy: c.repliedBy,
        score: c.score,
      })),
    }),
  });

  registerEndpoint(app, consoleComplaintReply, {
    ...staffCall('complaints.reply'),
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

  await app.register(replyWithImages);
}

/**
 * The reply with images, in a scope with the multipart parser: the text fields problemId and text, and up to 9
 * files in `images`, each checked and re-encoded like a borrower's upload (image-upload.ts). The staff plugin has
 * checked the session, the CSRF token and the role before the body is read; nothing is stored unless every image
 * passes, and the images and the reply are stored in one transaction.
 */
async function replyWithImages(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: COMPLAINT_IMAGE_MAX_BYTES, files: COMPLAINT_IMAGES_MAX, fields: 4, parts: COMPLAINT_IMAGES_MAX + 4, fieldSize: 16 * 1024, headerPairs: 50 },
  });
  registerEndpoint(app, consoleComplaintReplyWithImages, {
    ...staffCall('complaints.reply'),
    refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
    multipart: {
      bodyLimit: COMPLAINT_IMAGES_MAX * (COMPLAINT_IMAGE_MAX_BYTES + 16 * 1024) + 64 * 1024,
      form: {
        type: 'object',
        properties: {
          problemId: { type: 'integer', minimum: 1 },
          text: { type: 'string', minLength: 1, maxLength: 2000 },
          [consoleReplyImageField]: {
            type: 'array',
            maxItems: COMPLAINT_IMAGES_MAX,
            items: { type: 'string', format: 'binary', description: 'JPEG, PNG or WebP, at most 5 MB' },
          },
        },
        required: ['problemId', 'text'],
      },
    },
    handler: async (_input, request) => {
      const { files, fields } = await readUploadParts(request, {
        fileField: consoleReplyImageField,
        maxFiles: COMPLAINT_IMAGES_MAX,
        tooManyKey: 'complaintTooManyImages',
        tooManyVars: { max: COMPLAINT_IMAGES_MAX },
      });
      const parsed = consoleComplaintReplyWithImages.request.safeParse(fields);
      if (!parsed.success) {
        const detail = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
        throw badRequest('badRequest', { detail });
      }
      const images = [];
      for (const bytes of files) images.push(await checkedImage(bytes));
      return replyToComplaint(app.db, {
        problemId: String(parsed.data.problemId),
        text: parsed.data.text,
        images,
        by: request.staff.member.email,
        audit: request.staff.actor,
      });
    },
  });
}
