import { useState } from 'react';
import { addressLabel, type PostalAddress } from '../../../../common/postal-addresses.ts';
import { AddressLabel } from './address-label.tsx';

interface ShippingLabelProps {
  /** The order's structured address; undefined for one typed as free text. */
  address: PostalAddress | undefined;
  /** The order's address on one line, as typed when it is not structured. */
  typed: string;
  customerName: string;
  /** The admin's view: a copy button for the label, and a warning on an address typed as free text. */
  forAdmin: boolean;
}

/**
 * Where an order goes, laid out as its parcel's label. The admin copies it to print the label; an
 * address typed as free text before addresses were structured has no known country, and says so.
 */
export function ShippingLabel({ address, typed, customerName, forAdmin }: ShippingLabelProps) {
  const [copied, setCopied] = useState(false);
  const lines = address ? addressLabel(address) : [customerName, typed];

  async function copy() {
    await navigator.clipboard.writeText(lines.join('\n'));
    setCopied(true);
  }

  return (
    <div className="space-y-3 text-sm text-stone-900">
      {address ? (
        <AddressLabel address={address} className="rounded-lg border border-dashed border-stone-400 bg-base-100 px-4 py-3 font-medium" />
      ) : (
        <address className="not-italic">
          <span className="block font-medium">{customerName}</span>
          <span className="block whitespace-pre-line [overflow-wrap:anywhere]">{typed}</span>
        </address>
      )}
      {forAdmin && !address && (
        <p role="note" className="rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-stone-800">
          Typed as free text before addresses were checked: the country is unknown. Check it with the customer before the parcel goes.
        </p>
      )}
      {forAdmin && (
        <button type="button" className="btn btn-outline btn-xs" onClick={() => void copy().catch(() => setCopied(false))}>
          {copied ? 'Copied' : 'Copy label'}
        </button>
      )}
    </div>
  );
}
