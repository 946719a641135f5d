import { setImmediate } from 'node:timers/promises';
import { type CatalogueColumn, pictureSeparator } from '../../../common/catalogue-file.ts';
import { productInputSchema } from '../../../common/schemas/products.ts';
import type { CatalogueImportPlan } from '../../../common/schemas/catalogue-file.ts';
import { productMessages } from '../../../common/shop-management.ts';
import { choiceKey, type ProductOption, type VariantChoice, variantMessages } from '../../../common/variants.ts';
import type { CatalogueProduct, CatalogueVariant, ProductWrite, VariantWrite } from './catalogue-file-repository.ts';
import type { FileRow } from './catalogue-file-reader.ts';
import { choiceOf, optionsOf, productCells, variantCells } from './catalogue-rows.ts';

/**
 * What an import would do (issue 27): an upsert by SKU. Rows are grouped into products: by
 * `product_id`, or by the product an existing SKU belongs to, or (for a new product) by name. Each
 * product is checked as the product form's schema checks it, with its variants that are not in the
 * file; a refusal names its row and reason. The same plan answers a dry run and is what the import
 * writes, made again inside its transaction.
 */

/** What the plan reads of the catalogue, from the database or the import's transaction. */
export interface CatalogueLookups {
  variantsBySku(skus: readonly string[]): Promise<CatalogueVariant[]>;
  productsByIds(ids: readonly string[]): Promise<CatalogueProduct[]>;
  variantsOfProducts(ids: readonly string[]): Promise<Map<string, CatalogueVariant[]>>;
  picturesOfProducts(ids: readonly string[]): Promise<Map<string, string[]>>;
  categorySlugs(): Promise<Set<string>>;
  knownPictures(addresses: readonly string[]): Promise<Set<string>>;
}

export interface PlanContext {
  lookups: CatalogueLookups;
  newId: () => string;
  now: string;
  /** Told how many rows are checked, now and then (the job's progress). */
  onProgress?: (checkedRows: number) => Promise<void>;
}

export interface CataloguePlan {
  answer: CatalogueImportPlan;
  writes: { products: ProductWrite[]; variants: VariantWrite[]; pictures: Map<string, string[]> };
  /** Variants the import would add. */
  created: number;
}

const amountPattern = /^\d{1,7}(\.\d{1,2})?$/;
const wholePattern = /^\d{1,9}$/;
const yes = new Set(['yes', 'true', '1', 'y']);
const no = new Set(['no', 'false', '0', 'n', '']);
const optionSlots = [1, 2, 3] as const;

/** The product's own columns: every row of one product must agree on them. */
export const productColumns = [
  'name',
  'description',
  'category',
  'hidden',
  'min_quantity',
  'option1_name',
  'option2_name',
  'option3_name',
  'pictures',
] as const satisfies readonly CatalogueColumn[];

/** The file's column for a path of the product form's schema. */
function columnOf(path: readonly PropertyKey[]): string {
  const [first, , variantField] = path;
  if (first === 'variants' && typeof path[1] === 'number') {
    const byField: Record<string, string> = {
      sku: 'sku',
      options: 'option values',
      price: 'price',
      availQuantity: 'avail_quantity',
      weightGrams: 'weight_grams',
      img: 'img',
      lowStockAt: 'low_stock_at',
    };
    return byField[String(variantField)] ?? 'row';
  }
  const byField: Record<string, string> = {
    name: 'name',
    description: 'description',
    category: 'category',
    minQuantity: 'min_quantity',
    img: 'pictures',
    pictures: 'pictures',
    options: 'option names',
    hidden: 'hidden',
    variants: 'option values',
  };
  return byField[String(first)] ?? String(first);
}

interface ParsedRow {
  file: FileRow;
  sku: string;
  priceCents: number;
  availQuantity: number;
  weightGrams: number | undefined;
  lowStockAt: number | null;
  minQuantity: number;
  hidden: boolean;
  optionNames: string[];
  choice: VariantChoice;
  pictures: string[];
  existing: CatalogueVariant | undefined;
}

