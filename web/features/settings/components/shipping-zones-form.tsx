import { useState } from 'react';
import { Controller, type Path, useFieldArray, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { countryName, countryOptions, regionName, regionsOf } from '../../../../common/postal-addresses.ts';
import { type ShippingZone, shippingLimits, shippingZonesInputSchema } from '../../../../common/schemas/shipping-zones.ts';
import { countOf } from '../../../../common/plurals.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { EmptyState } from '../../../components/ui/query-states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useSaveShippingZones } from '../api/settings-queries.ts';
import { refusalSummary, serverFieldProblems } from '../server-problems.ts';
import { ChipsPicker } from './chips-picker.tsx';
import { asNumber, asOptionalNumber, messageAt } from './form-values.ts';
import { RowField, RowHeadings } from './row-field.tsx';

/** The table of zones as the form holds it: a form's values are an object, the request is its `zones`. */
const zonesFormSchema = z.object({ zones: shippingZonesInputSchema });

function useZonesForm(zones: readonly ShippingZone[]) {
  return useSchemaForm(zonesFormSchema, { defaultValues: { zones: [...zones] } });
}
type ZonesForm = ReturnType<typeof useZonesForm>;
type ZonesField = Path<z.input<typeof zonesFormSchema>>;

/** A new rate: a name to start from, and the price to type (NaN: missing, shown blank). */
const newRate = () => ({ name: 'Standard', price: Number.NaN });
const newZone = () => ({ name: '', countries: [], rates: [newRate()] });

const rateColumns = 'lg:grid-cols-[minmax(0,1.6fr)_repeat(4,minmax(0,1fr))_2.25rem]';
const countryGroups = [{ options: countryOptions }];

const zoneLabel = (index: number) => `Zone ${index + 1}`;

