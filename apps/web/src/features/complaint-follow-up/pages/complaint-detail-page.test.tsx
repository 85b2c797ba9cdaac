import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { COMPLAINT_SCORE_DELAY_MS } from '@presta/contract/complaint-rules';
import { routes } from '@presta/contract/routes';
import { stubApi } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { actAsync, renderAt } from '@/shared/testing/render';
import { showToast } from '@/shared/ui/toast';
import { detailAnswer, imagePath, notFound, ok, refused, serverError, sessionQuery } from '../testing/complaint-fixtures';
import ComplaintDetailPage from './complaint-detail-page';

vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));
vi.mock('@/shared/ui/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/ui/toast')>()),
  showToast: vi.fn(),
}));

const detailPath = apiRoutes.problemDetail.path;
const scorePath = apiRoutes.problemScore.path;
const query = `${sessionQuery}&problemId=41`;

function ListStub() {
  return <h1>Lista abierta</h1>;
}

function renderPage(q = query) {
  return renderAt(<ComplaintDetailPage />, routes.complaintDetail, q, { [routes.complaintList]: <ListStub /> });
}

async function loaded(q = query) {
  const view = renderPage(q);
  await screen.findByRole('heading', { level: 1, name: /Detalle de la queja|Complaint details/ });
  return view;
}

/** Fake timers for the score delay only (fetch and its body reading stay real). */
function fakeTimers() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

