import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppLayout } from '@/app/app-layout';
import { languageStorageKey } from '@/shared/i18n/language-store';
import { seriousA11yViolations } from '@/shared/testing/axe';
import TestPreviewPage from '@/features/dev-preview/test-preview-page';
import { previewStorageKey } from '@/features/dev-preview/preview-fields';
import type { OrderStatus } from '@presta/contract/order-status';
// The loan details page's catalogue (the server's), to compare the test page's status words with.
import { translate } from '../../../../server/src/i18n/messages';

const borrowers = [
  {
    borrowerId: 'b1',
    name: 'Ana López',
    phone: '5512345678',
    language: 'es',
    offers: [{ productId: '11', productName: 'Presta Flex' }],
    orders: [{ orderId: '501', orderNo: 'PR-501', productId: '11', status: '174' }],
    application: null,
  },
  { borrowerId: 'b2', name: 'John Smith', phone: '5587654321', language: 'en', offers: [], orders: [], application: null },
];

/** A demo applicant (`npm run -s demo -- applicant`): no offers nor orders, an application. */
const applicant = {
  borrowerId: 'b3',
  name: 'María Fernanda López Hernández',
  phone: '5511112222',
  language: 'es',
  offers: [],
  orders: [],
  application: { applicationNo: 'AP0000000007', market: 'MX', status: 'in_review' },
};

const sessionParams = {
  crp_phe: '3.1.0',
  dearest: 'Demo phone',
  showy: 'dev-b1',
  dearer: '14',
  swift: 'sess-b1',
  eyes: 'ad-b1',
  language: '2',
};

const wrap = (data: unknown, status = 200, success = true) =>
  new Response(JSON.stringify({ success, code: success ? '0' : '404001', message: success ? '' : 'No encontrado', data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type Seen = { method: string; url: URL; body: string };

function stubServer({
  demo = true,
  session = sessionParams,
  borrowerList = borrowers,
}: { demo?: boolean; session?: Record<string, string>; borrowerList?: unknown[] } = {}) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | URL, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      seen.push({ method: init.method ?? 'GET', url, body: typeof init.body === 'string' ? init.body : '' });
      if (!demo) return Promise.resolve(wrap(null, 404, false));
      if (url.pathname === '/api/dev/demo-borrowers') return Promise.resolve(wrap({ borrowers: borrowerList }));
      if (url.pathname === '/api/dev/demo-session') return Promise.resolve(wrap({ params: session }));
      return Promise.resolve(wrap(null, 404, false));
    }),
  );
  return seen;
}

function renderPage(path = '/testPreview') {
  window.history.replaceState(null, '', path);
  return render(
    <AppLayout>
      <TestPreviewPage />
    </AppLayout>,
  );
}

const borrowerName = (name: string) => screen.findByText(name);

/** The labels of the test page's "Páginas" list, in Spanish. */
const pageLinkLabels = [
  'Confirmar préstamo',
  'Detalle del préstamo',
  'Pedido',
  'Pago a plazos',
  'Pago de extensión',
  'Instrucciones de pago',
  'Contrato de préstamo',
  'Quejas',
  'Mis quejas',
  'Atención al cliente',
  'Sobre nosotros',
  'Aviso de privacidad',
  'Sitio público',
];

/** The loan details page's word for a status: the server answers it from its catalogue (loan-service's status names). */
const loanPageStatusName = (lang: 'es' | 'en', status: OrderStatus) => translate(lang, `status${status}`);

/** A link of the test page's "Páginas" list, by its label. */
function pageLinkHref(label: string): URL {
  const list = screen.getByRole('list', { name: /^(Páginas|Pages)$/ });
  const link = within(list).getByRole('link', { name: new RegExp(`^${label}/`) });
  return new URL(link.getAttribute('href')!, 'http://localhost');
}

const linkHref = (name: string) => new URL(screen.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('href')!, 'http://localhost');

