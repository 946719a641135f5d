import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaginationQuery } from '../../../../common/schemas/pagination.ts';
import type { ProductReview, Review } from '../../../../common/schemas/reviews.ts';
import { apiGetPage, queryString } from '../../../lib/api-client.ts';

const all = ['reviews'] as const;

/** The reviews' queries, in one place. */
export const reviewQueries = {
  all,
  list: (page: Partial<PaginationQuery>) =>
    queryOptions({ queryKey: [...all, 'list', page] as const, queryFn: ({ signal }) => apiGetPage<Review>(`/api/reviews${queryString(page)}`, { signal }) }),
  ofProduct: (productId: string, page: Partial<PaginationQuery>) =>
    queryOptions({
      queryKey: [...all, 'product', productId, page] as const,
      queryFn: ({ signal }) => apiGetPage<ProductReview>(`/api/products/${encodeURIComponent(productId)}/reviews${queryString(page)}`, { signal }),
    }),
};

export function useReviewList(page: Partial<PaginationQuery>) {
  return useQuery(reviewQueries.list(page));
}

/** A page of one product's reviews, newest first; the last page stays on screen while the next loads. */
export function useProductReviews(productId: string, page: Partial<PaginationQuery>) {
  return useQuery({ ...reviewQueries.ofProduct(productId, page), placeholderData: keepPreviousData });
}
