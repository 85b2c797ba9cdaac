import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import App from 'antd/es/app';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { staffRolesHeaderName } from '@presta/contract/api/console/session';
import type { StaffRole } from '@presta/contract/staff-roles';
import { LanguageProvider } from '@/shared/i18n/i18n';
import { SessionProvider, useSession } from '@/shared/session/session';

/*
 * A screen under test (jsdom): the console's providers, a member holding `roles` (the session's /me), and a fake
 * server that answers each call from `answers` in the contract's envelope. What the screen sent is kept in `sent`.
 */

type Failure = { status: number; code: string; message: string };
/** The data to answer, a failure(), or a function of the request's body and query giving either. */
type Answer = unknown;
export type Sent = { method: string; path: string; query: URLSearchParams; body: unknown };

export const failure = (status: number, code: string, message: string): Failure => ({ status, code, message });
const isFailure = (value: unknown): value is Failure => typeof value === 'object' && value !== null && 'status' in value && 'code' in value && 'message' in value;

/**
 * `answers` keyed by "METHOD /console/api/…"; /me is answered with the member (id 7 unless told). With `rolesNow`,
 * the member's roles are read from it at each call, and every answer names them in its roles header, as the server's.
 */
export function stubServer(
  roles: StaffRole[],
  answers: Record<string, Answer>,
  { memberId = 7, rolesNow }: { memberId?: number; rolesNow?: () => StaffRole[] } = {},
): Sent[] {
  const sent: Sent[] = [];
  const meOf = (now: StaffRole[]) => ({ member: { id: memberId, email: 'ana@presta.test', name: 'Ana', roles: now }, csrfToken: 'csrf-test', expiresAt: '2030-01-01T00:00:00.000Z' });
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method, path: url.pathname, query: url.searchParams, body });
    const key = `${method} ${url.pathname}`;
    const current = rolesNow?.() ?? roles;
    let answer: unknown = key === 'GET /console/api/me' ? meOf(current) : answers[key];
    if (typeof answer === 'function') answer = (answer as (b: unknown, q: URLSearchParams) => unknown)(body, url.searchParams);
    if (answer === undefined) answer = failure(404, '404001', `no answer for ${key}`);
    const envelope = isFailure(answer) ? { success: false, code: answer.code, message: answer.message, data: null } : { success: true, code: '0', message: '', data: answer };
    const status = isFailure(answer) ? answer.status : 200;
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(rolesNow ? { [staffRolesHeaderName]: current.join(',') } : {}) };
    return Promise.resolve(new Response(JSON.stringify(envelope), { status, headers }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

function SignedIn({ children }: { children: ReactNode }) {
  const { state } = useSession();
  return state.status === 'signedIn' ? children : null;
}

/** Renders `page` at `path` (matched by `route`) inside the console's providers, once the session is read. */
export function renderScreen(page: ReactNode, { path = '/', route = '*' }: { path?: string; route?: string } = {}) {
  return render(
    <LanguageProvider>
      <App>
        <SessionProvider>
          <MemoryRouter initialEntries={[path]}>
            <SignedIn>
              <Routes>
                <Route path={route} element={page} />
              </Routes>
            </SignedIn>
          </MemoryRouter>
        </SessionProvider>
      </App>
    </LanguageProvider>,
  );
}