beforeEach(() => {
  stubServer();
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('TestPreviewPage: fields', () => {
  it('keeps the fields in localStorage across reloads', async () => {
    const user = userEvent.setup();
    const { unmount } = renderPage();
    await user.type(screen.getByLabelText('ID de sesión'), 'abc-123');
    await user.type(screen.getByLabelText('ID de producto'), '7');
    expect(JSON.parse(localStorage.getItem(previewStorageKey)!)).toMatchObject({ sessionId: 'abc-123', productId: '7' });

    unmount();
    renderPage();
    expect(screen.getByLabelText<HTMLInputElement>('ID de sesión').value).toBe('abc-123');
    expect(screen.getByLabelText<HTMLInputElement>('ID de producto').value).toBe('7');
  });

  it('has the eight fields of the spec', () => {
    renderPage();
    for (const label of [
      'Versión de la app',
      'Nombre del dispositivo',
      'ID del dispositivo',
      'Versión del sistema',
      'ID de sesión',
      'ID de publicidad',
      'ID de producto',
      'ID de pedido',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
  });

  it('clears the fields', async () => {
    localStorage.setItem(previewStorageKey, JSON.stringify({ sessionId: 'x' }));
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Vaciar campos' }));
    expect(screen.getByLabelText<HTMLInputElement>('ID de sesión').value).toBe('');
  });
});

describe('TestPreviewPage: links', () => {
  beforeEach(() => {
    localStorage.setItem(
      previewStorageKey,
      JSON.stringify({
        appVersion: '2.3.0',
        deviceName: 'Pixel 7',
        deviceId: 'dev-1',
        osVersion: '14',
        sessionId: 'sess-9',
        advertisingId: 'ad-5',
        productId: '7',
        orderId: '42',
      }),
    );
  });

  it('builds every link with the fields as wire params and the language', () => {
    renderPage();
    const confirm = linkHref('Confirmar préstamo');
    expect(confirm.pathname).toBe('/confirm-loan');
    expect(Object.fromEntries(confirm.searchParams)).toEqual({
      crp_phe: '2.3.0',
      dearest: 'Pixel 7',
      showy: 'dev-1',
      dearer: '14',
      swift: 'sess-9',
      eyes: 'ad-5',
      productId: '7',
      orderId: '42',
      language: '2',
    });
    expect(linkHref('Instrucciones de pago').pathname).toBe('/carpmm');
    expect(linkHref('Instrucciones de pago').searchParams.get('requestType')).toBe('1');

    const paths = screen
      .getAllByRole('link')
      .map((a) => new URL(a.getAttribute('href')!, 'http://localhost').pathname);
    expect(paths).toEqual([
      '/confirm-loan',
      '/loan-details',
      '/order',
      '/repayment',
      '/repayment-delay',
      '/carpmm',
      '/agony',
      '/complaint',
      '/complaintList',
      '/Dag',
      '/about-us',
      '/PrivacyPolicy',
      '/',
    ]);
  });

  it('follows field edits at once', async () => {
    renderPage();
    const input = screen.getByLabelText('ID de pedido');
    await userEvent.clear(input);
    await userEvent.type(input, '77');
    expect(linkHref('Detalle del préstamo').searchParams.get('orderId')).toBe('77');
  });

  it('switches the language of the page and of the links', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('radio', { name: 'English' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Test page' })).toBeTruthy();
    expect(linkHref('Confirm loan').searchParams.get('language')).toBe('1');
    expect(localStorage.getItem(languageStorageKey)).toBe('en');
  });

  it('starts in English with language=1', async () => {
    renderPage('/testPreview?language=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Test page' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'English' }).checked).toBe(true);
  });
});

describe('TestPreviewPage: demo borrowers', () => {
  it('lists the borrowers and fills the fields from a demo session', async () => {
    const seen = stubServer();
    renderPage();
    expect(await borrowerName('Ana López')).toBeTruthy();
    expect(await borrowerName('John Smith')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Usar Ana López' }));
    await screen.findByText('Sesión de Ana López lista: los campos se han rellenado.');

    const post = seen.find((s) => s.url.pathname === '/api/dev/demo-session')!;
    expect(post.method).toBe('POST');
    expect(post.body).toBe('borrowerId=b1');
    expect(screen.getByLabelText<HTMLInputElement>('ID de sesión').value).toBe('sess-b1');
    expect(screen.getByLabelText<HTMLInputElement>('Versión de la app').value).toBe('3.1.0');

    const confirm = linkHref('Confirmar Presta Flex');
    expect(confirm.pathname).toBe('/confirm-loan');
    expect(confirm.searchParams.get('productId')).toBe('11');
    expect(confirm.searchParams.get('swift')).toBe('sess-b1');
    const order = linkHref('Pedido PR-501');
    expect(order.pathname).toBe('/loan-details');
    expect(order.searchParams.get('orderId')).toBe('501');
    expect(screen.getByRole('link', { name: 'Pedido PR-501 · Desembolsado' })).toBeTruthy();
  });

  it("gives every link of the list the chosen borrower's session, product and order, and drops the previous borrower's", async () => {
    localStorage.setItem(previewStorageKey, JSON.stringify({ sessionId: 'old-session', productId: '99', orderId: '98' }));
    stubServer({ session: { ...sessionParams, productId: '11', orderId: '501' } });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Usar Ana López' }));
    await screen.findByText('Sesión de Ana López lista: los campos se han rellenado.');
    for (const label of pageLinkLabels) {
      const href = pageLinkHref(label);
      expect(href.searchParams.get('swift'), label).toBe('sess-b1');
      expect(href.searchParams.get('productId'), label).toBe('11');
      expect(href.searchParams.get('orderId'), label).toBe('501');
    }

    // A borrower without orders: the product of the offer, and no order left over from Ana.
    stubServer({ session: { ...sessionParams, swift: 'sess-b2', language: '1', productId: '12' } });
    await userEvent.click(screen.getByRole('button', { name: 'Usar John Smith' }));
    await screen.findByText("John Smith's session is ready: the fields have been filled in.");
    const confirm = pageLinkHref('Confirm loan');
    expect(confirm.searchParams.get('swift')).toBe('sess-b2');
    expect(confirm.searchParams.get('productId')).toBe('12');
    expect(confirm.searchParams.has('orderId')).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('Order ID').value).toBe('');
    // The pages of a loan say what they need instead of opening on "not found".
    const list = screen.getByRole('list', { name: 'Pages' });
    const needsOrder = within(list).getAllByText('Needs an order ID: use a borrower with orders.');
    expect(needsOrder.map((note) => note.closest('a')!.getAttribute('href')!.split('?')[0])).toEqual([
      '/loan-details',
      '/order',
      '/repayment',
      '/repayment-delay',
    ]);
  });

  it('says which links need more than the fields: an order id, or a way to pay chosen on the payment pages', async () => {
    renderPage();
    const list = screen.getByRole('list', { name: 'Páginas' });
    expect(within(list).getAllByText('Necesita un ID de pedido: use un prestatario con pedidos.')).toHaveLength(4);
    expect(
      within(list).getByText('Se abre desde Pago a plazos o Pago de extensión, al elegir cómo pagar.').closest('a')!.getAttribute('href'),
    ).toMatch(/^\/carpmm\?/);
    await userEvent.type(screen.getByLabelText('ID de pedido'), '42');
    expect(within(list).queryByText('Necesita un ID de pedido: use un prestatario con pedidos.')).toBeNull();
  });

  it("names each status with the loan details page's word, in both languages", async () => {
    const statuses = ['21', '151', '110', '174', '180', '200'] as const;
    const many = [{ ...borrowers[0]!, orders: statuses.map((status, i) => ({ orderId: String(600 + i), orderNo: `PR-${600 + i}`, productId: '11', status })) }];
    for (const lang of ['es', 'en'] as const) {
      cleanup();
      localStorage.clear();
      stubServer({ borrowerList: many, session: { ...sessionParams, language: lang === 'en' ? '1' : '2' } });
      renderPage(lang === 'en' ? '/testPreview?language=1' : '/testPreview');
      await userEvent.click(await screen.findByRole('button', { name: lang === 'en' ? 'Use Ana López' : 'Usar Ana López' }));
      await screen.findByText(lang === 'en' ? "Ana López's session is ready: the fields have been filled in." : 'Sesión de Ana López lista: los campos se han rellenado.');
      for (const [i, status] of statuses.entries()) {
        const word = screen.getByRole('link', { name: new RegExp(`^(Pedido|Order) PR-${600 + i} · `) }).textContent.split(' · ')[1];
        expect(word, `${lang} ${status}`).toBe(loanPageStatusName(lang, status));
      }
    }
  });

  it("lists demo applicants with their application's state, and links to /certify with the applicant's session", async () => {
    stubServer({ borrowerList: [...borrowers, applicant], session: { ...sessionParams, swift: 'sess-b3' } });
    renderPage();
    expect(await screen.findByText('Solicitud AP0000000007 (MX): En evaluación')).toBeTruthy();
    // Only the applicant's line: borrowers without an application say nothing of one until used.
    expect(screen.getAllByText(/^Solicitud /)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: `Usar ${applicant.name}` }));
    await screen.findByText(`Sesión de ${applicant.name} lista: los campos se han rellenado.`);
    const apply = linkHref('Solicitud AP0000000007 · En evaluación');
    expect(apply.pathname).toBe('/certify');
    expect(apply.searchParams.get('swift')).toBe('sess-b3');

    // A borrower without one: "no application" among the quick links.
    await userEvent.click(screen.getByRole('button', { name: 'Usar Ana López' }));
    await screen.findByText('Sesión de Ana López lista: los campos se han rellenado.');
    expect(screen.getByText('Sin solicitud')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Solicitud AP/ })).toBeNull();
  });

  it('shows a short note when demo mode is off', async () => {
    stubServer({ demo: false });
    renderPage();
    expect(await screen.findByText('No hay prestatarios de demostración: el servidor no está en modo demo.')).toBeTruthy();
    // No toast of this page's (one the test before closed may still be leaving: antd unmounts it after its animation).
    await waitFor(() => expect(document.querySelector('.adm-toast-main')).toBeNull());
  });
});

