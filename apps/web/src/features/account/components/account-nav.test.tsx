import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt } from '@/shared/testing/render';
import { AccountNav } from './account-nav';

const here = () => new URL(screen.getByTestId('location').textContent ?? '', 'http://localhost');

describe('AccountNav', () => {
  it('names the three sections, marks the one shown and goes to the others', async () => {
    const user = userEvent.setup();
    const { container } = renderAt(<AccountNav current="order" />, '/order', '', {
      '/main': <p>home</p>,
      '/setting': <p>account</p>,
    });
    const nav = screen.getByRole('navigation', { name: 'Secciones de su cuenta' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, new URL(l.getAttribute('href')!, 'http://localhost').pathname])).toEqual([
      ['Inicio', '/main'],
      ['Mis préstamos', '/order'],
      ['Mi cuenta', '/setting'],
    ]);
    expect(links.map((l) => l.getAttribute('aria-current'))).toEqual([null, 'page', null]);
    expect(await seriousA11yViolations(container)).toEqual([]);
    await user.click(within(nav).getByRole('link', { name: 'Mi cuenta' }));
    expect(here().pathname).toBe('/setting');
  });

  it('speaks English with language=1', () => {
    renderAt(<AccountNav current="main" />, '/main', 'swift=sess-9&showy=dev-1&language=1');
    const nav = screen.getByRole('navigation', { name: 'Your account’s sections' });
    const home = within(nav).getByRole('link', { name: 'Home' });
    expect(home.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'My loans' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'My account' })).toBeTruthy();
  });
});
