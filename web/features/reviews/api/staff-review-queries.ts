import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaginationQuery } from '../../../../common/schemas/pagination.ts';
import type { ReviewReplyInput, StaffReview } from '../../../../common/schemas/reviews.ts';
import { apiGetPage, apiPatch, apiPost, queryString } from '../../../lib/api-client.ts';
import { productQueries } from '../../products/api/product-queries.ts';
import { reviewQueries } from './review-queries.ts';

/** The staff's list of every review, hidden ones too: under the reviews' key, so that a change refreshes the public lists with it. */
export const staffReviewQueries = {
  list: (page: PaginationQuery) =>
    queryOptions({
      queryKey: [...reviewQueries.all, 'manage', page] as const,
      queryFn: ({ signal }) => apiGetPage<StaffReview>(`/api/reviews/manage${queryString(page)}`, { signal }),
    }),
};

/** A page of every review, newest first; the last page stays on screen while the next loads. */
export function useStaffReviews(page: PaginationQuery) {
  return useQuery({ ...staffReviewQueries.list(page), placeholderData: keepPreviousData });
}

/** After a hide, a show or a reply: every list of reviews, and the product's rating, are read again. */
function useInvalidateReviews() {
  const queryClient = useQueryClient();
  return (review: StaffReview) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: reviewQueries.all }),
      review.productId ? queryClient.invalidateQueries({ queryKey: productQueries.detail(review.productId).queryKey }) : undefined,
    ]);
}

export function useSetReviewHidden() {
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) => apiPatch<StaffReview>(`/api/reviews/${encodeURIComponent(id)}`, { hidden }),
    onSuccess: invalidate,
  });
}

export function useReplyToReview(id: string) {
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: (input: ReviewReplyInput) => apiPost<StaffReview>(`/api/reviews/${encodeURIComponent(id)}/reply`, input),
    onSuccess: invalidate,
  });
}
