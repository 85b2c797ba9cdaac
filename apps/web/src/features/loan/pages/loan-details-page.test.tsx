import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { type LoanDetailsData } from '@presta/contract/api/loan';
import type { Normalised } from '@presta/contract/envelope';
import { bridge } from '@/shared/bridge/native-bridge';
import { assignLocation } from '@/shared/session/navigation';
import { callApiMock } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { actAsync, lastUrl, renderAt, sessionQuery } from '@/shared/testing/render';
import { signedAgreementLink } from '@/shared/testing/signed-agreement';
import { showToast } from '@/shared/ui/toast';
import { detailsData, failed, ok } from '../testing/loan-fixtures';
import LoanDetailsPage from './loan-details-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn() }));
vi.mock('@/shared/bridge/native-bridge', () => ({
  bridge: {
    confirmBurialPoint: vi.fn(() => true),
    rateApp: vi.fn(() => true),
    openSchemeUrl: vi.fn(() => true),
    // Inside the app (a host answers the bridge) unless a test says otherwise.
    transportFor: vi.fn(() => 'ios'),
  },
}));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));
vi.mock('@/shared/ui/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/ui/toast')>()),
  showToast: vi.fn(),
}));

/** Answers loan-details with the given answers in turn (the last one repeats) and google-score with success. */
function answer(...details: Normalised<LoanDetailsData>[]) {
  const queue = [...details];
  callApiMock().mockImplementation((endpoint) => {
    if (endpoint === apiRoutes.loanDetails) return Promise.resolve(queue.length > 1 ? queue.shift()! : queue[0]!);
    if (endpoint === apiRoutes.googleScore) return Promise.resolve(ok({ success: true }));
    if (endpoint === apiRoutes.googleScoreLater) return Promise.resolve(ok({ success: true, askAgainAfter: '2025-08-14T12:00:00.000Z' }));
    return Promise.reject(new Error(`unexpected call ${endpoint.path}`));
  });
}

function renderPage(query = sessionQuery, path = '/loan-details') {
  return renderAt(<LoanDetailsPage />, path, query);
}

async function loaded(query?: string, path?: string) {
  const view = renderPage(query, path);
  await screen.findByRole('heading', { level: 1 });
  // Effects that follow the first data (the rating prompt) settle.
  await act(async () => {});
  return view;
}

function detailCalls() {
  return callApiMock().mock.calls.filter(([endpoint]) => endpoint === apiRoutes.loanDetails);
}

const statusAlts: Record<string, string> = {
  '21': 'Su solicitud está en revisión',
  '151': 'Préstamo aprobado, el dinero va en camino',
  '110': 'Solicitud no aprobada',
  '174': 'Préstamo depositado, en periodo de pago',
  '180': 'Pago vencido',
  '200': 'Préstamo liquidado',
};

