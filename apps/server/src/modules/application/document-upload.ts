import type { FastifyRequest } from 'fastify';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MIN_SIDE_PX, documentKinds, requiredDocuments, type DocumentKind } from '@presta/contract/application-rules';
import { errorCodes } from '@presta/contract/error-codes';
import type { MessageKey } from '../../i18n/messages';
import { AppError } from '../../lib/app-error';
import type { BorrowerContext } from '../../plugins/app/repositories';
import { getApplication } from './application-service';
import { assertEditable, openApplication, touch } from './application-store';
import { documentBytes, storeDocument } from './application-documents';
import { cleanDocument, DocumentRejected, type CleanDocument, type DocumentRefusal } from './document-image';

/*
 * Application step 4 (docs/application.md "Documents"): the borrower's upload of a document or the selfie into
 * their open, editable application, and the image back to them. Nothing here logs: no image, kind or name.
 */

/** The multipart form's fields: the kind first, then the file. */
export const DOCUMENT_KIND_FIELD = 'kind';
export const DOCUMENT_FILE_FIELD = 'document';

const refusals: Record<DocumentRefusal, { status: number; key: MessageKey }> = {
  empty: { status: 400, key: 'applicationDocumentEmpty' },
  too_large: { status: 413, key: 'applicationDocumentTooLarge' },
  not_an_image: { status: 415, key: 'applicationDocumentNotImage' },
  polyglot: { status: 415, key: 'applicationDocumentPolyglot' },
  too_many_pixels: { status: 413, key: 'applicationDocumentTooManyPixels' },
  too_small: { status: 422, key: 'applicationDocumentTooSmall' },
  unreadable: { status: 415, key: 'applicationDocumentUnreadable' },
};
const refusalVars = { max: DOCUMENT_MAX_BYTES / (1024 * 1024), min: DOCUMENT_MIN_SIDE_PX };

const isDocumentKind = (value: string | undefined): value is DocumentKind => (documentKinds as readonly string[]).includes(value ?? '');

/**
 * The form's kind and file. Not multipart → 415; a file over DOCUMENT_MAX_BYTES → 413; more files or parts than the
 * scope allows → 400; no file → 400; a kind that is none of documentKinds → 400. Files of other fields are drained.
 */
export async function readDocumentForm(request: FastifyRequest): Promise<{ kind: DocumentKind; bytes: Buffer }> {
  if (!request.isMultipart()) throw new AppError(415, errorCodes.badRequest, 'applicationDocumentMultipart');
  let kind: string | undefined;
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === DOCUMENT_KIND_FIELD && kind === undefined && typeof part.value === 'string') kind = part.value;
      } else if (part.fieldname === DOCUMENT_FILE_FIELD && bytes === undefined) {
        bytes = await part.toBuffer();
      } else {
        await part.toBuffer().catch(() => undefined);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, errorCodes.badRequest, 'applicationDocumentTooLarge', refusalVars);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(400, errorCodes.badRequest, 'applicationDocumentOneFile');
    }
    throw new AppError(400, errorCodes.badRequest, 'applicationDocumentMultipart');
  }
  const trimmed = kind?.trim();
  if (!isDocumentKind(trimmed)) throw new AppError(400, errorCodes.badRequest, 'applicationDocumentKindUnknown');
  if (!bytes) throw new AppError(400, errorCodes.badRequest, 'applicationDocumentMissing');
  return { kind: trimmed, bytes };
}

/** The borrower's open application, which must be editable and ask for `kind`: 404, 409 or 400 otherwise. */
function checkedApplication(row: Awaited<ReturnType<typeof openApplication>>, kind: DocumentKind): NonNullable<typeof row> {
  if (!row) throw new AppError(404, errorCodes.notFound, 'applicationDocumentNoApplication');
  assertEditable(row);
  if (!requiredDocuments[row.market].includes(kind)) throw new AppError(400, errorCodes.badRequest, 'applicationDocumentKindNotForMarket');
  return row;
}

async function cleaned(bytes: Buffer): Promise<CleanDocument> {
  try {
    return await cleanDocument(bytes);
  } catch (error) {
    if (!(error instanceof DocumentRejected)) throw error;
    const { status, key } = refusals[error.reason];
    throw new AppError(status, errorCodes.badRequest, key, refusalVars);
  }
}

/**
 * Stores the upload as the application's active document of its kind and answers the application. The cheap checks
 * run before the image is decoded; the row is locked and checked again around the write (a submit in between wins).
 */
export async function uploadDocument(ctx: BorrowerContext, kind: DocumentKind, bytes: Buffer) {
  checkedApplication(await openApplication(ctx.db, ctx.borrowerId, { lock: false }), kind);
  const image = await cleaned(bytes);
  await ctx.db.transaction(async (tx) => {
    const row = checkedApplication(await openApplication(tx, ctx.borrowerId, { lock: true }), kind);
    await storeDocument(tx, row.id, kind, image, ctx.now);
    await touch(tx, row.id, ctx.now);
  });
  const { application } = await getApplication(ctx);
  return { application: application! };
}

/** The borrower's own active document of `kind` (JPEG bytes); another's, or none: undefined (the route's 404). */
export async function ownDocument(ctx: BorrowerContext, kind: DocumentKind): Promise<Buffer | undefined> {
  const row = await openApplication(ctx.db, ctx.borrowerId, { lock: false });
  return row ? documentBytes(ctx.db, row.id, kind) : undefined;
}
