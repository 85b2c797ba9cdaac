import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubServer } from '@/shared/testing/test-server';
import type { ChartPoint } from './funnel-chart';
import PromotionPage from './promotion-page';
import type { LandingTemplate } from './template-fields';

// The chart library draws on a canvas jsdom does not have: the lazy chart is a stand-in showing what it was given.
vi.mock('./funnel-chart', () => ({
  default: ({ data, label }: { data: ChartPoint[]; label: string }) => (
    <div role="img" aria-label={label}>
      {data.map((p) => `${p.x} ${p.series} ${p.value}`).join('; ')}
    </div>
  ),
}));

const funnelRow = (template: string, utmTag: string, visits: number, registrations: number) => ({
  template,
  utmTag,
  visits,
  clicks: visits / 2,
  smsRequests: visits / 4,
  smsSent: visits / 4,
  registrations,
  conversionPct: Math.round((registrations / visits) * 1000) / 10,
});

const funnel = {
  // As the server answers: the instants [from, to) of the UTC days asked for (2025-03-01 and 2025-03-02).
  from: '2025-03-01T00:00:00.000Z',
  to: '2025-03-03T00:00:00.000Z',
  rows: [funnelRow('1', 'fb', 1200, 60), funnelRow('2', '', 800, 40)],
  byDay: [
    { ...funnelRow('1', 'fb', 700, 35), day: '2025-03-01' },
    { ...funnelRow('2', '', 800, 40), day: '2025-03-01' },
    { ...funnelRow('1', 'fb', 500, 25), day: '2025-03-02' },
  ],
};

const texts = { downloadTitle: 'Descarga Presta', downloadText: 'Tu préstamo en minutos.', agreementTitle: 'Acuerdo', agreementParagraphs: ['Primero.', 'Segundo.'] };

const template = (id: number, name: string): LandingTemplate => ({
  id,
  name,
  active: true,
  appName: 'Presta',
  iosUrl: 'https://apps.apple.com/app/presta',
  androidUrl: 'https://play.google.com/store/apps/details?id=presta',
  pixelId: '',
  texts: { es: texts, en: null },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: null,
});

const answers = {
  'GET /console/api/promotion/funnel': funnel,
  'GET /console/api/promotion/templates': { templates: [template(1, 'Default'), template(2, 'Facebook March')] },
  'POST /console/api/promotion/templates/update': (body: { id: number; name: string }) => ({ template: { ...template(body.id, body.name), updatedAt: '2025-03-03T10:00:00.000Z' } }),
};

const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('PromotionPage', () => {
  beforeEach(() => {
    localStorage.setItem('presta.console.language', 'en');
  });

  it("lists the funnel's rows and the period's totals, and charts visits and registrations per day", async () => {
    stubServer(['analyst'], answers);
    renderScreen(<PromotionPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Promotion' })).toBeTruthy();
    expect(await screen.findByText('From 2025-03-01 to 2025-03-02 (UTC days).')).toBeTruthy();
    expect(cellTexts(screen.getByText('fb').closest('tr')!)).toEqual(['1', 'fb', '1,200', '600', '300', '300', '60', '5.0 %']);
    expect(cellTexts(screen.getByText('(no tag)').closest('tr')!)).toEqual(['2', '(no tag)', '800', '400', '200', '200', '40', '5.0 %']);
    expect(cellTexts(screen.getByText('Total').closest('tr')!)).toEqual(['Total', '2,000', '1,000', '500', '500', '100', '5.0 %']);

    const chart = await screen.findByRole('img', { name: /visits and registrations per day \(UTC\), from 2025-03-01 to 2025-03-02/ });
    // Every template and tag added up per day, days in order.
    expect(chart.textContent).toBe('2025-03-01 Visits 1500; 2025-03-01 Registrations 75; 2025-03-02 Visits 500; 2025-03-02 Registrations 25');
  });

  it('lets an admin edit a template and sends the update', async () => {
    const sent = stubServer(['admin'], answers);
    const user = userEvent.setup();
    renderScreen(<PromotionPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit template 2' }));
    const drawer = (await screen.findByText('Template 2')).closest<HTMLElement>('[role="dialog"]')!;
    const name = within(drawer).getByLabelText('Name');
    expect((name as HTMLInputElement).value).toBe('Facebook March');
    await user.clear(name);
    await user.type(name, 'Facebook April');
    await user.type(within(drawer).getByLabelText('Pixel'), 'px-42');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(sent.find((s) => s.path === '/console/api/promotion/templates/update')).toMatchObject({
        method: 'POST',
        body: { id: 2, name: 'Facebook April', active: true, pixelId: 'px-42', es: texts, en: null },
      }),
    );
    expect(await screen.findByText('Template saved.')).toBeTruthy();
    await waitFor(() => expect(sent.filter((s) => s.path === '/console/api/promotion/templates')).toHaveLength(2));
  });

  it('shows an analyst the templates without an edit or add button', async () => {
    stubServer(['analyst'], answers);
    renderScreen(<PromotionPage />);
    expect(await screen.findByText('Facebook March')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit template/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add template' })).toBeNull();
  });
});
