import { useState } from 'react';
import type { CatalogueImportPlan } from '../../../../common/schemas/catalogue-file.ts';
import { catalogueFileFormSchema } from '../../../../common/schemas/catalogue-file.ts';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { downloadCatalogue, useCatalogueDryRun, useStartImport } from '../../../features/catalogue-file/api/catalogue-file-queries.ts';
import { ImportPlanTables } from '../../../features/catalogue-file/components/import-plan-tables.tsx';
import { ImportProgress } from '../../../features/catalogue-file/components/import-progress.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';

/**
 * The catalogue as a spreadsheet: download it, change it, check the file (the dry run shows what
 * would be created, changed and refused), then import it, all or nothing, as a job with its progress.
 */
export default function CatalogueFilePage() {
  const form = useSchemaForm(catalogueFileFormSchema);
  const dryRun = useCatalogueDryRun();
  const start = useStartImport();
  const [checked, setChecked] = useState<{ csv: string; plan: CatalogueImportPlan } | undefined>();
  const [jobId, setJobId] = useState<string | undefined>();
  const [downloadError, setDownloadError] = useState<string | undefined>();
  const fileError = form.formState.errors.files?.message;

  const check = form.handleSubmit(async ({ files }) => {
    setChecked(undefined);
    setJobId(undefined);
    start.reset();
    const csv = await (files[0] as unknown as Blob).text();
    const plan = await dryRun.mutateAsync(csv).catch(() => undefined);
    if (plan) setChecked({ csv, plan });
  });
  const importable = checked !== undefined && checked.plan.refuse.length === 0 && checked.plan.create.length + checked.plan.update.length > 0;

  return (
    <DashboardPage title="Catalogue file" intro="Take every product and variant out as a spreadsheet (CSV), change it, and bring it back: rows are matched by SKU.">
      <div className="space-y-8">
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              setDownloadError(undefined);
              downloadCatalogue().catch((error: unknown) => setDownloadError((error as Error).message));
            }}
          >
            Download the catalogue (CSV)
          </button>
          {downloadError && (
            <p role="alert" className="text-sm text-error">
              {downloadError}
            </p>
          )}
        </div>

        <form onSubmit={(event) => void check(event)} noValidate className="space-y-3 rounded-xl border border-base-300 bg-base-100 p-4">
          <label className="block space-y-2">
            <span className="font-medium text-stone-900">Catalogue file</span>
            <input
              type="file"
              accept=".csv,text/csv"
              className="file-input w-full max-w-md"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? 'catalogue-file-error' : undefined}
              {...form.register('files')}
            />
          </label>
          {fileError && (
            <p id="catalogue-file-error" className="text-sm text-error">
              {fileError}
            </p>
          )}
          <p className="text-sm text-stone-600">Checking the file writes nothing: it shows what an import would create, change and refuse.</p>
          <button type="submit" className="btn btn-primary" disabled={dryRun.isPending}>
            {dryRun.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Check the file
          </button>
          {dryRun.error && (
            <p role="alert" className="text-sm font-medium text-error">
              {dryRun.error.message}
            </p>
          )}
        </form>

        {checked && <ImportPlanTables plan={checked.plan} />}

        {checked && jobId === undefined && (
          <div className="space-y-2">
            <button
              type="button"
              className="btn btn-primary"
              disabled={!importable || start.isPending}
              onClick={() => start.mutate(checked.csv, { onSuccess: (job) => setJobId(job.id) })}
            >
              {start.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              Import
            </button>
            {!importable && <p className="text-sm text-stone-600">{checked.plan.refuse.length > 0 ? 'Correct the refused rows first.' : 'The file changes nothing.'}</p>}
            {start.error && (
              <p role="alert" className="text-sm font-medium text-error">
                {start.error.message}
              </p>
            )}
          </div>
        )}

        {jobId && <ImportProgress id={jobId} />}
      </div>
    </DashboardPage>
  );
}
