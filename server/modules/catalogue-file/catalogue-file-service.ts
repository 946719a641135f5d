import { z } from 'zod';
import { catalogueColumns } from '../../../common/catalogue-file.ts';
import type { CatalogueImportJob, CatalogueImportPlan } from '../../../common/schemas/catalogue-file.ts';
import type { Clock } from '../../clock.ts';
import { csvLine } from '../../csv.ts';
import type { Database } from '../../db/database.ts';
import { holdVariantsOf } from '../../db/variant-stock.ts';
import { notFound } from '../../errors.ts';
import type { AuditRecorderOfMany } from '../audit/audit-trail.ts';
import type { StaffActor } from '../audit/staff-actor.ts';
import type { CategoryService } from '../categories/category-service.ts';
import { newRecordId } from '../../record-id.ts';
import { defineTask, type JobQueue } from '../jobs/job-queue.ts';
import { batchSize, type CatalogueFileRepository } from './catalogue-file-repository.ts';
import { readCatalogueFile } from './catalogue-file-reader.ts';
import { catalogueImportRecords } from './catalogue-import-audit.ts';
import { productRows } from './catalogue-rows.ts';
import { type CatalogueLookups, type CataloguePlan, planCatalogueImport } from './import-plan.ts';

export const importCatalogueTask = 'import-catalogue';

/** The lookups of a plan, read through `executor`: the database, or the import's own transaction. */
function lookupsThrough(files: CatalogueFileRepository, executor: Database): CatalogueLookups {
  return {
    variantsBySku: (skus) => files.variantsBySku(executor, skus),
    productsByIds: (ids) => files.productsByIds(executor, ids),
    variantsOfProducts: (ids) => files.variantsOfProducts(executor, ids),
    picturesOfProducts: (ids) => files.picturesOfProducts(executor, ids),
    categorySlugs: () => files.categorySlugs(executor),
    knownPictures: (addresses) => files.knownPictures(executor, addresses),
  };
}

/** Why an import failed, each refused row on its own line. */
const refusalText = (refused: CatalogueImportPlan['refuse']) => refused.map(({ row, reason }) => `Row ${row}: ${reason}`).join('\n');

/** A refusal found by the plan made inside the transaction: it undoes everything. */
class Refused extends Error {}

/** The products a plan writes, or whose variants it writes. */
const touchedProducts = (writes: { products: ReadonlyArray<{ id: string }>; variants: ReadonlyArray<{ product_id: string }> }) => [
  ...new Set([...writes.products.map((product) => product.id), ...writes.variants.map((variant) => variant.product_id)]),
];

/** The product of each SKU an import changed: from the variants it writes, and the rest (a product's own cells changed on its first row) looked up. */
async function productsOfChangedSkus(files: CatalogueFileRepository, trx: Database, plan: CataloguePlan): Promise<Map<string, string>> {
  const productOf = new Map(plan.writes.variants.map((variant) => [variant.sku.toUpperCase(), variant.product_id]));
  const missing = plan.answer.update.map((row) => row.sku).filter((sku) => !productOf.has(sku.toUpperCase()));
  if (missing.length > 0) for (const variant of await files.variantsBySku(trx, missing)) productOf.set(variant.sku.toUpperCase(), variant.product_id);
  return productOf;
}

/** Whose import a job runs, as its queued payload carries them: the audit trail records them in the import's transaction. */
const importPayloadSchema = z.object({ importId: z.string(), actor: z.object({ userId: z.string(), email: z.string(), ip: z.string() }) });
type ImportPayload = z.infer<typeof importPayloadSchema>;

