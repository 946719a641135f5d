import { useParams } from 'react-router';
import { formatUsd } from '../../../common/money.ts';
import { isSoldOut, orderableUnits } from '../../../common/ordering.ts';
import { ErrorState } from '../../components/ui/query-states.tsx';
import { useSession } from '../../features/auth/api/session-queries.ts';
import { OrderForm } from '../../features/orders/components/order-form.tsx';
import { useProduct } from '../../features/products/api/product-queries.ts';
import { ProductImage } from '../../features/products/components/product-image.tsx';
import { StockNote } from '../../features/products/components/stock-note.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import NotFoundPage from './not-found.tsx';
import { PageMeta } from '../../components/ui/page-meta.tsx';
import { pieces } from '../../../common/plurals.ts';

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
        <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
          <section aria-labelledby="product-name" className="space-y-6">
            <div className="overflow-hidden rounded-xl border border-base-300">
              <ProductImage product={product.data} sizes="(min-width: 1024px) 600px, 100vw" eager />
            </div>
            <div className="space-y-3">
              <p className="text-xs font-semibold uppercase tracking-widest text-primary">Purchase</p>
              <h1 id="product-name" className="font-display text-3xl font-semibold text-stone-900 sm:text-4xl">
                {product.data.name}
              </h1>
              {/* Sold out is said by the stock figure and in place of the form. */}
              {!isSoldOut(product.data) && <StockNote stock={product.data} className="badge-lg" />}
              <p className="text-stone-700">{product.data.description}</p>
            </div>
            <dl className="grid grid-cols-3 gap-3 text-center">
              {[
                ['Price per piece', formatUsd(product.data.price)],
                ['Minimum order', pieces(product.data.minQuantity)],
                ['Available', isSoldOut(product.data) ? 'Sold out' : pieces(orderableUnits(product.data))],
              ].map(([label, value]) => (
                <div key={label} className="rounded-lg border border-base-300 bg-base-100 px-2 py-3">
                  <dt className="text-xs text-stone-600">{label}</dt>
                  <dd className="mt-1 font-semibold text-stone-900">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          {viewer && <OrderForm key={product.data._id} product={product.data} viewer={viewer} />}
        </div>
      )}
    </div>
  );
}
