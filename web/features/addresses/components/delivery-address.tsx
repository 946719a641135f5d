import { useEffect, useState } from 'react';
import type { PostalAddress } from '../../../../common/postal-addresses.ts';
import { useAddressBook } from '../api/address-queries.ts';
import { AddressFields, type AddressFieldName, type AddressFieldProps } from './address-fields.tsx';
import { AddressLabel } from './address-label.tsx';
import { addressValues, blankAddress, newAddressChoice, SavedAddressChoice } from './saved-address-choice.tsx';

interface DeliveryAddressProps {
  /** The host form's props for each address field. */
  fieldOf: (name: AddressFieldName) => AddressFieldProps;
  /** The country and region in the host form now. */
  country: string;
  region: string | undefined;
  /** Puts an address into the host form's fields. */
  fill: (address: PostalAddress) => void;
  clearRegion: () => void;
  /** Whether a new address is to be saved to the address book once the order is placed. */
  save: boolean;
  onSaveChange: (save: boolean) => void;
  /** Whether the host form's address was typed into already (then the default does not replace it). */
  typed: boolean;
}

/**
 * Where an order goes: one of the customer's saved addresses (the default chosen at first), or a new
 * one typed into the address fields, which may be saved to the address book.
 */
export function DeliveryAddress({ fieldOf, country, region, fill, clearRegion, save, onSaveChange, typed }: DeliveryAddressProps) {
  const book = useAddressBook();
  const addresses = book.data ?? [];
  const [picked, setPicked] = useState<string | undefined>(undefined);
  // Until the person picks: the book's default, unless they typed an address already.
  const preferred = picked === undefined && !typed ? addresses.find((address) => address.isDefault) : undefined;
  const chosen = picked ?? preferred?._id ?? newAddressChoice;

  // The default shown is the default the form sends.
  useEffect(() => {
    if (preferred) fill(addressValues(preferred));
  }, [preferred, fill]);

  function choose(choice: string) {
    setPicked(choice);
    const saved = addresses.find((address) => address._id === choice);
    const shown = addresses.find((address) => address._id === chosen);
    // Only a new address is saved: a saved one chosen instead is in the book already.
    if (saved) onSaveChange(false);
    if (saved) fill(addressValues(saved));
    // A new address starts empty, rather than as a copy of the saved one that was shown.
    else if (shown) fill(blankAddress(shown.name));
  }

  const saved = addresses.find((address) => address._id === chosen);
  return (
    <div className="space-y-4">
      {addresses.length > 0 && <SavedAddressChoice addresses={addresses} chosen={chosen} onChoose={choose} />}
      {saved ? (
        <AddressLabel address={saved} className="rounded-lg bg-base-200 px-4 py-3 text-sm text-stone-800" />
      ) : (
        <>
          <AddressFields fieldOf={fieldOf} country={country} region={region} onCountryChange={clearRegion} />
          <label className="flex items-center gap-2 text-sm text-stone-800">
            <input type="checkbox" className="checkbox checkbox-sm checkbox-primary" checked={save} onChange={(event) => onSaveChange(event.target.checked)} />
            Save this address to my address book
          </label>
        </>
      )}
    </div>
  );
}
