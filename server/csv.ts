/**
 * CSV as RFC 4180 writes it, made safe to open in a spreadsheet, and read back.
 *
 * A cell that starts with = + - @ (or a tab or carriage return, which some spreadsheets skip before
 * looking) would be run as a formula when the file is opened: an e-mail address such as
 * `=HYPERLINK("https://evil.example")@x.com` passes our address check. Such a cell gets a leading
 * single quote, which spreadsheets read as "this is text" (OWASP's advice on CSV injection). A cell
 * that already starts with quotes before such a character gets one more, so that reading takes exactly
 * one off and a file written here reads back as it was (the catalogue's export and import).
 */
const formulaStart = /^'*[=+\-@\t\r]/;
const guarded = /^'+[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

export function csvCell(value: string): string {
  const text = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended with CRLF as RFC 4180 asks. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A cell as written by `csvCell`, without the quote that kept it from being a formula. */
export function unguardedCell(cell: string): string {
  return guarded.test(cell) ? cell.slice(1) : cell;
}

/**
 * The records of a CSV text, each a list of cells as written (quotes undone, guards kept: see
 * `unguardedCell`). Accepts CRLF or LF line ends, a byte-order mark, quoted cells holding commas,
 * quotes and line breaks, and a last record with or without its line end; blank lines are skipped.
 * A quote left open to the end of the text is an error, with the record it began in.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let cellStarted = false;
  const endRecord = () => {
    record.push(cell);
    // A blank line is one empty cell: not a record.
    if (record.length > 1 || record[0] !== '') records.push(record);
    record = [];
    cell = '';
    cellStarted = false;
  };
  while (i < text.length) {
    const char = text[i]!;
    if (char === '"' && !cellStarted) {
      // A quoted cell: up to the quote that is not doubled.
      const opened = records.length + 1;
      i += 1;
      for (;;) {
        const close = text.indexOf('"', i);
        if (close === -1) throw new Error(`A quote opened in record ${opened} is never closed.`);
        cell += text.slice(i, close);
        if (text[close + 1] === '"') {
          cell += '"';
          i = close + 2;
          continue;
        }
        i = close + 1;
        break;
      }
      cellStarted = true;
      continue;
    }
    if (char === ',') {
      record.push(cell);
      cell = '';
      cellStarted = false;
      i += 1;
      continue;
    }
    if (char === '\r' || char === '\n') {
      endRecord();
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    cell += char;
    cellStarted = true;
    i += 1;
  }
  if (cellStarted || record.length > 0) endRecord();
  return records;
}
