import { ErrorState } from '../../../components/ui/query-states.tsx';
import { useImportJob } from '../api/catalogue-file-queries.ts';

/** A running import's progress bar, asked about until it is done or failed. */
export function ImportProgress({ id }: { id: string }) {
  const job = useImportJob(id);
  if (job.isError) return <ErrorState title="We could not read the import's progress" error={job.error} onRetry={() => void job.refetch()} />;
  const data = job.data;
  const total = data?.totalRows ?? 1;
  const done = data?.status === 'done' ? total : (data?.doneRows ?? 0);
  return (
    <section aria-labelledby="import-progress" className="space-y-3 rounded-xl border border-base-300 bg-base-100 p-4">
      <h2 id="import-progress" className="text-lg font-semibold text-stone-900">
        Import
      </h2>
      <progress className="progress progress-primary w-full" value={done} max={total} aria-label="Import progress" />
      <p role="status" className="text-sm text-stone-700">
        {!data || data.status === 'queued'
          ? 'Waiting to start…'
          : data.status === 'running'
            ? done < total
              ? `Checked ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows…`
              : 'Writing every row at once…'
            : data.status === 'done'
              ? `Imported: ${data.created.toLocaleString('en-US')} created, ${data.updated.toLocaleString('en-US')} changed.`
              : 'The import failed and nothing was written.'}
      </p>
      {data?.status === 'failed' && data.error && (
        <p role="alert" className="whitespace-pre-line text-sm text-error [overflow-wrap:anywhere]">
          {data.error}
        </p>
      )}
    </section>
  );
}
