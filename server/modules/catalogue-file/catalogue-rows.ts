import { type CatalogueColumn, catalogueColumns, pictureSeparator } from '../../../common/catalogue-file.ts';
import type { ProductOption, VariantChoice } from '../../../common/variants.ts';
import type { CatalogueProduct, CatalogueVariant } from './catalogue-file-repository.ts';

/**
 * One variant as a row of the catalogue's file: the export writes these cells, and an import's dry
 * run shows its changes in the same words, so that "old → new" reads as the spreadsheet does.
 */
export type CatalogueCells = Record<CatalogueColumn, string>;

export const priceCell = (cents: number): string => (cents / 100).toFixed(2);
export const yesNo = (value: boolean): string => (value ? 'yes' : 'no');

/** A product's options, as stored (JSON); [] for one that cannot be read. */
export function optionsOf(product: Pick<CatalogueProduct, 'options'>): ProductOption[] {
  try {
    const options: unknown = JSON.parse(product.options);
    return Array.isArray(options) ? (options as ProductOption[]) : [];
  } catch {
    return [];
  }
}

export function choiceOf(variant: Pick<CatalogueVariant, 'options'>): VariantChoice {
  try {
    const choice: unknown = JSON.parse(variant.options);
    return choice && typeof choice === 'object' && !Array.isArray(choice) ? (choice as VariantChoice) : {};
  } catch {
    return {};
  }
}

/** The product's own cells, the same on each of its rows. */
export function productCells(product: CatalogueProduct, pictures: readonly string[]): Omit<CatalogueCells, VariantColumn> {
  const options = optionsOf(product);
  return {
    product_id: product.id,
    name: product.name,
    description: product.description,
    category: product.category,
    hidden: yesNo(product.hidden !== 0),
    min_quantity: String(product.min_quantity),
    option1_name: options[0]?.name ?? '',
    option2_name: options[1]?.name ?? '',
    option3_name: options[2]?.name ?? '',
    pictures: (pictures.length > 0 ? pictures : [product.img]).join(pictureSeparator),
  };
}

export const variantColumns = ['sku', 'option1_value', 'option2_value', 'option3_value', 'price', 'avail_quantity', 'weight_grams', 'img', 'low_stock_at'] as const;
export type VariantColumn = (typeof variantColumns)[number];

/** The variant's own cells: its choice of each of the product's options, in the options' order. */
export function variantCells(options: readonly ProductOption[], variant: CatalogueVariant): Record<VariantColumn, string> {
  const choice = choiceOf(variant);
  return {
    sku: variant.sku,
    option1_value: options[0] ? (choice[options[0].name] ?? '') : '',
    option2_value: options[1] ? (choice[options[1].name] ?? '') : '',
    option3_value: options[2] ? (choice[options[2].name] ?? '') : '',
    price: priceCell(variant.price_cents),
    avail_quantity: String(variant.avail_quantity),
    weight_grams: String(variant.weight_grams),
    img: variant.img,
    low_stock_at: variant.low_stock_at === null ? '' : String(variant.low_stock_at),
  };
}

/** Every row of a product, its variants in their order. */
export function productRows(product: CatalogueProduct, variants: readonly CatalogueVariant[], pictures: readonly string[]): string[][] {
  const own = productCells(product, pictures);
  const options = optionsOf(product);
  return variants.map((variant) => {
    const cells: CatalogueCells = { ...own, ...variantCells(options, variant) };
    return catalogueColumns.map((column) => cells[column]);
  });
}
