import { apiRoutes } from '@presta/contract/api/api-routes';
import type {
  applicationAddress,
  applicationConsentCode,
  applicationConsents,
  applicationDocumentUpload,
  applicationIdentity,
  applicationSubmit,
  applicationWork,
  creditApplication,
} from '@presta/contract/api/application';
import type { DataOf, RequestOf } from '@presta/contract/api/endpoint';
import type { DocumentKind } from '@presta/contract/application-rules';
import type { Normalised } from '@presta/contract/envelope';
import { callApi, postMultipart } from '@/shared/http/api-client';
import { apiQuery, type Query } from '@/shared/http/query';

export type ApplicationData = DataOf<typeof creditApplication>;
export type CreditApplication = NonNullable<ApplicationData['application']>;
/** What every step's call answers: the application as saved. */
export type ApplicationAnswer = Normalised<{ application: CreditApplication }>;

export type IdentityPayload = RequestOf<typeof applicationIdentity>;
export type AddressPayload = RequestOf<typeof applicationAddress>;
export type WorkPayload = RequestOf<typeof applicationWork>;
export type ConsentsPayload = RequestOf<typeof applicationConsents>;

/*
 * The calls of the credit application (contract api/application.ts). Each is silent: the page shows a refusal
 * beside the form it concerns (the values stay as typed), and a save as typed (final=0) fails quietly.
 */

/** The borrower's application (null: none yet) and the markets they may apply in. */
export const applicationQuery: Query<ApplicationData> = apiQuery<typeof creditApplication>(apiRoutes.creditApplication, {});

export function saveIdentity(payload: IdentityPayload): Promise<ApplicationAnswer> {
  return callApi<typeof applicationIdentity>(apiRoutes.applicationIdentity, payload, { silent: true });
}

export function saveAddress(payload: AddressPayload): Promise<ApplicationAnswer> {
  return callApi<typeof applicationAddress>(apiRoutes.applicationAddress, payload, { silent: true });
}

export function saveWork(payload: WorkPayload): Promise<ApplicationAnswer> {
  return callApi<typeof applicationWork>(apiRoutes.applicationWork, payload, { silent: true });
}

/** upload-document: multipart, the field `kind` first, then the file in `document` (the contract's order). */
export function uploadDocument(kind: DocumentKind, file: File): Promise<ApplicationAnswer> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('document', file, file.name || `${kind}.jpg`);
  return postMultipart<DataOf<typeof applicationDocumentUpload>>(apiRoutes.applicationDocumentUpload.path, form, { silent: true });
}

export function requestConsentCode(): Promise<Normalised<DataOf<typeof applicationConsentCode>>> {
  return callApi<typeof applicationConsentCode>(apiRoutes.applicationConsentCode, {}, { silent: true });
}

export function signConsents(payload: ConsentsPayload): Promise<ApplicationAnswer> {
  return callApi<typeof applicationConsents>(apiRoutes.applicationConsents, payload, { silent: true });
}

export function submitApplication(): Promise<ApplicationAnswer> {
  return callApi<typeof applicationSubmit>(apiRoutes.applicationSubmit, {}, { silent: true });
}
