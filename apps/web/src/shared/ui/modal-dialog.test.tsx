import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
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

  describe('keyboard and focus (issue 14: Tab reached the page behind, Escape left the focus on the body)', () => {
    function Page({ closable = true }: { closable?: boolean }) {
      const [open, setOpen] = useState(false);
      return (
        <>
          <main>
            <h1>Página</h1>
            <button type="button">Antes</button>
            <button type="button" onClick={() => setOpen(true)}>
              Abrir
            </button>
          </main>
          <ModalDialog
            visible={open}
            title="Título"
            onClose={closable ? () => setOpen(false) : undefined}
            closeLabel="Cerrar"
            footer={
              <>
                <button type="button">Uno</button>
                <button type="button" disabled>
                  Apagado
                </button>
                <button type="button" onClick={() => setOpen(false)}>
                  Dos
                </button>
              </>
            }
          />
        </>
      );
    }

    it('Tab and Shift+Tab go round the dialog’s controls and never reach the page, which is inert', async () => {
      const user = userEvent.setup();
      render(<Page />);
      await user.click(screen.getByRole('button', { name: 'Abrir' }));
      const dialog = screen.getByRole('dialog', { name: 'Título' });
      expect(document.activeElement).toBe(dialog);
      // The dialog is in a layer of its own; the rest of the page cannot be reached.
      expect(dialog.closest('[inert]')).toBeNull();
      expect(screen.getByRole('heading', { name: 'Página' }).closest('[inert]')).not.toBeNull();
      const names: string[] = [];
      for (let i = 0; i < 6; i += 1) {
        await user.tab();
        names.push(document.activeElement?.textContent || document.activeElement?.getAttribute('aria-label') || '');
      }
      expect(names).toEqual(['Cerrar', 'Uno', 'Dos', 'Cerrar', 'Uno', 'Dos']);
      const back: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        await user.tab({ shift: true });
        back.push(document.activeElement?.textContent || document.activeElement?.getAttribute('aria-label') || '');
      }
      expect(back).toEqual(['Uno', 'Cerrar', 'Dos', 'Uno']);
    });

    it('Escape closes it wherever the focus is, the focus goes back to the opener and the page is active again', async () => {
      const user = userEvent.setup();
      render(<Page />);
      const opener = screen.getByRole('button', { name: 'Abrir' });
      await user.click(opener);
      // The focus left for the body (a tap on the dialog's text, say): Escape still closes.
      (document.activeElement as HTMLElement).blur();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
      await act(async () => {});
      expect(document.activeElement).toBe(opener);
      expect(document.querySelector('[inert]')).toBeNull();
    });

    it('a dialog without onClose ignores Escape', async () => {
      const user = userEvent.setup();
      render(<Page closable={false} />);
      await user.click(screen.getByRole('button', { name: 'Abrir' }));
      await user.keyboard('{Escape}');
      expect(screen.getByRole('dialog', { name: 'Título' })).toBeTruthy();
    });

    it('opened by the page itself, it leaves the focus on the page’s heading when closed, never on the body', async () => {
      const user = userEvent.setup();
      function AutoOpen() {
        const [open, setOpen] = useState(true);
        return (
          <>
            <main>
              <h1>Detalle</h1>
            </main>
            <ModalDialog visible={open} title="Pregunta" onClose={() => setOpen(false)} closeLabel="Cerrar" />
          </>
        );
      }
      render(<AutoOpen />);
      expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Pregunta' }));
      await user.keyboard('{Escape}');
      await act(async () => {});
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Detalle' }));
    });

    it('a live region (the toasts) stays out of the inert page, so a message is still read out', async () => {
      const user = userEvent.setup();
      const region = document.createElement('div');
      region.setAttribute('aria-live', 'polite');
      document.body.appendChild(region);
      try {
        render(<Page />);
        await user.click(screen.getByRole('button', { name: 'Abrir' }));
        expect(region.hasAttribute('inert')).toBe(false);
      } finally {
        region.remove();
      }
    });

    it('a dialog opened over another traps the focus alone; closing it gives the keyboard back to the first', async () => {
      const user = userEvent.setup();
      function Stacked() {
        const [second, setSecond] = useState(false);
        return (
          <>
            <main>
              <h1>Página</h1>
            </main>
            <ModalDialog visible title="Primero" footer={<button type="button" onClick={() => setSecond(true)}>Más</button>} />
            <ModalDialog visible={second} title="Segundo" onClose={() => setSecond(false)} closeLabel="Cerrar segundo" />
          </>
        );
      }
      render(<Stacked />);
      const more = screen.getByRole('button', { name: 'Más' });
      await user.click(more);
      const second = screen.getByRole('dialog', { name: 'Segundo' });
      expect(more.closest('[inert]')).not.toBeNull();
      await user.tab();
      await user.tab();
      expect(second.contains(document.activeElement)).toBe(true);
      await user.keyboard('{Escape}');
      await act(async () => {});
      expect(screen.queryByRole('dialog', { name: 'Segundo' })).toBeNull();
      expect(screen.getByRole('dialog', { name: 'Primero' })).toBeTruthy();
      expect(more.closest('[inert]')).toBeNull();
      expect(document.activeElement).toBe(more);
    });
  });
});

describe('ModalDialog before its popup layer has arrived (a page fetches it on its first dialog)', () => {
  it('opens once the layer is here, focused, with the page behind inert', async () => {
    vi.resetModules();
    const fresh = await import('./modal-dialog');
    render(
      <main>
        <button type="button">Abrir</button>
        <fresh.ModalDialog visible title="Título">
          <p>Contenido</p>
        </fresh.ModalDialog>
      </main>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Título' });
    await vi.waitFor(() => expect(document.activeElement).toBe(dialog));
    expect(document.querySelector('main')!.closest('[inert]')).not.toBeNull();
  });
});
