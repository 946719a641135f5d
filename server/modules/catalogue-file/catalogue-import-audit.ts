import type { AuditChange, AuditValue } from '../../../common/schemas/audit-log.ts';
import type { AuditEntry } from '../audit/audit-trail.ts';
import { type CataloguePlan, productColumns } from './import-plan.ts';

/** The file's columns that hold dollars, and those that hold counts: kept as numbers, so that the Audit page writes them so. */
const moneyColumns = new Set(['price']);
const countColumns = new Set(['avail_quantity', 'min_quantity', 'weight_grams', 'low_stock_at']);
const productLevel = new Set<string>(productColumns);

function valueOf(column: string, cell: string): AuditValue {
  if (cell === '') return null;
  return moneyColumns.has(column) || countColumns.has(column) ? Number(cell) : cell;
}

/**
 * What an import records (ADR 043): one record for the import (its rows, what it created and changed),
 * and one per product whose existing rows it changed, with each changed cell before and after. A
 * product's own columns keep their names; a variant's carry its SKU ("price CH-6-ASH"), as a product
 * edit's records name them. `productOf` gives each changed SKU's product.
 */
export function catalogueImportRecords(importId: string, totalRows: number, plan: CataloguePlan, productOf: ReadonlyMap<string, string>): AuditEntry[] {
  const { answer } = plan;
  const byProduct = new Map<string, { changes: AuditChange[]; skus: string[] }>();
  for (const { sku, changes } of answer.update) {
    const productId = productOf.get(sku.toUpperCase());
    if (productId === undefined) continue;
    const product = byProduct.get(productId) ?? { changes: [], skus: [] };
    product.skus.push(sku.toUpperCase());
    for (const { field, from, to } of changes) {
      product.changes.push({
        field: productLevel.has(field) ? field : `${field} ${sku.toUpperCase()}`,
        before: valueOf(field, from),
        after: valueOf(field, to),
        ...(moneyColumns.has(field) && { money: true }),
      });
    }
    byProduct.set(productId, product);
  }
  const importRecord: AuditEntry = {
    kind: 'catalogue.imported',
    subject: importId,
    detail: { facts: { rows: totalRows, created: plan.created, changed: answer.update.length, unchanged: answer.unchanged, 'products changed': byProduct.size } },
  };
  const productRecords = [...byProduct].map(([productId, { changes, skus }]): AuditEntry => ({
    kind: changes.some((change) => change.money) ? 'price.changed' : 'product.updated',
    subject: productId,
    detail: { changes, facts: { import: importId, skus } },
  }));
  return [importRecord, ...productRecords];
}
