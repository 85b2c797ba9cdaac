import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestTimeoutMs } from '@/shared/http/http-client';
import { initLanguage } from '@/shared/i18n/language-store';
import { hideLoading, showLoading, showToast } from '@/shared/ui/toast';
import { uploadComplaintImage } from './upload-complaint-image';

vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));
vi.mock('@/shared/ui/toast', () => ({ showToast: vi.fn(), showLoading: vi.fn(), hideLoading: vi.fn() }));

const file = () => new File([new Uint8Array(16)], 'foto.jpg', { type: 'image/jpeg' });

function stubFetch(answer: (init: RequestInit) => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn((_input: RequestInfo | URL, init: RequestInit = {}) => answer(init)));
}

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('uploadComplaintImage', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/complainPageNext?swift=sess-9&language=2');
    initLanguage();
  });

  it('answers the stored address, with a loading toast while it runs', async () => {
    stubFetch(() => json({ success: true, code: '0', message: '', data: { url: '/user-problem/problem-image/7' } }));
    const result = await uploadComplaintImage(file(), { loading: 'Subiendo…' });
    expect(result).toMatchObject({ success: true, code: '0', data: { url: '/user-problem/problem-image/7' } });
    expect(showLoading).toHaveBeenCalledWith('Subiendo…');
    expect(hideLoading).toHaveBeenCalledTimes(1);
    expect(showToast).not.toHaveBeenCalled();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the image as multipart in the field problemImage, with the session in the query', async () => {
    let sent: { url: string; init: RequestInit } | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string | URL, init: RequestInit = {}) => {
        sent = { url: String(input), init };
        return json({ success: true, code: '0', message: '', data: { url: '/user-problem/problem-image/7' } });
      }),
    );
    await uploadComplaintImage(file());
    expect(sent!.url).toContain('/user-problem/upload-problem-img?');
    expect(sent!.url).toContain('swift=sess-9');
    expect(sent!.init.body).toBeInstanceOf(FormData);
    expect(((sent!.init.body as FormData).get('problemImage') as File).name).toBe('foto.jpg');
    // No Content-Type of ours: the browser writes multipart/form-data with its boundary.
    expect(Object.keys(sent!.init.headers as Record<string, string>).map((h) => h.toLowerCase())).not.toContain('content-type');
  });

  it('gives up after the timeout and says so', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stubFetch(
      (init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = uploadComplaintImage(file());
    await vi.advanceTimersByTimeAsync(requestTimeoutMs);
    const result = await pending;
    expect(result).toMatchObject({ success: false, code: 'timeout' });
    expect(showToast).toHaveBeenCalledWith('El servidor tardó demasiado en responder. Inténtelo de nuevo.');
  });

  it('a network failure and an answer that is not the wrapper are failures with a readable message', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await uploadComplaintImage(file())).toMatchObject({ success: false, code: 'network_error' });
    expect(showToast).toHaveBeenLastCalledWith('No pudimos conectar con el servidor. Inténtelo de nuevo.');

    stubFetch(() => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 })));
    expect(await uploadComplaintImage(file())).toMatchObject({ success: false, code: 'invalid_response' });
    expect(showToast).toHaveBeenLastCalledWith('Algo salió mal. Inténtelo de nuevo más tarde.');
  });

  it('keeps only our own image address (never one of another site)', async () => {
    stubFetch(() => json({ success: true, code: '0', message: '', data: { url: 'https://elsewhere.example/x.png' } }));
    expect(await uploadComplaintImage(file(), { silent: true })).toMatchObject({ success: false, code: 'invalid_response', data: null });
    expect(showToast).not.toHaveBeenCalled();
    expect(await uploadComplaintImage(file())).toMatchObject({ success: false, code: 'invalid_response', data: null });
    expect(showToast).toHaveBeenLastCalledWith('Algo salió mal. Inténtelo de nuevo más tarde.');
  });

  it('an aborted upload is not toasted', async () => {
    const controller = new AbortController();
    stubFetch(
      (init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = uploadComplaintImage(file(), { signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ success: false, code: 'aborted' });
    expect(showToast).not.toHaveBeenCalled();
  });
});
