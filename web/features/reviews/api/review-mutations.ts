import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewInput } from '../../../../common/schemas/reviews.ts';
import { apiPost } from '../../../lib/api-client.ts';

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewInput) => apiPost<Review>('/api/reviews', review),
    // The home page's "Words From Our Customers" shows the newest.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }),
  });
}
