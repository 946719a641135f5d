import { z } from 'zod';
import { bulkEditLimits, bulkEditMessages, catalogueFileMessages, catalogueImportLimits } from '../catalogue-file.ts';
import { productLimits, productMessages } from '../shop-management.ts';
import { categorySlugPattern } from './products.ts';

/** `POST /products/import?dryRun=true`: only say what would happen. */
export const catalogueImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true')
    .meta({ description: 'true: write nothing, answer what would be created, changed and refused' }),
});

const changeSchema = z.object({
  field: z.string().meta({ description: 'The column, as the file names it' }),
  from: z.string(),
  to: z.string(),
});

/** What an import would do, row by row (rows numbered as a spreadsheet shows them: the header is row 1). */
export const catalogueImportPlanSchema = z.object({
  create: z
    .array(z.object({ row: z.number().int(), sku: z.string(), name: z.string() }))
    .meta({ description: 'Rows whose SKU is new: a new variant, of a new product or an existing one' }),
  update: z
    .array(z.object({ row: z.number().int(), sku: z.string(), changes: z.array(changeSchema) }))
    .meta({ description: "Rows whose SKU exists and would change, field by field (a product's own fields on its first row)" }),
  refuse: z.array(z.object({ row: z.number().int(), reason: z.string() })).meta({ description: 'Rows that cannot be imported, and why; any refusal stops a real import' }),
  unchanged: z.number().int().meta({ description: 'Rows that match the catalogue already' }),
});
export type CatalogueImportPlan = z.infer<typeof catalogueImportPlanSchema>;

export const catalogueImportStatuses = ['queued', 'running', 'done', 'failed'] as const;

/** A real import, run as a background job: `GET /jobs/{id}`. */
export const catalogueImportJobSchema = z.object({
  id: z.string(),
  status: z.enum(catalogueImportStatuses),
  totalRows: z.number().int(),
  doneRows: z.number().int().meta({ description: 'Rows checked so far; all of them are written at once, when status becomes done' }),
  created: z.number().int().meta({ description: 'Variants created' }),
  updated: z.number().int().meta({ description: 'Variants or products changed' }),
  error: z.string().nullable().meta({ description: 'Why it failed (each refused row on a line); null unless failed' }),
});
export type CatalogueImportJob = z.infer<typeof catalogueImportJobSchema>;

export const importJobIdParamsSchema = z.object({ id: z.string().max(40) });

const dollars = z.number({ error: productMessages.priceRequired }).min(0.01, productMessages.priceInvalid).max(productLimits.maxPrice, productMessages.priceInvalid);

/** One change for every variant of the products chosen. */
export const bulkChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('price-percent'),
    percent: z
      .number({ error: bulkEditMessages.percentRequired })
      .min(-99, bulkEditMessages.percentRange)
      .max(bulkEditLimits.maxPercent, bulkEditMessages.percentRange)
      .meta({ description: 'Up (positive) or down (negative) by this many per cent; rounded to the cent, never below $0.01' }),
  }),
  z.object({ kind: z.literal('price-to'), price: dollars.meta({ description: 'Every variant at this price, US dollars' }) }),
  z.object({ kind: z.literal('category'), category: z.string().max(60).regex(categorySlugPattern, productMessages.categoryRequired) }),
  z.object({
    kind: z.literal('stock'),
    availQuantity: z.number({ error: productMessages.availRequired }).int(productMessages.quantityWhole).min(0, productMessages.quantityWhole).max(productLimits.maxQuantity),
  }),
  z.object({ kind: z.literal('hidden'), hidden: z.boolean() }),
]);
export type BulkChange = z.infer<typeof bulkChangeSchema>;

/** `POST /products/bulk` (admins). */
export const bulkEditSchema = z.object({
  ids: z.array(z.string().max(200)).min(1).max(bulkEditLimits.maxProducts),
  change: bulkChangeSchema,
});
export type BulkEdit = z.infer<typeof bulkEditSchema>;

export const bulkEditResultSchema = z.object({ changed: z.number().int().meta({ description: 'Products changed' }) });

/** The admin's file field (a FileList): one CSV file of at most 20 MB. */
export const catalogueFileFormSchema = z.object({
  files: z
    .custom<ArrayLike<{ name: string; size: number }>>(
      (value) => typeof value === 'object' && value !== null && 'length' in value && (value as ArrayLike<unknown>).length > 0,
      catalogueFileMessages.chooseFile,
    )
    .refine((files) => (files[0]?.size ?? 0) <= catalogueImportLimits.maxBytes, catalogueFileMessages.tooLarge),
});
