import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productDetailSchema } from '../../../common/schemas/products.ts';
import { productReviewSchema } from '../../../common/schemas/reviews.ts';
import { signedInAs } from '../../test/fixtures.ts';
import { markingGaugeDetail } from '../../test/variant-fixtures.ts';
import { stubServer } from '../../test/network.ts';
import { renderApp } from '../../test/render-app.tsx';

const pictures = ['/images/products/marking-gauge.webp', 'https://images.example.com/gauge-side.webp', 'https://images.example.com/gauge-pin.webp'];
const gauge = productDetailSchema.parse({ ...markingGaugeDetail, pictures, rating: { count: 7, average: 4.3 } });

const reviewsOf = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) =>
    productReviewSchema.parse({
      _id: `r-${from + index}`,
      name: `Reviewer ${from + index + 1}`,
      email: 'r•••@example.com',
      review: `Review number ${from + index + 1}.`,
      ratings: 4,
      productId: gauge._id,
      verifiedBuyer: index === 0,
      createdAt: '2026-11-20T10:00:00.000Z',
    }),
  );

afterEach(() => vi.unstubAllGlobals());

/** The reviews call answers by its offset, as the server pages them. */
function stubProduct(product: unknown = gauge, pages: Record<string, unknown[]> = { '0': reviewsOf(5), '5': reviewsOf(2, 5) }) {
  const total = Object.values(pages).reduce((sum, page) => sum + page.length, 0);
  const { calls } = stubServer({ ...signedInAs(null), [`GET /api/products/${gauge._id}`]: { body: product } });
  const stubbed = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://shop.test');
    if (url.pathname === `/api/products/${gauge._id}/reviews`) {
      const offset = url.searchParams.get('offset') ?? '0';
      return new Response(JSON.stringify(pages[offset] ?? []), { headers: { 'content-type': 'application/json', 'x-total-count': String(total) } });
    }
    return stubbed(input, init);
  });
  return calls;
}

