import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { problemDetail, problemInit, problemList, problemSave, problemScore, uploadProblemImg } from '@presta/contract/api/complaint';
import { COMPLAINT_IMAGE_FIELD, COMPLAINT_IMAGE_MAX_BYTES, COMPLAINT_IMAGE_PATH } from '@presta/contract/complaint-rules';
import { errorCodes } from '@presta/contract/error-codes';
import { AppError } from '../../lib/app-error';
import { registerEndpoint } from '../../lib/endpoint-route';
import type { ResponseDoc } from '../../lib/openapi-document';
import { borrowerContext } from '../../plugins/app/repositories';
import { complaintDetail, complaintInit, listComplaints } from './complaint-pages';
import { readImage, saveComplaint, scoreComplaint, storeBorrowerImage } from './complaint-service';
import { checkedImage, readUploadParts } from './image-upload';

/** A stored image's answer, for the OpenAPI document. */
const imageAnswer: ResponseDoc = {
  description: 'The image as stored (re-encoded, without metadata): JPEG, PNG or WebP.',
  content: Object.fromEntries(['image/jpeg', 'image/png', 'image/webp'].map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
};

/** Headers of a stored image: its real type, never sniffed, private to the viewer. */
function sendImage(reply: FastifyReply, image: { mime: string; bytes: Buffer }) {
  return reply
    .headers({
      'content-type': image.mime,
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      'cache-control': 'private, max-age=86400, immutable',
      'content-security-policy': "default-src 'none'; sandbox",
    })
    .send(image.bytes);
}

/**
 * Complaints (issue 4): the §7 /user-problem calls, the multipart image
 * upload, stored images for their owner, and any image to a back-office member
 * whose roles read complaints (issue 17: the operator token's call is gone).
 */
export default async function complaintRoutes(app: FastifyInstance) {
  await app.register(complaintCalls);
  await app.register(imageUpload);
  storedImageRoutes(app);
}

/** The §7 form calls, in a scope that takes forms only (JSON and text bodies: 415). */
function complaintCalls(calls: FastifyInstance) {
  calls.removeContentTypeParser(['application/json', 'text/plain']);

  registerEndpoint(calls, problemInit, {
    auth: 'borrower',
    tags: ['complaints'],
    refusals: { 404: [errorCodes.notFound] },
    handler: async (input, request) => complaintInit(borrowerContext(calls, request), input.orderId),
  });
  registerEndpoint(calls, problemList, {
    auth: 'borrower',
    tags: ['complaints'],
    handler: async (_input, request) => listComplaints(borrowerContext(calls, request)),
  });
  registerEndpoint(calls, problemDetail, {
    auth: 'borrower',
    tags: ['complaints'],
    refusals: { 404: [errorCodes.notFound] },
    handler: async (input, request) => complaintDetail(borrowerContext(calls, request), input.problemId),
  });
  registerEndpoint(calls, problemSave, {
    auth: 'borrower',
    tags: ['complaints'],
    rateLimit: { max: 20, timeWindow: '1 minute' },
    refusals: { 404: [errorCodes.notFound], 422: [errorCodes.outsideProductRules] },
    handler: async (input, request) => saveComplaint(borrowerContext(calls, request), input),
  });
  registerEndpoint(calls, problemScore, {
    auth: 'borrower',
    tags: ['complaints'],
    rateLimit: { max: 20, timeWindow: '1 minute' },
    refusals: { 404: [errorCodes.notFound], 409: [errorCodes.invalidTransition] },
    handler: async (input, request) => scoreComplaint(borrowerContext(calls, request), input),
  });
}

/**
 * upload-problem-img, in a scope with the multipart parser: one file, field
 * problemImage; the handler reads the parts itself, and anything but
 * multipart is refused with 415.
 */
async function imageUpload(uploads: FastifyInstance) {
  await uploads.register(multipart, {
    limits: { fileSize: COMPLAINT_IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 50 },
  });
  registerEndpoint(uploads, uploadProblemImg, {
    auth: 'borrower',
    tags: ['complaints'],
    rateLimit: { max: 30, timeWindow: '1 minute' },
    multipart: {
      bodyLimit: COMPLAINT_IMAGE_MAX_BYTES + 64 * 1024,
      form: {
        type: 'object',
        properties: { [COMPLAINT_IMAGE_FIELD]: { type: 'string', format: 'binary', description: 'JPEG, PNG or WebP, at most 5 MB' } },
        required: [COMPLAINT_IMAGE_FIELD],
      },
    },
    handler: async (_input, request) => {
      const [bytes] = (await readUploadParts(request, { fileField: COMPLAINT_IMAGE_FIELD, maxFiles: 1, tooManyKey: 'complaintImageOneFile' })).files;
      if (!bytes) throw new AppError(400, errorCodes.badRequest, 'complaintImageMissing');
      return storeBorrowerImage(uploads.db, request.borrower.id, await checkedImage(bytes));
    },
  });
}

/** Stored images: to their owner (the borrower's session), and to a back-office member whose roles read complaints. */
function storedImageRoutes(app: FastifyInstance) {
  const imageParams = z.object({ imageId: z.string().max(20) });
  app.get(
    `${COMPLAINT_IMAGE_PATH}/:imageId`,
    {
      config: { auth: 'borrower', openapi: { refusals: { 404: [errorCodes.notFound] }, responses: { 200: imageAnswer } } },
      schema: { summary: 'A complaint image, to its owner only (the page adds its session parameters)', tags: ['complaints'], params: imageParams },
    },
    async (request, reply) => {
      const { imageId } = request.params as { imageId: string };
      const image = await readImage(app.db, imageId, { borrowerId: request.borrower.id });
      if (!image) throw new AppError(404, errorCodes.notFound, 'complaintImageNotFound');
      return sendImage(reply, image);
    },
  );

  // The back office (issue 17): any complaint image, to a signed-in member whose roles read complaints.
  app.get(
    '/console/api/complaints/images/:imageId',
    {
      config: {
        auth: 'staff',
        staffAction: 'complaints.read',
        openapi: { refusals: { 404: [errorCodes.notFound] }, responses: { 200: imageAnswer } },
      },
      schema: { summary: 'Back office: a complaint image (the borrower’s or support’s)', tags: ['back office'], params: imageParams },
    },
    async (request, reply) => {
      const { imageId } = request.params as { imageId: string };
      const image = await readImage(app.db, imageId, 'support');
      if (!image) throw new AppError(404, errorCodes.notFound, 'complaintImageNotFound');
      return sendImage(reply, image);
    },
  );
}
