import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@presta/contract/routes';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt } from '@/shared/testing/render';
import AboutUsPage from './about-us-page';

afterEach(() => {
  delete window.__PRESTA_BRAND__;
});

describe('AboutUsPage', () => {
  it('shows the logo, the app name and the welcome text', async () => {
    const { container } = renderAt(<AboutUsPage />, routes.aboutUs, '');
    expect(screen.getByRole('heading', { level: 1, name: 'Sobre nosotros' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Logotipo de Presta' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Presta' })).toBeTruthy();
    expect(screen.getByText(/préstamos rápidos y un servicio considerado/).textContent).toMatch(/^Bienvenido a Presta\./);
    expect(document.title).toBe('Sobre nosotros · Presta');
    expect(await seriousA11yViolations(container)).toEqual([]);
  });

  it("uses the brand's name", () => {
    window.__PRESTA_BRAND__ = { brandName: 'PrestaX' };
    renderAt(<AboutUsPage />, routes.aboutUs, 'language=1');
    expect(screen.getByRole('heading', { level: 2, name: 'PrestaX' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'PrestaX logo' })).toBeTruthy();
    expect(screen.getByText(/Welcome to PrestaX\. We offer fast loans with considerate service/)).toBeTruthy();
  });
});
