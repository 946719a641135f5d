import type { Path } from 'react-hook-form';
import type { z } from 'zod';
import { returnWindowLimits } from '../../../../common/returns.ts';
import { type ReturnSettings, returnSettingsSchema } from '../../../../common/schemas/returns.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { serverFieldProblems } from '../../settings/server-problems.ts';
import { useSaveReturnSettings } from '../api/return-queries.ts';

/** The return window: how many days after delivery a customer may ask to send pieces back (ADR 040). */
export function ReturnWindowForm({ settings }: { settings: ReturnSettings }) {
  const toast = useToast();
  const save = useSaveReturnSettings();
  const form = useSchemaForm(returnSettingsSchema, { defaultValues: settings });
  const submit = form.handleSubmit((changes) =>
    save.mutate(changes, {
      onSuccess: (saved) => {
        form.reset(saved);
        toast('Return window saved.');
      },
      onError: (error) => {
        for (const [order, problem] of serverFieldProblems(error).entries()) {
          form.setError(problem.path as Path<z.input<typeof returnSettingsSchema>>, { type: 'server', message: problem.message }, { shouldFocus: order === 0 });
        }
      },
    }),
  );
  return (
    <form noValidate aria-label="Returns" className="space-y-5 rounded-xl border border-base-300 bg-base-100 p-5 sm:p-6" onSubmit={submit}>
      <div>
        <h2 className="text-lg font-semibold text-stone-900">Returns</h2>
        <p className="mt-1 text-sm text-stone-600">Customers can ask to send pieces back for this many days after their order is delivered.</p>
      </div>
      <TextField
        label="Return window, in days"
        type="number"
        inputMode="numeric"
        min={returnWindowLimits.min}
        max={returnWindowLimits.max}
        className="max-w-48"
        {...form.field('windowDays', { valueAsNumber: true })}
      />
      <FormSubmit label="Save return window" busy={save.isPending} error={save.error?.message} />
    </form>
  );
}
