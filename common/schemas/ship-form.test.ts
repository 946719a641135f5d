import { describe, expect, it } from 'vitest';
import { shipFormSchema } from './orders.ts';

const problemsOf = (form: object) => shipFormSchema.safeParse(form).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('the ship dialog', () => {
  it('sends a known carrier, and the tracking number only when one was typed', () => {
    expect(shipFormSchema.parse({ carrierChoice: 'UPS', otherCarrier: 'ignored', trackingNumber: ' 1Z 999 ' })).toEqual({ carrier: 'UPS', trackingNumber: '1Z 999' });
    expect(shipFormSchema.parse({ carrierChoice: 'DHL', otherCarrier: '', trackingNumber: '' })).toEqual({ carrier: 'DHL' });
  });

  it('sends the name typed for Other, and requires one', () => {
    expect(shipFormSchema.parse({ carrierChoice: 'Other', otherCarrier: ' Parcelforce ', trackingNumber: '' })).toEqual({ carrier: 'Parcelforce' });
    expect(problemsOf({ carrierChoice: 'Other', otherCarrier: '  ', trackingNumber: '' })).toEqual(['otherCarrier: Carrier is Required']);
  });

  it('asks for a carrier, and refuses a tracking number with other characters than the server takes', () => {
    expect(problemsOf({ carrierChoice: '', otherCarrier: '', trackingNumber: '' })).toEqual(['carrierChoice: Carrier is Required']);
    expect(problemsOf({ carrierChoice: 'UPS', otherCarrier: '', trackingNumber: '1Z/999' })).toEqual([
      'trackingNumber: A tracking number is up to 60 letters, digits, spaces and dashes',
    ]);
  });
});
