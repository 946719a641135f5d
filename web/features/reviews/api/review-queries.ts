import { useQuery } from '@tanstack/react-query';
import type { PaginationQuery } from '../../../../common/schemas/pagination.ts';
import type { Review } from '../../../../common/schemas/reviews.ts';
import { apiGetPage, queryString } from '../../../lib/api-client.ts';

export const reviewKeys = {
  list: (page: Partial<PaginationQuery>) => ['reviews', 'list', page] as const,
};

export function useReviewList(page: Partial<PaginationQuery>) {
  return useQuery({
    queryKey: reviewKeys.list(page),
    queryFn: ({ signal }) => apiGetPage<Review>(`/api/reviews${queryString(page)}`, { signal }),
  });
}
