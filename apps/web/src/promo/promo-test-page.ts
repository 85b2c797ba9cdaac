import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';

/*
 * Test helpers of the promotion page (not bundled: only tests import this).
 * The tests run on the real markup of promo/index.html, so the HTML and the
 * script cannot drift apart.
 */

export const promoHtml = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../promo/index.html'), 'utf8');

/** A document parsed from promo/index.html (for reading its static texts). */
export function parsePromoHtml(): Document {
  return new DOMParser().parseFromString(promoHtml, 'text/html');
}

/** Puts the page's markup (body, and the head's title and description, marked for translation) into the test document. */
export function loadPromoMarkup(): void {
  const parsed = parsePromoHtml();
  document.documentElement.lang = parsed.documentElement.lang;
  for (const selector of ['title', 'meta[name="description"]']) {
    document.head.querySelector(selector)?.remove();
    const element = parsed.head.querySelector(selector);
    if (element) document.head.appendChild(document.importNode(element, true));
  }
  document.body.innerHTML = parsed.body.innerHTML;
}

/** Lets every pending promise (stubbed fetch answers) settle; works with fake timers. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

/** An answer; `retryAfter` is sent as the Retry-After header (a resend too soon). */
type Answer = { code: string; message?: string; data?: unknown; retryAfter?: number };
export type StubCall = { path: string; method: string; query: URLSearchParams; body: URLSearchParams; headers: Record<string, string> };
type Handler = Answer | Error | ((call: StubCall) => Answer | Error);

/**
 * Stubs fetch with the promotion API: answers by path (the last path segment,
 * e.g. 'get-sms'), a fixed answer, an Error (a network failure) or a function
 * of the call. Unknown paths answer as a network failure. Records every call.
 */
export function stubPromoApi(handlers: Record<string, Handler>) {
  const calls: StubCall[] = [];
  const fetchStub = vi.fn((input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const call: StubCall = {
      path: url.pathname,
      method: init.method ?? 'GET',
      query: url.searchParams,
      body: new URLSearchParams(typeof init.body === 'string' ? init.body : ''),
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const name = url.pathname.split('/').pop() ?? '';
    const handler = handlers[name];
    const answer = typeof handler === 'function' ? handler(call) : handler;
    if (!answer || answer instanceof Error) return Promise.reject(new TypeError('Failed to fetch'));
    const { retryAfter, ...fields } = answer;
    const body = { success: fields.code === '0' || fields.code === '00', message: '', data: null, ...fields };
    const headers = new Headers(retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) });
    return Promise.resolve({ ok: true, status: 200, headers, json: () => Promise.resolve(body) } as unknown as Response);
  });
  vi.stubGlobal('fetch', fetchStub);
  const named = (name: string) => calls.filter((c) => c.path.endsWith(`/${name}`));
  return { calls, named, fetch: fetchStub };
}

export const sampleTemplate = {
  id: '2',
  appName: 'Presta Rápido',
  agreementTitle: 'Acuerdo de registro',
  agreementParagraphs: ['Primer párrafo.', 'Segundo párrafo.'],
  downloadTitle: 'Descarga Presta Rápido',
  downloadText: 'Inicie sesión con su teléfono.',
  iosUrl: 'https://apps.apple.com/app/id1',
  androidUrl: 'https://play.google.com/store/apps/details?id=presta',
  pixelId: '',
  textLanguage: 'es' as const,
};

/** The toast's current text ('' when none). */
export const toastText = () => document.querySelector('#promo-toast')?.textContent ?? '';
