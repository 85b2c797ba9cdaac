import { vi } from 'vitest';
import type { ApiRoute } from '@presta/contract/api/api-routes';
import type { Normalised } from '@presta/contract/envelope';
import { callApi } from '@/shared/http/api-client';

type CallApi = (route: ApiRoute, payload: unknown, opts?: unknown) => Promise<Normalised<unknown>>;

/** callApi, mocked by the test file with vi.mock('@/shared/http/api-client'). */
export const callApiMock = () => vi.mocked(callApi as unknown as CallApi);

/**
 * Answers callApi by route path; an answer list is given out in turn (the last
 * one repeats). A call to any other path fails the test.
 */
export function answerByPath(answers: Record<string, Normalised<unknown> | Normalised<unknown>[]>) {
  const queues = new Map(Object.entries(answers).map(([path, a]) => [path, Array.isArray(a) ? [...a] : [a]]));
  callApiMock().mockImplementation((route) => {
    const queue = queues.get(route.path);
    if (!queue) return Promise.reject(new Error(`unexpected call ${route.path}`));
    return Promise.resolve(queue.length > 1 ? queue.shift()! : queue[0]!);
  });
}

/** The callApi calls made to one route path. */
export function callsTo(path: string) {
  return callApiMock().mock.calls.filter(([route]) => route.path === path);
}

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

/** One stubbed fetch answer: the HTTP status and the JSON body. */
export type StubAnswer = { status: number; body: unknown };

/**
 * Replaces fetch, for tests that go through the real callApi: answers by
 * request path (an answer list is given out in turn, the last one repeating);
 * any other path fails the test. Returns the calls made, in order.
 */
export function stubApi(answers: Record<string, StubAnswer | StubAnswer[]>): ApiCall[] {
  const queues = new Map(Object.entries(answers).map(([path, a]) => [path, Array.isArray(a) ? [...a] : [a]]));
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn((input: string | URL, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const rawBody = typeof init.body === 'string' ? init.body : '';
    calls.push({
      url,
      path: url.pathname,
      method: init.method ?? 'GET',
      body: Object.fromEntries(new URLSearchParams(rawBody)),
      rawBody,
    });
    const queue = queues.get(url.pathname);
    if (!queue) return Promise.reject(new Error(`unexpected call ${url.pathname}`));
    const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
