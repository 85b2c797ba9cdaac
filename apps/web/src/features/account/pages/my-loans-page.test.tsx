import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { answerByPath } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt } from '@/shared/testing/render';
import { signedAgreementLink } from '@/shared/testing/signed-agreement';
import { loanSummary, ok } from '../testing/account-fixtures';
import MyLoansPage from './my-loans-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn() }));

const loansPath = apiRoutes.accountLoans.path;
const loans = [
  loanSummary({ orderId: '13', orderNo: 'PR2025000013', appliedOn: '2025-07-20', outstanding: 0, nextPayment: null, status: '21', statusText: 'En revisión' }),
  loanSummary(),
];

describe('MyLoansPage', () => {
  it('lists every loan in the server’s order (newest first) with status, amounts and next payment; each opens its details', async () => {
    answerByPath({ [loansPath]: ok({ loans }) });
    const user = userEvent.setup();
    renderAt(<MyLoansPage />, '/order', '', { '/order': <MyLoansPage /> });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis préstamos' })).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Mis préstamos' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['PR2025000013', 'PR2025000012']);
    expect(within(items[0]!).getByText('En revisión', { exact: false })).toBeTruthy();
    expect(within(items[0]!).queryByText('Próximo pago')).toBeNull();
    expect(within(items[1]!).getByText('Próximo pago')).toBeTruthy();
    expect(within(items[1]!).getByText('$5.250,00')).toBeTruthy();
    await user.click(within(items[1]!).getByRole('link', { name: 'Ver detalles del préstamo PR2025000012' }));
    const details = new URL(screen.getByTestId('location').textContent ?? '', 'http://localhost');
    expect([details.pathname, details.searchParams.get('orderId'), details.searchParams.get('productId')]).toEqual(['/order', '12', '1']);
  });

  it('offers the signed agreement’s PDF of each loan signed (issue 38), with the day, and none for a loan without one', async () => {
    answerByPath({ [loansPath]: ok({ loans: [loans[0]!, loanSummary({ signedAgreement: signedAgreementLink() })] }) });
    renderAt(<MyLoansPage />, '/order', 'swift=sess-9');
    const [unsigned, signed] = within(await screen.findByRole('list', { name: 'Mis préstamos' })).getAllByRole('listitem');
    expect(within(unsigned!).queryByRole('link', { name: /Contrato firmado/ })).toBeNull();
    const link = within(signed!).getByRole('link', { name: 'Contrato firmado (PDF) PR2025000012', description: 'Firmado el 2025-07-01' });
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/agreements/AG7K2M9Q4X1B8C.pdf');
    expect(href.searchParams.get('swift')).toBe('sess-9');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('names the signed agreement in English', async () => {
    answerByPath({ [loansPath]: ok({ loans: [loanSummary({ signedAgreement: signedAgreementLink() })] }) });
    renderAt(<MyLoansPage />, '/order', 'language=1');
    expect(await screen.findByRole('link', { name: 'Signed agreement (PDF) PR2025000012', description: 'Signed on 2025-07-01' })).toBeTruthy();
  });

  it('says so when there is no loan yet, in English too', async () => {
    answerByPath({ [loansPath]: ok({ loans: [] }) });
    renderAt(<MyLoansPage />, '/order', 'language=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'My loans' })).toBeTruthy();
    expect(screen.getByText('You have no loans yet.')).toBeTruthy();
  });

  it('has no serious or critical accessibility violations', async () => {
    answerByPath({ [loansPath]: ok({ loans: [...loans, loanSummary({ orderId: '11', orderNo: 'PR2025000011', signedAgreement: signedAgreementLink() })] }) });
    const { container } = renderAt(<MyLoansPage />, '/order', '');
    await screen.findByRole('heading', { level: 1 });
    expect(await seriousA11yViolations(container)).toEqual([]);
  });
});