describe('TestPreviewPage: device tools', () => {
  it('formats the contact phone 3-4-4', async () => {
    renderPage();
    const input = screen.getByLabelText<HTMLInputElement>('Teléfono de contacto');
    expect(input.type).toBe('tel');
    await userEvent.type(input, '13800138000999');
    expect(input.value).toBe('138 0013 8000');
  });

  it('previews the chosen photo', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo-1'), revokeObjectURL: vi.fn() }));
    renderPage();
    const input = screen.getByLabelText<HTMLInputElement>(/Foto/);
    expect(input.accept).toBe('image/*');
    await userEvent.upload(input, new File(['x'], 'selfie.png', { type: 'image/png' }));
    const img = screen.getByRole('img', { name: 'Vista previa de selfie.png' });
    expect(img.getAttribute('src')).toBe('blob:photo-1');
  });

  it('shows the coordinates', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 19.432608, longitude: -99.133209, accuracy: 12.4 } } as GeolocationPosition),
      },
    });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Obtener ubicación' }));
    expect(screen.getByText('Latitud 19.43261, longitud -99.13321 (±12 m)')).toBeTruthy();
  });

  it('explains a refused permission', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
          fail({ code: 1, message: 'denied', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }),
      },
    });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Obtener ubicación' }));
    expect(screen.getByText('Permiso de ubicación denegado. Actívelo en los ajustes del navegador.')).toBeTruthy();
  });

  it('says when there is no geolocation', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Obtener ubicación' }));
    expect(screen.getByText('Este navegador no ofrece geolocalización.')).toBeTruthy();
  });
});

describe('TestPreviewPage: accessibility', () => {
  it('has no serious or critical violations, with a demo borrower in use', async () => {
    const { container } = renderPage();
    await borrowerName('Ana López');
    await userEvent.click(screen.getByRole('button', { name: 'Usar Ana López' }));
    await screen.findByRole('link', { name: 'Confirmar Presta Flex' });
    await act(async () => {
      await waitFor(() => expect(within(container).getAllByRole('link').length).toBeGreaterThan(13));
    });
    expect(await seriousA11yViolations(container)).toEqual([]);
  });
});
