import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import type { Normalised } from '@presta/contract/envelope';
import { COMPLAINT_IMAGE_MAX_BYTES, COMPLAINT_SUCCESS_DELAY_MS } from '@presta/contract/complaint-rules';
import { assignLocation, replaceLocation } from '@/shared/session/navigation';
import { answerByPath, callApiMock, callsTo } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { actAsync, lastUrl, renderAt, sessionQuery } from '@/shared/testing/render';
import { showLoading, showToast } from '@/shared/ui/toast';
import { draftOf, ok, refused, seedDraft, storedDraft } from '../testing/complaint-fixtures';
import type { ComplaintDraft } from '../utils/complaint-draft';
import ComplaintFormPage from './complaint-form-page';

vi.mock('@/shared/http/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/http/api-client')>()),
  callApi: vi.fn(),
}));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));
vi.mock('@/shared/ui/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/ui/toast')>()),
  showToast: vi.fn(),
  showLoading: vi.fn(),
  hideLoading: vi.fn(),
}));

const savePath = apiRoutes.problemSave.path;
const uploadPath = apiRoutes.uploadProblemImg.path;

const collectionDraft = draftOf({
  type: { title: 'Cobranza', value: 1 },
  subType: { title: 'Llamadas excesivas', value: 11 },
});

const imageUrl = (id: number) => `/user-problem/problem-image/${id}`;

function renderForm(draft: ComplaintDraft | null = draftOf(), query = sessionQuery) {
  if (draft) seedDraft(draft, query);
  return renderAt(<ComplaintFormPage />, '/complainPageNext', query);
}

type FetchCall = { url: URL; init: RequestInit };

/** Stubs fetch (the image upload) with a JSON answer per call, in turn (the last repeats). */
function stubUpload(...answers: { status?: number; body: unknown }[]) {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | URL, init: RequestInit = {}) => {
      calls.push({ url: new URL(input, 'http://localhost'), init });
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } }));
    }),
  );
  return calls;
}

const uploaded = (id: number) => ({ body: { success: true, code: '0', message: '', data: { url: imageUrl(id) } } });

function pngFile(name = 'recibo.png', size = 2048) {
  return new File([new Uint8Array(size)], name, { type: 'image/png' });
}

const textarea = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Descripción del problema' });
const addInput = () => screen.queryByLabelText<HTMLInputElement>('Agregar imagen');
const thumbnails = () => screen.queryAllByRole('img', { name: /^Imagen \d+ de \d+$/ });

