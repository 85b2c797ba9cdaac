import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '@/shared/testing/axe';
import { StarRating } from './star-rating';

function Harness({ initial = 0 }: { initial?: number }) {
  const [value, setValue] = useState(initial);
  return <StarRating value={value} onChange={setValue} label="Calificación" starLabel={(n) => `${n} de 5 estrellas`} />;
}

describe('StarRating', () => {
  it('is a radio group of five star buttons; a tap sets 1–5', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const stars = screen.getAllByRole('radio');
    expect(stars).toHaveLength(5);
    expect(stars.filter((s) => s.getAttribute('aria-checked') === 'true')).toHaveLength(0);
    await user.click(stars[3]!);
    expect(stars.map((s) => s.getAttribute('aria-checked'))).toEqual(['false', 'false', 'false', 'true', 'false']);
    expect(stars.filter((s) => s.classList.contains('presta-star-rating-star-lit'))).toHaveLength(4);
  });

  it('has one tab stop, the chosen star (or the first), and arrow keys move the choice', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1 de 5 estrellas' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '1 de 5 estrellas' }).getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '5 de 5 estrellas' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '5 de 5 estrellas' }).getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '3 de 5 estrellas' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getAllByRole('radio').filter((s) => s.tabIndex === 0)).toHaveLength(1);
  });

  it('runs from min to max when given a range', async () => {
    const user = userEvent.setup();
    function Range() {
      const [value, setValue] = useState(0);
      return <StarRating value={value} onChange={setValue} label="Puntaje" starLabel={(n) => `${n} de 4`} min={2} max={4} />;
    }
    render(<Range />);
    expect(screen.getAllByRole('radio').map((s) => s.getAttribute('aria-label'))).toEqual(['2 de 4', '3 de 4', '4 de 4']);
    await user.tab();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '2 de 4' }).getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '4 de 4' }));
    expect(screen.getAllByRole('radio').filter((s) => s.classList.contains('presta-star-rating-star-lit'))).toHaveLength(3);
  });

  it('has no serious or critical accessibility violations', async () => {
    const { container } = render(<Harness initial={2} />);
    expect(await seriousA11yViolations(container)).toEqual([]);
  });
});
