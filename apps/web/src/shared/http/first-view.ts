import type { ApiRoute } from '@presta/contract/api/api-routes';
import type { Language } from '@presta/contract/language';

/**
 * The first view (decision 020): a page the server rendered with its data.
 * The server makes the page's first call itself (through the API's own route,
 * for the session in the address), renders the page with the answer and sends
 * both: the markup in #root, this record as a JSON data block (not a script
 * that runs). The client then renders its first tree from the same answer and
 * hydrates the server's markup instead of drawing it again.
 *
 * This file does not import React: the early entry and the server render use it.
 */
export type FirstView = {
  /** The language the server rendered in. */
  lang: Language;
  /** The page's first call: its path and payload, as the page builds them. */
  call: { path: string; payload: Record<string, unknown> };
  /** The API's answer to that call (its body as sent). */
  answer: unknown;
};

/** The id of the data block (`<script type="application/json">`) that carries the first view. */
export const firstViewBlockId = 'presta-first-view';

/** The first view of this page: undefined until read, null when there is none or it has been used. */
let current: FirstView | null | undefined;

function readBlock(): FirstView | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(firstViewBlockId)?.textContent;
  if (!text) return null;
  try {
    const view = JSON.parse(text) as FirstView;
    return view && typeof view === 'object' && view.call && typeof view.call.path === 'string' ? view : null;
  } catch {
    return null;
  }
}

/** The first view the server sent with this page, if any (and not forgotten). */
export function firstView(): FirstView | null {
  if (current === undefined) current = readBlock();
  return current;
}

/** Runs `render` with `view` as the first view (the server render: synchronous, one at a time). */
export function renderingFirstView<T>(view: FirstView, render: () => T): T {
  current = view;
  try {
    return render();
  } finally {
    current = undefined;
  }
}

/** The same JSON value (the payloads are built by one function on both sides: order of keys included). */
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The server's answer to the call `endpoint` with `payload`, when the first view holds that call's. */
export function firstAnswerOf(endpoint: ApiRoute, payload: unknown): unknown {
  const view = firstView();
  if (!view || view.call.path !== endpoint.path || !sameJson(view.call.payload, payload ?? {})) return undefined;
  return view.answer;
}

/** Forgets the first view once the page has rendered with it: a later visit loads its data again. */
export function forgetFirstView(): void {
  current = null;
}
