import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, hideLoading, showLoading, showToast } from '@/shared/ui/toast';

const toastText = () => document.querySelector('.adm-toast-main')?.textContent ?? null;
const hasLoadingIcon = () => document.querySelector('.adm-toast-main .adm-toast-loading') !== null;

afterEach(() => {
  act(() => clearToasts());
});

describe('toast (antd-mobile, React 19 render)', () => {
  it('shows a loading toast until hideLoading', async () => {
    act(() => showLoading('Cargando…'));
    await waitFor(() => expect(toastText()).toBe('Cargando…'));
    expect(hasLoadingIcon()).toBe(true);
    act(() => hideLoading());
    await waitFor(() => expect(toastText()).toBeNull(), { timeout: 3000 });
  });

  it('keeps the loading toast while another request still loads', async () => {
    act(() => {
      showLoading('Cargando…');
      showLoading('Cargando…');
    });
    await waitFor(() => expect(toastText()).toBe('Cargando…'));
    act(() => hideLoading());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toastText()).toBe('Cargando…');
    act(() => hideLoading());
    await waitFor(() => expect(toastText()).toBeNull(), { timeout: 3000 });
  });

  it('a message replaces the loading toast and is not closed by hideLoading', async () => {
    act(() => showLoading('Cargando…'));
    await waitFor(() => expect(toastText()).toBe('Cargando…'));
    act(() => showToast('Sin conexión', 3000));
    await waitFor(() => expect(toastText()).toBe('Sin conexión'));
    act(() => hideLoading());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toastText()).toBe('Sin conexión');
  });

  it('a message hides itself after its duration', async () => {
    act(() => showToast('Hecho', 100));
    await waitFor(() => expect(toastText()).toBe('Hecho'));
    await waitFor(() => expect(toastText()).toBeNull(), { timeout: 3000 });
  });
});

describe('screen readers', () => {
  it('toasts are drawn inside one polite live region, not hidden from assistive technologies', async () => {
    showToast('Código de verificación incorrecto.');
    await waitFor(() => expect(toastText()).toBe('Código de verificación incorrecto.'));
    const roots = document.querySelectorAll('[data-presta-toasts]');
    expect(roots).toHaveLength(1);
    expect(roots[0]!.getAttribute('role')).toBe('status');
    expect(roots[0]!.getAttribute('aria-live')).toBe('polite');
    expect(roots[0]!.contains(document.querySelector('.adm-toast-main'))).toBe(true);
    await waitFor(() => expect(roots[0]!.querySelector('[aria-hidden="true"]')).toBeNull());
    showToast('Pago realizado con éxito');
    await waitFor(() => expect(toastText()).toBe('Pago realizado con éxito'));
    expect(document.querySelectorAll('[data-presta-toasts]')).toHaveLength(1);
  });
});

describe('before the drawing has arrived (a page fetches it on its first toast)', () => {
  // A fresh copy of the module: its drawing not fetched yet (the test setup fetched the shared copy's).
  const freshToasts = async () => {
    vi.resetModules();
    // The fresh copy draws with a fresh antd-mobile, which needs React 19's render set again.
    (await import('@/shared/ui/antd-react-19')).setupAntdForReact19();
    fresh = await import('@/shared/ui/toast');
    return fresh;
  };
  let fresh: typeof import('@/shared/ui/toast') | null = null;

  afterEach(async () => {
    act(() => fresh?.clearToasts());
    fresh = null;
    await waitFor(() => expect(toastText()).toBeNull(), { timeout: 3000 });
  });

  it('shows a message asked for before, once the drawing is here', async () => {
    const toasts = await freshToasts();
    act(() => toasts.showToast('Sin conexión', 3000));
    await act(async () => {
      await toasts.preloadToasts();
    });
    await waitFor(() => expect(toastText()).toBe('Sin conexión'));
  });

  it('does not show a loading toast whose request answered before the drawing arrived', async () => {
    const toasts = await freshToasts();
    act(() => {
      toasts.showLoading('Cargando…');
      toasts.hideLoading();
    });
    await act(async () => {
      await toasts.preloadToasts();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toastText()).toBeNull();
  });

  it('a message asked for after a loading toast replaces it, in order', async () => {
    const toasts = await freshToasts();
    act(() => {
      toasts.showLoading('Cargando…');
      toasts.showToast('Hecho', 3000);
    });
    await act(async () => {
      await toasts.preloadToasts();
    });
    await waitFor(() => expect(toastText()).toBe('Hecho'));
    expect(hasLoadingIcon()).toBe(false);
  });

  it('clearToasts drops what is still waiting', async () => {
    const toasts = await freshToasts();
    act(() => {
      toasts.showToast('Viejo', 3000);
      toasts.clearToasts();
    });
    await act(async () => {
      await toasts.preloadToasts();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toastText()).toBeNull();
  });
});
