import { useMemo, useState } from 'react';
import { knownCarriers } from '../../../../common/carriers.ts';
import { countOf } from '../../../../common/plurals.ts';
import { type BulkShipmentResult, bulkShipFormSchema, parseShipmentList } from '../../../../common/schemas/bulk-shipments.ts';
import { SelectField, TextAreaField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useShipSeveral } from '../api/order-queries.ts';

const ordersOf = (count: number) => countOf(count, 'order');

/**
 * Ship several, on Manage Orders: a dialog takes one carrier and a list of order numbers with their
 * tracking numbers, pasted or read from a CSV file. Before sending it says how many orders it read and
 * which lines it could not read (those are not sent); after, how many were shipped and which were
 * skipped, and why.
 */
export function ShipSeveralButton() {
  const [open, setOpen] = useState(false);
  // A new form each time the dialog opens, so that the last list and result are gone.
  const [round, setRound] = useState(0);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline whitespace-nowrap"
        onClick={() => {
          setRound((last) => last + 1);
          setOpen(true);
        }}
      >
        Ship several
      </button>
      <Modal open={open} title="Ship several orders" wide onClose={() => setOpen(false)}>
        {open && <ShipSeveralForm key={round} onClose={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

function ShipSeveralForm({ onClose }: { onClose: () => void }) {
  const ship = useShipSeveral();
  const [result, setResult] = useState<BulkShipmentResult>();
  const [fileError, setFileError] = useState<string>();
  const form = useSchemaForm(bulkShipFormSchema, { defaultValues: { carrier: '', list: '' } });
  const { field } = form;
  const list = form.watch('list');
  const read = useMemo(() => parseShipmentList(list), [list]);

  if (result) return <ShipSeveralResult result={result} onClose={onClose} />;

  async function readFile(file: File | undefined) {
    setFileError(undefined);
    if (!file) return;
    try {
      form.setValue('list', await file.text(), { shouldValidate: form.formState.isSubmitted });
    } catch {
      setFileError(`We could not read ${file.name}.`);
    }
  }

  const submit = form.handleSubmit((input) => ship.mutateAsync(input).then(setResult, () => undefined));

  return (
    <form noValidate aria-label="Ship several orders" className="mt-4 space-y-4" onSubmit={submit}>
      <SelectField label="Carrier" {...field('carrier')}>
        <option value="">Choose the carrier…</option>
        {knownCarriers.map((carrier) => (
          <option key={carrier.name} value={carrier.name}>
            {carrier.name}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Order numbers and tracking numbers"
        rows={8}
        spellCheck={false}
        autoComplete="off"
        placeholder={'J-1042 1Z999AA10123456784\nJ-1043,1Z999AA10123456785'}
        hint="One order a line: its number, then its tracking number, after a space or a comma. A CSV of the two columns works too, with or without its header row."
        {...field('list')}
      />
      <label className="block space-y-1.5">
        <span className="block text-sm font-medium text-stone-800">Or choose a CSV file</span>
        <input
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="file-input file-input-sm w-full max-w-md"
          onChange={(event) => void readFile(event.target.files?.[0])}
        />
      </label>
      {fileError && <p className="text-sm font-medium text-error">{fileError}</p>}
      {list.trim() !== '' && (
        <div className="space-y-2 rounded-lg bg-base-200 p-3 text-sm text-stone-700" aria-live="polite">
          <p>{read.entries.length === 0 ? 'No order read yet.' : `${ordersOf(read.entries.length)} to ship.`}</p>
          {read.unreadable.length > 0 && (
            <div>
              <p className="font-medium text-stone-900">
                {read.unreadable.length === 1
                  ? 'This line could not be read and will not be sent:'
                  : `These ${read.unreadable.length} lines could not be read and will not be sent:`}
              </p>
              <ul aria-label="Lines not read" className="mt-1 list-disc space-y-0.5 pl-5">
                {read.unreadable.map((line) => (
                  <li key={line.line}>
                    Line {line.line}, “{line.text}”: {line.reason}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      <FormSubmit
        label={read.entries.length > 0 ? `Ship ${ordersOf(read.entries.length)}` : 'Ship the orders'}
        busy={ship.isPending}
        error={ship.error?.message}
        aside={
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={ship.isPending}>
            Cancel
          </button>
        }
      />
    </form>
  );
}

function ShipSeveralResult({ result, onClose }: { result: BulkShipmentResult; onClose: () => void }) {
  return (
    <div className="mt-4 space-y-4" aria-live="polite">
      <p className="font-medium text-stone-900">{result.shipped.length === 0 ? 'No order was shipped.' : `${ordersOf(result.shipped.length)} shipped.`}</p>
      {result.skipped.length > 0 && (
        <div className="text-sm text-stone-700">
          <p className="font-medium text-stone-900">{result.skipped.length === 1 ? 'One was skipped:' : `${result.skipped.length} were skipped:`}</p>
          <ul aria-label="Skipped orders" className="mt-1 list-disc space-y-0.5 pl-5">
            {result.skipped.map((skipped, index) => (
              <li key={`${skipped.orderNumber}-${index}`}>
                <span className="font-semibold">{skipped.orderNumber}</span>: {skipped.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <button type="button" className="btn btn-primary" onClick={onClose}>
        Done
      </button>
    </div>
  );
}