describe('ComplaintFormPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the chosen type and sub-type, the order, the description with its counter and the image picker', () => {
    renderForm(collectionDraft);
    expect(screen.getByRole('heading', { level: 1, name: 'Nueva queja' })).toBeTruthy();
    expect(document.title).toBe('Nueva queja · Presta');
    const chosen = screen.getByRole('region', { name: 'Tipo de problema elegido' });
    expect(within(chosen).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Cobranza', 'Llamadas excesivas']);
    expect(within(chosen).getByText('Pedido PM2025070112')).toBeTruthy();
    const change = within(chosen).getByRole('link', { name: 'Cambiar el tipo de problema' });
    expect(new URL(change.getAttribute('href')!, 'http://localhost').pathname).toBe('/complaint');

    expect(textarea().maxLength).toBe(200);
    expect(textarea().getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('0/200')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Subir imagen' })).toBeTruthy();
    expect(addInput()?.accept).toBe('image/jpeg,image/png,image/webp');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeTruthy();
  });

  it('counts the characters and ignores input beyond 200', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(textarea(), 'Hola');
    expect(screen.getByText('4/200')).toBeTruthy();
    expect(screen.getByText('4 de 200 caracteres')).toBeTruthy();

    await user.clear(textarea());
    await user.type(textarea(), `${'a'.repeat(198)}bcdef`);
    expect(textarea().value).toBe(`${'a'.repeat(198)}bc`);
    expect(screen.getByText('200/200')).toBeTruthy();

    // A paste that slips past maxLength (older web views) is cut too.
    fireEvent.change(textarea(), { target: { value: 'x'.repeat(250) } });
    expect(textarea().value).toHaveLength(200);
    expect(storedDraft()?.text).toHaveLength(200);
  });

  it('refuses an empty (or blank) description with the §8 message and sends nothing', async () => {
    const user = userEvent.setup();
    answerByPath({ [savePath]: ok({ problemId: '1' }) });
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(showToast).toHaveBeenLastCalledWith('Por favor, escriba sus opiniones y sugerencias');
    await user.type(textarea(), '   ');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(showToast).toHaveBeenCalledTimes(2);
    expect(document.activeElement).toBe(textarea());
    expect(callsTo(savePath)).toHaveLength(0);
  });

  it('uploads an image (multipart, field problemImage, session in the query) and shows it with the session', async () => {
    const user = userEvent.setup();
    const calls = stubUpload(uploaded(41));
    renderForm();
    const file = pngFile();
    await user.upload(addInput()!, file);
    await waitFor(() => expect(thumbnails()).toHaveLength(1));

    const [call] = calls;
    expect(call!.init.method).toBe('POST');
    expect(call!.url.pathname).toBe(uploadPath);
    expect(call!.url.searchParams.get('swift')).toBe('sess-9');
    expect(call!.url.searchParams.get('showy')).toBe('dev-1');
    expect(call!.url.searchParams.get('language')).toBe('2');
    const headers = new Headers(call!.init.headers);
    expect(headers.get('swift')).toBe('sess-9');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.has('Content-Type')).toBe(false);
    const body = call!.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('problemImage') as File).name).toBe('recibo.png');
    expect(showLoading).toHaveBeenCalledWith('Subiendo la imagen…');
    expect(showToast).toHaveBeenCalledWith('Carga exitosa');

    const src = new URL(thumbnails()[0]!.getAttribute('src')!, 'http://localhost');
    expect(src.pathname).toBe(imageUrl(41));
    expect(src.searchParams.get('swift')).toBe('sess-9');
    expect(src.searchParams.get('language')).toBe('2');
    expect(storedDraft()?.images).toEqual([imageUrl(41)]);
  });

  it("shows the server's message when it refuses an image, and keeps none", async () => {
    const user = userEvent.setup();
    stubUpload({ status: 415, body: { success: false, code: '400001', message: 'Solo se admiten imágenes JPEG, PNG o WebP.', data: null } });
    renderForm();
    await user.upload(addInput()!, pngFile('falsa.png'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Solo se admiten imágenes JPEG, PNG o WebP.'));
    expect(showToast).not.toHaveBeenCalledWith('Carga exitosa');
    expect(thumbnails()).toHaveLength(0);
    expect(storedDraft()?.images).toEqual([]);
  });

  it('a session failure on upload leads to the joint-logon failure page', async () => {
    const user = userEvent.setup();
    stubUpload({ status: 401, body: { success: false, code: '401001', message: 'Sesión no válida', data: null } });
    renderForm();
    await user.upload(addInput()!, pngFile());
    await waitFor(() => expect(replaceLocation).toHaveBeenCalledTimes(1));
    expect(lastUrl(replaceLocation).pathname).toBe('/joint-login-failure');
  });

  it('checks the type and size before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const calls = stubUpload(uploaded(41));
    renderForm();
    await user.upload(addInput()!, new File(['%PDF'], 'contrato.pdf', { type: 'application/pdf' }));
    expect(showToast).toHaveBeenLastCalledWith('Solo se admiten imágenes JPEG, PNG o WebP.');
    await user.upload(addInput()!, pngFile('enorme.png', COMPLAINT_IMAGE_MAX_BYTES + 1));
    expect(showToast).toHaveBeenLastCalledWith('La imagen pesa más de 5 MB. Elija una más ligera.');
    expect(calls).toHaveLength(0);
  });

  it('hides the picker at 9 images and shows it again when one is removed', async () => {
    const user = userEvent.setup();
    stubUpload(uploaded(49));
    renderForm(draftOf({ images: [1, 2, 3, 4, 5, 6, 7, 8].map(imageUrl) }));
    expect(thumbnails()).toHaveLength(8);
    expect(screen.getByText('8 de 9 imágenes')).toBeTruthy();
    await user.upload(addInput()!, pngFile());
    await waitFor(() => expect(thumbnails()).toHaveLength(9));
    expect(addInput()).toBeNull();
    expect(screen.getByText('9/9')).toBeTruthy();
    expect(thumbnails().map((img) => img.getAttribute('alt'))).toContain('Imagen 9 de 9');

    await user.click(screen.getByRole('button', { name: 'Quitar imagen 3' }));
    expect(thumbnails()).toHaveLength(8);
    expect(addInput()).toBeTruthy();
    expect(storedDraft()?.images).toEqual([1, 2, 4, 5, 6, 7, 8, 49].map(imageUrl));
  });

  it('sends the exact payload once on a double tap', async () => {
    const user = userEvent.setup();
    // The answer waits until both taps are in.
    let answer: (value: Normalised<unknown>) => void = () => {};
    callApiMock().mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderForm({ ...collectionDraft, images: [imageUrl(41), imageUrl(42)] });
    await user.type(textarea(), '  Me llaman cinco veces al día  ');
    await user.dblClick(screen.getByRole('button', { name: 'Enviar' }));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await actAsync(() => answer(ok({ problemId: '300' })));
    await screen.findByText('Queja enviada');
    expect(callsTo(savePath)).toHaveLength(1);
    const [, payload, opts] = callsTo(savePath)[0]!;
    expect(payload).toEqual({
      problemType: 1,
      problemSonType: 11,
      problemDetail: 'Me llaman cinco veces al día',
      problemImage: '/user-problem/problem-image/41,/user-problem/problem-image/42',
      orderNo: 'PM2025070112',
    });
    expect(opts).toMatchObject({ loading: 'Enviando su queja…' });
  });

  it('leaves the sub-type out for other types and sends no images as an empty list', async () => {
    const user = userEvent.setup();
    answerByPath({ [savePath]: ok({ problemId: '301' }) });
    renderForm(draftOf({ text: 'El pago no aparece' }));
    expect(textarea().value).toBe('El pago no aparece');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(callsTo(savePath)[0]![1]).toEqual({ problemType: 2, problemDetail: 'El pago no aparece', problemImage: '', orderNo: 'PM2025070112' });
  });

  it('shows the success state, clears the draft, then returns to the entry after 1500 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    answerByPath({ [savePath]: ok({ problemId: '300' }) });
    renderForm(draftOf({ text: 'El pago no aparece', images: [imageUrl(41)] }));
    expect(storedDraft()).not.toBeNull();
    await actAsync(() => fireEvent.click(screen.getByRole('button', { name: 'Enviar' })));
    const status = screen.getByRole('status');
    expect(within(status).getByText('Queja enviada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();
    expect(localStorage.getItem('presta.complaint.draft')).toBeNull();

    act(() => {
      vi.advanceTimersByTime(COMPLAINT_SUCCESS_DELAY_MS - 1);
    });
    expect(replaceLocation).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(replaceLocation).toHaveBeenCalledTimes(1);
    const target = lastUrl(replaceLocation);
    expect(target.pathname).toBe('/complaint');
    expect(target.searchParams.get('swift')).toBe('sess-9');
    expect(target.searchParams.get('orderId')).toBe('12');
    expect(target.searchParams.get('language')).toBe('2');
  });

  it('a refused save keeps the form and the draft, and may be sent again', async () => {
    const user = userEvent.setup();
    answerByPath({
      [savePath]: [refused('422001', 'El pedido seleccionado no admite quejas de cobranza.'), ok({ problemId: '302' })],
    });
    renderForm({ ...collectionDraft, text: 'Me llaman a diario' });
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(callsTo(savePath)).toHaveLength(1));
    expect(screen.queryByText('Queja enviada')).toBeNull();
    expect(storedDraft()?.text).toBe('Me llaman a diario');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await screen.findByText('Queja enviada');
    expect(callsTo(savePath)).toHaveLength(2);
  });

  it('a reload keeps the text and images written so far', async () => {
    const user = userEvent.setup();
    stubUpload(uploaded(41));
    const first = renderForm();
    await user.type(textarea(), 'Borrador');
    await user.upload(addInput()!, pngFile());
    await waitFor(() => expect(thumbnails()).toHaveLength(1));
    first.unmount();
    renderAt(<ComplaintFormPage />, '/complainPageNext');
    expect(textarea().value).toBe('Borrador');
    expect(thumbnails()).toHaveLength(1);
  });

  it.each([
    ['no draft', null, sessionQuery],
    ["another session's draft", draftOf({ text: 'ajeno' }), 'swift=other-session'],
  ])('without a chosen type (%s), says so and leads to the entry page', async (_name, draft, seedQuery) => {
    const user = userEvent.setup();
    if (draft) seedDraft(draft, seedQuery);
    renderAt(<ComplaintFormPage />, '/complainPageNext');
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Primero elija el tipo de problema' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Elegir tipo de problema' }));
    const target = lastUrl(assignLocation);
    expect(target.pathname).toBe('/complaint');
    expect(target.searchParams.get('swift')).toBe('sess-9');
  });

  it('is in English with language=1', async () => {
    const user = userEvent.setup();
    stubUpload(uploaded(41));
    renderForm(collectionDraft, `${sessionQuery}&language=1`);
    expect(screen.getByRole('heading', { level: 1, name: 'New complaint' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Problem description' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Upload image' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(showToast).toHaveBeenLastCalledWith('Please provide your opinions and suggestions');
    await user.upload(screen.getByLabelText('Add image'), pngFile());
    await waitFor(() => expect(showToast).toHaveBeenLastCalledWith('Charging successful!'));
  });

  it('has no serious or critical accessibility violations (form with images, success, no choice)', async () => {
    const user = userEvent.setup();
    answerByPath({ [savePath]: ok({ problemId: '300' }) });
    const { container, unmount } = renderForm({ ...collectionDraft, text: 'Texto', images: [imageUrl(1), imageUrl(2)] });
    expect(await seriousA11yViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await screen.findByText('Queja enviada');
    expect(await seriousA11yViolations(container)).toEqual([]);
    unmount();
    localStorage.clear();
    const empty = renderAt(<ComplaintFormPage />, '/complainPageNext');
    expect(await seriousA11yViolations(empty.container)).toEqual([]);
  });
});
