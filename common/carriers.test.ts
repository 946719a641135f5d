import { describe, expect, it } from 'vitest';
import { carrierName, trackingLink } from './carriers.ts';

describe('trackingLink', () => {
  it("gives a known carrier's page for the parcel, whatever the case of the carrier's name", () => {
    expect(trackingLink('UPS', '1Z999AA10123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingLink('royal mail', 'AB 1234 5678 GB')).toBe('https://www.royalmail.com/track-your-item#/tracking-results/AB12345678GB');
  });

  it('gives none for a carrier it does not know, or without a tracking number', () => {
    expect(trackingLink('Bob’s Vans', '12345')).toBeUndefined();
    expect(trackingLink('DHL', undefined)).toBeUndefined();
    expect(trackingLink('DHL', '')).toBeUndefined();
    expect(trackingLink(undefined, '12345')).toBeUndefined();
  });
});

describe('carrierName', () => {
  it('spells a known carrier as the carrier does and keeps any other name as typed', () => {
    expect(carrierName(' fedex ')).toBe('FedEx');
    expect(carrierName('Parcelforce')).toBe('Parcelforce');
  });
});
