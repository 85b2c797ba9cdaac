import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { ApiRoute } from '@presta/contract/api/api-routes';
import type { Normalised } from '@presta/contract/envelope';
import { callApi } from '@/shared/http/api-client';
import { initLanguage } from '@/shared/i18n/language-store';

/** The session of the page URL in the tests. */
export const sessionQuery = 'swift=sess-9&showy=dev-1&orderId=12&productId=1';

type CallApi = (route: ApiRoute, payload: unknown, opts?: unknown) => Promise<Normalised<unknown>>;

/** callApi, mocked by the test file with vi.mock('@/shared/http/api-client'). */
export const callApiMock = () => vi.mocked(callApi as unknown as CallApi);

/**
 * Answers callApi by route path; an answer list is given out in turn (the last
 * one repeats). A call to any other path fails the test.
 */
export function answerByPath(answers: Record<string, Normalised<unknown> | Normalised<unknown>[]>) {
  const queues = new Map(Object.entries(answers).map(([path, a]) => [path, Array.isArray(a) ? [...a] : [a]]));
  callApiMock().mockImplementation(async (route) => {
    const queue = queues.get(route.path);
    if (!queue) throw new Error(`unexpected call ${route.path}`);
    return queue.length > 1 ? queue.shift()! : queue[0]!;
  });
}

/** The calls made to one route path. */
export function callsTo(path: string) {
  return callApiMock().mock.calls.filter(([route]) => route.path === path);
}

/** Renders a page at `path?query` (window URL and router alike), in the URL's language. */
export function renderAt(page: ReactElement, path: string, query = sessionQuery) {
  const url = query ? `${path}?${query}` : path;
  window.history.replaceState(null, '', url);
  initLanguage(window.location.search);
  return render(<MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>);
}

/** The last address given to a mocked navigation function, parsed. */
export function lastUrl(mock: (url: string) => void): URL {
  const calls = vi.mocked(mock).mock.calls;
  return new URL(calls[calls.length - 1]![0], 'http://localhost');
}
