import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { initLanguage } from '@/shared/i18n/language-store';
import { setupAntdForReact19 } from '@/shared/ui/antd-react-19';
import { clearToasts } from '@/shared/ui/toast';

setupAntdForReact19();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  initLanguage('');
});

afterEach(() => {
  // antd's toasts live outside the rendered tree: one left by a test (a loading toast) must not show in the next.
  act(() => clearToasts());
  cleanup();
});
