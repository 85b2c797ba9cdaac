import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { initLanguage } from '@/shared/i18n/language-store';
import { setupAntdForReact19 } from '@/shared/ui/antd-react-19';

setupAntdForReact19();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  initLanguage('');
});

afterEach(() => {
  cleanup();
});
