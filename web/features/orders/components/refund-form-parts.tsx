import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import type { Order } from '../../../../common/schemas/orders.ts';
import { refundLimits } from '../../../../common/schemas/refunds.ts';
import { TextAreaField } from '../../../components/ui/form-field.tsx';
import type { PendingRefund } from './pending-refund.ts';

// What the refund dialog's two forms, by item and by amount, have in common: the props the dialog
// gives each, the form around their fields with its Cancel and Continue, the reason and the restock
// box. Kept in one place so that switching between the two forms changes only what differs.

export interface RefundFormProps {
  order: Order;
  /** US dollars left to refund of the order: the most the server gives back, whatever is asked. */
  left: number;
  hidden: boolean;
  onReview: (refund: PendingRefund) => void;
  onClose: () => void;
}

/** The form, its fields, then Cancel and Continue (which only leads to the confirmation). */
export function RefundFormFrame({
  hidden,
  onSubmit,
  onClose,
  children,
}: {
  hidden: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <form noValidate hidden={hidden} aria-label="Refund form" className="space-y-5" onSubmit={onSubmit}>
      {children}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary">
          Continue
        </button>
      </div>
    </form>
  );
}

/** Why the refund is made: the customer reads it in the refund e-mail. */
export function RefundReasonField(textarea: Omit<ComponentProps<typeof TextAreaField>, 'label' | 'hint' | 'rows' | 'maxLength'>) {
  return <TextAreaField label="Reason" hint="The customer reads this in the refund e-mail." rows={3} maxLength={refundLimits.reason} {...textarea} />;
}

/** The box that puts the refunded pieces back in stock, labelled with what goes back. */
export function RestockCheckbox({ children, ...input }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <label className="flex cursor-pointer items-center gap-3 text-stone-800">
      <input type="checkbox" className="checkbox checkbox-sm" {...input} />
      {children}
    </label>
  );
}
