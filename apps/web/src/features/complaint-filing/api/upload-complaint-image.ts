import { apiRoutes } from '@presta/contract/api/api-routes';
import type { uploadProblemImg } from '@presta/contract/api/complaint';
import type { DataOf } from '@presta/contract/api/endpoint';
import { COMPLAINT_IMAGE_FIELD } from '@presta/contract/complaint-rules';
import type { Normalised } from '@presta/contract/envelope';
import { postMultipart, type RequestOptions } from '@/shared/http/api-client';
import { clientErrorCodes } from '@/shared/http/api-request';
import { commonMessages } from '@/shared/i18n/common-messages';
import { getMessage } from '@/shared/i18n/use-messages';
import { showToast } from '@/shared/ui/toast';
import { isComplaintImageUrl } from '../utils/image-check';

export type UploadedImage = DataOf<typeof uploadProblemImg>;

/**
 * POST /user-problem/upload-problem-img: one image, multipart, in the field
 * `problemImage`, like every form call otherwise (postMultipart): never
 * rejects, shows the loading toast, toasts a failure with the server's message
 * (not an image, too large, …) unless `silent`, and sends a session failure to
 * the joint-logon failure page. The answer's data.url is the stored image's
 * address (`/user-problem/problem-image/<id>`); any other address is refused.
 */
export async function uploadComplaintImage(file: File, opts: RequestOptions = {}): Promise<Normalised<UploadedImage>> {
  const form = new FormData();
  form.append(COMPLAINT_IMAGE_FIELD, file, file.name || 'image');
  const result = await postMultipart<UploadedImage>(apiRoutes.uploadProblemImg.path, form, opts);
  if (!result.success) return result;
  const url = (result.data as Record<string, unknown> | null)?.url;
  // Only our own image address is kept: the page adds the session parameters to it to show it.
  if (isComplaintImageUrl(url)) return { ...result, data: { url } };
  const message = getMessage(commonMessages, 'serverError');
  if (!opts.silent) showToast(message);
  return { success: false, code: clientErrorCodes.invalidResponse, message, data: null, raw: result.raw };
}
