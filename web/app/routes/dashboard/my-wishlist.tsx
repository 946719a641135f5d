import { useState } from 'react';
import { Link } from 'react-router';
import { productPagePath } from '../../../../common/product-page.ts';
import type { WishlistItem } from '../../../../common/schemas/wishlist.ts';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { BrowseTheTools, EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { CardPrice } from '../../../features/products/components/card-price.tsx';
import { PictureImage } from '../../../features/products/components/product-image.tsx';
import { useToggleWishlist, useWishlist } from '../../../features/wishlist/api/wishlist-queries.ts';

const pageSize = 12;

function StockState({ item }: { item: WishlistItem }) {
  return item.soldOut ? (
    <span className="badge badge-neutral whitespace-nowrap font-semibold">Sold out</span>
  ) : (
    <span className="badge badge-success whitespace-nowrap">In stock</span>
  );
}

function RemoveButton({ item }: { item: WishlistItem }) {
  const toggle = useToggleWishlist();
  const toast = useToast();
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      aria-label={`Remove: ${item.name}`}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ productId: item.productId, add: false }, { onError: (error) => toast(error.message, 'error') })}
    >
      Remove
    </button>
  );
}

/** One product kept: its picture and name lead to its page, with its price and stock as they are now. */
function WishlistCard({ item }: { item: WishlistItem }) {
  return (
    <li>
      <article aria-label={item.name} className="flex h-full flex-col overflow-hidden rounded-xl border border-base-300 bg-base-100">
        <Link to={productPagePath(item.productId)} tabIndex={-1} className={`block ${item.soldOut ? '[&_img]:opacity-60 [&_img]:grayscale' : ''}`}>
          <PictureImage src={item.img} alt={item.name} sizes="(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw" />
        </Link>
        <div className="flex flex-1 flex-col gap-3 p-4">
          <h2 className="font-display text-lg font-semibold leading-snug text-stone-900">
            <Link to={productPagePath(item.productId)} className="hover:text-primary hover:underline">
              {item.name}
            </Link>
          </h2>
          <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
            <CardPrice product={item} />
            <StockState item={item} />
          </div>
          <div className="flex items-center justify-between border-t border-base-300 pt-3">
            <Link to={productPagePath(item.productId)} className="btn btn-outline btn-sm" aria-label={`${item.soldOut ? 'See it' : 'View and buy'}: ${item.name}`}>
              {item.soldOut ? 'See it' : 'View and buy'}
            </Link>
            <RemoveButton item={item} />
          </div>
        </div>
      </article>
    </li>
  );
}

/** The signed-in customer's wishlist: what they keep an eye on, with price and stock as they are now. */
export default function MyWishlistPage() {
  const [page, setPage] = useState(1);
  const wishlist = useWishlist({ limit: pageSize, offset: (page - 1) * pageSize });

  return (
    <DashboardPage title="My Wishlist" intro="The tools you keep an eye on, with their price and stock as they are now.">
      {wishlist.isPending ? (
        <div className="skeleton h-64 w-full rounded-xl" aria-label="Loading your wishlist" />
      ) : wishlist.isError ? (
        <ErrorState title="We could not load your wishlist" error={wishlist.error} onRetry={() => void wishlist.refetch()} />
      ) : wishlist.data.items.length === 0 ? (
        <EmptyState title="Your wishlist is empty">
          <BrowseTheTools then="and press the heart on the ones you like." />
        </EmptyState>
      ) : (
        <div className="space-y-6">
          <p className="text-sm text-stone-600">
            {wishlist.data.total} {wishlist.data.total === 1 ? 'tool' : 'tools'}, the latest added first.
          </p>
          <ul aria-label="Wishlist" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {wishlist.data.items.map((item) => (
              <WishlistCard key={item.productId} item={item} />
            ))}
          </ul>
          <Pagination page={page} pageCount={Math.ceil(wishlist.data.total / pageSize)} onPage={setPage} label="Wishlist pages" />
        </div>
      )}
    </DashboardPage>
  );
}
