import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@presta/contract/routes';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt } from '@/shared/testing/render';
import PrivacyPolicyPage from './privacy-policy-page';

const path = routes.privacyPolicy;

function switchButton(name: string) {
  return within(screen.getByRole('group')).getByRole('button', { name });
}

describe('PrivacyPolicyPage', () => {
  it('shows the notice in the session language (Spanish by default) with its headings and clauses', () => {
    renderAt(<PrivacyPolicyPage />, path, '');
    expect(screen.getByRole('heading', { level: 1, name: 'Aviso de privacidad' })).toBeTruthy();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([
      '1. Responsable y alcance',
      '2. Datos personales que recabamos',
      '3. Fotografía del rostro (selfie)',
      '4. Ubicación y cámara',
      '5. Transferencias de datos',
      '6. Derechos ARCO',
      '7. Cookies',
      '8. Cambios a este aviso',
    ]);
    expect(screen.getByText(/se eliminan en un plazo de 30 días/)).toBeTruthy();
    expect(screen.getByRole('article').getAttribute('lang')).toBe('es');
    expect(switchButton('Español').getAttribute('aria-pressed')).toBe('true');
    expect(switchButton('English').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('group', { name: 'Idioma del aviso de privacidad' })).toBeTruthy();
    expect(document.title).toBe('Aviso de privacidad · Presta');
  });

  it('starts in English when the session language is English (?language=1)', () => {
    renderAt(<PrivacyPolicyPage />, path, 'language=1');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Language of the privacy notice' })).toBeTruthy();
    expect(switchButton('English').getAttribute('aria-pressed')).toBe('true');
  });

  it('switches the notice between Spanish and English on the page', async () => {
    const user = userEvent.setup();
    renderAt(<PrivacyPolicyPage />, path, 'language=2');
    await user.click(switchButton('English'));
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '6. ARCO rights' })).toBeTruthy();
    expect(screen.getByText(/within 15 working days/)).toBeTruthy();
    expect(screen.getByRole('article').getAttribute('lang')).toBe('en');
    expect(switchButton('English').getAttribute('aria-pressed')).toBe('true');
    expect(switchButton('Español').getAttribute('aria-pressed')).toBe('false');
    expect(document.title).toBe('Privacy notice · Presta');

    await user.click(switchButton('Español'));
    expect(screen.getByRole('heading', { level: 1, name: 'Aviso de privacidad' })).toBeTruthy();
    expect(switchButton('Español').getAttribute('aria-pressed')).toBe('true');
  });

  it('has no serious accessibility violations in either language', async () => {
    const user = userEvent.setup();
    const { container } = renderAt(<PrivacyPolicyPage />, path, '');
    expect(await seriousA11yViolations(container)).toEqual([]);
    await user.click(switchButton('English'));
    expect(await seriousA11yViolations(container)).toEqual([]);
  });
});
