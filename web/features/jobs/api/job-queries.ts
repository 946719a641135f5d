import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FailedJob } from '../../../../common/schemas/jobs.ts';
import type { PaginationQuery } from '../../../../common/schemas/pagination.ts';
import { apiGetPage, apiPost, queryString } from '../../../lib/api-client.ts';

const all = ['jobs'] as const;

/** The background jobs' queries, in one place. */
export const jobQueries = {
  all,
  failed: (page: Partial<PaginationQuery>) =>
    queryOptions({ queryKey: [...all, 'failed', page] as const, queryFn: ({ signal }) => apiGetPage<FailedJob>(`/api/jobs/failed${queryString(page)}`, { signal }) }),
};

/** Background jobs that failed for good, most recent failure first (admins). */
export function useFailedJobs(page: Partial<PaginationQuery>) {
  return useQuery({ ...jobQueries.failed(page), placeholderData: keepPreviousData });
}

/** Runs a failed job again; it leaves the list. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<{ _id: string }>(`/api/jobs/${encodeURIComponent(id)}/retry`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobQueries.all }),
  });
}