/** The row's cells as numbers and lists, or the reasons it cannot be read. */
function parseRow(file: FileRow, existing: CatalogueVariant | undefined): ParsedRow | string[] {
  const { cells } = file;
  const reasons: string[] = [];
  const whole = (column: CatalogueColumn): number => {
    const text = cells[column];
    if (wholePattern.test(text)) return Number(text);
    reasons.push(`${column}: “${text}” is not a whole number`);
    return 0;
  };
  if (!amountPattern.test(cells.price)) reasons.push(`price: “${cells.price}” is not an amount of dollars, such as 12.50`);
  const availQuantity = whole('avail_quantity');
  const minQuantity = whole('min_quantity');
  const weightGrams = cells.weight_grams === '' ? undefined : whole('weight_grams');
  const lowStockAt = cells.low_stock_at === '' ? null : whole('low_stock_at');
  const hiddenText = cells.hidden.toLowerCase();
  if (!yes.has(hiddenText) && !no.has(hiddenText)) reasons.push(`hidden: “${cells.hidden}” is neither yes nor no`);
  const optionNames: string[] = [];
  const choice: VariantChoice = {};
  for (const slot of optionSlots) {
    const name = cells[`option${slot}_name`];
    const value = cells[`option${slot}_value`];
    if (name === '' && value === '') continue;
    if (name === '') reasons.push(`option${slot}_value is given without option${slot}_name`);
    else if (value === '') reasons.push(`option${slot}_name “${name}” is given without option${slot}_value`);
    else {
      optionNames.push(name);
      choice[name] = value;
    }
  }
  if (reasons.length > 0) return reasons;
  return {
    file,
    sku: cells.sku,
    priceCents: Math.round(Number(cells.price) * 100),
    availQuantity,
    weightGrams,
    lowStockAt,
    minQuantity,
    hidden: yes.has(hiddenText),
    optionNames,
    choice,
    pictures: cells.pictures
      .split(pictureSeparator)
      .map((picture) => picture.trim())
      .filter((picture) => picture !== ''),
    existing,
  };
}

/** A product's options from its rows: an option it had keeps its values in their order, new values follow. */
function optionsFrom(names: readonly string[], choices: readonly VariantChoice[], current: readonly ProductOption[]): ProductOption[] {
  return names.map((name) => {
    const values = [...(current.find((option) => option.name === name)?.values ?? [])];
    for (const choice of choices) {
      const value = choice[name];
      if (value !== undefined && !values.includes(value)) values.push(value);
    }
    return { name, values };
  });
}

/** A choice written with the keys in the options' order, as the product form writes it. */
const choiceJson = (options: readonly ProductOption[], choice: VariantChoice) =>
  JSON.stringify(Object.fromEntries(options.filter((option) => choice[option.name] !== undefined).map((option) => [option.name, choice[option.name]])));

function sameOptions(stored: string, options: readonly ProductOption[]): boolean {
  try {
    return JSON.stringify((JSON.parse(stored) as ProductOption[]).map(({ name, values }) => ({ name, values }))) === JSON.stringify(options);
  } catch {
    return false;
  }
}

interface Group {
  key: string;
  existing: CatalogueProduct | undefined;
  rows: ParsedRow[];
}

