import { useMemo } from 'react';
import { carrierLimits, knownCarriers, otherCarrier } from '../../../../common/carriers.ts';
import { piecesToShip } from '../../../../common/ordering.ts';
import { pieces } from '../../../../common/plurals.ts';
import { shipLinesFormSchema } from '../../../../common/schemas/order-forms.ts';
import type { Order } from '../../../../common/schemas/orders.ts';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { FormSubmit } from '../../../components/ui/form-submit.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useShipOrderLines } from '../api/order-queries.ts';
import { LinePiecesField, LinePiecesFieldset } from './line-pieces-field.tsx';
import { nameWithVariant } from '../../../components/ui/variant-line.tsx';

/**
 * What goes in this parcel, who carries it and where to: the lines with pieces left to ship, each
 * starting at all of them (0 leaves a line for a later parcel), then the carrier and tracking number.
 * The dialog is its own confirmation; a refusal shows above the button with everything typed kept.
 */
export function ShipOrderForm({ order, onShipped, onClose }: { order: Order; onShipped: (shipped: Order) => void; onClose: () => void }) {
  const ship = useShipOrderLines();
  const open = useMemo(() => order.lines.filter((line) => piecesToShip(line) > 0), [order.lines]);
  const schema = useMemo(() => shipLinesFormSchema(open.map((line) => ({ lineId: line.lineId, most: piecesToShip(line) }))), [open]);
  const form = useSchemaForm(schema, {
    defaultValues: {
      shipment: { carrierChoice: '', otherCarrier: '', trackingNumber: '' },
      lines: open.map((line) => ({ lineId: line.lineId, quantity: piecesToShip(line) })),
    },
  });
  const { field } = form;
  const choice = form.watch('shipment.carrierChoice');
  const noneChosen = form.formState.errors.lines?.root?.message;

  const submit = form.handleSubmit((shipment) => ship.mutateAsync({ orderId: order._id, shipment }).then(onShipped, () => undefined));

  return (
    <form noValidate aria-label="Ship the order" className="space-y-4" onSubmit={submit}>
      <div className="rounded-lg bg-base-200 p-3 text-sm text-stone-700">
        <p>
          <span className="font-semibold text-stone-900">{order.orderNumber}</span> to {order.cutomerName}
        </p>
        <p>{order.adress}</p>
      </div>
      <LinePiecesFieldset legend="Pieces in this parcel" error={noneChosen} hint={open.length > 1 ? 'Set a line to 0 to send it in a later parcel.' : undefined}>
        {open.map((line, index) => (
          <LinePiecesField
            key={line.lineId}
            product={nameWithVariant(line.product, line.variant)}
            purpose="pieces to ship"
            note={piecesToShip(line) === line.quantity ? `${pieces(line.quantity)} to ship` : `${piecesToShip(line)} of ${line.quantity} left to ship`}
            most={piecesToShip(line)}
            {...field(`lines.${index}.quantity`, { valueAsNumber: true })}
          />
        ))}
      </LinePiecesFieldset>
      <SelectField label="Carrier" {...field('shipment.carrierChoice')}>
        <option value="">Choose the carrier…</option>
        {knownCarriers.map((carrier) => (
          <option key={carrier.name} value={carrier.name}>
            {carrier.name}
          </option>
        ))}
        <option value={otherCarrier}>Other</option>
      </SelectField>
      {choice === otherCarrier && <TextField label="Carrier's name" maxLength={carrierLimits.carrier} autoComplete="off" {...field('shipment.otherCarrier')} />}
      <TextField
        label="Tracking number (optional)"
        maxLength={carrierLimits.trackingNumber}
        autoComplete="off"
        hint="Letters, digits, spaces and dashes. The customer gets it by e-mail, linked to the carrier's tracking page."
        {...field('shipment.trackingNumber')}
      />
      <FormSubmit
        label="Mark Shipped"
        busy={ship.isPending}
        error={ship.error?.message}
        aside={
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={ship.isPending}>
            Keep it
          </button>
        }
      />
    </form>
  );
}
