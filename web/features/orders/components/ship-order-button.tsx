import { accountContact } from '../../../../common/account-contact.ts';
import { useState } from 'react';
import { carrierLimits, knownCarriers, otherCarrier } from '../../../../common/carriers.ts';
import { type Order, shipFormSchema } from '../../../../common/schemas/orders.ts';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdvanceShipping } from '../api/order-queries.ts';

/** What the admin is about to ship, and where, so the dialog is its own confirmation. */
function ShipOrderForm({ order, onShipped, onClose }: { order: Order; onShipped: () => void; onClose: () => void }) {
  const advance = useAdvanceShipping();
  const form = useSchemaForm(shipFormSchema, { defaultValues: { carrierChoice: '', otherCarrier: '', trackingNumber: '' } });
  const { field } = form;
  const choice = form.watch('carrierChoice');

  const submit = form.handleSubmit((shipment) =>
    advance.mutateAsync({ id: order._id, shippingStatus: 'shipped', ...shipment }).then(onShipped, () => undefined),
  );

  return (
    <form noValidate aria-label="Ship the order" className="space-y-4" onSubmit={submit}>
      <div className="rounded-lg bg-base-200 p-3 text-sm text-stone-700">
        <p>
          <span className="font-semibold text-stone-900">{order.orderNumber}</span> · {order.quantity} × {order.product}
        </p>
        <p>
          To {order.cutomerName}, {order.adress}
        </p>
      </div>
      <SelectField label="Carrier" {...field('carrierChoice')}>
        <option value="">Choose the carrier…</option>
        {knownCarriers.map((carrier) => (
          <option key={carrier.name} value={carrier.name}>
            {carrier.name}
          </option>
        ))}
        <option value={otherCarrier}>Other</option>
      </SelectField>
      {choice === otherCarrier && <TextField label="Carrier's name" maxLength={carrierLimits.carrier} autoComplete="off" {...field('otherCarrier')} />}
      <TextField
        label="Tracking number (optional)"
        maxLength={carrierLimits.trackingNumber}
        autoComplete="off"
        hint="Letters, digits, spaces and dashes. The customer gets it by e-mail, linked to the carrier's tracking page."
        {...field('trackingNumber')}
      />
      <FormSubmit
        label="Mark Shipped"
        busy={advance.isPending}
        error={advance.error?.message}
        aside={
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={advance.isPending}>
            Keep it
          </button>
        }
      />
    </form>
  );
}

/** Mark Shipped: a dialog asks for the carrier and the tracking number, and sending it confirms. */
export function ShipOrderButton({ order }: { order: Order }) {
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-primary btn-sm whitespace-nowrap"
        aria-label={`Mark the order for ${order.product} by ${accountContact(order.email)} Shipped`}
        onClick={() => setAsking(true)}
      >
        Mark Shipped
      </button>
      <Modal open={asking} title={`Ship order ${order.orderNumber}`} onClose={() => setAsking(false)}>
        <ShipOrderForm
          order={order}
          onClose={() => setAsking(false)}
          onShipped={() => {
            setAsking(false);
            toast(`Order ${order.orderNumber} for ${order.cutomerName} is shipped.`);
          }}
        />
      </Modal>
    </>
  );
}
