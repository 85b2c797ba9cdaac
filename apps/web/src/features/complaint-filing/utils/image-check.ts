import { COMPLAINT_IMAGE_MAX_BYTES, COMPLAINT_IMAGE_PATH, COMPLAINT_IMAGE_TYPES } from '@presta/contract/complaint-rules';

/** The image types the picker offers (the input's accept attribute). */
export const complaintImageAccept = COMPLAINT_IMAGE_TYPES.join(',');

/** The largest image in whole megabytes, for messages. */
export const complaintImageMaxMb = Math.floor(COMPLAINT_IMAGE_MAX_BYTES / (1024 * 1024));

/**
 * Why a chosen file cannot be uploaded, checked before sending it: 'type'
 * (not JPEG, PNG or WebP by its declared type) or 'size' (larger
 * than the limit); null when it may be sent. The server checks the content
 * again and is the judge.
 */
export function imageProblem(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | null {
  if (!(COMPLAINT_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase())) return 'type';
  if (file.size > COMPLAINT_IMAGE_MAX_BYTES) return 'size';
  return null;
}

const imageUrlPattern = new RegExp(`^${COMPLAINT_IMAGE_PATH}/\\d{1,18}$`);

/**
 * A stored complaint image address as upload-problem-img gives it
 * (`/user-problem/problem-image/<id>`, relative). Only these are shown with
 * the session parameters added, so they never go to another site.
 */
export function isComplaintImageUrl(url: unknown): url is string {
  return typeof url === 'string' && imageUrlPattern.test(url);
}
