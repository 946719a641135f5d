import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PaginationQuery } from '../../../../common/schemas/pagination.ts';
import type { ProductReview, Review } from '../../../../common/schemas/reviews.ts';
import { apiGetPage, queryString } from '../../../lib/api-client.ts';

export const reviewKeys = {
  all: ['reviews'] as const,
  list: (page: Partial<PaginationQuery>) => [...reviewKeys.all, 'list', page] as const,
  ofProduct: (productId: string, page: Partial<PaginationQuery>) => [...reviewKeys.all, 'product', productId, page] as const,
};

export function useReviewList(page: Partial<PaginationQuery>) {
  return useQuery({
    queryKey: reviewKeys.list(page),
    queryFn: ({ signal }) => apiGetPage<Review>(`/api/reviews${queryString(page)}`, { signal }),
  });
}

/** A page of one product's reviews, newest first; the last page stays on screen while the next loads. */
export function useProductReviews(productId: string, page: Partial<PaginationQuery>) {
  return useQuery({
    queryKey: reviewKeys.ofProduct(productId, page),
    queryFn: ({ signal }) => apiGetPage<ProductReview>(`/api/products/${encodeURIComponent(productId)}/reviews${queryString(page)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
