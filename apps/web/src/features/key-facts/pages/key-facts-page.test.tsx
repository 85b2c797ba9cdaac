import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { formatMarketMoney } from '@presta/contract/markets';
import { callApiMock } from '@/shared/testing/api-stubs';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { renderAt } from '@/shared/testing/render';
import { indianKeyFacts } from '../testing/key-facts-fixtures';
import KeyFactsPage from './key-facts-page';

vi.mock('@/shared/http/api-client', () => ({ callApi: vi.fn() }));

const ok = <T,>(data: T) => ({ success: true, code: '0', message: '', data, raw: {} });
const session = 'crp_phe=3.2.0&showy=dev-1&swift=sess-9&productId=2';
const money = (minor: number) => formatMarketMoney(minor, 'IN');

function answer(data = indianKeyFacts()) {
  callApiMock().mockImplementation((endpoint) => {
    if (endpoint === apiRoutes.keyFacts) return Promise.resolve(ok(data));
    return Promise.reject(new Error(`unexpected call ${endpoint.path}`));
  });
}

describe('KeyFactsPage', () => {
  it('reads an offer’s KFS by proposal number and states its proposal, validity and every charge with its figure', async () => {
    const data = indianKeyFacts('en');
    answer(data);
    renderAt(<KeyFactsPage />, '/key-facts', `${session}&proposalNo=${data.proposalNo}&language=1`);
    await screen.findByRole('heading', { level: 1, name: 'Key Facts Statement (KFS)' });
    expect(callApiMock()).toHaveBeenCalledWith(apiRoutes.keyFacts, { proposalNo: data.proposalNo }, expect.anything());
    const text = document.body.textContent;
    expect(text).toContain(data.proposalNo);
    expect(text).toContain('Valid for 3 working days: until 2025-07-07.');
    expect(text).toContain('Not acknowledged yet.');
    // Every charge the ledger can levy, with the figure the ledger uses.
    for (const c of data.charges) {
      if (c.charge === 'late_fee') expect(text).toContain(`${c.rate} a day of the overdue amount`);
      else if (c.charge === 'interest') expect(text).toContain(money(c.amount!));
      else if (c.charge === 'default_penalty') expect(text).toContain(`${money(100_000)} / ${money(80_000)}`);
      else expect(text).toContain(money(c.amount!));
    }
    expect(text).toContain('Late interest, days 1 to 30 late');
    expect(text).toContain('Late interest, from day 91 late');
    // The APR, its computation sheet (cash flows) and the schedule.
    const apr = data.terms.annualCost;
    expect(text).toContain(`APR (annual percentage rate) ${apr.rate}`);
    const flows = screen.getByRole('table', { name: 'The loan’s cash flows' });
    expect(within(flows).getAllByRole('row')).toHaveLength(1 + apr.sheet.length);
    expect(within(flows).getByText(money(5_000_000))).toBeTruthy();
    expect(within(flows).getByText(money(5_632_000))).toBeTruthy();
    expect(screen.getByText(apr.periodicRate)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Repayment schedule' })).toBeTruthy();
    expect(text).toContain(data.grievance.email);
    expect(text).toContain('3 days from disbursal');
    expect(text).not.toContain('$');
  });

  it('reads a loan’s KFS by order, with its acknowledgement, loan number and cooling-off dates; prints', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const data = indianKeyFacts('es', { orderNo: 'PR2025070200000031', orderId: '31', acknowledgedAt: '2025-07-02 10:20:00', disbursedOn: '2025-07-03', coolingOff: { days: 3, until: '2025-07-06' } });
    answer(data);
    renderAt(<KeyFactsPage />, '/key-facts', `${session}&orderId=31`);
    await screen.findByRole('heading', { level: 1, name: 'Hoja de Datos Clave (KFS)' });
    expect(callApiMock()).toHaveBeenCalledWith(apiRoutes.keyFacts, { orderId: '31' }, expect.anything());
    const text = document.body.textContent;
    expect(text).toContain('PR2025070200000031');
    expect(text).toContain('2025-07-02 10:20:00');
    expect(text).toContain('hasta el 2025-07-06');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says when the KFS has expired', async () => {
    answer(indianKeyFacts('en', { expired: true }));
    renderAt(<KeyFactsPage />, '/key-facts', `${session}&proposalNo=KFS20250702ABCDEF01&language=1`);
    expect(await screen.findByText('This Key Facts Statement expired on 2025-07-07. Go back to the confirmation to read the current one.')).toBeTruthy();
  });

  it('an address naming no KFS is an invalid link and calls nothing', async () => {
    callApiMock().mockReset();
    renderAt(<KeyFactsPage />, '/key-facts', 'proposalNo=nope');
    expect(await screen.findByText('Enlace no válido')).toBeTruthy();
    expect(callApiMock()).not.toHaveBeenCalled();
  });

  it('has no serious or critical accessibility violations', async () => {
    answer();
    const { container } = renderAt(<KeyFactsPage />, '/key-facts', `${session}&proposalNo=KFS20250702ABCDEF01&language=1`);
    await screen.findByRole('heading', { level: 1 });
    expect(await seriousA11yViolations(container)).toEqual([]);
  });
});
