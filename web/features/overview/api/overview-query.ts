import { useQuery } from '@tanstack/react-query';
import type { Overview } from '../../../../common/schemas/overview.ts';
import { apiGet } from '../../../lib/api-client.ts';

export function useOverview() {
  return useQuery({ queryKey: ['overview'], queryFn: ({ signal }) => apiGet<Overview>('/api/overview', { signal }) });
}