describe('a product’s page', () => {
  it('shows the product, its first picture large, and moves through the pictures with the arrow keys', async () => {
    stubProduct();
    renderApp(`/products/${gauge._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Marking Gauge' })).toBeTruthy();
    const gallery = screen.getByRole('region', { name: 'Pictures of Marking Gauge' });
    expect(within(gallery).getByRole('img', { name: 'Marking Gauge, picture 1 of 3' })).toBeTruthy();

    const thumbnails = within(gallery).getAllByRole('button', { name: /^Show picture \d of 3$/ });
    expect(thumbnails).toHaveLength(3);
    expect(thumbnails[0]!.getAttribute('aria-current')).toBe('true');
    // One thumbnail in the tab order: the shown picture's.
    expect(thumbnails.map((thumbnail) => thumbnail.tabIndex)).toEqual([0, -1, -1]);

    const user = userEvent.setup();
    thumbnails[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(gallery).getByRole('img', { name: 'Marking Gauge, picture 2 of 3' }).getAttribute('src')).toBe(pictures[1]);
    expect(document.activeElement).toBe(thumbnails[1]);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(gallery).getByRole('img', { name: 'Marking Gauge, picture 3 of 3' })).toBeTruthy();
    await user.keyboard('{Home}');
    expect(within(gallery).getByRole('img', { name: 'Marking Gauge, picture 1 of 3' })).toBeTruthy();
    await user.click(within(gallery).getByRole('button', { name: 'Next picture' }));
    expect(within(gallery).getByText('Picture 2 of 3')).toBeTruthy();
    await user.click(thumbnails[2]!);
    expect(within(gallery).getByRole('img', { name: 'Marking Gauge, picture 3 of 3' })).toBeTruthy();
  });

  it('changes picture on a sideways swipe, and not on a mostly vertical one', async () => {
    stubProduct();
    renderApp(`/products/${gauge._id}`);
    const gallery = await screen.findByRole('region', { name: 'Pictures of Marking Gauge' });
    const picture = within(gallery).getByRole('img', { name: /picture 1 of 3/ }).parentElement!;
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent.pointerDown(picture, { pointerId: 1, pointerType: 'touch', clientX: from[0], clientY: from[1] });
      fireEvent.pointerUp(picture, { pointerId: 1, pointerType: 'touch', clientX: to[0], clientY: to[1] });
    };
    swipe([300, 200], [200, 210]);
    expect(within(gallery).getByRole('img', { name: /picture 2 of 3/ })).toBeTruthy();
    swipe([300, 200], [250, 400]);
    expect(within(gallery).getByRole('img', { name: /picture 2 of 3/ })).toBeTruthy();
    swipe([100, 200], [200, 200]);
    expect(within(gallery).getByRole('img', { name: /picture 1 of 3/ })).toBeTruthy();
  });

  it('offers Buy Now to the purchase page, with the price, minimum order and stock', async () => {
    stubProduct();
    renderApp(`/products/${gauge._id}`);
    const buyBox = await screen.findByRole('region', { name: 'Buy Marking Gauge' });
    expect(within(buyBox).getByText('$12.50')).toBeTruthy();
    expect(within(buyBox).getByText('3 pieces')).toBeTruthy();
    expect(within(buyBox).getByText('In stock')).toBeTruthy();
    expect(within(buyBox).getByRole('link', { name: 'Buy Now' }).getAttribute('href')).toBe(`/purchase/${gauge._id}`);
  });

  it('says a sold-out product is sold out, with no Buy Now', async () => {
    stubProduct({ ...gauge, availQuantity: gauge.minQuantity });
    renderApp(`/products/${gauge._id}`);
    const buyBox = await screen.findByRole('region', { name: 'Buy Marking Gauge' });
    expect(within(buyBox).getAllByText(/Sold out/).length).toBeGreaterThan(0);
    expect(within(buyBox).queryByRole('link', { name: 'Buy Now' })).toBeNull();
  });

  it('lists the reviews with their average, a verified buyer’s mark, and pages', async () => {
    stubProduct();
    renderApp(`/products/${gauge._id}`);
    const reviews = await screen.findByRole('region', { name: 'What woodworkers say' });
    expect(within(reviews).getByText('4.3 out of 5 from 7 reviews')).toBeTruthy();
    const list = await within(reviews).findByRole('list', { name: 'Reviews of Marking Gauge' });
    expect(within(list).getAllByRole('article')).toHaveLength(5);
    expect(within(within(list).getByRole('article', { name: 'Review by Reviewer 1' })).getByText('Verified buyer')).toBeTruthy();
    expect(within(within(list).getByRole('article', { name: 'Review by Reviewer 2' })).queryByText('Verified buyer')).toBeNull();
    expect(within(reviews).getByRole('link', { name: 'Write a review of Marking Gauge' }).getAttribute('href')).toBe(`/dashboard/review?product=${gauge._id}`);

    await userEvent.setup().click(within(reviews).getByRole('button', { name: 'Page 2' }));
    expect(await within(reviews).findByRole('article', { name: 'Review by Reviewer 6' })).toBeTruthy();
    expect(within(reviews).getAllByRole('article')).toHaveLength(2);
  });

  it('says when a product has no reviews yet', async () => {
    stubProduct({ ...gauge, rating: { count: 0, average: null } }, {});
    renderApp(`/products/${gauge._id}`);
    expect(await screen.findByText('No reviews of this tool yet.')).toBeTruthy();
  });

  it('shows one picture without thumbnails or arrows', async () => {
    stubProduct({ ...gauge, pictures: [gauge.img] });
    renderApp(`/products/${gauge._id}`);
    const gallery = await screen.findByRole('region', { name: 'Pictures of Marking Gauge' });
    expect(within(gallery).getByRole('img', { name: 'Marking Gauge' })).toBeTruthy();
    expect(within(gallery).queryAllByRole('button')).toHaveLength(0);
  });

  it('says an unknown product is not there, and leads back to the catalogue', async () => {
    stubServer(signedInAs(null));
    renderApp('/products/no-such-tool');
    expect(await screen.findByRole('heading', { name: 'We could not find this tool' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the catalogue' }).getAttribute('href')).toBe('/products');
  });

  it('says when the product could not be loaded, and tries again', async () => {
    let fail = true;
    stubServer({
      ...signedInAs(null),
      [`GET /api/products/${gauge._id}`]: () => (fail ? { status: 400, body: { code: 'VALIDATION_FAILED', message: 'Something is off.' } } : { body: gauge }),
      [`GET /api/products/${gauge._id}/reviews`]: { body: [], headers: { 'x-total-count': '0' } },
    });
    renderApp(`/products/${gauge._id}`);
    expect(await screen.findByText('We could not load this tool.')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Marking Gauge' })).toBeTruthy();
  });
});
