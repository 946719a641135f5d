import { Link, useParams } from 'react-router';
import { formatUsd } from '../../../common/money.ts';
import { isSoldOut, orderableUnits } from '../../../common/ordering.ts';
import { pieces } from '../../../common/plurals.ts';
import { productPagePath } from '../../../common/product-page.ts';
import type { ProductDetail } from '../../../common/schemas/products.ts';
import type { Viewer } from '../../../common/schemas/users.ts';
import { variantLabel } from '../../../common/variants.ts';
import { PageMeta } from '../../components/ui/page-meta.tsx';
import { ErrorState } from '../../components/ui/query-states.tsx';
import { nameWithVariant, VariantLine } from '../../components/ui/variant-line.tsx';
import { useSession } from '../../features/auth/api/session-queries.ts';
import { OrderForm } from '../../features/orders/components/order-form.tsx';
import { useProduct } from '../../features/products/api/product-queries.ts';
import { ProductImage } from '../../features/products/components/product-image.tsx';
import { StockNote } from '../../features/products/components/stock-note.tsx';
import { useChosenVariant, variantPath } from '../../features/products/use-chosen-variant.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import NotFoundPage from './not-found.tsx';

/** A product in detail, with the form to order it. The route guard has checked the session. */
export default function PurchasePage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const { data: viewer } = useSession();

  if (product.isError && product.error instanceof ApiRequestError && product.error.status === 404) return <NotFoundPage />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14">
      <PageMeta title={product.data ? `Buy ${product.data.name}` : 'Buy a tool'} description={product.data?.description} />
      {product.isPending ? (
        <div className="grid gap-8 lg:grid-cols-2" aria-label="Loading the product">
          <div className="skeleton aspect-[4/3] w-full rounded-xl" />
          <div className="skeleton h-96 w-full rounded-xl" />
        </div>
      ) : product.isError ? (
        <ErrorState title="We could not load this product" error={product.error} onRetry={() => void product.refetch()} />
      ) : (
        <Purchase product={product.data} viewer={viewer ?? undefined} />
      )}
    </div>
  );
}

/**
 * The product as this page orders it. A product with options is ordered in the variant the address
 * names (`?variant=`, as its page's Buy Now sends it; else the first that can be ordered): that
 * variant's picture, price and stock, its label under the name, and a way back to choose another.
 */
function Purchase({ product, viewer }: { product: ProductDetail; viewer: Viewer | undefined }) {
  const [chosen] = useChosenVariant(product);
  const variant = product.options.length > 0 ? chosen : undefined;
  const label = variant ? variantLabel(product.options, variant.options) : '';
  const ordered = variant ? { ...product, price: variant.price, availQuantity: variant.availQuantity, img: variant.img } : product;
  return (
    <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
      <section aria-labelledby="product-name" className="space-y-6">
        <div className="overflow-hidden rounded-xl border border-base-300">
          <ProductImage product={ordered} sizes="(min-width: 1024px) 600px, 100vw" eager />
        </div>
        <div className="space-y-3">
          <p className="text-xs font-semibold uppercase tracking-widest text-primary">Purchase</p>
          <h1 id="product-name" className="font-display text-3xl font-semibold text-stone-900 sm:text-4xl">
            {product.name}
          </h1>
          {variant && (
            <div className="flex flex-wrap items-baseline gap-x-3">
              <VariantLine label={label} className="text-base font-medium text-stone-800" />
              <Link to={variantPath(productPagePath(product._id), product, variant._id)} className="link link-primary text-sm">
                Choose another
              </Link>
            </div>
          )}
          {/* Sold out is said by the stock figure and in place of the form. */}
          {!isSoldOut(ordered) && <StockNote stock={ordered} className="badge-lg" />}
          <p className="text-stone-700">{product.description}</p>
        </div>
        <dl className="grid grid-cols-3 gap-3 text-center">
          {[
            ['Price per piece', formatUsd(ordered.price)],
            ['Minimum order', pieces(ordered.minQuantity)],
            ['Available', isSoldOut(ordered) ? 'Sold out' : pieces(orderableUnits(ordered))],
          ].map(([term, value]) => (
            <div key={term} className="rounded-lg border border-base-300 bg-base-100 px-2 py-3">
              <dt className="text-xs text-stone-600">{term}</dt>
              <dd className="mt-1 font-semibold text-stone-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {viewer && <OrderForm key={variant?._id ?? product._id} product={{ ...ordered, name: nameWithVariant(product.name, label) }} viewer={viewer} variantId={variant?._id} />}
    </div>
  );
}
