import { useMemo, useState } from 'react';
import { returnLimits, returnReasonLabels, returnReasons } from '../../../../common/returns.ts';
import { returnRequestFormSchema } from '../../../../common/schemas/order-forms.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import type { Returnable } from '../../../../common/schemas/returns.ts';
import { SelectField, TextAreaField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { nameWithVariant } from '../../../components/ui/variant-line.tsx';
import { dateOnly } from '../../../lib/date-format.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { LinePiecesField, LinePiecesFieldset } from '../../orders/components/line-pieces-field.tsx';
import { useRequestReturn } from '../api/return-queries.ts';

/**
 * The form inside the dialog: how many pieces of each line go back (none to start with, at most those
 * the server says are left), why, and a note. A refusal is shown under the button and keeps what was typed.
 */
function ReturnRequestForm({ order, returnable, onClose }: { order: Order; returnable: Returnable; onClose: () => void }) {
  const toast = useToast();
  const request = useRequestReturn(order._id);
  const lines = useMemo(
    () => returnable.lines.flatMap((left) => order.lines.filter((line) => line.lineId === left.lineId).map((line) => ({ line, most: left.quantity }))),
    [order.lines, returnable.lines],
  );
  const schema = useMemo(() => returnRequestFormSchema(lines.map(({ line, most }) => ({ lineId: line.lineId, most }))), [lines]);
  const form = useSchemaForm(schema, { defaultValues: { lines: lines.map(({ line }) => ({ lineId: line.lineId, quantity: 0 })), reason: undefined, note: '' } });
  const noneChosen = form.formState.errors.lines?.root?.message ?? form.formState.errors.lines?.message;

  const submit = form.handleSubmit((input) =>
    // The promise, not mutate's own onSuccess: the order reloads without pieces left to return, which
    // can unmount this form first, and a callback of mutate's is dropped once its component is gone.
    request.mutateAsync(input).then(
      (made) => {
        toast(`Return ${made.number} requested. We will e-mail you once the shop has looked at it.`);
        onClose();
      },
      // The refusal is shown under the button, from the mutation's error.
      () => undefined,
    ),
  );

  return (
    <form noValidate aria-label="Return items" className="space-y-5" onSubmit={submit}>
      <p className="text-sm text-stone-600">You can send pieces back until {dateOnly.format(new Date(returnable.until))}. Keep them until the shop approves the return.</p>
      <LinePiecesFieldset legend="Pieces to send back" error={noneChosen}>
        {lines.map(({ line, most }, index) => (
          <LinePiecesField
            key={line.lineId}
            product={nameWithVariant(line.product, line.variant)}
            purpose="pieces to send back"
            note={`${most} of ${line.quantity} can go back`}
            most={most}
            // Checking the lines again as a number changes takes "choose at least one piece" away once one is chosen.
            {...form.field(`lines.${index}.quantity`, { valueAsNumber: true, deps: 'lines' })}
          />
        ))}
      </LinePiecesFieldset>
      <SelectField label="Reason" {...form.field('reason')}>
        <option value="">Choose a reason</option>
        {returnReasons.map((reason) => (
          <option key={reason} value={reason}>
            {returnReasonLabels[reason]}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Note (optional)" rows={3} maxLength={returnLimits.note} hint="What is wrong, or which size or variant you need instead." {...form.field('note')} />
      {request.error && (
        <p role="alert" className="text-sm font-medium text-error">
          {request.error.message}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Cancel
        </button>
        <FormSubmit label="Ask to return" busy={request.isPending} />
      </div>
    </form>
  );
}

/** "Return items" on a delivered order within its return window: a dialog that asks to send pieces back. */
export function ReturnRequestDialog({ order, returnable }: { order: Order; returnable: Returnable }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
        Return items
      </button>
      <Modal open={open} title={`Return items of order ${order.orderNumber}`} onClose={() => setOpen(false)}>
        <ReturnRequestForm order={order} returnable={returnable} onClose={() => setOpen(false)} />
      </Modal>
    </>
  );
}
