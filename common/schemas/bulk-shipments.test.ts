import { describe, expect, it } from 'vitest';
import { bulkShipFormSchema, bulkShipmentInputSchema, parseShipmentList } from './bulk-shipments.ts';

describe('reading a pasted list of orders to ship', () => {
  it('reads a number and a tracking number per line, by space, comma, semicolon or tab, passing blank lines over', () => {
    expect(parseShipmentList('J-1042 1Z999AA10123456784\n\nj1043,PF 123\r\n1044;ABC-1\nJ-1045\tXYZ 9 9\n')).toEqual({
      entries: [
        { orderNumber: 'J-1042', trackingNumber: '1Z999AA10123456784' },
        { orderNumber: 'J-1043', trackingNumber: 'PF 123' },
        { orderNumber: 'J-1044', trackingNumber: 'ABC-1' },
        { orderNumber: 'J-1045', trackingNumber: 'XYZ 9 9' },
      ],
      unreadable: [],
    });
  });

  it('reads a two-column CSV with or without its header row, quoted cells included', () => {
    const rows = '"J-1042","1Z999AA10123456784"\nJ-1043 , "PF 7"';
    expect(parseShipmentList(`\uFEFForder,tracking\n${rows}`).entries).toEqual([
      { orderNumber: 'J-1042', trackingNumber: '1Z999AA10123456784' },
      { orderNumber: 'J-1043', trackingNumber: 'PF 7' },
    ]);
    expect(parseShipmentList(`Order number;Tracking number\nJ-1042;A1`).entries).toEqual([{ orderNumber: 'J-1042', trackingNumber: 'A1' }]);
    expect(parseShipmentList(rows).unreadable).toEqual([]);
    expect(parseShipmentList('J-1042,"PF ""7"""').unreadable[0]?.reason).toBe('A tracking number is up to 60 letters, digits, spaces and dashes');
  });

  it('names each line it cannot read, with why', () => {
    const { entries, unreadable } = parseShipmentList('J-1042 A1\nX-12 A2\nJ-1043\nJ-1044,A4,extra\nJ-1045 A/5\n"J-1046,A6');
    expect(entries).toEqual([{ orderNumber: 'J-1042', trackingNumber: 'A1' }]);
    expect(unreadable).toEqual([
      { line: 2, text: 'X-12 A2', reason: '“X-12” is not an order number' },
      { line: 3, text: 'J-1043', reason: 'A tracking number is needed' },
      { line: 4, text: 'J-1044,A4,extra', reason: 'Expected two columns: the order number and the tracking number' },
      { line: 5, text: 'J-1045 A/5', reason: 'A tracking number is up to 60 letters, digits, spaces and dashes' },
      { line: 6, text: '"J-1046,A6', reason: 'A quote is not closed' },
    ]);
  });
});

describe('the Ship several form and request', () => {
  it('sends the lines read with a known carrier', () => {
    expect(bulkShipFormSchema.parse({ carrier: 'UPS', list: 'J-1042 A1\nnonsense' })).toEqual({ carrier: 'UPS', entries: [{ orderNumber: 'J-1042', trackingNumber: 'A1' }] });
  });

  it('asks for a carrier and at least one line read', () => {
    const problems = bulkShipFormSchema.safeParse({ carrier: '', list: 'nonsense' }).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(problems).toEqual(['carrier: Carrier is Required', 'list: Paste at least one line of an order number and its tracking number']);
  });

  it('takes 1 to 500 orders and only the known carriers', () => {
    const entry = { orderNumber: 'J-1042', trackingNumber: 'A1' };
    expect(bulkShipmentInputSchema.safeParse({ carrier: 'DHL', entries: Array.from({ length: 500 }, () => entry) }).success).toBe(true);
    expect(bulkShipmentInputSchema.safeParse({ carrier: 'DHL', entries: Array.from({ length: 501 }, () => entry) }).success).toBe(false);
    expect(bulkShipmentInputSchema.safeParse({ carrier: 'DHL', entries: [] }).success).toBe(false);
    expect(bulkShipmentInputSchema.safeParse({ carrier: 'Parcelforce', entries: [entry] }).success).toBe(false);
  });
});
