import { type CatalogueColumn, catalogueColumns, catalogueFileMessages, catalogueImportLimits, requiredColumns } from '../../../common/catalogue-file.ts';
import { parseCsv, unguardedCell } from '../../csv.ts';
import { AppError } from '../../errors.ts';
import type { CatalogueCells } from './catalogue-rows.ts';

/** A row of the file, numbered as a spreadsheet shows it (the header is row 1). */
export interface FileRow {
  row: number;
  cells: CatalogueCells;
}

const badFile = (message: string) => new AppError(400, 'VALIDATION_FAILED', message);
const known = new Set<string>(catalogueColumns);

/**
 * The file's rows by column name. A file the shop cannot read at all (no header, a column it does not
 * know, a quote never closed) is refused whole; a row with a bad cell is the plan's to refuse.
 */
export function readCatalogueFile(text: string): FileRow[] {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (error) {
    throw badFile((error as Error).message);
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) throw badFile(catalogueFileMessages.empty);
  if (rows.length > catalogueImportLimits.maxRows) throw badFile(catalogueFileMessages.tooManyRows);
  const names = header.map((name) => name.trim().toLowerCase());
  const unknown = names.find((name) => !known.has(name));
  if (unknown !== undefined) throw badFile(catalogueFileMessages.unknownColumn(unknown));
  const missing = requiredColumns.filter((column) => !names.includes(column));
  if (missing.length > 0) throw badFile(catalogueFileMessages.missingColumns(missing));
  return rows.map((record, index) => {
    const cells = Object.fromEntries(catalogueColumns.map((column) => [column, ''])) as CatalogueCells;
    names.forEach((name, at) => {
      // Spaces around a cell are a spreadsheet's, never the product's.
      cells[name as CatalogueColumn] = unguardedCell(record[at] ?? '').trim();
    });
    return { row: index + 2, cells };
  });
}
