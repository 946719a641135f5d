import { type ReportRange, reportRanges } from '../../../../common/report-periods.ts';
import { type ReportForm, reportFormSchema } from '../../../../common/schemas/reports.ts';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';

export const rangeLabels: Record<ReportRange, string> = {
  'this-month': 'This month',
  'last-month': 'Last month',
  'last-30-days': 'Last 30 days',
  'this-year': 'This year',
  custom: 'Custom dates',
};

/**
 * The Reports page's choices: a range and an interval, applied as soon as they change; custom dates
 * are applied by their button, once both are typed, and checked by the calls' own rules first.
 */
export function ReportFilters({ initial, onApply }: { initial: ReportForm; onApply: (form: ReportForm) => void }) {
  const form = useSchemaForm(reportFormSchema, { defaultValues: initial });
  const custom = form.watch('range') === 'custom';
  const apply = form.handleSubmit(onApply);
  /** A select's registration that applies the form at once, except for custom dates not given yet. */
  const appliedOnChange = (name: 'range' | 'interval') => {
    const field = form.field(name);
    return {
      ...field,
      onChange: async (event: { target: unknown; type?: unknown }) => {
        await field.onChange(event);
        if (form.getValues('range') !== 'custom' || (form.getValues('from') && form.getValues('to'))) await apply();
      },
    };
  };
  return (
    <form
      role="search"
      aria-label="Choose the report’s days"
      noValidate
      className="grid grid-cols-1 gap-3 rounded-xl border border-base-300 bg-base-100 p-4 sm:grid-cols-2 lg:grid-cols-[1.2fr_1fr_1fr_1fr_auto] lg:items-start"
      onSubmit={(event) => void apply(event)}
    >
      <SelectField label="Range" {...appliedOnChange('range')}>
        {reportRanges.map((range) => (
          <option key={range} value={range}>
            {rangeLabels[range]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Interval" {...appliedOnChange('interval')}>
        <option value="day">By day</option>
        <option value="week">By week</option>
        <option value="month">By month</option>
      </SelectField>
      {custom && (
        <>
          <TextField label="From" type="date" {...form.field('from')} />
          <TextField label="To" type="date" {...form.field('to')} />
          <div className="flex sm:col-span-2 lg:col-span-1 lg:pt-7">
            <button type="submit" className="btn btn-primary w-full lg:w-auto">
              Show
            </button>
          </div>
        </>
      )}
    </form>
  );
}
