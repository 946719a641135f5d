import { useState } from 'react';
import { formatUsd } from '../../../../common/money.ts';
import { countOf } from '../../../../common/plurals.ts';
import { type BulkChange, bulkChangeSchema } from '../../../../common/schemas/catalogue-file.ts';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCategories, useCategoryName } from '../../categories/api/category-queries.ts';
import { useBulkEdit } from '../api/bulk-edit.ts';

const kinds: Array<{ kind: BulkChange['kind']; label: string }> = [
  { kind: 'price-percent', label: 'Price, by a percentage' },
  { kind: 'price-to', label: 'Price, to an amount' },
  { kind: 'category', label: 'Category' },
  { kind: 'stock', label: 'Stock' },
  { kind: 'hidden', label: 'Hidden or shown' },
];

const asNumber = { valueAsNumber: true } as const;

/** The question the confirmation asks: how many products, and what changes. */
export function bulkQuestion(change: BulkChange, count: number, categoryName: (slug: string) => string): { title: string; detail: string } {
  const products = countOf(count, 'product');
  switch (change.kind) {
    case 'price-percent':
      return {
        title: `Change the price of ${products}?`,
        detail: `Every variant's price goes ${change.percent >= 0 ? 'up' : 'down'} ${Math.abs(change.percent)} %, rounded to the cent and never below $0.01.`,
      };
    case 'price-to':
      return { title: `Change the price of ${products}?`, detail: `Every variant will cost ${formatUsd(change.price)}.` };
    case 'category':
      return { title: `Move ${products} to ${categoryName(change.category)}?`, detail: 'They will be listed in that category only.' };
    case 'stock':
      return { title: `Change the stock of ${products}?`, detail: `Every variant will have ${countOf(change.availQuantity, 'piece')} in stock.` };
    case 'hidden':
      return change.hidden
        ? { title: `Hide ${products}?`, detail: 'Customers will no longer see them; nothing is deleted.' }
        : { title: `Show ${products}?`, detail: 'Customers will see them in the catalogue again.' };
  }
}

/**
 * The bulk edit of the products chosen: what to change, then a confirmation that says how many will
 * change, then one request for all of them.
 */
export function BulkEditDialog({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<BulkChange | undefined>();
  const form = useSchemaForm(bulkChangeSchema, { defaultValues: { kind: 'price-percent' }, shouldUnregister: true });
  const kind = form.watch('kind');
  const categories = useCategories();
  const categoryName = useCategoryName();
  const bulk = useBulkEdit();
  const toast = useToast();
  const close = () => {
    setOpen(false);
    setConfirming(undefined);
    bulk.reset();
  };
  const question = confirming && bulkQuestion(confirming, ids.length, categoryName);

  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" disabled={ids.length === 0} onClick={() => setOpen(true)}>
        Bulk edit
      </button>
      <Modal open={open} title={question ? question.title : `Change ${countOf(ids.length, 'product')}`} onClose={close}>
        {question && confirming && (
          <div className="space-y-4">
            <p className="text-stone-700">{question.detail}</p>
            {bulk.error && (
              <p role="alert" className="text-sm font-medium text-error">
                {bulk.error.message}
              </p>
            )}
            <div className="modal-action">
              <button type="button" className="btn btn-ghost" disabled={bulk.isPending} onClick={() => setConfirming(undefined)}>
                Back
              </button>
              <button
                type="button"
                className="btn btn-primary"
                disabled={bulk.isPending}
                onClick={() =>
                  bulk.mutate(
                    { ids, change: confirming },
                    {
                      onSuccess: ({ changed }) => {
                        toast(`${countOf(changed, 'product')} changed`);
                        close();
                        onDone();
                      },
                    },
                  )
                }
              >
                {bulk.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                Change {countOf(ids.length, 'product')}
              </button>
            </div>
          </div>
        )}
        {/* Hidden, not unmounted, while the confirmation shows: its fields unregister when they unmount, and Back must find what was typed. */}
        <form noValidate aria-label="Bulk edit" className="space-y-4" hidden={Boolean(confirming)} onSubmit={(event) => void form.handleSubmit(setConfirming)(event)}>
          <SelectField label="What to change" {...form.field('kind')}>
            {kinds.map((option) => (
              <option key={option.kind} value={option.kind}>
                {option.label}
              </option>
            ))}
          </SelectField>
          {kind === 'price-percent' && <TextField label="Percentage (negative lowers it)" type="number" inputMode="decimal" step="0.01" {...form.field('percent', asNumber)} />}
          {kind === 'price-to' && <TextField label="New price (USD)" type="number" inputMode="decimal" min="0.01" step="0.01" {...form.field('price', asNumber)} />}
          {kind === 'stock' && <TextField label="Available quantity" type="number" inputMode="numeric" min="0" step="1" {...form.field('availQuantity', asNumber)} />}
          {kind === 'category' && (
            <SelectField label="New category" {...form.field('category')}>
              <option value="">Choose a category</option>
              {categories.data?.map((category) => (
                <option key={category.slug} value={category.slug}>
                  {category.parentSlug ? `— ${category.name}` : category.name}
                </option>
              ))}
            </SelectField>
          )}
          {kind === 'hidden' && (
            <SelectField label="Customers" {...form.field('hidden', { setValueAs: (value: unknown) => value === 'true' || value === true })}>
              <option value="true">Hide them</option>
              <option value="false">Show them</option>
            </SelectField>
          )}
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary">
              Review the change
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