function RateRows({ form, zoneIndex }: { form: ZonesForm; zoneIndex: number }) {
  const rates = useFieldArray({ control: form.control, name: `zones.${zoneIndex}.rates` });
  const errors = form.formState.errors;
  const at = (rateIndex: number, name: string) => `zones.${zoneIndex}.rates.${rateIndex}.${name}` as ZonesField;
  const controlClass = (name: ZonesField, extra = '') => `input w-full text-stone-900 lg:input-sm ${messageAt(errors, name) ? 'input-error' : ''} ${extra}`;
  const listMessage = messageAt(errors, `zones.${zoneIndex}.rates.root`) ?? (rates.fields.length === 0 ? messageAt(errors, `zones.${zoneIndex}.rates`) : undefined);

  return (
    <div className="space-y-2">
      <div>
        <p className="text-sm font-medium text-stone-800">Rates</p>
        <p className="text-sm text-stone-600">
          Each rate whose weight band holds the order&rsquo;s weight is offered, both ends included; blank ends are open. A rate costs nothing from its &ldquo;free over&rdquo;
          amount of goods on.
        </p>
      </div>
      <RowHeadings columns={rateColumns} labels={['Rate', 'Price ($)', 'From (g)', 'To (g)', 'Free over ($)', '']} />
      <ul className="space-y-2">
        {rates.fields.map((rate, rateIndex) => (
          <li key={rate.id}>
            <div
              role="group"
              aria-label={`Rate ${rateIndex + 1}`}
              className={`grid grid-cols-2 gap-3 rounded-lg border border-base-300 bg-base-200/40 p-3 lg:items-start lg:border-0 lg:bg-transparent lg:px-3 lg:py-0 ${rateColumns}`}
            >
              <RowField label="Rate name" error={messageAt(errors, at(rateIndex, 'name'))} className="col-span-2 lg:col-span-1">
                {(control) => <input className={controlClass(at(rateIndex, 'name'))} maxLength={shippingLimits.name} {...control} {...form.register(at(rateIndex, 'name'))} />}
              </RowField>
              <RowField label="Price ($)" error={messageAt(errors, at(rateIndex, 'price'))}>
                {(control) => (
                  <input
                    className={controlClass(at(rateIndex, 'price'))}
                    type="number"
                    inputMode="decimal"
                    min="0"
                    step="0.01"
                    {...control}
                    {...form.register(at(rateIndex, 'price'), asNumber)}
                  />
                )}
              </RowField>
              <RowField label="Free over ($)" error={messageAt(errors, at(rateIndex, 'freeOverSubtotal'))} className="lg:order-5">
                {(control) => (
                  <input
                    className={controlClass(at(rateIndex, 'freeOverSubtotal'))}
                    type="number"
                    inputMode="decimal"
                    min="0"
                    step="0.01"
                    placeholder="Never"
                    {...control}
                    {...form.register(at(rateIndex, 'freeOverSubtotal'), asOptionalNumber)}
                  />
                )}
              </RowField>
              <RowField label="From (g)" error={messageAt(errors, at(rateIndex, 'minWeightGrams'))} className="lg:order-3">
                {(control) => (
                  <input
                    className={controlClass(at(rateIndex, 'minWeightGrams'))}
                    type="number"
                    inputMode="numeric"
                    min="0"
                    step="1"
                    placeholder="0"
                    {...control}
                    {...form.register(at(rateIndex, 'minWeightGrams'), asOptionalNumber)}
                  />
                )}
              </RowField>
              <RowField label="To (g)" error={messageAt(errors, at(rateIndex, 'maxWeightGrams'))} className="lg:order-4">
                {(control) => (
                  <input
                    className={controlClass(at(rateIndex, 'maxWeightGrams'))}
                    type="number"
                    inputMode="numeric"
                    min="0"
                    step="1"
                    placeholder="No limit"
                    {...control}
                    {...form.register(at(rateIndex, 'maxWeightGrams'), asOptionalNumber)}
                  />
                )}
              </RowField>
              <div className="col-span-2 flex justify-end lg:order-6 lg:col-span-1">
                <button
                  type="button"
                  className="btn btn-ghost btn-sm text-error lg:btn-square"
                  aria-label={`Remove rate ${rateIndex + 1}`}
                  title="Remove this rate"
                  onClick={() => rates.remove(rateIndex)}
                >
                  <span className="lg:hidden">Remove rate</span>
                  <span className="hidden lg:inline" aria-hidden="true">
                    ✕
                  </span>
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {listMessage && <p className="text-sm font-medium text-error">{listMessage}</p>}
      {rates.fields.length < shippingLimits.ratesPerZone && (
        <button type="button" className="btn btn-ghost btn-sm text-primary" onClick={() => rates.append(newRate())}>
          + Add a rate
        </button>
      )}
    </div>
  );
}

interface ZoneCardProps {
  form: ZonesForm;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function ZoneCard({ form, index, count, onMove, onRemove }: ZoneCardProps) {
  // The regions' list is long (every state of every country chosen): shown when asked for, or when some are chosen.
  const [limiting, setLimiting] = useState(false);
  const countries = useWatch({ control: form.control, name: `zones.${index}.countries` }) ?? [];
  const regions = useWatch({ control: form.control, name: `zones.${index}.regions` }) ?? [];
  const name = useWatch({ control: form.control, name: `zones.${index}.name` });
  const label = zoneLabel(index);
  const regionGroups = countries.filter((country) => regionsOf(country).length > 0).map((country) => ({ label: countryName(country) ?? country, options: regionsOf(country) }));

  return (
    <li>
      <div role="group" aria-label={label} className="space-y-5 rounded-xl border border-base-300 bg-base-100 p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="min-w-0 text-sm font-semibold text-stone-900 [overflow-wrap:anywhere]">
            <span className="mr-2 text-xs font-semibold uppercase tracking-wide text-primary">{label}</span>
            {name?.trim() || <span className="font-normal italic text-stone-500">Not named yet</span>}
          </h3>
          <div className="ml-auto flex items-center gap-1">
            <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={`Move zone ${index + 1} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
              <span aria-hidden="true">↑</span>
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-square"
              aria-label={`Move zone ${index + 1} down`}
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
            >
              <span aria-hidden="true">↓</span>
            </button>
            <button type="button" className="btn btn-ghost btn-sm text-error" aria-label={`Remove zone ${index + 1}`} onClick={onRemove}>
              Remove zone
            </button>
          </div>
        </div>

        <TextField label="Zone name" className="sm:max-w-md" maxLength={shippingLimits.name} placeholder="United States, Europe…" {...form.field(`zones.${index}.name`)} />

        <Controller
          control={form.control}
          name={`zones.${index}.countries`}
          render={({ field, fieldState }) => (
            <ChipsPicker
              label="Countries"
              addLabel="Add a country"
              chosen={field.value ?? []}
              groups={countryGroups}
              nameOf={(code) => countryName(code) ?? code}
              noneChosen="No country yet."
              error={fieldState.error?.message ?? messageAt(form.formState.errors, `zones.${index}.countries`)}
              selectRef={field.ref}
              onChange={(chosen) => {
                field.onChange(chosen);
                // A country taken out takes its regions with it.
                const kept = regions.filter((region) => chosen.includes(region.slice(0, 2)));
                if (kept.length !== regions.length) form.setValue(`zones.${index}.regions`, kept, { shouldDirty: true });
              }}
            />
          )}
        />

        {regionGroups.length > 0 && regions.length === 0 && !limiting && (
          <button type="button" className="btn btn-link btn-sm -mt-2 h-auto min-h-0 px-0 py-1 text-primary" onClick={() => setLimiting(true)}>
            Limit the zone to some states or regions
          </button>
        )}
        {(regions.length > 0 || (limiting && regionGroups.length > 0)) && (
          <Controller
            control={form.control}
            name={`zones.${index}.regions`}
            render={({ field }) => (
              <ChipsPicker
                label="Only these regions (optional)"
                addLabel="Add a state or region"
                chosen={field.value ?? []}
                groups={regionGroups.length > 1 ? regionGroups : regionGroups.map((group) => ({ options: group.options }))}
                nameOf={(code) => (regionGroups.length > 1 ? `${regionName(code) ?? code} (${code.slice(0, 2)})` : (regionName(code) ?? code))}
                noneChosen="None: the zone covers the whole of each country."
                hint="Chosen regions limit the zone to them in their country; a zone naming an address's region comes before one that covers its whole country."
                error={messageAt(form.formState.errors, `zones.${index}.regions`)}
                selectRef={field.ref}
                onChange={field.onChange}
              />
            )}
          />
        )}

        <RateRows form={form} zoneIndex={index} />
      </div>
    </li>
  );
}

/**
 * The admin's shipping zones, in the order they are tried, each with its countries (or some of their
 * regions) and its rates. Saving replaces the whole table; zones and rates keep the ids they were read
 * with. A refused save keeps everything typed and puts the server's messages under their fields.
 */
export function ShippingZonesForm({ zones }: { zones: readonly ShippingZone[] }) {
  const toast = useToast();
  const form = useZonesForm(zones);
  const list = useFieldArray({ control: form.control, name: 'zones' });
  const save = useSaveShippingZones();

  const submit = form.handleSubmit(({ zones: table }) =>
    save.mutate(table, {
      onSuccess: (saved) => {
        // The saved table, with the ids of new zones and rates: a second save keeps them.
        form.reset({ zones: saved });
        toast('Shipping zones saved.');
      },
      onError: (error) => {
        for (const [order, problem] of serverFieldProblems(error).entries()) {
          form.setError(`zones.${problem.path}` as ZonesField, { type: 'server', message: problem.message }, { shouldFocus: order === 0 });
        }
      },
    }),
  );

  return (
    <form noValidate aria-label="Shipping zones" className="space-y-5" onSubmit={submit}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-stone-900">Shipping zones</h2>
        <p className="text-sm text-stone-600">
          {countOf(list.fields.length, 'zone')}
          {form.formState.isDirty && <span className="ml-2 font-medium text-warning">· Unsaved changes</span>}
        </p>
      </div>
      {list.fields.length === 0 ? (
        <EmptyState title="No shipping zones">Every order ships free until you add a zone. Once there is one, an address no zone covers cannot be delivered to.</EmptyState>
      ) : (
        <ol className="space-y-4">
          {list.fields.map((zone, index) => (
            <ZoneCard key={zone.id} form={form} index={index} count={list.fields.length} onMove={(to) => list.move(index, to)} onRemove={() => list.remove(index)} />
          ))}
        </ol>
      )}
      {messageAt(form.formState.errors, 'zones.root') && <p className="text-sm font-medium text-error">{messageAt(form.formState.errors, 'zones.root')}</p>}
      <div className="flex flex-col gap-4 border-t border-base-300 pt-5 sm:flex-row sm:items-start sm:justify-between">
        {list.fields.length < shippingLimits.zones && (
          <button type="button" className="btn btn-outline btn-sm self-start" onClick={() => list.append(newZone())}>
            + Add a zone
          </button>
        )}
        <div className="space-y-3 sm:ml-auto sm:max-w-md sm:text-right">
          <FormSubmit label="Save shipping zones" busy={save.isPending} error={refusalSummary(save.error, 'zone')} />
        </div>
      </div>
    </form>
  );
}
