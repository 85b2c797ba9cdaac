import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StarScoreModal } from './star-score-modal';

const labels = {
  title: 'Califíquenos',
  text: '¿Cómo fue su experiencia?',
  group: 'Calificación',
  star: (n: number) => `${n} de 5 estrellas`,
  send: 'Enviar',
  sending: 'Enviando…',
  later: 'Ahora no',
  close: 'Cerrar',
  required: 'Seleccione una calificación',
};

function setup(onSend: (score: number) => Promise<unknown> = vi.fn(() => Promise.resolve(true))) {
  const onClose = vi.fn();
  render(<StarScoreModal visible onSend={onSend} onClose={onClose} labels={labels} />);
  return { onSend, onClose, user: userEvent.setup() };
}

describe('StarScoreModal', () => {
  it('without a star, Send asks for one under the stars (not over them) and sends nothing; a star clears it', async () => {
    const { onSend, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Enviar' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Seleccione una calificación');
    const stars = screen.getByRole('radiogroup', { name: 'Calificación' });
    expect(stars.getAttribute('aria-describedby')).toBe(alert.id);
    expect(stars.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
    await user.click(screen.getByRole('radio', { name: '3 de 5 estrellas' }));
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('sends the chosen score once, even when Send is tapped again while it goes', async () => {
    let finish!: () => void;
    const onSend = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = setup(onSend);
    await user.click(await screen.findByRole('radio', { name: '4 de 5 estrellas' }));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const busy = screen.getByRole('button', { name: 'Enviando…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await user.click(busy);
    finish();
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith(4);
    expect(await screen.findByRole('button', { name: 'Enviar' })).toBeTruthy();
  });

  it('Not now closes', async () => {
    const { onClose, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Ahora no' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
