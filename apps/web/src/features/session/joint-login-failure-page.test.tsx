import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bridge } from '@/shared/bridge/native-bridge';
import { initLanguage } from '@/shared/i18n/language-store';
import { seriousA11yViolations } from '@/shared/testing/axe';
import JointLoginFailurePage from '@/features/session/joint-login-failure-page';
import NotFoundPage from '@/features/session/not-found-page';

describe('JointLoginFailurePage', () => {
  it("shows 'Fracaso', the Spanish notice and the failure image", () => {
    const { container } = render(<JointLoginFailurePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Fracaso' })).toBeTruthy();
    expect(screen.getByText(/ofrece servicios profesionales y pago de préstamos/)).toBeTruthy();
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toMatch(/svg/);
    expect(image?.getAttribute('alt')).toBe('');
    expect(document.title).toBe('Fracaso · Presta');
  });

  it('speaks English when the language is English', () => {
    act(() => {
      initLanguage('?language=1');
    });
    render(<JointLoginFailurePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Failure' })).toBeTruthy();
    expect(screen.getByText(/offers professional services and loan payment/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('closes the web view through the bridge', async () => {
    const close = vi.spyOn(bridge, 'close').mockReturnValue(true);
    render(<JointLoginFailurePage />);
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('has no serious or critical accessibility violations', async () => {
    const { container } = render(<JointLoginFailurePage />);
    expect(await seriousA11yViolations(container)).toEqual([]);
  });
});

describe('NotFoundPage', () => {
  it('says the page does not exist and offers a way back', async () => {
    const close = vi.spyOn(bridge, 'close').mockReturnValue(true);
    const { container } = render(<NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(close).toHaveBeenCalledTimes(1);
    expect(await seriousA11yViolations(container)).toEqual([]);
  });
});
