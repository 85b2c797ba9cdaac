import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { FoldedDetailList } from './folded-detail-list';

const rows = [
  { text: 'Capital', value: '$2.500,00' },
  { text: 'Cargo por atraso', value: '0' },
  { text: 'Intereses', value: '$75,00' },
  { text: 'Cupón', value: '' },
  { text: 'IVA', value: '$12,00' },
  { text: 'Total', value: '$2.625,00' },
];

const terms = () => Array.from(document.querySelectorAll('dt')).map((dt) => dt.textContent);

describe('FoldedDetailList', () => {
  it('shows the first 2 rows with a value, and More/Hide toggles all of them', async () => {
    const user = userEvent.setup();
    const { container } = render(<FoldedDetailList rows={rows} moreLabel="Ver más" lessLabel="Ocultar" />);
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

  it('has no toggle when 2 rows or fewer have a value', () => {
    render(<FoldedDetailList rows={rows.slice(0, 4)} moreLabel="Ver más" lessLabel="Ocultar" />);
    expect(terms()).toEqual(['Capital', 'Intereses']);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('renders nothing when no row has a value', () => {
    const { container } = render(<FoldedDetailList rows={[{ text: 'Cargo', value: '0' }]} moreLabel="Ver más" lessLabel="Ocultar" />);
    expect(container.innerHTML).toBe('');
  });
});
