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
};

function setup(onSend: (score: number) => Promise<unknown> = vi.fn(() => Promise.resolve(true))) {
  const onMissingScore = vi.fn();
  const onClose = vi.fn();
  render(<StarScoreModal visible onSend={onSend} onMissingScore={onMissingScore} onClose={onClose} labels={labels} />);
  return { onSend, onMissingScore, onClose, user: userEvent.setup() };
}

describe('StarScoreModal', () => {
  it('without a star, Send asks for one and sends nothing', async () => {
    const { onSend, onMissingScore, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Enviar' }));
    expect(onMissingScore).toHaveBeenCalledTimes(1);
    expect(onSend).not.toHaveBeenCalled();
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
