import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaginationQuery } from '../../../../common/schemas/pagination.ts';
import type { WishlistIds, WishlistItem } from '../../../../common/schemas/wishlist.ts';
import { apiDelete, apiGet, apiGetPage, apiPut, queryString } from '../../../lib/api-client.ts';
import { useSession } from '../../auth/api/session-queries.ts';

const all = ['wishlist'] as const;

/** The wishlist's queries, in one place: the page of it, and the ids that light the hearts. */
export const wishlistQueries = {
  all,
  page: (page: Partial<PaginationQuery>) =>
    queryOptions({ queryKey: [...all, 'page', page] as const, queryFn: ({ signal }) => apiGetPage<WishlistItem>(`/api/wishlist${queryString(page)}`, { signal }) }),
  /** One small call for every heart on a page (a wishlist keeps at most 200 products). */
  ids: () => queryOptions({ queryKey: [...all, 'ids'] as const, queryFn: ({ signal }) => apiGet<WishlistIds>('/api/wishlist/ids', { signal }), staleTime: 60_000 }),
};

/** The signed-in customer's wishlist, a page at a time, the latest added first. */
export function useWishlist(page: Partial<PaginationQuery>) {
  return useQuery({ ...wishlistQueries.page(page), placeholderData: keepPreviousData });
}

/**
 * Whether this product is in the signed-in customer's wishlist: `undefined` for a visitor (who has
 * none) or while the session is being read.
 */
export function useInWishlist(productId: string): { signedIn: boolean; inWishlist: boolean | undefined } {
  const session = useSession();
  const signedIn = Boolean(session.data);
  const ids = useQuery({ ...wishlistQueries.ids(), enabled: signedIn });
  return { signedIn, inWishlist: signedIn ? ids.data?.productIds.includes(productId) : undefined };
}

/** Puts a product in, or takes it out: the heart changes at once, and back if the shop refuses. */
export function useToggleWishlist() {
  const queryClient = useQueryClient();
  const idsKey = wishlistQueries.ids().queryKey;
  return useMutation({
    mutationFn: ({ productId, add }: { productId: string; add: boolean }) =>
      add
        ? apiPut<{ inWishlist: boolean }>(`/api/wishlist/${encodeURIComponent(productId)}`, {})
        : apiDelete<{ inWishlist: boolean }>(`/api/wishlist/${encodeURIComponent(productId)}`),
    onMutate: async ({ productId, add }) => {
      await queryClient.cancelQueries({ queryKey: idsKey });
      const before = queryClient.getQueryData(idsKey);
      const others = (before?.productIds ?? []).filter((id) => id !== productId);
      queryClient.setQueryData(idsKey, { productIds: add ? [productId, ...others] : others });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(idsKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: all }),
  });
}
