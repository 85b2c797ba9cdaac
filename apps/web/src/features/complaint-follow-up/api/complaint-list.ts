import { apiRoutes } from '@presta/contract/api/api-routes';
import type { problemList } from '@presta/contract/api/complaint';
import type { Normalised } from '@presta/contract/envelope';
import { callApi } from '@/shared/http/api-client';
import { readText } from '@/shared/http/read-text';

export type ComplaintListItem = { id: string; time: string; type: string; content: string };
export type ComplaintTab = { title: string; list: ComplaintListItem[] };

/**
 * POST /user-problem/problem-list: the borrower's complaints in tabs by state
 * (open, answered, closed; titles from the server), newest first. Silent: the
 * page shows a failure itself.
 */
export async function fetchComplaintList(opts: { signal?: AbortSignal } = {}): Promise<Normalised<{ tabs: ComplaintTab[] }>> {
  const result = await callApi<typeof problemList>(apiRoutes.problemList, {}, { silent: true, signal: opts.signal });
  if (!result.success || !result.data) return { ...result, data: null };
  const rawTabs: unknown[] = Array.isArray(result.data.tabs) ? result.data.tabs : [];
  const tabs = rawTabs.map((raw) => {
    const tab = (raw ?? {}) as Record<string, unknown>;
    const items: unknown[] = Array.isArray(tab.list) ? tab.list : [];
    return {
      title: readText(tab.title),
      list: items
        .map((rawItem) => {
          const item = (rawItem ?? {}) as Record<string, unknown>;
          return { id: readText(item.id), time: readText(item.time), type: readText(item.type), content: readText(item.content) };
        })
        .filter((item) => item.id !== ''),
    };
  });
  return { ...result, data: { tabs } };
}
