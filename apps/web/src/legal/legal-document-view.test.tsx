import { render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LegalDocumentView } from './legal-document-view';
import { loanTerms } from './loan-terms';
import { privacyNotice } from './privacy-notice';

describe('LegalDocumentView', () => {
  it('renders the title as h1, each section as h2, clause numbers and lists', () => {
    render(<LegalDocumentView document={loanTerms.en} lang="en" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Loan terms and conditions' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(loanTerms.en.sections.length);
    expect(screen.getByRole('article').getAttribute('lang')).toBe('en');
    expect(screen.getByText('4.2').parentElement!.textContent).toBe('4.2Late interest is also charged each day on the unpaid amount:');
    expect(screen.getByText('5% per day on days 1 to 30 of delay.').tagName).toBe('LI');
  });

  it('starts one level lower when embedded under a page heading', () => {
    render(<LegalDocumentView document={privacyNotice.es} headingLevel={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Aviso de privacidad' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: '6. Derechos ARCO' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('renders to static HTML (the marketing site build)', () => {
    const html = renderToStaticMarkup(<LegalDocumentView document={privacyNotice.es} />);
    expect(html).toMatch(/^<article class="legal-document"><header/);
    expect(html).toContain('<h1 class="legal-document__title">Aviso de privacidad</h1>');
    expect(html).toContain('se eliminan en un plazo de 30 días');
  });
});
