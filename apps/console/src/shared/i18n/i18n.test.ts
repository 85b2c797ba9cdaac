import { describe, expect, it } from 'vitest';
import { interpolate } from './i18n';

describe('interpolate', () => {
  const orders = '{count, plural, one {# orden desembolsada} other {# órdenes desembolsadas}} el {day}';
  const ordersEn = '{count, plural, one {# order disbursed} other {# orders disbursed}} on {day}';

  it('chooses the plural form by the language’s rules (issue 32: "1 órdenes")', () => {
    expect(interpolate(orders, { count: 1, day: '2025-03-05' }, 'es')).toBe('1 orden desembolsada el 2025-03-05');
    expect(interpolate(orders, { count: 0, day: '2025-03-05' }, 'es')).toBe('0 órdenes desembolsadas el 2025-03-05');
    expect(interpolate(orders, { count: 2, day: '2025-03-05' }, 'es')).toBe('2 órdenes desembolsadas el 2025-03-05');
    expect(interpolate(ordersEn, { count: 1, day: '2025-03-05' }, 'en')).toBe('1 order disbursed on 2025-03-05');
    expect(interpolate(ordersEn, { count: 12, day: '2025-03-05' }, 'en')).toBe('12 orders disbursed on 2025-03-05');
  });

  it('leaves a message without plural forms as it replaces names', () => {
    expect(interpolate('Orden {orderNo} aprobada.', { orderNo: 'PR1' })).toBe('Orden PR1 aprobada.');
    expect(interpolate('{count, plural, one {# x} other {# y}}', { count: 'n' })).toBe('{count, plural, one {# x} other {# y}}');
  });
});
