import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// antd's first render in jsdom is slow on a busy machine: wait up to 5 s for what a screen shows.
configure({ asyncUtilTimeout: 5000 });

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

// antd's Table, Tabs and Modal measure themselves; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
