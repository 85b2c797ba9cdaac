import { routes } from '@presta/contract/routes';
import { pageUrl } from '@/shared/session/session-params';

/** The complaint entry page, with the session. */
export function complaintEntryUrl(): string {
  return pageUrl(routes.complaintEntry);
}

/** The complaint form page, with the session (the choice travels in the draft, see complaint-draft.ts). */
export function complaintFormUrl(): string {
  return pageUrl(routes.complaintForm);
}

/** The borrower's complaints ('My complaints'), with the session. */
export function complaintListUrl(): string {
  return pageUrl(routes.complaintList);
}
