import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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

describe('announce', () => {
  it('writes every toast to one polite live region for screen readers', async () => {
    showToast('Código de verificación incorrecto.');
    await new Promise((r) => setTimeout(r, 80));
    const regions = document.querySelectorAll('[data-presta-announcer]');
    expect(regions).toHaveLength(1);
    expect(regions[0]!.getAttribute('role')).toBe('status');
    expect(regions[0]!.getAttribute('aria-live')).toBe('polite');
    expect(regions[0]!.textContent).toBe('Código de verificación incorrecto.');
    showToast('Pago realizado con éxito');
    await new Promise((r) => setTimeout(r, 80));
    expect(document.querySelectorAll('[data-presta-announcer]')).toHaveLength(1);
    expect(regions[0]!.textContent).toBe('Pago realizado con éxito');
  });
});
