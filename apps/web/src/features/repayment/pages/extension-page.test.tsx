import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { assignLocation } from '@/shared/session/navigation';
import { answerByPath, callsTo } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { lastUrl, renderAt } from '@/shared/testing/render';
import { extensionAnswer, failed, ok } from '../testing/repayment-fixtures';
import ExtensionPage from './extension-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn() }));
vi.mock('@/shared/session/navigation', () => ({ replaceLocation: vi.fn(), assignLocation: vi.fn() }));
vi.mock('@/shared/ui/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/shared/ui/toast')>()),
  showToast: vi.fn(),
}));

const extensionPath = apiRoutes.loanPlayDelayDetail.path;

async function loaded(query?: string) {
  const view = renderAt(<ExtensionPage />, '/repayment-delay', query);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

describe('ExtensionPage', () => {
  it('shows the reviewer text, extension fee, new due date and product', async () => {
    answerByPath({ [extensionPath]: ok(extensionAnswer()) });
    await loaded();
    expect(callsTo(extensionPath)[0]![1]).toEqual({ productId: '1', orderId: '12' });
    const hero = screen.getByRole('region', { name: 'Extensión de plazo' });
    expect(within(hero).getByText('Pague el cargo y su fecha se recorre 7 días.')).toBeTruthy();
    expect(within(hero).getByText('Cargo por extensión')).toBeTruthy();
    expect(within(hero).getByText('$450,00')).toBeTruthy();
    expect(within(hero).getByText('Nueva fecha de pago')).toBeTruthy();
    expect(within(hero).getByText('2025-07-22')).toBeTruthy();
    expect(within(hero).getByText('Presta MX')).toBeTruthy();
    expect(document.title).toBe('Extender plazo · Presta');
  });

  it('shows the plan (title, amount, remark, time), the notice, the channels and the note', async () => {
    answerByPath({ [extensionPath]: ok(extensionAnswer()) });
    await loaded();
    const plan = screen.getByRole('region', { name: 'Su plan con la extensión' });
    const items = within(plan).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Cargo por extensión')).toBeTruthy();
    expect(within(items[0]!).getByText('$450,00')).toBeTruthy();
    expect(within(items[0]!).getByText('Se paga hoy')).toBeTruthy();
    expect(within(items[0]!).getByText('2025-07-15')).toBeTruthy();
    expect(within(items[1]!).getByText('Pago final')).toBeTruthy();
    expect(within(items[1]!).getByText('$2.625,00')).toBeTruthy();
    expect(within(items[1]!).getByText('Capital + intereses')).toBeTruthy();
    expect(within(items[1]!).getByText('2025-07-22')).toBeTruthy();

    expect(screen.getByRole('note', { name: 'Aviso' }).textContent).toContain('La extensión se activa al recibir su pago.');
    const channels = screen.getByRole('region', { name: 'Elija cómo pagar' });
    expect(within(channels).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Efectivo', 'Transferencia']);
    expect(screen.getByText('Solo puede extender su plazo una vez por periodo.')).toBeTruthy();
  });

  it('tapping a channel opens its payment instruction (/carpmm, requestType 2, the extension fee)', async () => {
    const user = userEvent.setup();
    answerByPath({ [extensionPath]: ok(extensionAnswer()) });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Pago en tiendas' }));
    const target = lastUrl(assignLocation);
    expect(target.pathname).toBe('/carpmm');
    expect(target.searchParams.get('requestType')).toBe('2');
    expect(target.searchParams.get('amount')).toBe('45000');
    expect(target.searchParams.get('payCode')).toBe('store');
    expect(target.searchParams.get('orderId')).toBe('12');
    expect(target.searchParams.get('swift')).toBe('sess-9');
  });

  it('leaves out an empty notice, note and plan', async () => {
    answerByPath({ [extensionPath]: ok(extensionAnswer({ noticeMsg: '', note: ' ', repayPlan: [] })) });
    await loaded();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Su plan con la extensión' })).toBeNull();
  });

  it('shows a failure with a retry', async () => {
    const user = userEvent.setup();
    answerByPath({ [extensionPath]: [failed(), ok(extensionAnswer())] });
    renderAt(<ExtensionPage />, '/repayment-delay');
    await user.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Nueva fecha de pago')).toBeTruthy();
  });

  it('is in English with language=1', async () => {
    answerByPath({ [extensionPath]: ok(extensionAnswer()) });
    await loaded('orderId=12&language=1');
    expect(screen.getByRole('heading', { level: 1, name: 'Term extension' })).toBeTruthy();
    expect(screen.getByText('Extension fee')).toBeTruthy();
    expect(screen.getByText('New due date')).toBeTruthy();
    // Issue 12: a Mexican loan read in English is in pesos.
    expect(screen.getAllByText('$450,00').length).toBeGreaterThan(0);
  });

  it('an Indian loan read in Spanish is in rupees (issue 12)', async () => {
    answerByPath({ [extensionPath]: ok(extensionAnswer({ market: 'IN' })) });
    await loaded('orderId=12&language=2');
    expect(screen.getAllByText('₹450.00').length).toBeGreaterThan(0);
    expect(screen.getByText('₹2,625.00')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\$\d/);
  });

  it('has no serious or critical accessibility violations', async () => {
    answerByPath({ [extensionPath]: ok(extensionAnswer()) });
    const { container } = await loaded();
    expect(await seriousA11yViolations(container)).toEqual([]);
  });
});

describe('ExtensionPage: the statement link (issue 12)', () => {
  it("links to the order's statement in the app, without the session in the address", async () => {
    answerByPath({ [extensionPath]: ok(extensionAnswer()) });
    await loaded();
    const target = new URL(screen.getByRole('link', { name: 'Ver estado de cuenta' }).getAttribute('href')!, 'http://localhost');
    expect(target.pathname).toBe('/loan-statement');
    expect(target.searchParams.get('orderId')).toBe('12');
    expect(target.searchParams.get('productId')).toBe('1');
    expect(target.searchParams.has('swift')).toBe(false);
  });
});
