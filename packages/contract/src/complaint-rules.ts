/*
 * Complaint limits and constants (§5, §9), zod-free so that pages can import
 * them without the schemas (api/complaint.ts).
 */

/** Problem description: at most this many characters (UTF-16 units, as a textarea's maxLength counts). */
export const COMPLAINT_TEXT_MAX = 200;
/** Images per complaint. */
export const COMPLAINT_IMAGES_MAX = 9;
/** Largest image file taken by upload-problem-img (bytes). */
export const COMPLAINT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Image types taken, recognised by content (the declared type is not trusted). */
export const COMPLAINT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The multipart field of upload-problem-img. */
export const COMPLAINT_IMAGE_FIELD = 'problemImage';
/** Question type value of collection complaints: needs sub-types and an order with isShow 1. */
export const COLLECTION_PROBLEM_TYPE = 1;
/** Delay before the success page returns to the entry page (ms). */
export const COMPLAINT_SUCCESS_DELAY_MS = 1500;
/** Delay before the score modal opens on the detail page (ms). */
export const COMPLAINT_SCORE_DELAY_MS = 3000;
/**
 * Path prefix of a stored complaint image (upload-problem-img's data.url is
 * `${COMPLAINT_IMAGE_PATH}/<id>`). It is a borrower call: the page adds its
 * session query parameters to the address when it shows the image.
 */
export const COMPLAINT_IMAGE_PATH = '/user-problem/problem-image';
/** Score of a support reply: 1 to 5 stars. */
export const COMPLAINT_SCORE_MIN = 1;
export const COMPLAINT_SCORE_MAX = 5;
