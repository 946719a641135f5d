import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

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
