import { auditKindLabels, auditKinds } from '../../../../common/audit-kinds.ts';
import { type AuditFilterForm, auditFilterFormSchema } from '../../../../common/schemas/audit-log.ts';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';

export const noFilter: AuditFilterForm = { actor: '', kind: '', from: '', to: '' };

/** The Audit page's filters: a person's e-mail, a kind, and a range of days; applied when the form is sent. */
export function AuditFilters({ onFilter }: { onFilter: (filter: AuditFilterForm) => void }) {
  const form = useSchemaForm(auditFilterFormSchema, { defaultValues: noFilter });
  return (
    <form
      role="search"
      aria-label="Filter the audit log"
      noValidate
      className="grid grid-cols-1 gap-3 rounded-xl border border-base-300 bg-base-100 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1.5fr_1fr_1fr_auto] lg:items-end"
      onSubmit={form.handleSubmit(onFilter)}
    >
      <TextField label="Person (e-mail)" type="email" inputMode="email" autoComplete="off" maxLength={254} {...form.field('actor')} />
      <SelectField label="Kind" {...form.field('kind')}>
        <option value="">Every kind</option>
        {auditKinds.map((kind) => (
          <option key={kind} value={kind}>
            {auditKindLabels[kind]}
          </option>
        ))}
      </SelectField>
      <TextField label="From" type="date" {...form.field('from')} />
      <TextField label="To" type="date" {...form.field('to')} />
      <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
        <button type="submit" className="btn btn-primary flex-1 lg:flex-none">
          Filter
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            form.reset(noFilter);
            onFilter(noFilter);
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
