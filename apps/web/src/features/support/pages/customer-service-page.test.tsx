import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { routes } from '@presta/contract/routes';
import type { Normalised } from '@presta/contract/envelope';
import { bridge } from '@/shared/bridge/native-bridge';
import { answerByPath, callsTo } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt } from '@/shared/testing/render';
import CustomerServicePage from './customer-service-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn() }));
vi.mock('@/shared/bridge/native-bridge', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/shared/bridge/native-bridge')>();
  return {
    ...real,
    bridge: { transportFor: vi.fn(() => 'browser'), callTelephone: vi.fn(() => true) },
  };
});

const ok = <T,>(data: T): Normalised<T> => ({ success: true, code: '0', message: '', data, raw: { code: '0', data } });
const failed = (): Normalised<never> => ({ success: false, code: 'network_error', message: '', data: null, raw: {} });

const path = apiRoutes.getWhatsapp.path;
const contacts = { phone: '+52 55 5000 4321', va: '+52 55 5000 1234', email: 'ayuda@presta.example' };

afterEach(() => {
  vi.mocked(bridge.transportFor).mockReturnValue('browser');
  vi.mocked(bridge.callTelephone).mockClear();
});

const link = (name: RegExp) => screen.findByRole('link', { name });

describe('CustomerServicePage', () => {
  it.each([routes.customerService, routes.customerServiceShort])('%s asks get-whatsapp with type 30 and shows the three contacts', async (route) => {
    answerByPath({ [path]: ok(contacts) });
    const { container } = renderAt(<CustomerServicePage />, route);
    expect(screen.getByRole('heading', { level: 1, name: 'Atención al cliente' })).toBeTruthy();
    expect((await link(/WhatsApp/)).getAttribute('href')).toBe('https://wa.me/525550004321');
    expect((await link(/Teléfono/)).getAttribute('href')).toBe('tel:+525550001234');
    expect((await link(/Correo electrónico/)).getAttribute('href')).toBe('mailto:ayuda@presta.example');
    expect(screen.getByRole('link', { name: /Teléfono/ }).textContent).toContain('+52 55 5000 1234');
    // A long address may wrap after the '@', not inside a word.
    const address = screen.getByRole('link', { name: /Correo electrónico/ }).querySelector('.presta-support-contact-value')!;
    expect(address.innerHTML).toBe('ayuda@<wbr>presta.example');
    expect(callsTo(path)[0]![1]).toEqual({ type: 30 });
    expect(document.title).toBe('Atención al cliente · Presta');
    expect(await seriousA11yViolations(container)).toEqual([]);
  });

  it('in a browser, the telephone is an ordinary tel: link', async () => {
    answerByPath({ [path]: ok(contacts) });
    renderAt(<CustomerServicePage />, routes.customerService);
    const phone = await link(/Teléfono/);
    // Whether the page let the link through; then stop jsdom, which cannot follow tel: links.
    let prevented: boolean | undefined;
    const stop = (event: Event) => {
      prevented = event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', stop, { once: true });
    phone.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(prevented).toBe(false);
    expect(bridge.callTelephone).not.toHaveBeenCalled();
  });

  it('in the app, the telephone is called through the native host', async () => {
    vi.mocked(bridge.transportFor).mockReturnValue('ios');
    answerByPath({ [path]: ok(contacts) });
    renderAt(<CustomerServicePage />, routes.customerService);
    const phone = await link(/Teléfono/);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    phone.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(bridge.callTelephone).toHaveBeenCalledWith('+52 55 5000 1234');
  });

  it('hides a contact the server leaves empty', async () => {
    answerByPath({ [path]: ok({ ...contacts, phone: '' }) });
    renderAt(<CustomerServicePage />, routes.customerService);
    expect(await link(/Teléfono/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
  });

  it('with no contact at all, says so', async () => {
    answerByPath({ [path]: ok({ phone: '', va: '', email: '' }) });
    renderAt(<CustomerServicePage />, routes.customerService);
    expect(await screen.findByRole('heading', { name: 'Sin datos de contacto por ahora' })).toBeTruthy();
  });

  it('a failed load offers a retry that loads again', async () => {
    answerByPath({ [path]: [failed(), ok(contacts)] });
    const { container } = renderAt(<CustomerServicePage />, routes.customerService);
    expect(await screen.findByRole('heading', { name: 'No pudimos cargar los datos de contacto' })).toBeTruthy();
    expect(await seriousA11yViolations(container)).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await link(/WhatsApp/)).toBeTruthy();
    expect(callsTo(path)).toHaveLength(2);
  });

  it('speaks English with language=1', async () => {
    answerByPath({ [path]: ok(contacts) });
    renderAt(<CustomerServicePage />, routes.customerServiceShort, 'language=1');
    expect(screen.getByRole('heading', { level: 1, name: 'Customer service' })).toBeTruthy();
    expect((await link(/Telephone/)).textContent).toContain('Call');
    expect(screen.getByRole('link', { name: /E-mail/ })).toBeTruthy();
  });
});
