import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RemoteFallback } from './remote-fallback';

const texts = {
  loading: 'Cargando…',
  failedTitle: 'No pudimos cargar la página',
  failedText: 'Revise su conexión e inténtelo de nuevo.',
  retry: 'Reintentar',
  refusedTitle: 'No es posible continuar',
};

describe('RemoteFallback', () => {
  it('while loading, announces the skeleton', () => {
    render(<RemoteFallback remote={{ failed: false, refusal: null, load: vi.fn() }} texts={texts} />);
    expect(screen.getByRole('status').textContent).toContain('Cargando…');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('after a network failure, offers a retry that loads again', async () => {
    const load = vi.fn();
    render(<RemoteFallback remote={{ failed: true, refusal: null, load }} texts={texts} />);
    expect(screen.getByRole('heading', { level: 1, name: texts.failedTitle })).toBeTruthy();
    expect(screen.getByText(texts.failedText)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal with no retry (it would be refused again)", () => {
    render(<RemoteFallback remote={{ failed: true, refusal: 'Este préstamo ya está pagado', load: vi.fn() }} texts={texts} level={2} />);
    expect(screen.getByRole('heading', { level: 2, name: texts.refusedTitle })).toBeTruthy();
    expect(screen.getByText('Este préstamo ya está pagado')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
