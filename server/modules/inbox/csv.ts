/**
 * CSV as RFC 4180 writes it, made safe to open in a spreadsheet.
 *
 * A cell that starts with = + - @ (or a tab or carriage return, which some spreadsheets skip before
 * looking) would be run as a formula when the file is opened: an e-mail address such as
 * `=HYPERLINK("https://evil.example")@x.com` passes our address check. Such a cell gets a leading
 * single quote, which spreadsheets read as "this is text" (OWASP's advice on CSV injection).
 */
const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

export function csvCell(value: string): string {
  const text = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended with CRLF as RFC 4180 asks. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
