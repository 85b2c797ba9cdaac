import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { initLanguage } from '@/shared/i18n/language-store';

/** The session of the page URL in the tests (wire names: app version, device id, session id). */
export const sessionQuery = 'crp_phe=2.3.0&showy=dev-1&swift=sess-9';

/** A form-encoded call the page made through fetch. */
export type ApiCall = {
  url: URL;
  path: string;
  method: string;
  /** The form body, decoded. */
  body: Record<string, string>;
  /** The raw form body. */
  rawBody: string;
};

/** One stubbed answer: the HTTP status and the JSON body. */
export type StubAnswer = { status: number; body: unknown };

export const ok = (data: unknown): StubAnswer => ({ status: 200, body: { success: true, code: '0', message: '', data } });

/** What the server answers for another borrower's or an unknown complaint. */
export const notFound = (message = 'No encontramos esta queja.'): StubAnswer => ({
  status: 404,
  body: { success: false, code: '404001', message, data: null },
});

export const refused = (status: number, code: string, message: string): StubAnswer => ({
  status,
  body: { success: false, code, message, data: null },
});

export const serverError = (): StubAnswer => ({
  status: 500,
  body: { success: false, code: '500000', message: 'Algo salió mal.', data: null },
});

/**
 * Replaces fetch: answers by request path (an answer list is given out in
 * turn, the last one repeating); any other path fails the test. Returns the
 * calls made, in order.
 */
export function stubApi(answers: Record<string, StubAnswer | StubAnswer[]>): ApiCall[] {
  const queues = new Map(Object.entries(answers).map(([path, a]) => [path, Array.isArray(a) ? [...a] : [a]]));
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const rawBody = typeof init.body === 'string' ? init.body : '';
    calls.push({
      url,
      path: url.pathname,
      method: init.method ?? 'GET',
      body: Object.fromEntries(new URLSearchParams(rawBody)),
      rawBody,
    });
    const queue = queues.get(url.pathname);
    if (!queue) throw new Error(`unexpected call ${url.pathname}`);
    const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** Shows the router's current address (path + query), to check in-app navigations. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="location" hidden>{`${pathname}${search}`}</div>;
}

/**
 * Renders a page at `path?query` (window URL and router alike), in the URL's
 * language. `routes` adds other pages the test navigates to.
 */
export function renderAt(page: ReactElement, path: string, query = sessionQuery, routes: Record<string, ReactElement> = {}) {
  const url = query ? `${path}?${query}` : path;
  window.history.replaceState(null, '', url);
  initLanguage(window.location.search);
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={path} element={page} />
        {Object.entries(routes).map(([other, element]) => (
          <Route key={other} path={other} element={element} />
        ))}
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}