describe('LoanDetailsPage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(bridge.transportFor).mockReturnValue('ios');
  });

  describe('the signed agreement (issue 38)', () => {
    it('offers its PDF with the session and the day it was signed, in a new tab', async () => {
      answer(ok(detailsData({ orderStatus: '21', signedAgreement: signedAgreementLink() })));
      const { container } = await loaded();
      const link = screen.getByRole('link', { name: 'Contrato firmado (PDF)', description: 'Firmado el 2025-07-01' });
      const href = new URL(link.getAttribute('href')!, 'http://localhost');
      expect(href.pathname).toBe('/api/agreements/AG7K2M9Q4X1B8C.pdf');
      expect(href.searchParams.get('swift')).toBe('sess-9');
      expect(href.searchParams.get('showy')).toBe('dev-1');
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener');
      expect(await seriousA11yViolations(container)).toEqual([]);
    });

    it('in English, in the market’s calendar day (India)', async () => {
      answer(ok(detailsData({ market: 'IN', signedAgreement: signedAgreementLink({ signedAt: '2025-07-01T20:00:00.000Z' }) })));
      await loaded(`${sessionQuery}&language=1`);
      expect(screen.getByRole('link', { name: 'Signed agreement (PDF)', description: 'Signed on 2025-07-02' })).toBeTruthy();
    });

    it('shows no link for an order without one', async () => {
      answer(ok(detailsData({ signedAgreement: null })));
      await loaded();
      expect(screen.queryByRole('link', { name: /Contrato firmado/ })).toBeNull();
      expect(screen.queryByText(/Firmado el/)).toBeNull();
    });
  });

  it('loads the order of the session and shows its texts', async () => {
    answer(ok(detailsData()));
    await loaded();
    expect(callApiMock()).toHaveBeenCalledWith(apiRoutes.loanDetails, { productId: '1', orderId: '12' }, expect.anything());
    expect(screen.getByRole('heading', { level: 1, name: 'Préstamo depositado' })).toBeTruthy();
    expect(screen.getByText('Su próximo pago vence el 2025-07-15.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Presta MX' })).toBeTruthy();
  });

  it('serves /order the same way', async () => {
    answer(ok(detailsData()));
    await loaded(sessionQuery, '/order');
    expect(screen.getByRole('heading', { level: 1, name: 'Préstamo depositado' })).toBeTruthy();
  });

  it.each(Object.entries(statusAlts))('shows the picture of status %s', async (status, alt) => {
    answer(ok(detailsData({ orderStatus: status })));
    await loaded();
    const picture = screen.getByRole('img', { name: alt });
    expect(picture.getAttribute('src')).toBe(`/assets/status/status-${status}.svg`);
  });

  it('falls back to the settled picture for an unknown status', async () => {
    answer(ok(detailsData({ orderStatus: '999' })));
    await loaded();
    const picture = screen.getByRole('img', { name: statusAlts['200'] });
    expect(picture.getAttribute('src')).toBe('/assets/status/status-200.svg');
  });

  it("hides detail rows whose value is '' or '0'", async () => {
    answer(ok(detailsData()));
    await loaded();
    const card = screen.getByRole('region', { name: 'Información del préstamo' });
    expect(within(card).getByText('Monto del préstamo')).toBeTruthy();
    expect(within(card).getByText('Fecha de pago')).toBeTruthy();
    expect(within(card).queryByText('Cargo por atraso')).toBeNull();
    expect(within(card).queryByText('Cupón')).toBeNull();
  });

  it('hides the detail list for a rejected order (110)', async () => {
    answer(ok(detailsData({ orderStatus: '110', noticeStatusText: 'Solicitud no aprobada' })));
    await loaded();
    expect(screen.queryByText('Monto del préstamo')).toBeNull();
    expect(document.querySelector('dl')).toBeNull();
  });

  it('hides the detail list when no row has a value', async () => {
    answer(ok(detailsData({ userOrderDetail: { detail: [{ text: 'Cargo', value: '0' }] } })));
    await loaded();
    expect(document.querySelector('dl')).toBeNull();
  });

  describe('actions', () => {
    it.each(['174', '180'])('status %s shows Repay, which opens the repayment page with the order', async (status) => {
      const user = userEvent.setup();
      answer(ok(detailsData({ orderStatus: status })));
      await loaded();
      await user.click(screen.getByRole('button', { name: 'Pagar ahora' }));
      const target = lastUrl(assignLocation);
      expect(target.pathname).toBe('/repayment');
      expect(target.searchParams.getAll('orderId')).toEqual(['12']);
      expect(target.searchParams.getAll('productId')).toEqual(['1']);
      expect(target.searchParams.get('swift')).toBe('sess-9');
    });

    it.each(['21', '151', '110', '200', '999'])('status %s has no Repay button', async (status) => {
      answer(ok(detailsData({ orderStatus: status, isDelay: 1 })));
      await loaded();
      expect(screen.queryByRole('button', { name: 'Pagar ahora' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Extender plazo' })).toBeNull();
    });

    it('a repayable loan with nothing to pay yet (payable 0) offers no Repay; its text says when and how much (issue 32)', async () => {
      const text = 'Podrá pagar su próxima cuota, $1.110,20, a partir del 2026-12-02.';
      answer(ok(detailsData({ orderStatus: '174', payable: 0, isDelay: 1, noticeDesText: text })));
      await loaded();
      expect(screen.queryByRole('button', { name: 'Pagar ahora' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Extender plazo' })).toBeTruthy();
      expect(screen.getByText(text)).toBeTruthy();
    });

    it('Repay follows h5Url when the server gives one', async () => {
      const user = userEvent.setup();
      answer(ok(detailsData({ h5Url: '/repayment?orderId=12&productId=1&plan=2' })));
      await loaded();
      await user.click(screen.getByRole('button', { name: 'Pagar ahora' }));
      const target = lastUrl(assignLocation);
      expect(target.pathname).toBe('/repayment');
      expect(target.searchParams.get('plan')).toBe('2');
      expect(target.searchParams.getAll('orderId')).toEqual(['12']);
      expect(target.searchParams.get('swift')).toBe('sess-9');
    });

    it('shows Extension only with isDelay 1', async () => {
      answer(ok(detailsData({ orderStatus: '174', isDelay: 0 })));
      await loaded();
      expect(screen.queryByRole('button', { name: 'Extender plazo' })).toBeNull();
    });

    it('Extension opens the reminder; its confirm goes to the extension page', async () => {
      const user = userEvent.setup();
      answer(ok(detailsData({ orderStatus: '180', isDelay: 1 })));
      await loaded();
      await user.click(screen.getByRole('button', { name: 'Extender plazo' }));
      const dialog = screen.getByRole('dialog', { name: '¿Necesita más tiempo?' });
      await user.click(within(dialog).getByRole('button', { name: 'Sí, extender mi plazo' }));
      const target = lastUrl(assignLocation);
      expect(target.pathname).toBe('/repayment-delay');
      expect(target.searchParams.get('orderId')).toBe('12');
      expect(target.searchParams.get('productId')).toBe('1');
    });

    it("the reminder's no-need link goes to the repayment page", async () => {
      const user = userEvent.setup();
      answer(ok(detailsData({ orderStatus: '174', isDelay: 1 })));
      await loaded();
      await user.click(screen.getByRole('button', { name: 'Extender plazo' }));
      const dialog = screen.getByRole('dialog', { name: '¿Necesita más tiempo?' });
      await user.click(within(dialog).getByRole('button', { name: 'No es necesario, quiero pagar' }));
      expect(lastUrl(assignLocation).pathname).toBe('/repayment');
    });

    it('the reminder closes without navigating', async () => {
      const user = userEvent.setup();
      answer(ok(detailsData({ orderStatus: '174', isDelay: 1 })));
      await loaded();
      await user.click(screen.getByRole('button', { name: 'Extender plazo' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cerrar' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(assignLocation).not.toHaveBeenCalled();
    });

    it('Borrow again (200) opens the app scheme with the product', async () => {
      const user = userEvent.setup();
      answer(ok(detailsData({ orderStatus: '200', noticeStatusText: 'Préstamo liquidado' })));
      await loaded();
      const button = screen.getByRole('button', { name: 'Pedir otro préstamo' });
      expect(button.getAttribute('aria-describedby')).toBeNull();
      expect(screen.queryByText(/se piden en la app/)).toBeNull();
      await user.click(button);
      expect(bridge.openSchemeUrl).toHaveBeenCalledWith('presta://borrow-again?productId=1', '1');
      expect(assignLocation).not.toHaveBeenCalled();
    });

    it('Borrow again in a plain browser says where it leads and opens home’s offers (issues 14, 16)', async () => {
      vi.mocked(bridge.transportFor).mockReturnValue('browser');
      const user = userEvent.setup();
      answer(ok(detailsData({ orderStatus: '200', noticeStatusText: 'Préstamo liquidado' })));
      const { container } = await loaded();
      const button = screen.getByRole('button', {
        name: 'Pedir otro préstamo',
        description: 'Este botón abre sus ofertas: elija el monto y el plazo de su nuevo préstamo.',
      });
      expect(await seriousA11yViolations(container)).toEqual([]);
      await user.click(button);
      expect(bridge.openSchemeUrl).not.toHaveBeenCalled();
      expect(assignLocation).toHaveBeenCalledWith(expect.stringMatching(/^\/main\?.*#offers$/));
    });

    it('in English, the browser note, and home’s offers', async () => {
      vi.mocked(bridge.transportFor).mockReturnValue('browser');
      const user = userEvent.setup();
      answer(ok(detailsData({ orderStatus: '200', noticeStatusText: 'Loan paid off' })));
      await loaded(`${sessionQuery}&language=1`);
      await user.click(screen.getByRole('button', { name: 'Borrow again', description: 'This button opens your offers: choose the amount and term of your new loan.' }));
      expect(assignLocation).toHaveBeenCalledWith(expect.stringMatching(/^\/main\?.*language=1.*#offers$/));
    });
  });

  describe('rating', () => {
    it('does not ask for a rating unless isScore is 1', async () => {
      answer(ok(detailsData({ isScore: 0 })));
      await loaded();
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('asks with five accessible stars when isScore is 1', async () => {
      answer(ok(detailsData({ isScore: 1 })));
      await loaded();
      const dialog = screen.getByRole('dialog', { name: '¿Cómo fue su experiencia?' });
      const group = within(dialog).getByRole('radiogroup', { name: 'Calificación' });
      const stars = within(group).getAllByRole('radio');
      expect(stars).toHaveLength(5);
      expect(stars.map((s) => s.getAttribute('aria-label'))).toEqual([
        '1 de 5 estrellas',
        '2 de 5 estrellas',
        '3 de 5 estrellas',
        '4 de 5 estrellas',
        '5 de 5 estrellas',
      ]);
      expect(stars.every((s) => s.tagName === 'BUTTON')).toBe(true);
    });

    it("sending without a star says 'Seleccione una calificación' under the stars, not in a toast over them", async () => {
      const user = userEvent.setup();
      answer(ok(detailsData({ isScore: 1 })));
      await loaded();
      await user.click(screen.getByRole('button', { name: 'Enviar' }));
      expect(screen.getByRole('alert').textContent).toBe('Seleccione una calificación');
      expect(showToast).not.toHaveBeenCalled();
      expect(callApiMock().mock.calls.some(([endpoint]) => endpoint === apiRoutes.googleScore)).toBe(false);
    });

    it('says it in English with language=1', async () => {
      const user = userEvent.setup();
      answer(ok(detailsData({ isScore: 1 })));
      await loaded(`${sessionQuery}&language=1`);
      await user.click(screen.getByRole('button', { name: 'Send' }));
      expect(screen.getByRole('alert').textContent).toBe('Please select a rating');
    });

    it('3 stars: sends the score and thanks', async () => {
      const user = userEvent.setup();
      answer(ok(detailsData({ isScore: 1 })));
      await loaded();
      await user.click(screen.getByRole('radio', { name: '3 de 5 estrellas' }));
      expect(screen.getByRole('radio', { name: '3 de 5 estrellas' }).getAttribute('aria-checked')).toBe('true');
      await user.click(screen.getByRole('button', { name: 'Enviar' }));
      expect(callApiMock()).toHaveBeenCalledWith(apiRoutes.googleScore, { score: 3, orderId: '12' });
      expect(await screen.findByRole('dialog', { name: '¡Gracias por su opinión!' })).toBeTruthy();
      expect(bridge.rateApp).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', { name: 'Aceptar' }));
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('5 stars: sends the score and opens the store rating', async () => {
      const user = userEvent.setup();
      answer(ok(detailsData({ isScore: 1 })));
      await loaded();
      await user.click(screen.getByRole('radio', { name: '5 de 5 estrellas' }));
      await user.click(screen.getByRole('button', { name: 'Enviar' }));
      expect(callApiMock()).toHaveBeenCalledWith(apiRoutes.googleScore, { score: 5, orderId: '12' });
      expect(bridge.rateApp).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('arrow keys move the chosen star', async () => {
      const user = userEvent.setup();
      answer(ok(detailsData({ isScore: 1 })));
      await loaded();
      await user.click(screen.getByRole('radio', { name: '2 de 5 estrellas' }));
      await user.keyboard('{ArrowRight}');
      const third = screen.getByRole('radio', { name: '3 de 5 estrellas' });
      expect(third.getAttribute('aria-checked')).toBe('true');
      expect(document.activeElement).toBe(third);
    });

    it('"Ahora no", the close button and Escape each tell the server "not now" (issue 14)', async () => {
      const user = userEvent.setup();
      const laterCalls = () => callApiMock().mock.calls.filter(([endpoint]) => endpoint === apiRoutes.googleScoreLater);
      answer(ok(detailsData({ isScore: 1 })));
      const first = await loaded();
      await user.click(screen.getByRole('button', { name: 'Ahora no' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(laterCalls()).toHaveLength(1);
      expect(laterCalls()[0]![1]).toEqual({});
      expect(laterCalls()[0]![2]).toMatchObject({ silent: true });
      first.unmount();

      const second = await loaded();
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cerrar' }));
      expect(laterCalls()).toHaveLength(2);
      second.unmount();

      await loaded();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(laterCalls()).toHaveLength(3);
      // Sending a score is not a "not now".
    });

    it('a rating sent is not a "not now"', async () => {
      const user = userEvent.setup();
      answer(ok(detailsData({ isScore: 1 })));
      await loaded();
      await user.click(screen.getByRole('radio', { name: '2 de 5 estrellas' }));
      await user.click(screen.getByRole('button', { name: 'Enviar' }));
      await user.click(await screen.findByRole('button', { name: 'Aceptar' }));
      expect(callApiMock().mock.calls.some(([endpoint]) => endpoint === apiRoutes.googleScoreLater)).toBe(false);
    });

    it('the rating dialog keeps Tab and Shift+Tab inside; the page behind is inert', async () => {
      const user = userEvent.setup();
      answer(ok(detailsData({ orderStatus: '174', isDelay: 1, isScore: 1 })));
      await loaded();
      const dialog = screen.getByRole('dialog', { name: '¿Cómo fue su experiencia?' });
      expect(document.activeElement).toBe(dialog);
      expect(screen.getByRole('button', { name: 'Extender plazo' }).closest('[inert]')).not.toBeNull();
      for (let i = 0; i < 8; i += 1) {
        await user.tab();
        expect(dialog.contains(document.activeElement)).toBe(true);
      }
      for (let i = 0; i < 8; i += 1) {
        await user.tab({ shift: true });
        expect(dialog.contains(document.activeElement)).toBe(true);
      }
      await user.keyboard('{Escape}');
      expect(screen.getByRole('button', { name: 'Extender plazo' }).closest('[inert]')).toBeNull();
      // Opened by the page itself: the focus lands on the page's heading, not on the body.
      await act(async () => {});
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    });

    it('asks only once per page load, even when a refresh says isScore 1 again', async () => {
      vi.useFakeTimers();
      answer(ok(detailsData({ orderStatus: '21', isScore: 1 })));
      renderPage();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      const later = screen.getByRole('button', { name: 'Ahora no' });
      await actAsync(() => later.click());
      expect(screen.queryByRole('dialog')).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      expect(detailCalls()).toHaveLength(2);
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  describe('automatic refresh', () => {
    it('polls every 10 s while under review (21) and approved (151), then stops', async () => {
      vi.useFakeTimers();
      answer(
        ok(detailsData({ orderStatus: '21', noticeStatusText: 'En revisión' })),
        ok(detailsData({ orderStatus: '151', noticeStatusText: 'Aprobado' })),
        ok(detailsData({ orderStatus: '174', noticeStatusText: 'Préstamo depositado' })),
      );
      renderPage();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(screen.getByRole('heading', { level: 1, name: 'En revisión' })).toBeTruthy();
      expect(screen.getByText('Esta página se actualiza automáticamente.')).toBeTruthy();

      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      expect(detailCalls()).toHaveLength(2);
      expect(screen.getByRole('heading', { level: 1, name: 'Aprobado' })).toBeTruthy();
      expect(detailCalls()[1]![2]).toMatchObject({ silent: true });

      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      expect(detailCalls()).toHaveLength(3);
      expect(screen.getByRole('heading', { level: 1, name: 'Préstamo depositado' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Pagar ahora' })).toBeTruthy();

      await act(async () => {
        await vi.advanceTimersByTimeAsync(60_000);
      });
      expect(detailCalls()).toHaveLength(3);
    });

    it('does not poll a repaying order', async () => {
      vi.useFakeTimers();
      answer(ok(detailsData({ orderStatus: '174' })));
      renderPage();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(60_000);
      });
      expect(detailCalls()).toHaveLength(1);
    });

    it('stops polling on unmount', async () => {
      vi.useFakeTimers();
      answer(ok(detailsData({ orderStatus: '21' })));
      const { unmount } = renderPage();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      unmount();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(60_000);
      });
      expect(detailCalls()).toHaveLength(1);
    });

    it('refreshes when the tab becomes visible again', async () => {
      answer(ok(detailsData({ orderStatus: '174' })), ok(detailsData({ orderStatus: '200', noticeStatusText: 'Liquidado' })));
      await loaded();
      await actAsync(() => document.dispatchEvent(new Event('visibilitychange')));
      expect(detailCalls()).toHaveLength(2);
      expect(await screen.findByRole('heading', { level: 1, name: 'Liquidado' })).toBeTruthy();
    });

    it('keeps the page when a refresh fails', async () => {
      answer(ok(detailsData({ orderStatus: '174' })), failed());
      await loaded();
      await actAsync(() => document.dispatchEvent(new Event('visibilitychange')));
      expect(detailCalls()).toHaveLength(2);
      expect(screen.getByRole('heading', { level: 1, name: 'Préstamo depositado' })).toBeTruthy();
    });
  });

  it('shows a retry button when the order fails to load', async () => {
    const user = userEvent.setup();
    answer(failed(), ok(detailsData()));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Préstamo depositado' })).toBeTruthy();
  });

  it("shows the server's refusal (another borrower's order) with no retry", async () => {
    answer({ success: false, code: '404001', message: 'Pedido no encontrado', data: null, raw: { code: '404001', message: 'Pedido no encontrado' } });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'No es posible mostrar el préstamo' })).toBeTruthy();
    expect(screen.getByText('Pedido no encontrado')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('shows a notice and calls nothing without an order in the session', async () => {
    answer(ok(detailsData()));
    renderPage('swift=sess-9');
    expect(await screen.findByText('No encontramos esta solicitud.')).toBeTruthy();
    expect(callApiMock()).not.toHaveBeenCalled();
  });

  it.each([
    ['174 with extension', { orderStatus: '174', isDelay: 1 as const }],
    ['200', { orderStatus: '200' }],
    ['110', { orderStatus: '110' }],
  ])('has no serious or critical accessibility violations (%s)', async (_name, overrides) => {
    answer(ok(detailsData(overrides)));
    const { container } = await loaded();
    expect(await seriousA11yViolations(container)).toEqual([]);
  });

  it('has accessible rating and extension dialogs', async () => {
    const user = userEvent.setup();
    answer(ok(detailsData({ orderStatus: '174', isDelay: 1, isScore: 1 })));
    const { container } = await loaded();
    expect(await seriousA11yViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Ahora no' }));
    await user.click(screen.getByRole('button', { name: 'Extender plazo' }));
    expect(await seriousA11yViolations(container)).toEqual([]);
  });
});

describe('LoanDetailsPage: the statement link (issue 12)', () => {
  it('a disbursed or settled loan links to its statement (in the app); one not disbursed does not', async () => {
    for (const status of ['174', '180', '200']) {
      answer(ok(detailsData({ orderStatus: status, isScore: 0 })));
      const view = await loaded();
      const link = screen.getByRole('link', { name: 'Ver estado de cuenta' });
      const target = new URL(link.getAttribute('href')!, 'http://localhost');
      expect(target.pathname).toBe('/loan-statement');
      expect(target.searchParams.get('orderId')).toBe('12');
      expect(target.searchParams.has('swift')).toBe(false);
      view.unmount();
    }
    for (const status of ['21', '151', '110']) {
      answer(ok(detailsData({ orderStatus: status, isScore: 0 })));
      const view = await loaded();
      expect(screen.queryByRole('link', { name: 'Ver estado de cuenta' })).toBeNull();
      view.unmount();
    }
  });
});