/** Lets the fetch answers and the effects that follow them settle, with fake timers. */
async function settle(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** With fake timers: waits (real time) until the page has loaded. */
async function loadedWithFakeTimers(q = query) {
  const view = renderPage(q);
  for (let i = 0; i < 50 && !screen.queryByRole('heading', { level: 1, name: 'Detalle de la queja' }); i++) {
    await act(async () => {
      await new Promise((resolve) => queueMicrotask(() => resolve(undefined)));
    });
    await settle(0);
  }
  expect(screen.getByRole('heading', { level: 1, name: 'Detalle de la queja' })).toBeTruthy();
  return view;
}

/** The expected src of a stored image: the path plus the page's session parameters. */
function expectSessionImage(src: string | null, path: string) {
  const url = new URL(src!, 'http://localhost');
  expect(url.pathname).toBe(path);
  expect(url.searchParams.get('swift')).toBe('sess-9');
  expect(url.searchParams.get('showy')).toBe('dev-1');
  expect(url.searchParams.get('crp_phe')).toBe('2.3.0');
  expect(url.searchParams.get('language')).toBe('2');
}

const location = () => new URL(screen.getByTestId('location').textContent, 'http://localhost');

describe('ComplaintDetailPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for the complaint of the URL with the session and shows type, sub-type and the read-only text with its counter', async () => {
    const calls = stubApi({ [detailPath]: ok(detailAnswer()) });
    await loaded();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.rawBody).toBe('problemId=41');
    expect(calls[0]!.url.searchParams.get('swift')).toBe('sess-9');
    expect(calls[0]!.url.searchParams.has('problemId')).toBe(false);

    const card = screen.getByRole('region', { name: 'Queja N.º 41' });
    const terms = within(card).getAllByRole('term').map((dt) => dt.textContent);
    const values = within(card).getAllByRole('definition').map((dd) => dd.textContent);
    expect(terms).toEqual(['Tipo de problema', 'Subtipo']);
    expect(values).toEqual(['Cobranza', 'Llamadas fuera de horario']);
    const text = within(card).getByRole<HTMLTextAreaElement>('textbox', { name: 'Descripción del problema' });
    expect(text.value).toBe('Me llamaron a las 3 de la mañana.');
    expect(text.readOnly).toBe(true);
    expect(within(card).getByText('33/200')).toBeTruthy();
    expect(text.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(text.getAttribute('aria-describedby')!)!.textContent).toContain('33 de 200 caracteres');
    expect(document.title).toBe('Detalle de la queja · Presta');
  });

  it('hides the sub-type when it is empty', async () => {
    stubApi({ [detailPath]: ok(detailAnswer({ sonType: '' })) });
    await loaded();
    const card = screen.getByRole('region', { name: 'Queja N.º 41' });
    expect(within(card).getAllByRole('term').map((dt) => dt.textContent)).toEqual(['Tipo de problema']);
  });

  it('shows the images with the session parameters in their address', async () => {
    stubApi({ [detailPath]: ok(detailAnswer()) });
    await loaded(`${query}&language=2`);
    const card = screen.getByRole('region', { name: 'Queja N.º 41' });
    const list = within(card).getByRole('list', { name: 'Imágenes' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Ver imagen 1 de 2', 'Ver imagen 2 de 2']);
    const images = [...list.querySelectorAll('img')];
    expectSessionImage(images[0]!.getAttribute('src'), imagePath(7));
    expectSessionImage(images[1]!.getAttribute('src'), imagePath(8));
  });

  it('tapping an image shows it large; previous/next and arrow keys move, Escape closes', async () => {
    const user = userEvent.setup();
    stubApi({ [detailPath]: ok(detailAnswer()) });
    await loaded(`${query}&language=2`);
    const opener = screen.getByRole('button', { name: 'Ver imagen 1 de 2' });
    await user.click(opener);
    let dialog = screen.getByRole('dialog', { name: 'Imagen 1 de 2' });
    expectSessionImage(within(dialog).getByRole('img', { name: 'Imagen 1 de 2, ampliada' }).getAttribute('src'), imagePath(7));
    await user.click(within(dialog).getByRole('button', { name: 'Imagen siguiente' }));
    dialog = screen.getByRole('dialog', { name: 'Imagen 2 de 2' });
    expectSessionImage(within(dialog).getByRole('img').getAttribute('src'), imagePath(8));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'Imagen 1 de 2' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('shows the support reply ("Custom") with its text and images', async () => {
    stubApi({ [detailPath]: ok(detailAnswer()) });
    await loaded();
    const reply = screen.getByRole('region', { name: 'Atención al cliente' });
    expect(within(reply).getByText('Lamentamos lo ocurrido. Ya pedimos al equipo de cobranza que solo llame de 9 a 20 h.')).toBeTruthy();
    const list = within(reply).getByRole('list', { name: 'Imágenes de la respuesta' });
    expectSessionImage(list.querySelector('img')!.getAttribute('src'), imagePath(9));
  });

  it('hides the reply while it has neither text nor images', async () => {
    stubApi({ [detailPath]: ok(detailAnswer({ disposeDetail: '', disposeImages: [] })) });
    await loaded();
    expect(screen.queryByRole('region', { name: 'Atención al cliente' })).toBeNull();
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });

  it('shows a reply with only text, or only images', async () => {
    stubApi({ [detailPath]: [ok(detailAnswer({ disposeImages: [] })), ok(detailAnswer({ disposeDetail: ' ' }))] });
    const first = await loaded();
    let reply = screen.getByRole('region', { name: 'Atención al cliente' });
    expect(within(reply).getByText(/^Lamentamos lo ocurrido/)).toBeTruthy();
    expect(within(reply).queryByRole('list')).toBeNull();
    first.unmount();

    await loaded();
    reply = screen.getByRole('region', { name: 'Atención al cliente' });
    expect(within(reply).queryByText(/Lamentamos/)).toBeNull();
    expect(within(reply).getByRole('button', { name: 'Ver imagen 1 de 1 de la respuesta' })).toBeTruthy();
  });

  describe('score of the reply', () => {
    it('isNeedScore 1: the prompt opens 3000 ms after load, not before', async () => {
      fakeTimers();
      stubApi({ [detailPath]: ok(detailAnswer({ isNeedScore: 1 })) });
      await loadedWithFakeTimers();
      await settle(COMPLAINT_SCORE_DELAY_MS - 1);
      expect(screen.queryByRole('dialog')).toBeNull();
      await settle(1);
      const dialog = screen.getByRole('dialog', { name: '¿Qué le pareció nuestra respuesta?' });
      const stars = within(dialog).getAllByRole('radio');
      expect(stars.map((s) => s.getAttribute('aria-label'))).toEqual([
        '1 de 5 estrellas',
        '2 de 5 estrellas',
        '3 de 5 estrellas',
        '4 de 5 estrellas',
        '5 de 5 estrellas',
      ]);
      expect(within(dialog).getByRole('radiogroup', { name: 'Calificación' })).toBeTruthy();
      expect(document.activeElement).toBe(dialog);
    });

    it('isNeedScore 0: never asks', async () => {
      fakeTimers();
      const calls = stubApi({ [detailPath]: ok(detailAnswer({ isNeedScore: 0 })) });
      await loadedWithFakeTimers();
      await settle(60_000);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Calificar la respuesta' })).toBeNull();
      expect(calls).toHaveLength(1);
    });

    it('sending without a star says to choose one and sends nothing', async () => {
      const user = userEvent.setup();
      const calls = stubApi({ [detailPath]: ok(detailAnswer({ isNeedScore: 1 })) });
      await loaded();
      await user.click(screen.getByRole('button', { name: 'Calificar la respuesta' }));
      const dialog = screen.getByRole('dialog', { name: '¿Qué le pareció nuestra respuesta?' });
      await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
      expect(within(dialog).getByRole('alert').textContent).toBe('Seleccione una calificación');
      expect(calls.filter((c) => c.path === scorePath)).toHaveLength(0);
      expect(screen.getByRole('dialog')).toBeTruthy();
    });

    it('sends the score, thanks, reloads quietly and does not ask again', async () => {
      const user = userEvent.setup();
      const calls = stubApi({
        [detailPath]: [ok(detailAnswer({ isNeedScore: 1 })), ok(detailAnswer({ isNeedScore: 0 }))],
        [scorePath]: ok({ problemId: '41', score: 4 }),
      });
      await loaded();
      await user.click(screen.getByRole('button', { name: 'Calificar la respuesta' }));
      const dialog = screen.getByRole('dialog');
      await user.click(within(dialog).getByRole('radio', { name: '4 de 5 estrellas' }));
      await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));

      const scoreCalls = calls.filter((c) => c.path === scorePath);
      expect(scoreCalls).toHaveLength(1);
      expect(scoreCalls[0]!.method).toBe('POST');
      expect(scoreCalls[0]!.rawBody).toBe('problemId=41&score=4');
      expect(scoreCalls[0]!.url.searchParams.get('swift')).toBe('sess-9');
      expect(showToast).toHaveBeenCalledWith('¡Gracias por su calificación!');
      // The toast is shown in the same task as the state change that closes the dialog: wait for React's render.
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.queryByRole('button', { name: 'Calificar la respuesta' })).toBeNull();
      await vi.waitFor(() => expect(calls.filter((c) => c.path === detailPath)).toHaveLength(2));
      // The reload is quiet: the page stays as it was (no loading state; the toasts' live region aside).
      expect(document.querySelector('[role="status"]:not([data-presta-toasts])')).toBeNull();
      expect(screen.getByRole('region', { name: 'Queja N.º 41' })).toBeTruthy();
    });

    it('after a score, the delayed prompt does not open', async () => {
      fakeTimers();
      const calls = stubApi({
        // Even if the reload still said 1, the page treats the reply as scored.
        [detailPath]: ok(detailAnswer({ isNeedScore: 1 })),
        [scorePath]: ok({ problemId: '41', score: 5 }),
      });
      await loadedWithFakeTimers();
      await actAsync(() => screen.getByRole('button', { name: 'Calificar la respuesta' }).click());
      const dialog = screen.getByRole('dialog');
      await actAsync(() => within(dialog).getByRole('radio', { name: '5 de 5 estrellas' }).click());
      await actAsync(() => within(dialog).getByRole('button', { name: 'Enviar' }).click());
      await settle(0);
      for (let i = 0; i < 50 && calls.filter((c) => c.path === detailPath).length < 2; i++) await settle(0);
      expect(calls.filter((c) => c.path === detailPath)).toHaveLength(2);
      expect(screen.queryByRole('dialog')).toBeNull();
      await settle(COMPLAINT_SCORE_DELAY_MS * 2);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Calificar la respuesta' })).toBeNull();
    });

    it('"Not now" closes the prompt; the page offers to rate later', async () => {
      fakeTimers();
      stubApi({ [detailPath]: ok(detailAnswer({ isNeedScore: 1 })) });
      await loadedWithFakeTimers();
      await settle(COMPLAINT_SCORE_DELAY_MS);
      await actAsync(() => within(screen.getByRole('dialog')).getByRole('button', { name: 'Ahora no' }).click());
      expect(screen.queryByRole('dialog')).toBeNull();
      await settle(COMPLAINT_SCORE_DELAY_MS * 2);
      expect(screen.queryByRole('dialog')).toBeNull();
      await actAsync(() => screen.getByRole('button', { name: 'Calificar la respuesta' }).click());
      expect(screen.getByRole('dialog', { name: '¿Qué le pareció nuestra respuesta?' })).toBeTruthy();
    });

    it('a refused score (already scored) closes the prompt and reloads; the server’s message is shown', async () => {
      const user = userEvent.setup();
      const calls = stubApi({
        [detailPath]: [ok(detailAnswer({ isNeedScore: 1 })), ok(detailAnswer({ isNeedScore: 0 }))],
        [scorePath]: refused(409, '409001', 'Solo puede calificar una respuesta una vez, cuando ya fue respondida.'),
      });
      await loaded();
      await user.click(screen.getByRole('button', { name: 'Calificar la respuesta' }));
      await user.click(screen.getByRole('radio', { name: '2 de 5 estrellas' }));
      await user.click(screen.getByRole('button', { name: 'Enviar' }));
      expect(showToast).toHaveBeenCalledWith('Solo puede calificar una respuesta una vez, cuando ya fue respondida.');
      // The client shows the server's message before the page hears of the refusal and closes the dialog.
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await vi.waitFor(() => expect(calls.filter((c) => c.path === detailPath)).toHaveLength(2));
      await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Calificar la respuesta' })).toBeNull());
    });

    it('a failed send (no answer) keeps the prompt open to try again', async () => {
      const user = userEvent.setup();
      stubApi({ [detailPath]: ok(detailAnswer({ isNeedScore: 1 })), [scorePath]: serverError() });
      await loaded();
      await user.click(screen.getByRole('button', { name: 'Calificar la respuesta' }));
      await user.click(screen.getByRole('radio', { name: '3 de 5 estrellas' }));
      await user.click(screen.getByRole('button', { name: 'Enviar' }));
      expect(showToast).toHaveBeenCalledWith('Algo salió mal.');
      expect(screen.getByRole('dialog')).toBeTruthy();
    });
  });

  it('another borrower’s or an unknown complaint (404) says it was not found, without a retry', async () => {
    const user = userEvent.setup();
    const calls = stubApi({ [detailPath]: notFound() });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1, name: 'No encontramos esta queja' })).toBeTruthy();
    expect(within(alert).getByText(/Puede que el enlace sea de otra cuenta/)).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Reintentar' })).toBeNull();
    expect(showToast).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);

    await user.click(within(alert).getByRole('button', { name: 'Ver mis quejas' }));
    expect(await screen.findByRole('heading', { name: 'Lista abierta' })).toBeTruthy();
    expect(location().pathname).toBe('/complaintList');
    expect(location().searchParams.has('swift')).toBe(false);
    expect(location().searchParams.has('problemId')).toBe(false);
  });

  it('another failure can be retried', async () => {
    const user = userEvent.setup();
    const calls = stubApi({ [detailPath]: [serverError(), ok(detailAnswer())] });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'No pudimos cargar la queja' })).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('region', { name: 'Queja N.º 41' })).toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  it.each([
    ['without a problemId', sessionQuery],
    ['with an empty problemId', `${sessionQuery}&problemId=`],
    ['with a problemId that is not a number', `${sessionQuery}&problemId=41abc`],
  ])('%s, says the link is invalid and calls nothing', async (_case, q) => {
    const calls = stubApi({});
    renderPage(q);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Enlace no válido' })).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Ver mis quejas' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('is in English with language=1 ("Custom" reply)', async () => {
    stubApi({ [detailPath]: ok(detailAnswer()) });
    await loaded(`${query}&language=1`);
    expect(screen.getByRole('heading', { level: 1, name: 'Complaint details' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Custom' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Problem description' })).toBeTruthy();
    expect(screen.getByText('33/200')).toBeTruthy();
  });

  it('has no serious or critical accessibility violations (page, score prompt, image viewer)', async () => {
    const user = userEvent.setup();
    stubApi({ [detailPath]: ok(detailAnswer({ isNeedScore: 1 })) });
    const { container } = await loaded();
    expect(await seriousA11yViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Calificar la respuesta' }));
    await user.click(screen.getByRole('radio', { name: '3 de 5 estrellas' }));
    expect(await seriousA11yViolations(document.body)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Ahora no' }));
    await user.click(screen.getByRole('button', { name: 'Ver imagen 2 de 2' }));
    expect(screen.getByRole('dialog', { name: 'Imagen 2 de 2' })).toBeTruthy();
    expect(await seriousA11yViolations(document.body)).toEqual([]);
  });
});
