import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt } from '@/shared/testing/render';
import { signedAgreementLink } from '@/shared/testing/signed-agreement';
import { SignedAgreementLink } from './signed-agreement-link';

const agreement = signedAgreementLink();
const words = { label: 'Contrato firmado (PDF)', signedOn: (date: string) => `Firmado el ${date}` };

function hrefOf(link: HTMLElement): URL {
  return new URL(link.getAttribute('href')!, 'http://localhost');
}

describe('SignedAgreementLink', () => {
  afterEach(() => {
    delete window.__PRESTA_API_BASE__;
  });

  it('opens the PDF in a new tab with the session of the app’s page, the signing day described', async () => {
    const { container } = renderAt(<SignedAgreementLink agreement={agreement} market="MX" {...words} />, '/loan-details', 'swift=sess-9&showy=dev-1&orderId=12&language=2');
    const link = screen.getByRole('link', { name: 'Contrato firmado (PDF)', description: 'Firmado el 2025-07-01' });
    const href = hrefOf(link);
    expect(href.pathname).toBe('/api/agreements/AG7K2M9Q4X1B8C.pdf');
    expect(href.searchParams.get('swift')).toBe('sess-9');
    expect(href.searchParams.get('showy')).toBe('dev-1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
    expect(await seriousA11yViolations(container)).toEqual([]);
  });

  it('in a browser signed in by SMS (a cookie, no session parameters) the address carries none; the API base is kept', () => {
    window.__PRESTA_API_BASE__ = '/backend';
    renderAt(<SignedAgreementLink agreement={agreement} market="MX" {...words} />, '/order', 'language=1');
    const href = hrefOf(screen.getByRole('link', { name: 'Contrato firmado (PDF)' }));
    expect(href.pathname).toBe('/backend/api/agreements/AG7K2M9Q4X1B8C.pdf');
    expect(href.searchParams.has('swift')).toBe(false);
    expect(href.searchParams.get('language')).toBe('1');
  });

  it('writes the market’s calendar day, and reads the hidden context after the label', () => {
    renderAt(
      <SignedAgreementLink agreement={{ ...agreement, signedAt: '2025-07-01T20:00:00.000Z' }} market="IN" {...words} context="PR12" />,
      '/order',
      'swift=sess-9',
    );
    expect(screen.getByRole('link', { name: 'Contrato firmado (PDF) PR12', description: 'Firmado el 2025-07-02' })).toBeTruthy();
  });
});
