import { describe, expect, it } from 'vitest';
import { loggableUrl } from './request-log.ts';

describe('the request log', () => {
  it('keeps no secret a link carries: tokens, order keys and codes', () => {
    expect(loggableUrl('/api/stock-alerts/unsubscribe?token=abc.def')).toBe('/api/stock-alerts/unsubscribe?token=…');
    expect(loggableUrl('/orders/42?key=secret&x=1')).toBe('/orders/42?key=…&x=1');
    expect(loggableUrl('/resetPassword?email=a%40b.c&TOKEN=zz')).toBe('/resetPassword?email=a%40b.c&TOKEN=…');
    expect(loggableUrl('/cart/restore?token=Ab-9_z')).toBe('/cart/restore?token=…');
    expect(loggableUrl('/api/cart-reminders/restore?token=Ab-9_z')).toBe('/api/cart-reminders/restore?token=…');
    expect(loggableUrl('/api/products?q=chisel&limit=12')).toBe('/api/products?q=chisel&limit=12');
  });
});
