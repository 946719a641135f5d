import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Overview } from '../../../../common/schemas/overview.ts';
import { apiGet } from '../../../lib/api-client.ts';

/** The overview's queries, in one place. */
export const overviewQueries = {
  all: () => queryOptions({ queryKey: ['overview'] as const, queryFn: ({ signal }) => apiGet<Overview>('/api/overview', { signal }) }),
};

export function useOverview() {
  return useQuery(overviewQueries.all());
}
