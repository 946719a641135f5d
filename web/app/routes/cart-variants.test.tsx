import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Cart, cartSchema } from '../../../common/schemas/cart.ts';
import { quoteOf } from '../../test/cart-quotes.ts';
import { markingGauge, signedInAs } from '../../test/fixtures.ts';
import { stubServer } from '../../test/network.ts';
import { renderApp } from '../../test/render-app.tsx';
import { benchChisel, chiselVariant } from '../../test/variant-fixtures.ts';

const storageKey = 'joinery.cart';
const stored = () => JSON.parse(window.localStorage.getItem(storageKey) ?? '[]') as unknown;

const tenWalnut = chiselVariant('10 mm', 'Walnut');
const tenAsh = chiselVariant('10 mm', 'Ash');

/** The server's price of the lines asked for: the chisel's in its variants, named under the tool. */
function priced(lines: { productId: string; variantId?: string; quantity: number }[]): Cart {
  const priceOf = (line: (typeof lines)[number]) => benchChisel.variants.find((variant) => variant._id === line.variantId)?.price ?? markingGauge.price;
  return cartSchema.parse({
    lines: lines.map((line) => {
      const variant = benchChisel.variants.find((each) => each._id === line.variantId);
      return {
        productId: line.productId,
        variantId: line.variantId ?? line.productId,
        quantity: line.quantity,
        product: variant
          ? {
              name: benchChisel.name,
              img: variant.img,
              price: variant.price,
              minQuantity: 1,
              availQuantity: variant.availQuantity,
              variant: `Width ${variant.options.Width} · Handle ${variant.options.Handle}`,
              sku: variant.sku,
            }
          : { name: markingGauge.name, img: markingGauge.img, price: markingGauge.price, minQuantity: 3, availQuantity: 10, variant: '', sku: 'GAUGE' },
        lineTotal: priceOf(line) * line.quantity,
      };
    }),
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    total: lines.reduce((sum, line) => sum + priceOf(line) * line.quantity, 0),
    ready: true,
  });
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('a cart with variants', () => {
  it('names each line with its variant, keeps a line per variant, and reads a line kept before variants as its product’s', async () => {
    window.localStorage.setItem(
      storageKey,
      JSON.stringify([
        { productId: benchChisel._id, variantId: tenWalnut._id, quantity: 2 },
        { productId: benchChisel._id, variantId: tenAsh._id, quantity: 1 },
        // Kept before products had variants: no variantId.
        { productId: markingGauge._id, quantity: 4 },
      ]),
    );
    const { calls } = stubServer({
      ...signedInAs(null),
      'POST /api/cart/quote': (call) => ({ body: quoteOf(priced((call.body as { lines: { productId: string; variantId?: string; quantity: number }[] }).lines)) }),
    });
    renderApp('/cart');
    const walnut = within(await screen.findByRole('article', { name: `${benchChisel.name} (Width 10 mm · Handle Walnut)` }));
    expect(walnut.getByRole('heading', { name: benchChisel.name })).toBeTruthy();
    expect(walnut.getByText('Width 10 mm · Handle Walnut')).toBeTruthy();
    expect(screen.getByRole('article', { name: `${benchChisel.name} (Width 10 mm · Handle Ash)` })).toBeTruthy();
    // A tool sold one way reads as it always has.
    expect(screen.getByRole('article', { name: markingGauge.name })).toBeTruthy();
    expect((calls.find((call) => call.path === '/api/cart/quote')?.body as { lines: unknown[] }).lines).toContainEqual({
      productId: markingGauge._id,
      variantId: markingGauge._id,
      quantity: 4,
    });

    await userEvent.setup().click(walnut.getByRole('button', { name: /^Remove/ }));
    expect(stored()).toEqual([
      { productId: benchChisel._id, variantId: tenAsh._id, quantity: 1 },
      { productId: markingGauge._id, variantId: markingGauge._id, quantity: 4 },
    ]);
  });
});
