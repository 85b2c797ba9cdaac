import type { FastifyRequest } from 'fastify';
import { errorCodes } from '@presta/contract/error-codes';
import type { MessageKey } from '../../i18n/messages';
import { AppError } from '../../lib/app-error';
import { containsNul } from '../../lib/input-checks';
import { cleanImage, ImageRejected, type CleanImage, type ImageRefusal } from './complaint-images';

/*
 * Reading complaint images from a multipart request, for the borrower's upload (upload-problem-img) and support's
 * reply with images (the back office): the same limits, refusals and cleaning (complaint-images.ts) for both.
 * The scope registers @fastify/multipart with its limits (files, sizes); its limit errors become refusals here.
 */

const refusalKeys: Record<ImageRefusal, MessageKey> = {
  empty: 'complaintImageEmpty',
  too_large: 'complaintImageTooLarge',
  not_an_image: 'complaintImageNotImage',
  unreadable: 'complaintImageUnreadable',
};

export type UploadParts = { files: Buffer[]; fields: Record<string, string> };

/**
 * The files of `fileField` (the first `maxFiles`; files of other fields and any more are drained and ignored)
 * and the text fields (the first value of each). Not multipart → 415; a file over the scope's size limit → 413;
 * more files, fields or parts than the scope's limits → 400 with `tooManyKey`; a NUL in a text field → 400.
 */
export async function readUploadParts(
  request: FastifyRequest,
  opts: { fileField: string; maxFiles: number; tooManyKey: MessageKey; tooManyVars?: Record<string, string | number> },
): Promise<UploadParts> {
  if (!request.isMultipart()) throw new AppError(415, errorCodes.badRequest, 'complaintImageMultipart');
  const files: Buffer[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== opts.fileField || files.length >= opts.maxFiles) {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      files.push(await part.toBuffer());
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, errorCodes.badRequest, 'complaintImageTooLarge');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(400, errorCodes.badRequest, opts.tooManyKey, opts.tooManyVars);
    }
    throw new AppError(400, errorCodes.badRequest, 'complaintImageMultipart');
  }
  if (containsNul(fields)) throw new AppError(400, errorCodes.badRequest, 'inputNulCharacter');
  return { files, fields };
}

/** An uploaded file checked by content and re-encoded (complaint-images.ts); a rejected file is a 400, 413 or 415 refusal. */
export async function checkedImage(bytes: Buffer): Promise<CleanImage> {
  try {
    return await cleanImage(bytes);
  } catch (error) {
    if (error instanceof ImageRejected) {
      throw new AppError(error.reason === 'too_large' ? 413 : error.reason === 'empty' ? 400 : 415, errorCodes.badRequest, refusalKeys[error.reason]);
    }
    throw error;
  }
}
