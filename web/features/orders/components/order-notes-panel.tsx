import { orderNoteInputSchema, orderNoteMaxLength, type OrderNote } from '../../../../common/schemas/order-details.ts';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { dateTime } from '../../../lib/date-format.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useStaffRight } from '../../auth/api/session-queries.ts';
import { useAddOrderNote } from '../api/order-queries.ts';
import { OrderCard } from './order-overview.tsx';

/**
 * The staff's internal notes on an order, newest first, with who wrote each and when, and a form to
 * add one. Only an admin's answer carries them; the customer never sees this panel nor what is in it.
 * A note refused keeps what was typed; one added empties the box for the next. Staff who may only
 * read orders (support) read the notes without the form (ADR 042).
 */
export function OrderNotesPanel({ orderId, notes }: { orderId: string; notes: readonly OrderNote[] }) {
  const writes = useStaffRight('orders');
  const add = useAddOrderNote(orderId);
  const form = useSchemaForm(orderNoteInputSchema, { defaultValues: { text: '' } });
  const submit = form.handleSubmit((note) =>
    add.mutateAsync(note).then(
      () => form.reset({ text: '' }),
      () => undefined,
    ),
  );

  return (
    <OrderCard title="Notes for the workshop" id="order-notes" className="print:hidden">
      {notes.length === 0 ? (
        <p className="text-sm text-stone-600">No notes yet.</p>
      ) : (
        <ul aria-label="Notes" className="divide-y divide-base-300 text-sm">
          {notes.map((note) => (
            <li key={note.id} className="py-3 first:pt-0">
              <p className="whitespace-pre-line text-stone-900 [overflow-wrap:anywhere]">{note.text}</p>
              <p className="mt-1 text-xs text-stone-600">
                {note.authorName} · <time dateTime={note.createdAt}>{dateTime.format(new Date(note.createdAt))}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      {writes && (
        <form noValidate aria-label="Add a note" className="mt-4 space-y-3 border-t border-base-300 pt-4" onSubmit={submit}>
          <TextAreaField
            label="New note"
            rows={3}
            hint={`Only staff see these notes, never the customer. Up to ${orderNoteMaxLength.toLocaleString('en-US')} characters.`}
            {...form.field('text')}
          />
          <FormSubmit label="Add note" busy={add.isPending} error={add.error?.message} className="btn-outline btn-sm" />
        </form>
      )}
    </OrderCard>
  );
}
