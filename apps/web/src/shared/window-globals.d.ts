import type { Brand } from '@presta/contract/brand';

declare global {
  interface Window {
    /** Injected by the server in place of `<!--presta-brand-->` in index.html. */
    __PRESTA_BRAND__?: Partial<Brand>;
    /** Optional API origin/prefix; '' (same origin) when unset. */
    __PRESTA_API_BASE__?: string;
  }
}

export {};
