import { addressLabel, type PostalAddress } from '../../../../common/postal-addresses.ts';

/** An address laid out as on a parcel, one line each. */
export function AddressLabel({ address, className }: { address: PostalAddress; className?: string }) {
  return (
    <address className={`not-italic leading-relaxed [overflow-wrap:anywhere] ${className ?? ''}`}>
      {addressLabel(address).map((line, index) => (
        <span key={index} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
