import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import type { Normalised } from '@presta/contract/envelope';
import { firstAnswer } from '@/shared/http/api-request';
import { firstAnswerOf, firstView, firstViewBlockId, forgetFirstView, renderingFirstView, type FirstView } from '@/shared/http/first-view';
import { useQuery } from '@/shared/http/use-query';

const view: FirstView = {
  lang: 'es',
  call: { path: apiRoutes.loanDetails.path, payload: { productId: '1', orderId: '12' } },
  answer: { success: true, code: '0', message: '', data: { orderStatus: '174' } },
};

/** The data block as the server writes it into the page. */
function putBlock(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = firstViewBlockId;
  block.textContent = text;
  document.head.append(block);
}

afterEach(() => {
  document.getElementById(firstViewBlockId)?.remove();
  vi.resetModules();
});

/** first-view.ts afresh (it reads the block once per page). */
const fresh = () => import('@/shared/http/first-view');

describe('first view', () => {
  it('reads the data block the server sent, once', async () => {
    putBlock(JSON.stringify(view));
    const m = await fresh();
    expect(m.firstView()).toEqual(view);
    expect(m.firstAnswerOf(apiRoutes.loanDetails, { productId: '1', orderId: '12' })).toEqual(view.answer);
  });

  it('gives the answer only to the same call with the same payload', async () => {
    putBlock(JSON.stringify(view));
    const m = await fresh();
    expect(m.firstAnswerOf(apiRoutes.loanDetails, { orderId: '12', productId: '1' })).toBeUndefined();
    expect(m.firstAnswerOf(apiRoutes.loanDetails, { productId: '1', orderId: '13' })).toBeUndefined();
    expect(m.firstAnswerOf(apiRoutes.loanPlayDetail, { productId: '1', orderId: '12' })).toBeUndefined();
  });

  it('is forgotten once used: a later visit loads', async () => {
    putBlock(JSON.stringify(view));
    const m = await fresh();
    m.forgetFirstView();
    expect(m.firstView()).toBeNull();
    expect(m.firstAnswerOf(apiRoutes.loanDetails, { productId: '1', orderId: '12' })).toBeUndefined();
  });

  it('a page without a block, or with a broken one, has none', async () => {
    expect((await fresh()).firstView()).toBeNull();
    vi.resetModules();
    putBlock('{not json');
    expect((await fresh()).firstView()).toBeNull();
    document.getElementById(firstViewBlockId)?.remove();
    vi.resetModules();
    putBlock('{"answer":1}');
    expect((await fresh()).firstView()).toBeNull();
  });

  it('the server render sets it for the render only', () => {
    const seen = renderingFirstView(view, () => firstAnswer(apiRoutes.loanDetails, { productId: '1', orderId: '12' }));
    expect(seen).toMatchObject({ success: true, data: { orderStatus: '174' } });
    forgetFirstView();
    expect(firstView()).toBeNull();
    expect(firstAnswerOf(apiRoutes.loanDetails, { productId: '1', orderId: '12' })).toBeUndefined();
  });
});

function Probe({ fetcher, first }: { fetcher: () => Promise<Normalised<string>>; first: string | null }) {
  const remote = useQuery<string>({ load: fetcher, initial: () => (first === null ? null : { success: true, code: '0', message: '', data: first, raw: null }) });
  return <p>{remote.loading ? 'loading' : (remote.data ?? 'none')}</p>;
}

describe('useQuery with the first data', () => {
  it('shows it at once and does not load on mount; a load on demand still runs', async () => {
    const fetcher = vi.fn(() => Promise.resolve({ success: true, code: '0', message: '', data: 'fresh', raw: null }));
    render(<Probe fetcher={fetcher} first="from the server" />);
    expect(screen.getByText('from the server')).toBeTruthy();
    await act(async () => {});
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('without it, loads on mount as before', async () => {
    const fetcher = vi.fn(() => Promise.resolve({ success: true, code: '0', message: '', data: 'fresh', raw: null }));
    render(<Probe fetcher={fetcher} first={null} />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('fresh')).toBeTruthy();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
