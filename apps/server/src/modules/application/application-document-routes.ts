import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { applicationDocumentUpload } from '@presta/contract/api/application';
import { APPLICATION_DOCUMENT_PATH, DOCUMENT_MAX_BYTES, documentKinds } from '@presta/contract/application-rules';
import { errorCodes } from '@presta/contract/error-codes';
import { AppError } from '../../lib/app-error';
import { registerEndpoint } from '../../lib/endpoint-route';
import type { ResponseDoc } from '../../lib/openapi-document';
import { borrowerContext } from '../../plugins/app/repositories';
import { DOCUMENT_FILE_FIELD, DOCUMENT_KIND_FIELD, ownDocument, readDocumentForm, uploadDocument } from './document-upload';

/** A stored document's answer, for the OpenAPI document. */
export const documentImageAnswer: ResponseDoc = {
  description: 'The image as stored: JPEG, re-encoded without metadata.',
  content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
};

/**
 * A document's image: its real type, never sniffed, shown inline in a sandbox, and kept by no cache (an identity
 * document: not even the viewer's browser keeps a copy).
 */
export function sendDocumentImage(reply: FastifyReply, bytes: Buffer) {
  return reply
    .headers({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      'cache-control': 'private, no-store',
      'content-security-policy': "default-src 'none'; sandbox",
    })
    .send(bytes);
}

/**
 * The credit application's documents (issue 34, docs/application.md "Documents"): the borrower's upload (multipart,
 * its own scope with the multipart parser) and their own image back. The back office's copy is the console's.
 */
export default async function applicationDocumentRoutes(app: FastifyInstance) {
  await app.register(documentUpload);
  app.get(
    APPLICATION_DOCUMENT_PATH,
    {
      config: { auth: 'borrower', openapi: { refusals: { 404: [errorCodes.notFound] }, responses: { 200: documentImageAnswer } } },
      schema: {
        summary: 'A document or the selfie of the borrower’s application, to its owner only (the page adds its session parameters)',
        tags: ['application'],
        querystring: z.object({ kind: z.enum(documentKinds) }),
      },
    },
    async (request, reply) => {
      const { kind } = request.query as { kind: (typeof documentKinds)[number] };
      const bytes = await ownDocument(borrowerContext(app, request), kind);
      if (!bytes) throw new AppError(404, errorCodes.notFound, 'applicationDocumentNotFound');
      return sendDocumentImage(reply, bytes);
    },
  );
}

/** upload-document: the field `kind`, then one file in `document`; anything but multipart is refused with 415. */
async function documentUpload(uploads: FastifyInstance) {
  await uploads.register(multipart, {
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 4, parts: 6, fieldSize: 1024, headerPairs: 50 },
  });
  registerEndpoint(uploads, applicationDocumentUpload, {
    auth: 'borrower',
    tags: ['application'],
    // Per borrower (endpoint-route's key): enough to retake every photo several times, not to use us as an image service.
    rateLimit: { max: 20, timeWindow: '10 minutes' },
    refusals: { 404: [errorCodes.notFound], 409: [errorCodes.applicationClosed] },
    multipart: {
      bodyLimit: DOCUMENT_MAX_BYTES + 64 * 1024,
      form: {
        type: 'object',
        properties: {
          [DOCUMENT_KIND_FIELD]: { type: 'string', enum: [...documentKinds], description: 'Which document; first in the form' },
          [DOCUMENT_FILE_FIELD]: { type: 'string', format: 'binary', description: 'JPEG, PNG or WebP, at most 8 MB, at least 320 px a side' },
        },
        required: [DOCUMENT_KIND_FIELD, DOCUMENT_FILE_FIELD],
      },
    },
    handler: async (_input, request) => {
      const { kind, bytes } = await readDocumentForm(request);
      return uploadDocument(borrowerContext(uploads, request), kind, bytes);
    },
  });
}
