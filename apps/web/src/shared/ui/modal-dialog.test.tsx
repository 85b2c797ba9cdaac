import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { ModalDialog } from './modal-dialog';

describe('ModalDialog', () => {
  it('is a modal dialog named by its title and described by its content, focused on open', () => {
    render(
      <ModalDialog visible title="Título">
        <p>Contenido</p>
      </ModalDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Título', description: 'Contenido' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(dialog);
  });

  it('renders nothing while hidden', () => {
    render(<ModalDialog visible={false} title="Título" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with its close button and with Escape when closable', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<ModalDialog visible title="Título" onClose={onClose} closeLabel="Cerrar" />);
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('has no close button without onClose', () => {
    render(<ModalDialog visible title="Título" />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a decorative illustration above the title, outside its name and description', async () => {
    render(
      <ModalDialog
        visible
        title="Título"
        illustration={<svg data-testid="picture" aria-hidden="true" focusable="false" />}
        footer={<button type="button">Aceptar</button>}
      >
        <p>Contenido</p>
      </ModalDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Título', description: 'Contenido' });
    const picture = screen.getByTestId('picture');
    expect(picture.compareDocumentPosition(screen.getByRole('heading', { name: 'Título' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await seriousA11yViolations(dialog)).toEqual([]);
  });
});
