import { Link, useParams } from 'react-router';
import { productPageDescription, productPageTitle } from '../../../common/product-page.ts';
import { PageMeta } from '../../components/ui/page-meta.tsx';
import { ErrorState } from '../../components/ui/query-states.tsx';
import { useProduct } from '../../features/products/api/product-queries.ts';
import { AddToCart } from '../../features/cart/components/add-to-cart.tsx';
import { BuyBox } from '../../features/products/components/buy-box.tsx';
import { ProductGallery } from '../../features/products/components/product-gallery.tsx';
import { VariantPicker } from '../../features/products/components/variant-picker.tsx';
import { useChosenVariant, variantPath } from '../../features/products/use-chosen-variant.ts';
import type { ProductDetail } from '../../../common/schemas/products.ts';
import { AverageRating } from '../../features/reviews/components/average-rating.tsx';
import { ProductReviews } from '../../features/reviews/components/product-reviews.tsx';
import { NotifyMeForm } from '../../features/stock-alerts/components/notify-me-form.tsx';
import { WishlistHeart } from '../../features/wishlist/components/wishlist-heart.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';

function Breadcrumbs({ name }: { name?: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-1.5">
        <li>
          <Link to="/" className="link-hover link">
            Home
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          <Link to="/products" className="link-hover link">
            Catalogue
          </Link>
        </li>
        {name && (
          <>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="max-w-[16rem] truncate font-medium text-stone-800 sm:max-w-md">
              {name}
            </li>
          </>
        )}
      </ol>
    </nav>
  );
}

/** No product has this id (it was deleted, or the address was mistyped): say so, and lead back to the catalogue. */
function ProductNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <PageMeta title="Tool not found" />
      <p className="font-display text-6xl font-semibold text-primary">404</p>
      <h1 className="font-display mt-4 text-3xl font-semibold text-stone-900">We could not find this tool</h1>
      <p className="mt-3 text-stone-600">It may have left the catalogue, or the address may be mistyped. Every tool we make is in the catalogue.</p>
      <Link to="/products" className="btn btn-primary mt-8">
        Browse the catalogue
      </Link>
    </section>
  );
}

function ProductPageSkeleton() {
  return (
    <div role="status" aria-label="Loading the product" className="grid gap-8 lg:grid-cols-12 lg:gap-12">
      <div className="skeleton aspect-[4/3] w-full rounded-xl lg:col-span-7" />
      <div className="space-y-4 lg:col-span-5">
        <div className="skeleton h-10 w-3/4" />
        <div className="skeleton h-5 w-40" />
        <div className="skeleton h-24 w-full" />
        <div className="skeleton h-56 w-full rounded-xl" />
      </div>
    </div>
  );
}

/**
 * What the page says of the product bought: a product with options shows the variant chosen (its
 * picture, price and stock follow the choice, which the address keeps); one sold one way shows itself.
 */
function ProductShown({ product }: { product: ProductDetail }) {
  const [chosen, choose] = useChosenVariant(product);
  const variant = product.options.length > 0 ? chosen : undefined;
  return (
    <div className="grid gap-8 lg:grid-cols-12 lg:gap-12">
      <div className="lg:col-span-7">
        <ProductGallery key={product._id} name={product.name} pictures={product.pictures} showing={variant?.img} />
      </div>
      <div className="space-y-6 lg:col-span-5">
        <header className="space-y-3">
          <div className="flex items-start justify-between gap-3">
            <h1 className="font-display text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">{product.name}</h1>
            <WishlistHeart productId={product._id} productName={product.name} className="mt-1 shrink-0" />
          </div>
          <a href="#reviews" className="inline-block rounded hover:opacity-80">
            <AverageRating rating={product.rating} />
          </a>
        </header>
        <p className="whitespace-pre-line leading-relaxed text-stone-700">{product.description}</p>
        {variant ? (
          <BuyBox
            product={product}
            offer={variant}
            buyPath={variantPath(`/purchase/${product._id}`, product, variant._id)}
            picker={<VariantPicker product={product} chosen={variant} onChoose={choose} />}
            whenSoldOut={<NotifyMeForm key={variant._id} productId={product._id} variantId={variant._id} />}
          >
            <AddToCart key={variant._id} product={{ ...product, availQuantity: variant.availQuantity, variantId: variant._id }} size="full" />
          </BuyBox>
        ) : (
          <BuyBox product={product} whenSoldOut={<NotifyMeForm productId={product._id} />}>
            <AddToCart product={product} size="full" />
          </BuyBox>
        )}
      </div>
    </div>
  );
}

/**
 * A product's own page, open to everyone: its pictures, what it is, its price and stock, Buy Now
 * (and room in the buy box for other ways to buy), and its reviews. The server sends this address
 * with the product's title, description and structured data already in the page's head.
 */
export default function ProductPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);

  if (product.isError && product.error instanceof ApiRequestError && product.error.status === 404) return <ProductNotFound />;

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 lg:space-y-14 lg:px-8 lg:py-12">
      <PageMeta
        title={product.data ? productPageTitle(product.data.name) : 'A tool from our workshop'}
        description={product.data ? productPageDescription(product.data.description) : undefined}
      />
      <Breadcrumbs name={product.data?.name} />
      {product.isPending ? (
        <ProductPageSkeleton />
      ) : product.isError ? (
        <ErrorState title="We could not load this tool." error={product.error} onRetry={() => void product.refetch()} />
      ) : (
        <>
          <ProductShown product={product.data} />
          <ProductReviews productId={product.data._id} productName={product.data.name} rating={product.data.rating} />
        </>
      )}
    </div>
  );
}
