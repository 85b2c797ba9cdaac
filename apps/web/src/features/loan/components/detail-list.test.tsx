import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DetailList } from './detail-list';

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
  });

  it('renders nothing when no row is left', () => {
    const { container } = render(<DetailList rows={[{ text: 'IVA', value: '0' }]} />);
    expect(container.innerHTML).toBe('');
  });
});
