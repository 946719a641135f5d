import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type CatalogueColumn, catalogueColumns } from '../../../common/catalogue-file.ts';
import type { CatalogueImportJob } from '../../../common/schemas/catalogue-file.ts';
import { csvLine, parseCsv, unguardedCell } from '../../csv.ts';
import { type Caller, call } from '../../test/call.ts';

/** The catalogue file's API as the admin's page calls it, for the tests. */

export type Cells = Record<CatalogueColumn, string>;

export function exportCatalogue(app: FastifyInstance, who: Caller): Promise<LightMyRequestResponse> {
  return call(app, 'GET', '/api/products.csv', who);
}

export function importCatalogue(app: FastifyInstance, who: Caller, csv: string, { dryRun = false } = {}): Promise<LightMyRequestResponse> {
  return call(app, 'POST', `/api/products/import${dryRun ? '?dryRun=true' : ''}`, who, Buffer.from(csv), { contentType: 'text/csv' });
}

/** A file's rows by column, as a spreadsheet would show them. */
export function rowsOf(csv: string): Cells[] {
  const [header, ...records] = parseCsv(csv);
  return records.map((record) => Object.fromEntries(header!.map((column, at) => [column, unguardedCell(record[at] ?? '')])) as Cells);
}

export function fileOf(rows: ReadonlyArray<Partial<Cells>>): string {
  return csvLine(catalogueColumns) + rows.map((row) => csvLine(catalogueColumns.map((column) => row[column] ?? ''))).join('');
}

let counter = 0;

/** A row of a new product sold one way, filled in correctly; `changes` overrides cells. */
export function newRow(changes: Partial<Cells> = {}): Partial<Cells> {
  counter += 1;
  return {
    sku: `TST-${Date.now().toString(36).toUpperCase()}-${counter}`,
    name: `Marking gauge no. ${counter}`,
    description: 'A marking gauge with a brass-faced fence.',
    category: 'marking-and-measuring',
    hidden: 'no',
    min_quantity: '1',
    price: '38.00',
    avail_quantity: '12',
    weight_grams: '300',
    pictures: 'https://images.example.com/gauge.webp',
    ...changes,
  };
}

/** Polls the import until it is done or failed; answers every state it saw. */
export async function importFinished(app: FastifyInstance, who: Caller, id: string, timeoutMs = 25_000): Promise<{ last: CatalogueImportJob; seen: CatalogueImportJob[] }> {
  const seen: CatalogueImportJob[] = [];
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(app, 'GET', `/api/jobs/${id}`, who);
    if (res.statusCode !== 200) throw new Error(`GET /api/jobs/${id}: ${res.statusCode} ${res.body}`);
    const job = res.json<CatalogueImportJob>();
    seen.push(job);
    if (job.status === 'done' || job.status === 'failed') return { last: job, seen };
    if (Date.now() > until) throw new Error(`The import is still ${job.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