export function createCatalogueFileService({
  files,
  db,
  jobs,
  clock,
  categories,
  audit,
}: {
  files: CatalogueFileRepository;
  db: Database;
  jobs: JobQueue;
  clock: Clock;
  categories: Pick<CategoryService, 'requireExisting'>;
  audit: AuditRecorderOfMany;
}) {
  const plan = (text: string, executor: Database, onProgress?: (rows: number) => Promise<void>) =>
    planCatalogueImport(readCatalogueFile(text), { lookups: lookupsThrough(files, executor), newId: newRecordId, now: clock().toISOString(), onProgress });

  return {
    /** Every product and variant as CSV, a page of products at a time, so that the catalogue never sits in memory whole. */
    async *exportCsv(): AsyncGenerator<string> {
      yield csvLine(catalogueColumns);
      let after: string | undefined;
      for (;;) {
        const page = await files.productsAfter(after, batchSize);
        if (page.length === 0) return;
        yield page.flatMap(({ product, variants, pictures }) => productRows(product, variants, pictures).map(csvLine)).join('');
        if (page.length < batchSize) return;
        after = page.at(-1)!.product.id;
      }
    },

    /** What importing the file would do; nothing is written. A file that cannot be read at all answers 400. */
    async dryRun(text: string): Promise<CatalogueImportPlan> {
      return (await plan(text, db)).answer;
    },

    /**
     * Keeps the file and queues its import, in one transaction; answers the import's id. A file that
     * cannot be read at all answers 400 first. The job carries who asked, for the audit trail.
     */
    async start(text: string, actor: StaffActor): Promise<CatalogueImportJob> {
      const rows = readCatalogueFile(text).length;
      const id = newRecordId();
      await files.transaction(async (trx) => {
        await files.insertImport(trx, { id, status: 'queued', csv: text, total_rows: rows, created_by: actor.userId, created_at: clock().toISOString() });
        await jobs.enqueue(trx, importCatalogueTask, { importId: id, actor } satisfies ImportPayload);
      });
      return { id, status: 'queued', totalRows: rows, doneRows: 0, created: 0, updated: 0, error: null };
    },

    async status(id: string): Promise<CatalogueImportJob> {
      const row = await files.findImport(id);
      if (!row) throw notFound('No catalogue import has this id.');
      return { id: row.id, status: row.status, totalRows: row.total_rows, doneRows: row.done_rows, created: row.created_count, updated: row.updated_count, error: row.error };
    },

    /**
     * The job: checks the file (its progress shown as it goes), then plans it again and writes it in
     * one transaction, so that the catalogue takes all of it or none. A refused row, found either time,
     * fails the import with the reasons and writes nothing. Run twice, it finds the work done. What it
     * wrote is recorded in the audit trail, as `actor`'s, in the same transaction.
     */
    async run(id: string, actor: StaffActor): Promise<void> {
      const job = await files.findImport(id);
      if (!job || job.status === 'done' || job.status === 'failed') return;
      const finish = (status: 'done' | 'failed', changes: { created?: number; updated?: number; error?: string | null; doneRows?: number }) =>
        files.finishImport(id, {
          status,
          done_rows: changes.doneRows ?? job.total_rows,
          created_count: changes.created ?? 0,
          updated_count: changes.updated ?? 0,
          error: changes.error ?? null,
          finished_at: clock().toISOString(),
        });
      try {
        await files.updateImport(id, { status: 'running', done_rows: 0 });
        const checked = await plan(job.csv, db, (rows) => files.updateImport(id, { done_rows: rows }));
        if (checked.answer.refuse.length > 0) return await finish('failed', { error: refusalText(checked.answer.refuse), doneRows: 0 });
        const written = await files.transaction(async (trx) => {
          // What the check found is held before the plan reads it again: the variants in id order, then
          // the products (as a checkout takes them), so that no sale lands between the plan and its write,
          // and the categories named, so that none is deleted meanwhile (ADR 039).
          await holdVariantsOf(trx, touchedProducts(checked.writes));
          await categories.requireExisting([...new Set(checked.writes.products.map((product) => product.category))], 'category', trx);
          const final = await plan(job.csv, trx);
          if (final.answer.refuse.length > 0) throw new Refused(refusalText(final.answer.refuse));
          await files.write(trx, final.writes);
          await audit(trx, actor, catalogueImportRecords(id, job.total_rows, final, await productsOfChangedSkus(files, trx, final)));
          return final;
        });
        await finish('done', { created: written.created, updated: written.answer.update.length });
      } catch (error) {
        await finish('failed', { error: error instanceof Refused ? error.message : `The import stopped and wrote nothing: ${(error as Error).message}`, doneRows: 0 });
      }
    },
  };
}

export type CatalogueFileService = ReturnType<typeof createCatalogueFileService>;

/** The background job that runs an import (ADR 009); its outcome is the import's status, so it never retries on its own. */
export function importCatalogueTaskDefinition(service: () => CatalogueFileService) {
  return defineTask<ImportPayload>({
    name: importCatalogueTask,
    payload: importPayloadSchema,
    describe: (job) => `Import the catalogue file ${job.importId}`,
    maxAttempts: 1,
    async handler(job) {
      await service().run(job.importId, job.actor);
    },
  });
}
