import { formatUsd } from '../../../../common/money.ts';
import type { ShippingRateOption } from '../../../../common/schemas/cart.ts';

interface ShippingRateChoiceProps {
  rates: readonly ShippingRateOption[];
  /** The rate chosen now (the server's choice when the customer made none). */
  chosen: string | null;
  onChoose: (rateId: string) => void;
  /** The radio group's name, unique on the page. */
  name: string;
  disabled?: boolean;
}

/** How the order is sent: each way that applies, cheapest first, with its price for this cart ("Free" once free). */
export function ShippingRateChoice({ rates, chosen, onChoose, name, disabled = false }: ShippingRateChoiceProps) {
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-stone-800">Shipping</legend>
      {rates.map((rate) => (
        <label
          key={rate.id}
          className={`flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-sm transition-colors ${rate.id === chosen ? 'border-primary bg-primary/5' : 'border-base-300 hover:bg-base-200'}`}
        >
          <input type="radio" name={name} value={rate.id} className="radio radio-primary radio-sm mt-0.5" checked={rate.id === chosen} onChange={() => onChoose(rate.id)} />
          <span className="min-w-0 flex-1">
            <span className="block font-medium text-stone-900">{rate.name}</span>
            {rate.address && <span className="block text-xs text-stone-600 [overflow-wrap:anywhere]">{rate.address}</span>}
          </span>
          <span className="whitespace-nowrap font-medium text-stone-900">
            {rate.price === 0 ? (
              <>
                {rate.fullPrice > 0 && <s className="mr-1.5 font-normal text-stone-600">{formatUsd(rate.fullPrice)}</s>}
                Free
              </>
            ) : (
              formatUsd(rate.price)
            )}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
