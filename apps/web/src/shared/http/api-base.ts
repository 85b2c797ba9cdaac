/**
 * The backend base address: `window.__PRESTA_API_BASE__` when the host page sets
 * it (e.g. "https://api.example.com" or "/backend"), else '' (same origin).
 */
export function getApiBase(): string {
  const base = typeof window === 'undefined' ? undefined : window.__PRESTA_API_BASE__;
  return typeof base === 'string' ? base.replace(/\/+$/, '') : '';
}

/** Base + path, with exactly one slash between them. */
export function apiUrl(path: string): string {
  const base = getApiBase();
  if (/^https?:\/\//i.test(path)) return path;
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}
