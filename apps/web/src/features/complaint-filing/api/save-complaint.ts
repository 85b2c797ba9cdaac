import { apiRoutes } from '@presta/contract/api/api-routes';
import type { problemSave } from '@presta/contract/api/complaint';
import type { DataOf, RequestOf } from '@presta/contract/api/endpoint';
import type { Normalised } from '@presta/contract/envelope';
import { COLLECTION_PROBLEM_TYPE } from '@presta/contract/complaint-rules';
import { callApi } from '@/shared/http/api-client';
import type { ComplaintDraft } from '../utils/complaint-draft';

/** The saved complaint payload (§3): problemSonType only for the collection type; images comma-joined. */
export type ComplaintPayload = RequestOf<typeof problemSave>;

/**
 * POST /user-problem/problem-save: files the complaint; answers its id. A
 * refusal comes with a readable message, toasted by callApi.
 */
export function saveComplaint(payload: ComplaintPayload, opts: { loading?: string } = {}): Promise<Normalised<DataOf<typeof problemSave>>> {
  return callApi<typeof problemSave>(apiRoutes.problemSave, payload, opts);
}

/** The payload of a draft: the text trimmed, the sub-type for the collection type only, image addresses comma-joined. */
export function complaintPayload(draft: ComplaintDraft): ComplaintPayload {
  const payload: ComplaintPayload = {
    problemType: draft.type.value,
    problemDetail: draft.text.trim(),
    problemImage: draft.images.join(','),
    orderNo: draft.orderNo,
  };
  if (draft.type.value === COLLECTION_PROBLEM_TYPE && draft.subType) payload.problemSonType = draft.subType.value;
  return payload;
}
