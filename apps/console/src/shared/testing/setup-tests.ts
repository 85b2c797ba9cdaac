import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// antd reads these in jsdom (responsive grid, Table's scroll measure).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('presta.console.language', 'es');
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  cleanup();
});
