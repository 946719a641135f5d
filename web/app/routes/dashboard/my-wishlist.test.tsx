import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type WishlistItem, wishlistItemSchema } from '../../../../common/schemas/wishlist.ts';
import { customer, signedInAs } from '../../../test/fixtures.ts';
import { stubServer } from '../../../test/network.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const chisel: WishlistItem = wishlistItemSchema.parse({
  productId: 'p-chisel',
  name: 'Bench Chisel',
  img: '/images/products/bench-chisel.webp',
  price: 42,
  priceMax: 54,
  availQuantity: 80,
  soldOut: false,
  addedAt: '2026-11-26T10:00:00.000Z',
});
const plane: WishlistItem = wishlistItemSchema.parse({
  productId: 'p-plane',
  name: 'Block Plane',
  img: '/images/products/block-plane.webp',
  price: 89,
  priceMax: 89,
  availQuantity: 1,
  soldOut: true,
  addedAt: '2026-11-25T10:00:00.000Z',
});

const wishlistOf = (items: WishlistItem[]) => ({
  ...signedInAs(customer),
  'GET /api/wishlist': { body: items, headers: { 'x-total-count': String(items.length) } },
});

describe('My Wishlist', () => {
  it('shows each product with its picture, name, price (from the lowest when variants differ), stock and a link', async () => {
    stubServer(wishlistOf([chisel, plane]));
    renderApp('/dashboard/wishlist');

    const first = within(await screen.findByRole('article', { name: 'Bench Chisel' }));
    expect(first.getByRole('img', { name: 'Bench Chisel' })).toBeTruthy();
    expect(first.getByRole('heading', { name: 'Bench Chisel' })).toBeTruthy();
    expect(first.getByText('from')).toBeTruthy();
    expect(first.getByText(/\$42\.00/)).toBeTruthy();
    expect(first.getByText('In stock')).toBeTruthy();
    expect(first.getByRole('link', { name: 'View and buy: Bench Chisel' }).getAttribute('href')).toBe('/products/p-chisel');

    const second = within(screen.getByRole('article', { name: 'Block Plane' }));
    expect(second.queryByText('from')).toBeNull();
    expect(second.getByText('Sold out')).toBeTruthy();
    expect(second.getByRole('link', { name: 'See it: Block Plane' }).getAttribute('href')).toBe('/products/p-plane');
    expect(screen.getByText('2 tools, the latest added first.')).toBeTruthy();
  });

  it('takes a product out with Remove', async () => {
    const { calls } = stubServer({ ...wishlistOf([chisel]), 'DELETE /api/wishlist/p-chisel': { body: { productId: 'p-chisel', inWishlist: false } } });
    renderApp('/dashboard/wishlist');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Remove: Bench Chisel' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/wishlist/p-chisel')).toBe(true));
  });

  it('says when the wishlist is empty, with the way to the catalogue', async () => {
    stubServer(wishlistOf([]));
    renderApp('/dashboard/wishlist');
    expect(await screen.findByText('Your wishlist is empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the tools' }).getAttribute('href')).toBe('/products');
  });

  it('is in the customer’s dashboard menu', async () => {
    stubServer(wishlistOf([]));
    renderApp('/dashboard/wishlist');
    const menu = within(await screen.findByRole('navigation', { name: 'Dashboard' }));
    expect(menu.getByRole('link', { name: 'My Wishlist' }).getAttribute('href')).toBe('/dashboard/wishlist');
  });
});
