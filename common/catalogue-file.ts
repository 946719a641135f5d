/**
 * The catalogue as a spreadsheet (issue 27): one row per variant, the product's own fields repeated on
 * each of its rows. No zod here, so that the admin's page can name the columns without a schema library.
 */
export const catalogueColumns = [
  'sku',
  'product_id',
  'name',
  'description',
  'category',
  'hidden',
  'min_quantity',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'price',
  'avail_quantity',
  'weight_grams',
  'img',
  'pictures',
  'low_stock_at',
] as const;
export type CatalogueColumn = (typeof catalogueColumns)[number];

/** The columns every row must have; the others may be left out of the header (blank). */
export const requiredColumns: readonly CatalogueColumn[] = ['sku', 'name', 'description', 'category', 'min_quantity', 'price', 'avail_quantity', 'pictures'];

/** Between a product's pictures in the `pictures` cell. */
export const pictureSeparator = '|';

export const catalogueImportLimits = { maxBytes: 20 * 1024 * 1024, maxRows: 100_000 } as const;

/** Bulk edit: how many products one action may change. */
export const bulkEditLimits = { maxProducts: 500, maxPercent: 1000 } as const;

export const bulkEditMessages = {
  percentRequired: 'Enter a percentage',
  percentRange: `A percentage from -99 to ${bulkEditLimits.maxPercent}`,
} as const;

export const catalogueFileMessages = {
  empty: 'The file has no rows: the first line names the columns, each line after it is one variant.',
  missingColumns: (columns: string[]) => `The first line must name the columns ${columns.join(', ')}.`,
  unknownColumn: (column: string) => `The column “${column}” is not one the shop knows; the export names them all.`,
  tooManyRows: `A file can hold at most ${catalogueImportLimits.maxRows.toLocaleString('en-US')} rows.`,
  tooLarge: 'The file is larger than 20 MB. Split it into smaller files.',
  notCsv: 'Send the file as text/csv.',
  chooseFile: 'Choose a CSV file',
} as const;

/** What one line of the dry run's table says: a cell's old and new text. */
export function changeText(from: string, to: string): string {
  return `${from === '' ? '(empty)' : from} → ${to === '' ? '(empty)' : to}`;
}
