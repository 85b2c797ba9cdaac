import { useState } from 'react';
import { useQuery } from '@/shared/http/use-query';
import { fetchComplaintDetail, type ComplaintDetail } from '../api/complaint-detail';

/** One complaint with its reply, and the code of the last failed normal load (404001 is "not found"). */
export function useComplaintDetail(problemId: string) {
  /** The code of the last failed normal load: 404001 is "not found", anything else can be retried. */
  const [failureCode, setFailureCode] = useState('');
  const remote = useQuery<ComplaintDetail>({ load: async ({ silent, signal }) => {
    const result = await fetchComplaintDetail(problemId, { signal });
    if (!silent) setFailureCode(result.success ? '' : result.code);
    return result;
  } });
  return { remote, failureCode };
}
