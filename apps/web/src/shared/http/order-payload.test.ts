import { describe, expect, it } from 'vitest';
import { orderPayload } from './order-payload';

describe('orderPayload', () => {
  it('sends productId first when there is one, else the orderId alone (the same bytes for the page and the early prefetch)', () => {
    expect(Object.entries(orderPayload({ orderId: '12', productId: '1' }))).toEqual([
      ['productId', '1'],
      ['orderId', '12'],
    ]);
    expect(orderPayload({ orderId: '12' })).toEqual({ orderId: '12' });
    expect(orderPayload({ orderId: '12', productId: '' })).toEqual({ orderId: '12' });
  });
});
