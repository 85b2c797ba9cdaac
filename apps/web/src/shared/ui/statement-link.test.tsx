import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '@/shared/testing/render';
import { StatementLink } from './statement-link';

describe('StatementLink', () => {
  it('opens the statement of the order in the app, without the session in the address', async () => {
    const user = userEvent.setup();
    renderAt(<StatementLink orderId="12" productId="1" />, '/repayment', 'swift=sess-9&showy=dev-1&orderId=12&productId=1&language=2', {
      '/loan-statement': <p>statement</p>,
    });
    await user.click(screen.getByRole('link', { name: 'Ver estado de cuenta' }));
    const address = new URL(screen.getByTestId('location').textContent, 'http://localhost');
    expect(address.pathname).toBe('/loan-statement');
    expect(address.searchParams.get('orderId')).toBe('12');
    expect(address.searchParams.get('productId')).toBe('1');
    expect(address.searchParams.get('language')).toBe('2');
    expect(address.searchParams.has('swift')).toBe(false);
    expect(address.searchParams.has('showy')).toBe(false);
  });

  it('speaks the page language, and shows nothing without an order', () => {
    const { container } = renderAt(<StatementLink orderId="12" />, '/repayment', 'swift=sess-9&orderId=12&language=1');
    expect(screen.getByRole('link', { name: 'View statement' })).toBeTruthy();
    container.remove();
    renderAt(<StatementLink orderId="" />, '/repayment', 'swift=sess-9&language=1');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