export async function planCatalogueImport(fileRows: readonly FileRow[], { lookups, newId, now, onProgress }: PlanContext): Promise<CataloguePlan> {
  const refusals = new Map<number, string[]>();
  const refuse = (row: number, reason: string) => refusals.set(row, [...(refusals.get(row) ?? []), reason]);

  // SKUs: one row each, case aside.
  const firstRowOfSku = new Map<string, number>();
  for (const { row, cells } of fileRows) {
    if (cells.sku === '') continue;
    const key = cells.sku.toUpperCase();
    const first = firstRowOfSku.get(key);
    if (first === undefined) firstRowOfSku.set(key, row);
    else refuse(row, `sku: ${cells.sku} is also on row ${first}`);
  }
  const existingBySku = new Map(
    (await lookups.variantsBySku(fileRows.map((row) => row.cells.sku).filter((sku) => sku !== ''))).map((variant) => [variant.sku.toUpperCase(), variant]),
  );
  const namedIds = fileRows.map((row) => row.cells.product_id).filter((id) => id !== '');
  const skuProductIds = [...existingBySku.values()].map((variant) => variant.product_id);
  const products = new Map((await lookups.productsByIds([...namedIds, ...skuProductIds])).map((product) => [product.id, product]));
  const categories = await lookups.categorySlugs();

  // Rows into products.
  const groups = new Map<string, Group>();
  for (const file of fileRows) {
    if (refusals.has(file.row)) continue;
    const { cells } = file;
    const existing = cells.sku === '' ? undefined : existingBySku.get(cells.sku.toUpperCase());
    if (cells.product_id !== '' && !products.has(cells.product_id)) {
      refuse(file.row, `product_id: no product has the id ${cells.product_id}; leave it empty to add a new product`);
      continue;
    }
    if (existing && cells.product_id !== '' && existing.product_id !== cells.product_id) {
      refuse(file.row, `sku: ${cells.sku} belongs to another product (${existing.product_id})`);
      continue;
    }
    const parsed = parseRow(file, existing);
    if (Array.isArray(parsed)) {
      for (const reason of parsed) refuse(file.row, reason);
      continue;
    }
    const productId = existing?.product_id ?? (cells.product_id || undefined);
    const key = productId ?? `new:${cells.name.toLowerCase()}`;
    const group = groups.get(key) ?? { key, existing: productId === undefined ? undefined : products.get(productId), rows: [] };
    group.rows.push(parsed);
    groups.set(key, group);
  }

  const existingIds = [...groups.values()].flatMap((group) => (group.existing ? [group.existing.id] : []));
  const [currentVariants, currentPictures] = await Promise.all([lookups.variantsOfProducts(existingIds), lookups.picturesOfProducts(existingIds)]);
  const ownAddresses = [...groups.values()].flatMap((group) => group.rows.flatMap((row) => [...row.pictures, row.file.cells.img])).filter((address) => address.startsWith('/'));
  const knownPictures = await lookups.knownPictures([...new Set(ownAddresses)]);
  const isKnownPicture = (address: string) => address === '' || address.startsWith('https://') || knownPictures.has(address);

  const answer: CatalogueImportPlan = { create: [], update: [], refuse: [], unchanged: 0 };
  const writes: CataloguePlan['writes'] = { products: [], variants: [], pictures: new Map() };
  let created = 0;
  let checked = 0;

  for (const group of groups.values()) {
    const [first] = group.rows;
    if (!first) continue;
    const refuseGroup = (reason: string) => {
      for (const row of group.rows) refuse(row.file.row, reason);
    };
    // Every row of a product agrees on the product's own columns.
    const rows = group.rows.filter((row) => {
      const differs = productColumns.filter((column) => row.file.cells[column] !== first.file.cells[column] && !(column === 'hidden' && row.hidden === first.hidden));
      if (differs.length > 0) refuse(row.file.row, `${differs.join(', ')}: not the same as on row ${first.file.row}, the product's first row`);
      return differs.length === 0;
    });
    if (!categories.has(first.file.cells.category)) {
      refuseGroup(`category: no category has the slug “${first.file.cells.category}”`);
      continue;
    }
    const unknownPicture = first.pictures.find((picture) => !isKnownPicture(picture));
    if (unknownPicture !== undefined) {
      refuseGroup(`pictures: ${unknownPicture} is not a picture the shop has; upload it first, or give an https:// address`);
      continue;
    }
    for (const row of rows) {
      if (!isKnownPicture(row.file.cells.img)) refuse(row.file.row, `img: ${row.file.cells.img} is not a picture the shop has; upload it first, or give an https:// address`);
    }

    const product = group.existing;
    const current = product ? (currentVariants.get(product.id) ?? []) : [];
    const fileBySku = new Map(rows.map((row) => [row.sku.toUpperCase(), row]));
    const kept = current.filter((variant) => !fileBySku.has(variant.sku.toUpperCase()));
    const currentOptions = product ? optionsOf(product) : [];
    const options = optionsFrom(first.optionNames, [...rows.map((row) => row.choice), ...kept.map(choiceOf)], currentOptions);
    // The product's variants after the import: those the file names, in its order, after those it leaves as they are.
    const inOrder: Array<{ row: ParsedRow | undefined; variant: CatalogueVariant | undefined }> = [
      ...current.map((variant) => ({ row: fileBySku.get(variant.sku.toUpperCase()), variant })),
      ...rows.filter((row) => !row.existing).map((row) => ({ row, variant: undefined })),
    ];
    const input = {
      name: first.file.cells.name,
      description: first.file.cells.description,
      category: first.file.cells.category,
      minQuantity: first.minQuantity,
      img: first.pictures[0] ?? '',
      pictures: first.pictures,
      hidden: first.hidden,
      options,
      variants: inOrder.map(({ row, variant }) =>
        row
          ? {
              sku: row.sku,
              options: row.choice,
              price: row.priceCents / 100,
              availQuantity: row.availQuantity,
              weightGrams: row.weightGrams ?? variant?.weight_grams ?? 0,
              img: row.file.cells.img || undefined,
              lowStockAt: row.lowStockAt,
            }
          : {
              sku: variant!.sku,
              options: choiceOf(variant!),
              price: variant!.price_cents / 100,
              availQuantity: variant!.avail_quantity,
              weightGrams: variant!.weight_grams,
              img: variant!.img || undefined,
              lowStockAt: variant!.low_stock_at,
            },
      ),
    };
    const checkedInput = productInputSchema.safeParse(input);
    const refusedRows = new Set<number>();
    let groupRefused = false;
    for (const issue of checkedInput.success ? [] : checkedInput.error.issues) {
      const at = issue.path[0] === 'variants' && typeof issue.path[1] === 'number' ? inOrder[issue.path[1]] : undefined;
      // A stock the file leaves as it is, under a minimum it leaves too, is the shop's own: sales took it there.
      const stockRule = issue.message === variantMessages.minBelowEachStock || issue.message === productMessages.minBelowAvail;
      if (stockRule && at?.variant && product && at.variant.avail_quantity === (at.row?.availQuantity ?? at.variant.avail_quantity) && product.min_quantity === first.minQuantity)
        continue;
      const reason = `${columnOf(issue.path)}: ${issue.message}`;
      if (at?.row) {
        refuse(at.row.file.row, reason);
        refusedRows.add(at.row.file.row);
      } else {
        refuseGroup(reason);
        groupRefused = true;
      }
    }
    if (groupRefused) continue;
    const accepted = rows.filter((row) => !refusedRows.has(row.file.row) && !refusals.has(row.file.row));

    // The product's own fields.
    const pictures = first.pictures;
    const currentPictureList = product ? (currentPictures.get(product.id) ?? [product.img]) : [];
    const fields: ProductWrite = {
      id: product?.id ?? newId(),
      name: input.name,
      description: input.description,
      img: pictures[0]!,
      min_quantity: input.minQuantity,
      category: input.category,
      hidden: input.hidden ? 1 : 0,
      options: JSON.stringify(options),
      weight_grams: product?.weight_grams ?? accepted[0]?.weightGrams ?? 0,
      created_at: now,
    };
    const productChanges: Array<{ field: string; from: string; to: string }> = [];
    if (product) {
      const before = productCells(product, currentPictureList);
      const after = productCells(fields, pictures);
      for (const column of productColumns) if (before[column] !== after[column]) productChanges.push({ field: column, from: before[column], to: after[column] });
      if (productChanges.length > 0 || !sameOptions(product.options, options)) writes.products.push(fields);
      if (before.pictures !== after.pictures) writes.pictures.set(fields.id, pictures);
    } else {
      writes.products.push(fields);
      writes.pictures.set(fields.id, pictures);
    }

    // Its variants.
    let nextPosition = Math.max(-1, ...current.map((variant) => variant.position)) + 1;
    let productChangesShown = productChanges.length === 0;
    for (const row of accepted) {
      const variant: VariantWrite = {
        id: row.existing?.id ?? (product === undefined && nextPosition === 0 ? fields.id : newId()),
        product_id: fields.id,
        position: row.existing?.position ?? nextPosition++,
        sku: row.existing?.sku ?? row.sku.toUpperCase(),
        options: choiceJson(options, row.choice),
        price_cents: row.priceCents,
        avail_quantity: row.availQuantity,
        weight_grams: row.weightGrams ?? row.existing?.weight_grams ?? 0,
        img: row.file.cells.img,
        low_stock_at: row.lowStockAt,
      };
      const changes = productChangesShown ? [] : productChanges;
      productChangesShown = true;
      if (!row.existing) {
        answer.create.push({ row: row.file.row, sku: row.sku, name: fields.name });
        writes.variants.push(variant);
        created += 1;
        if (changes.length > 0) answer.update.push({ row: row.file.row, sku: row.sku, changes });
        continue;
      }
      const before = variantCells(currentOptions, row.existing);
      const after = variantCells(options, variant);
      const variantChanges = (Object.keys(after) as Array<keyof typeof after>)
        .filter((column) => before[column] !== after[column])
        .map((column) => ({ field: column, from: before[column], to: after[column] }));
      const sameChoice = choiceKey(options, choiceOf(row.existing)) === choiceKey(options, row.choice) && row.existing.options === variant.options;
      if (variantChanges.length > 0 || !sameChoice) writes.variants.push(variant);
      const all = [...changes, ...variantChanges];
      if (all.length > 0) answer.update.push({ row: row.file.row, sku: row.sku, changes: all });
      else answer.unchanged += 1;
    }
    checked += group.rows.length;
    if (checked % 1000 < group.rows.length) {
      // Checking is work for the processor alone: now and then the other requests get their turn.
      await setImmediate();
      await onProgress?.(checked);
    }
  }

  answer.refuse = [...refusals.entries()].map(([row, reasons]) => ({ row, reason: reasons.join('; ') })).toSorted((a, b) => a.row - b.row);
  answer.create.sort((a, b) => a.row - b.row);
  answer.update.sort((a, b) => a.row - b.row);
  return { answer, writes, created };
}
