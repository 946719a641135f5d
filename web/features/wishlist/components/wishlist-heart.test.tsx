import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Viewer } from '../../../../common/schemas/users.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { customer, signedInAs } from '../../../test/fixtures.ts';
import { type Reply, stubServer } from '../../../test/network.ts';
import { WishlistHeart } from './wishlist-heart.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderHeart(viewer: Viewer | null, answers: Record<string, Reply> = {}) {
  const { calls } = stubServer({
    ...signedInAs(viewer),
    // As the server keeps it: the saw, and the chisel once its heart was pressed.
    'GET /api/wishlist/ids': () => ({ body: { productIds: calls.some((call) => call.method === 'PUT') ? ['p-chisel', 'p-saw'] : ['p-saw'] } }),
    ...answers,
  });
  const router = createMemoryRouter(
    [
      { path: '/products', element: <WishlistHeart productId="p-chisel" productName="Bench Chisel" /> },
      { path: '/login', element: <p>Sign in</p> },
    ],
    { initialEntries: ['/products?category=chisels'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, router, user: userEvent.setup() };
}

describe('the wishlist heart', () => {
  it('adds the product for a signed-in customer, and shows it pressed', async () => {
    const { calls, user } = renderHeart(customer, { 'PUT /api/wishlist/p-chisel': { body: { productId: 'p-chisel', inWishlist: true } } });
    const heart = await screen.findByRole('button', { name: 'Add to wishlist: Bench Chisel' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/api/wishlist/ids')).toBe(true));
    await user.click(heart);
    const pressed = await screen.findByRole('button', { name: 'Remove from wishlist: Bench Chisel' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual(['/api/wishlist/p-chisel']);
  });

  it('sends a visitor to sign in, and back here after', async () => {
    const { router, calls, user } = renderHeart(null);
    await user.click(await screen.findByRole('button', { name: 'Add to wishlist: Bench Chisel' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?returnTo=${encodeURIComponent('/products?category=chisels')}`);
    expect(calls.filter((call) => call.path.startsWith('/api/wishlist'))).toEqual([]);
  });
});
