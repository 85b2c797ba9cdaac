import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AmountText } from './amount-text';

const pieces = (text: string) => {
  const { container } = render(
    <p>
      <AmountText text={text} />
    </p>,
  );
  return { spans: [...container.querySelectorAll('.presta-amount')].map((s) => s.textContent), text: container.textContent };
};

describe('AmountText', () => {
  it('keeps every amount and rate in one unbreakable piece, the text as it was', () => {
    const text = 'Capital ₹5.000,00 + interés $455,00 + GST -₹0,05; tasa 0,10% al día, IVA 16 %, 1 de 3';
    const { spans, text: shown } = pieces(text);
    expect(spans).toEqual(['₹5.000,00', '$455,00', '-₹0,05', '0,10%', '16 %']);
    expect(shown).toBe(text);
  });
  it('keeps India’s amounts and rates whole too (decision 022: lakh grouping, a decimal dot)', () => {
    const text = 'Principal ₹1,00,000.00 + fee ₹27,167.98, refund -₹0.05; APR 43.36%, 1 of 3';
    const { spans, text: shown } = pieces(text);
    expect(spans).toEqual(['₹1,00,000.00', '₹27,167.98', '-₹0.05', '43.36%']);
    expect(shown).toBe(text);
  });
  it('leaves a text without amounts alone', () => {
    expect(pieces('Cuota 1 de 3').spans).toEqual([]);
    expect(pieces('').text).toBe('');
  });
});
