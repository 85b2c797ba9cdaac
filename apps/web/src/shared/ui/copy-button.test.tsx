import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { CopyButton } from '@/shared/ui/copy-button';
import { showToast } from '@/shared/ui/toast';

vi.mock('@/shared/ui/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/ui/toast')>()),
  showToast: vi.fn(),
}));

function renderButton() {
  return render(
    <CopyButton text="80000000000011" label="Copiar" accessibleLabel="Copiar referencia" copiedMessage="Copiado" failedMessage="No se pudo copiar" />,
  );
}

describe('CopyButton', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
    Reflect.deleteProperty(document, 'execCommand');
  });

  it('copies its text and confirms with a toast', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { container } = renderButton();
    const button = screen.getByRole('button', { name: 'Copiar referencia' });
    expect(button.textContent).toBe('Copiar');
    await user.click(button);
    expect(writeText).toHaveBeenCalledWith('80000000000011');
    expect(showToast).toHaveBeenCalledWith('Copiado');
    expect(await seriousA11yViolations(container)).toEqual([]);
  });

  it('says so when the text could not be copied', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    Object.defineProperty(document, 'execCommand', { value: vi.fn(() => false), configurable: true });
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Copiar referencia' }));
    expect(showToast).toHaveBeenCalledWith('No se pudo copiar');
  });
});
