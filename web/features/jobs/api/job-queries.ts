import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FailedJob } from '../../../../common/schemas/jobs.ts';
import type { PaginationQuery } from '../../../../common/schemas/pagination.ts';
import { apiGetPage, apiPost, queryString } from '../../../lib/api-client.ts';

const failedJobsKey = ['jobs', 'failed'] as const;

/** Background jobs that failed for good, most recent failure first (admins). */
export function useFailedJobs(page: Partial<PaginationQuery>) {
  return useQuery({
    queryKey: [...failedJobsKey, page],
    queryFn: ({ signal }) => apiGetPage<FailedJob>(`/api/jobs/failed${queryString(page)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Runs a failed job again; it leaves the list. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<{ _id: string }>(`/api/jobs/${encodeURIComponent(id)}/retry`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: failedJobsKey }),
  });
}
