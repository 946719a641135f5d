import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewInput } from '../../../../common/schemas/reviews.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { productQueries } from '../../products/api/product-queries.ts';
import { reviewQueries } from './review-queries.ts';

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewInput) => apiPost<Review>('/api/reviews', review),
    // The home page's "Words From Our Customers" shows the newest; a product's page, its own and their average.
    onSuccess: (_review, { productId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewQueries.all }),
        productId ? queryClient.invalidateQueries({ queryKey: productQueries.detail(productId).queryKey }) : undefined,
      ]),
  });
}
