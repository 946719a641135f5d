import { useState } from 'react';
import { type Path, useFieldArray, useWatch } from 'react-hook-form';
import { addressTerms, countryName, countryOptions, regionName, regionsOf } from '../../../../common/postal-addresses.ts';
import { taxMessages, type TaxSettings, type TaxSettingsInput, taxSettingsInputSchema } from '../../../../common/schemas/tax-settings.ts';
import { countOf } from '../../../../common/plurals.ts';
import { SelectField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { EmptyState } from '../../../components/ui/query-states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useSaveTaxSettings } from '../api/settings-queries.ts';
import { refusalSummary, serverFieldProblems } from '../server-problems.ts';
import { asNumber, messageAt } from './form-values.ts';
import { RowField, RowHeadings } from './row-field.tsx';

/** The most rates the table takes (common/schemas/tax-settings.ts). */
const maxRates = 500;
const rateColumns = 'lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_9rem_2.25rem]';

function useTaxForm(settings: TaxSettings) {
  return useSchemaForm(taxSettingsInputSchema, { defaultValues: formValues(settings) });
}
type TaxForm = ReturnType<typeof useTaxForm>;
type TaxField = Path<TaxSettingsInput>;

/** The form's values from the table read: a rate without a region is for the whole country (''). */
function formValues(settings: TaxSettings): TaxSettingsInput {
  return { pricesIncludeTax: settings.pricesIncludeTax, rates: settings.rates.map((rate) => ({ ...rate, region: rate.region ?? '' })) };
}

/** Where a rate applies, as its row names it: the state and its country, or the whole country. */
function placeOf(country: string, region: string | undefined): { place: string; within: string } {
  const countryLabel = countryName(country) ?? country;
  return region ? { place: regionName(region) ?? region, within: countryLabel } : { place: countryLabel, within: 'The whole country' };
}

function TaxRateRow({ form, index, onRemove }: { form: TaxForm; index: number; onRemove: () => void }) {
  const country = useWatch({ control: form.control, name: `rates.${index}.country` });
  const region = useWatch({ control: form.control, name: `rates.${index}.region` });
  const errors = form.formState.errors;
  const at = (name: string) => `rates.${index}.${name}` as TaxField;
  const { place, within } = placeOf(country, region || undefined);
  // The place is chosen when the rate is added; the server may still refuse it (a second rate for it).
  const placeProblem = messageAt(errors, at('region')) ?? messageAt(errors, at('country'));
  return (
    <div
      role="group"
      aria-label={`Tax rate ${index + 1}`}
      className={`grid grid-cols-2 items-center gap-3 rounded-lg border border-base-300 bg-base-100 p-3 lg:border-0 lg:bg-transparent lg:px-3 lg:py-2 ${rateColumns}`}
    >
      <div className="min-w-0">
        <p className="font-medium text-stone-900 [overflow-wrap:anywhere]">{place}</p>
        <p className="text-sm text-stone-600">{within}</p>
        {placeProblem && <p className="mt-1 text-xs font-medium text-error">{placeProblem}</p>}
      </div>
      <RowField label="Rate (%)" className="order-3 lg:order-none" error={messageAt(errors, at('rate'))}>
        {(control) => (
          <input
            className={`input w-full text-stone-900 lg:input-sm ${messageAt(errors, at('rate')) ? 'input-error' : ''}`}
            type="number"
            inputMode="decimal"
            min="0"
            max="100"
            step="0.0001"
            {...control}
            {...form.register(at('rate'), asNumber)}
          />
        )}
      </RowField>
      <label className="order-4 mt-[1.875rem] flex items-center gap-2 self-start text-sm text-stone-800 lg:order-none lg:mt-0 lg:self-center">
        <input type="checkbox" className="checkbox checkbox-sm checkbox-primary" {...form.register(at('taxShipping'))} />
        Tax shipping
      </label>
      <div className="order-2 flex items-start justify-end self-start lg:order-none lg:self-center">
        <button type="button" className="btn btn-ghost btn-sm text-error lg:btn-square" aria-label={`Remove tax rate ${index + 1}`} title="Remove this rate" onClick={onRemove}>
          <span className="lg:hidden">Remove rate</span>
          <span className="hidden lg:inline" aria-hidden="true">
            ✕
          </span>
        </button>
      </div>
    </div>
  );
}

/** Picks the place of a new rate: a country, and one of its states or regions or the whole of it. */
function AddTaxRate({ taken, onAdd }: { taken: (country: string, region: string) => boolean; onAdd: (country: string, region: string) => void }) {
  const [country, setCountry] = useState('US');
  const [region, setRegion] = useState('');
  const [problem, setProblem] = useState<string>();
  const regions = regionsOf(country);
  return (
    <div role="group" aria-label="Add a rate" className="space-y-2 rounded-lg border border-dashed border-base-300 bg-base-200/40 p-3 sm:p-4">
      <p className="text-sm font-medium text-stone-800">Add a rate</p>
      <div className="grid items-end gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
        <SelectField
          label="Country"
          value={country}
          onChange={(event) => {
            setCountry(event.target.value);
            setRegion('');
            setProblem(undefined);
          }}
        >
          {countryOptions.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={`${addressTerms(country).region} (optional)`}
          value={region}
          disabled={regions.length === 0}
          onChange={(event) => {
            setRegion(event.target.value);
            setProblem(undefined);
          }}
        >
          <option value="">The whole country</option>
          {regions.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </SelectField>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => {
            if (taken(country, region)) setProblem(taxMessages.twice);
            else onAdd(country, region);
          }}
        >
          Add rate
        </button>
      </div>
      {problem && (
        <p role="alert" className="text-sm font-medium text-error">
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * The tax table: whether the prices entered include tax, and a rate per place (a US state, or a
 * country's VAT), each saying whether shipping there is taxed too. Saving replaces the table.
 */
export function TaxSettingsForm({ settings }: { settings: TaxSettings }) {
  const toast = useToast();
  const form = useTaxForm(settings);
  const rates = useFieldArray({ control: form.control, name: 'rates' });
  const save = useSaveTaxSettings();

  const submit = form.handleSubmit((changes) =>
    save.mutate(changes, {
      onSuccess: (saved) => {
        form.reset(formValues(saved));
        toast('Taxes saved.');
      },
      onError: (error) => {
        for (const [order, problem] of serverFieldProblems(error).entries()) {
          form.setError(problem.path as TaxField, { type: 'server', message: problem.message }, { shouldFocus: order === 0 });
        }
      },
    }),
  );

  return (
    <form noValidate aria-label="Taxes" className="space-y-6" onSubmit={submit}>
      <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-base-300 bg-base-100 p-5">
        <input type="checkbox" className="toggle toggle-primary mt-0.5" {...form.register('pricesIncludeTax')} />
        <span>
          <span className="block font-medium text-stone-900">Prices I enter include tax (EU style)</span>
          <span className="block text-sm text-stone-600">
            Off: tax is added on top of the prices at checkout (US style). On: each price is what the customer pays, and the tax is the part of it that is tax.
          </span>
        </span>
      </label>

      <section aria-labelledby="tax-rates-title" className="space-y-4 rounded-xl border border-base-300 bg-base-100 p-4 sm:p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="tax-rates-title" className="text-lg font-semibold text-stone-900">
            Tax rates
          </h2>
          <p className="text-sm text-stone-600">
            {countOf(rates.fields.length, 'rate')}
            {form.formState.isDirty && <span className="ml-2 font-medium text-warning">· Unsaved changes</span>}
          </p>
        </div>
        <p className="text-sm text-stone-600">A rate for a state or region comes before its country&rsquo;s. Places without a rate are charged no tax.</p>
        {rates.fields.length === 0 ? (
          <EmptyState title="No tax rates">Orders are charged no tax until you add a rate.</EmptyState>
        ) : (
          <div className="space-y-2 lg:space-y-0">
            <RowHeadings columns={rateColumns} labels={['Place', 'Rate (%)', 'Shipping', '']} />
            <ul className="space-y-2 lg:divide-y lg:divide-base-300 lg:space-y-0">
              {rates.fields.map((rate, index) => (
                <li key={rate.id}>
                  <TaxRateRow form={form} index={index} onRemove={() => rates.remove(index)} />
                </li>
              ))}
            </ul>
          </div>
        )}
        {rates.fields.length < maxRates && (
          <AddTaxRate
            taken={(country, region) => form.getValues('rates').some((rate) => rate.country === country && (rate.region ?? '') === region)}
            onAdd={(country, region) => rates.append({ country, region, rate: Number.NaN, taxShipping: false }, { focusName: `rates.${rates.fields.length}.rate` })}
          />
        )}
      </section>

      <FormSubmit label="Save taxes" busy={save.isPending} error={refusalSummary(save.error, 'rate')} />
    </form>
  );
}
