import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { initLanguage } from '@/shared/i18n/language-store';
import { setupAntdForReact19 } from '@/shared/ui/antd-react-19';
import { preloadModalView } from '@/shared/ui/modal-dialog';
import { clearToasts, preloadToasts } from '@/shared/ui/toast';

setupAntdForReact19();

// A page fetches its toasts' and dialogs' drawing on first use; in tests it is here from the start,
// so a toast or dialog shows as the action's answer arrives (toast.test.ts tests the waiting).
beforeAll(async () => {
  await Promise.all([preloadToasts(), preloadModalView()]);
});

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
