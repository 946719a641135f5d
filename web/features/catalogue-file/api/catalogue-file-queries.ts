import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CatalogueImportJob, CatalogueImportPlan } from '../../../../common/schemas/catalogue-file.ts';
import { apiGet, apiPostText, downloadFile } from '../../../lib/api-client.ts';

const all = ['catalogue-file'] as const;
/** How often a running import is asked about. */
const pollMs = 500;
const finished = (job: CatalogueImportJob | undefined) => job?.status === 'done' || job?.status === 'failed';

export const catalogueFileQueries = {
  all,
  job: (id: string) =>
    queryOptions({
      queryKey: [...all, 'job', id] as const,
      queryFn: ({ signal }) => apiGet<CatalogueImportJob>(`/api/jobs/${encodeURIComponent(id)}`, { signal }),
      // Asked again until it is done or failed.
      refetchInterval: (query) => (finished(query.state.data) ? false : pollMs),
    }),
};

export const downloadCatalogue = () => downloadFile('/api/products.csv', 'catalogue.csv');

/** The dry run: what the file would do, nothing written. */
export function useCatalogueDryRun() {
  return useMutation({ mutationFn: (csv: string) => apiPostText<CatalogueImportPlan>('/api/products/import?dryRun=true', csv, 'text/csv') });
}

/** The real import: a job, whose progress `useImportJob` follows. */
export function useStartImport() {
  return useMutation({ mutationFn: (csv: string) => apiPostText<CatalogueImportJob>('/api/products/import', csv, 'text/csv') });
}

/** An import's progress, asked for until it ends; then the catalogue's lists are read again. */
export function useImportJob(id: string) {
  const queryClient = useQueryClient();
  const job = useQuery(catalogueFileQueries.job(id));
  const done = job.data?.status === 'done';
  useEffect(() => {
    // The products' queries, by their key: a feature does not reach into another's modules.
    if (done) void queryClient.invalidateQueries({ queryKey: ['products'] });
  }, [done, queryClient]);
  return job;
}
