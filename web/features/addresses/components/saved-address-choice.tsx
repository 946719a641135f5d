import { addressOneLine, type PostalAddress } from '../../../../common/postal-addresses.ts';
import type { SavedAddress } from '../../../../common/schemas/addresses.ts';

/** The choice that means "type another address". */
export const newAddressChoice = 'new';

/** An empty address form, in the shop's own country. */
export const blankAddress = (name = ''): PostalAddress => ({ name, line1: '', line2: '', city: '', region: '', postalCode: '', country: 'US' });

/** A saved address as the form's fields hold it (an optional field empty rather than absent). */
export function addressValues(saved: SavedAddress): PostalAddress {
  return {
    name: saved.name,
    line1: saved.line1,
    line2: saved.line2 ?? '',
    city: saved.city,
    region: saved.region ?? '',
    postalCode: saved.postalCode ?? '',
    country: saved.country,
  };
}

interface SavedAddressChoiceProps {
  addresses: readonly SavedAddress[];
  /** The saved address's id, or `newAddressChoice`. */
  chosen: string;
  onChoose: (choice: string) => void;
}

/** The customer's saved addresses to deliver to, one a radio button, and "A new address" last. */
export function SavedAddressChoice({ addresses, chosen, onChoose }: SavedAddressChoiceProps) {
  const options = [
    ...addresses.map((address) => ({ id: address._id, title: address.name, detail: addressOneLine(address), isDefault: address.isDefault })),
    { id: newAddressChoice, title: 'A new address', detail: 'Type it below', isDefault: false },
  ];
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1.5 text-sm font-medium text-stone-800">Deliver to</legend>
      {options.map((option) => (
        <label
          key={option.id}
          className={`flex cursor-pointer items-start gap-3 rounded-lg border px-4 py-3 transition-colors ${chosen === option.id ? 'border-primary bg-primary/5' : 'border-base-300 hover:border-stone-400'}`}
        >
          <input type="radio" name="deliver-to" className="radio radio-primary radio-sm mt-0.5" checked={chosen === option.id} onChange={() => onChoose(option.id)} />
          <span className="min-w-0 text-sm">
            <span className="font-medium text-stone-900">
              {option.title}
              {option.isDefault && <span className="badge badge-ghost badge-sm ml-2">Default</span>}
            </span>
            <span className="block text-stone-600 [overflow-wrap:anywhere]">{option.detail}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
