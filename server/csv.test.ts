import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, parseCsv, unguardedCell } from './csv.ts';

describe('csvCell', () => {
  it('leaves ordinary text alone', () => {
    expect(csvCell('ann.joiner@example.com')).toBe('ann.joiner@example.com');
    expect(csvCell('2026-11-21T08:00:00.000Z')).toBe('2026-11-21T08:00:00.000Z');
    expect(csvCell('')).toBe('');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1'])('makes %j text, not a formula', (value) => {
    expect(csvCell(value).replace(/^"/, '')).toMatch(/^'/);
  });

  it('leaves a formula character that is not at the start alone', () => {
    expect(csvCell('ann+news@example.com')).toBe('ann+news@example.com');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('guards first, then quotes', () => {
    expect(csvCell('=HYPERLINK("https://evil.example","x")@x.com')).toBe(`"'=HYPERLINK(""https://evil.example"",""x"")@x.com"`);
  });
});

describe('csvLine', () => {
  it('joins cells with commas and ends the record with CRLF', () => {
    expect(csvLine(['email', 'subscribedAt'])).toBe('email,subscribedAt\r\n');
    expect(csvLine(['-x', 'a,b'])).toBe(`'-x,"a,b"\r\n`);
  });
});

describe('parseCsv', () => {
  it('reads back what csvLine writes, whatever the cells hold', () => {
    const records = [
      ['sku', 'description', 'price'],
      ['CH-6', 'A chisel, "bevel-edged",\r\nwith an ash handle', '12.50'],
      ['CH-10', '', '-1'],
      ['CH-12', "'=already guarded", '=SUM(A1)'],
    ];
    const read = parseCsv(records.map(csvLine).join('')).map((record) => record.map(unguardedCell));
    expect(read).toEqual(records);
  });

  it('takes LF line ends, a byte-order mark, a last line without its end, and skips blank lines', () => {
    expect(parseCsv('\uFEFFa,b\n1,2\n\n3,"4"')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('keeps empty cells, at the end of a record too', () => {
    expect(parseCsv('a,,\r\n,b,\r\n')).toEqual([
      ['a', '', ''],
      ['', 'b', ''],
    ]);
  });

  it('names the record where a quote is left open', () => {
    expect(() => parseCsv('a,b\r\n1,"open\r\n')).toThrow('A quote opened in record 2 is never closed.');
  });
});
