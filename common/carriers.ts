/**
 * The carriers the shop ships with, and where each lets a customer follow a parcel by its tracking
 * number. An admin may name any other carrier (Other); such a parcel has no tracking link.
 */
export const knownCarriers = [
  { name: 'UPS', trackingUrl: 'https://www.ups.com/track?tracknum={number}' },
  { name: 'USPS', trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={number}' },
  { name: 'FedEx', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr={number}' },
  { name: 'DHL', trackingUrl: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={number}' },
  { name: 'Royal Mail', trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/{number}' },
] as const;

/** The choice in the ship dialog that lets the admin type a carrier's name. */
export const otherCarrier = 'Other';

export const carrierLimits = { carrier: 60, trackingNumber: 60 } as const;

/** Letters, digits, spaces and dashes: what carriers print on their labels. */
export const trackingNumberPattern = /^[A-Za-z0-9 -]*$/;

/** The carrier's page for this parcel, when the carrier is one we know and there is a number to follow. */
export function trackingLink(carrier: string | undefined, trackingNumber: string | undefined): string | undefined {
  if (!carrier || !trackingNumber) return undefined;
  const known = knownCarriers.find((candidate) => candidate.name.toLowerCase() === carrier.trim().toLowerCase());
  return known?.trackingUrl.replace('{number}', encodeURIComponent(trackingNumber.replaceAll(' ', '')));
}

/** A carrier's name as the shop writes it: a known carrier's own spelling ("ups" is UPS), any other as typed. */
export function carrierName(text: string): string {
  const trimmed = text.trim();
  return knownCarriers.find((known) => known.name.toLowerCase() === trimmed.toLowerCase())?.name ?? trimmed;
}
