import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoanDialog } from './loan-dialog';

describe('LoanDialog', () => {
  it('is a modal dialog named by its title and described by its content, focused on open', () => {
    render(
      <LoanDialog visible title="Título">
        <p>Contenido</p>
      </LoanDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Título', description: 'Contenido' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(dialog);
  });

  it('renders nothing while hidden', () => {
    render(<LoanDialog visible={false} title="Título" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with its close button and with Escape when closable', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<LoanDialog visible title="Título" onClose={onClose} closeLabel="Cerrar" />);
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('has no close button without onClose', () => {
    render(<LoanDialog visible title="Título" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
