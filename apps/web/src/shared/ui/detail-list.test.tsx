import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { DetailList } from './detail-list';

const rows = [
  { text: 'Capital', value: '$2.500,00' },
  { text: 'Cargo por atraso', value: '0' },
  { text: 'Intereses', value: '$75,00' },
  { text: 'Cupón', value: '' },
  { text: 'IVA', value: '$12,00' },
  { text: 'Total', value: '$2.625,00' },
];
const fold = { count: 2, moreLabel: 'Ver más', lessLabel: 'Ocultar' };

const terms = () => Array.from(document.querySelectorAll('dt')).map((dt) => dt.textContent);

describe('DetailList', () => {
  it("shows text/value rows and hides those whose value is '' or '0'", () => {
    render(
      <DetailList
        rows={[
          { text: 'Monto', value: '$5.000,00' },
          { text: 'IVA', value: '0' },
          { text: 'Seguro', value: '' },
          { text: 'Espacios', value: '  ' },
          { text: 'Plazo', value: '30 días' },
          { text: 'Cero con decimales', value: '0,00' },
        ]}
      />,
    );
    expect(screen.getAllByRole('term').map((el) => el.textContent)).toEqual(['Monto', 'Plazo', 'Cero con decimales']);
    expect(screen.getAllByRole('definition').map((el) => el.textContent)).toEqual(['$5.000,00', '30 días', '0,00']);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('renders nothing when no row is left, folded or not', () => {
    expect(render(<DetailList rows={[{ text: 'IVA', value: '0' }]} />).container.innerHTML).toBe('');
    expect(render(<DetailList rows={[{ text: 'Cargo', value: '0' }]} fold={fold} />).container.innerHTML).toBe('');
  });

  it('folded: shows the first 2 rows with a value, and More/Hide toggles all of them', async () => {
    const user = userEvent.setup();
    const { container } = render(<DetailList rows={rows} fold={fold} />);
    expect(terms()).toEqual(['Capital', 'Intereses']);

    const more = screen.getByRole('button', { name: 'Ver más' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(more.getAttribute('aria-controls')!)?.tagName).toBe('DL');

    await user.click(more);
    const hide = screen.getByRole('button', { name: 'Ocultar' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    expect(terms()).toEqual(['Capital', 'Intereses', 'IVA', 'Total']);
    expect(await seriousA11yViolations(container)).toEqual([]);

    await user.click(hide);
    expect(terms()).toEqual(['Capital', 'Intereses']);
    expect(screen.getByRole('button', { name: 'Ver más' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('folded: no toggle when 2 rows or fewer have a value', () => {
    render(<DetailList rows={rows.slice(0, 4)} fold={fold} />);
    expect(terms()).toEqual(['Capital', 'Intereses']);
    expect(screen.queryByRole('button')).toBeNull();
  });

  // Issue 12: '₹968,0' / '0' — a value squeezed beside a long label broke inside the amount.
  it('keeps every amount of a row in one unbreakable piece (labels too)', () => {
    const { container } = render(<DetailList rows={[{ text: 'GST at 18% of commission', value: '₹968.00' }]} />);
    expect([...container.querySelectorAll('.presta-amount')].map((s) => s.textContent)).toEqual(['18%', '₹968.00']);
    expect(container.querySelector('dd')?.textContent).toBe('₹968.00');
  });
});
