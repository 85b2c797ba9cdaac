import { apiAddress } from '@/shared/http/api-request';

/**
 * The `src` of a complaint image. The server gives stored images as paths
 * (COMPLAINT_IMAGE_PATH/<id>), borrower resources: apiAddress adds the API
 * base and the session parameters. An absolute http(s) address (another
 * host) is used as it is, never with the session; any other scheme, or '',
 * gives ''.
 */
export function complaintImageSrc(address: string): string {
  const trimmed = address.trim();
  if (!trimmed) return '';
  const absolute = /^[a-z][a-z\d+.-]*:/i.test(trimmed) || trimmed.startsWith('//');
  if (!absolute) return apiAddress(trimmed);
  return /^https?:\/\//i.test(trimmed) ? trimmed : '';
}
