import { useState } from 'react';
import type { FailedJob } from '../../../../common/schemas/jobs.ts';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useFailedJobs } from '../../../features/jobs/api/job-queries.ts';
import { RetryJobButton } from '../../../features/jobs/components/retry-job-button.tsx';
import { dateTime } from '../../../lib/date-format.ts';

const pageSize = 20;

function FailedAt({ job }: { job: FailedJob }) {
  return <time dateTime={job.failedAt}>{dateTime.format(new Date(job.failedAt))}</time>;
}

function Task({ job }: { job: FailedJob }) {
  return (
    <>
      <p className="whitespace-nowrap font-mono text-sm font-medium text-stone-900">{job.task}</p>
      <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">{job.description}</p>
    </>
  );
}

function LastError({ job }: { job: FailedJob }) {
  return <p className="whitespace-pre-line text-sm text-error [overflow-wrap:anywhere]">{job.lastError || 'No error was recorded.'}</p>;
}

const attemptsLabel = (job: FailedJob) => `${job.attempts} ${job.attempts === 1 ? 'attempt' : 'attempts'}`;

/** A table on wide screens. */
function FailedJobsTable({ jobs }: { jobs: FailedJob[] }) {
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-base-300 bg-base-100 md:block">
      <table className="table" aria-label="Failed jobs">
        <thead>
          <tr>
            <th scope="col">Task</th>
            <th scope="col">Error</th>
            <th scope="col">Attempts</th>
            <th scope="col">Failed</th>
            <th scope="col" className="text-right">
              Action
            </th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job._id}>
              <td className="w-56 align-top">
                <Task job={job} />
              </td>
              <td className="align-top">
                <LastError job={job} />
              </td>
              <td className="align-top whitespace-nowrap text-stone-700">{job.attempts}</td>
              <td className="align-top whitespace-nowrap text-sm text-stone-700">
                <FailedAt job={job} />
              </td>
              <td className="text-right align-top">
                <RetryJobButton job={job} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Stacked cards on a phone, where five columns do not fit. */
function FailedJobCards({ jobs }: { jobs: FailedJob[] }) {
  return (
    <ul className="space-y-3 md:hidden" aria-label="Failed jobs">
      {jobs.map((job) => (
        <li key={job._id}>
          <article aria-label={`Failed ${job.task} job`} className="space-y-3 rounded-xl border border-base-300 bg-base-100 p-4">
            <Task job={job} />
            <LastError job={job} />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-stone-600">
                {attemptsLabel(job)} · failed <FailedAt job={job} />
              </p>
              <RetryJobButton job={job} />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

export default function BackgroundJobsPage() {
  const [page, setPage] = useState(1);
  const jobs = useFailedJobs({ limit: pageSize, offset: (page - 1) * pageSize });

  return (
    <DashboardPage
      title="Background jobs"
      intro="Work the shop does after a request, such as e-mails, is retried several times when it fails. These jobs failed every time; retry one once its cause is fixed."
    >
      {jobs.isPending ? (
        <div className="skeleton h-64 w-full rounded-xl" aria-label="Loading the failed jobs" />
      ) : jobs.isError ? (
        <ErrorState title="We could not load the failed jobs" error={jobs.error} onRetry={() => void jobs.refetch()} />
      ) : jobs.data.items.length === 0 ? (
        <EmptyState title="No failed jobs">Every background job has run, or is still being retried.</EmptyState>
      ) : (
        <div className="space-y-6">
          <p className="text-sm text-stone-600">
            {jobs.data.total} failed {jobs.data.total === 1 ? 'job' : 'jobs'}, most recent first.
          </p>
          <FailedJobsTable jobs={jobs.data.items} />
          <FailedJobCards jobs={jobs.data.items} />
          <Pagination page={page} pageCount={Math.ceil(jobs.data.total / pageSize)} onPage={setPage} label="Failed job pages" />
        </div>
      )}
    </DashboardPage>
  );
}
