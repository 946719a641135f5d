import { useState } from 'react';
import type { FailedJob } from '../../../../common/schemas/jobs.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useRetryJob } from '../api/job-queries.ts';

/** Retry for a failed job: a modal asks first, then the job runs again and a toast says so. */
export function RetryJobButton({ job }: { job: FailedJob }) {
  const toast = useToast();
  const retry = useRetryJob();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-primary btn-sm"
        aria-label={`Retry the ${job.task} job: ${job.description}`}
        onClick={() => {
          retry.reset();
          setAsking(true);
        }}
      >
        Retry
      </button>
      <ConfirmDialog
        open={asking}
        title="Run this job again?"
        confirmLabel="Retry job"
        busy={retry.isPending}
        error={retry.error?.message}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          retry.mutate(job._id, {
            onSuccess: () => {
              setAsking(false);
              toast(`The ${job.task} job will run again shortly.`);
            },
          })
        }
      >
        <p>
          <span className="font-medium text-stone-900">{job.description}</span> ({job.task}) runs again shortly, with all its attempts ahead of it. If it fails again, it comes back
          to this list.
        </p>
      </ConfirmDialog>
    </>
  );
}
