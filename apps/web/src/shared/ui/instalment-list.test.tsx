import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { InstalmentList } from './instalment-list';

const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;
const items = [
  { title: 'Cuota 1/2', note: 'Antes vencía el 2026-11-18', amount: 350_000, date: '2026-12-07' },
  { title: 'Cuota 2/2', amount: 355_569, date: '' },
];

describe('InstalmentList', () => {
  it('lists each instalment in order with its amount and date, named for screen readers', async () => {
    const { container } = render(<InstalmentList items={items} formatMoney={money} amountLabel="Monto" dateLabel="Fecha de pago" />);
    const entries = screen.getAllByRole('listitem');
    expect(entries.map((li) => li.querySelector('.presta-instalment-list-title')!.textContent)).toEqual(['Cuota 1/2', 'Cuota 2/2']);
    expect(entries[0]!.textContent).toContain('Antes vencía el 2026-11-18');
    expect(screen.getAllByRole('definition').map((dd) => dd.textContent)).toEqual(['$3500.00', '2026-12-07', '$3555.69']);
    // The second has no date: neither its value nor its label is shown.
    expect(screen.getAllByRole('term').map((dt) => dt.textContent)).toEqual(['Monto', 'Fecha de pago', 'Monto']);
    expect(container.querySelector('.presta-instalment-list-index')).toBeNull();
    expect(await seriousA11yViolations(container)).toEqual([]);
  });

  it('numbers the entries when asked, and renders nothing without any', () => {
    const { container } = render(<InstalmentList items={items} numbered formatMoney={money} amountLabel="Monto" dateLabel="Fecha" />);
    expect(Array.from(container.querySelectorAll('.presta-instalment-list-index')).map((n) => n.textContent)).toEqual(['1', '2']);
    expect(render(<InstalmentList items={[]} formatMoney={money} amountLabel="Monto" dateLabel="Fecha" />).container.innerHTML).toBe('');
  });
});
