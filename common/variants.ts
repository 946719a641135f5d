/**
 * A product's options and the variants that combine them (issue 27, ADR 039). No zod here, so that the
 * product page and the cart can name a variant without loading a schema library.
 */
export interface ProductOption {
  name: string;
  values: string[];
}

/** A variant's choice of each option, such as `{ Width: '10 mm', Handle: 'Walnut' }`; `{}` for a product sold one way. */
export type VariantChoice = Record<string, string>;

export const variantLimits = { options: 3, valuesPerOption: 20, variants: 100, optionName: 40, optionValue: 40, sku: 64 } as const;

export const variantMessages = {
  tooManyOptions: 'A product has at most 3 options',
  optionNameRequired: 'An option needs a name',
  optionNamesRepeat: 'Two options have the same name',
  optionValuesRequired: 'An option needs at least one value',
  optionValuesRepeat: 'An option lists the same value twice',
  variantsRequired: 'A product with options needs at least one variant',
  variantWithoutOptions: 'A product without options is sold one way: at most one variant',
  variantOptionsMismatch: "A variant's choices must name each option once, with one of its values",
  variantsRepeat: 'Two variants have the same choices',
  skuRequired: 'SKU is Required',
  skuInvalid: 'A SKU is letters, digits, dots, dashes and underscores',
  skusRepeat: 'Two variants have the same SKU',
  minBelowEachStock: 'Minimum order must be less than each variant’s stock, unless it is 0 (sold out)',
} as const;

export const skuPattern = /^[A-Za-z0-9._-]+$/;

/** How a variant reads to people: "Width 10 mm · Handle Walnut"; '' for a product sold one way. */
export function variantLabel(options: ProductOption[], choice: VariantChoice): string {
  return options
    .filter((option) => choice[option.name] !== undefined)
    .map((option) => `${option.name} ${choice[option.name]}`)
    .join(' · ');
}

/** The same choice, whatever order its keys came in. */
export function choiceKey(options: ProductOption[], choice: VariantChoice): string {
  return options.map((option) => choice[option.name] ?? '').join('\u0000');
}

/**
 * The pieces a customer can order of a stock: the specification's rule (`quantity < availQuantity`)
 * keeps the last piece back, so 25 in stock is 24 to order, and 1 is none.
 */
export function piecesToOrder(availQuantity: number): number {
  return Math.max(0, availQuantity - 1);
}

/** Whether a customer can order this stock at all, with the product's minimum order. */
export function canOrder(stock: { minQuantity: number; availQuantity: number }): boolean {
  return stock.minQuantity < stock.availQuantity;
}

/** The SKU a product sold one way gets when nobody gave one: the shop's prefix and the start of its id. */
export const generatedSku = (productId: string): string => `JNR-${productId.replaceAll('-', '').slice(0, 12).toUpperCase()}`;

/** How an order line names what was bought: "Joinery Bench Chisel (Width 10 mm · Handle Walnut)". */
export const lineDescription = (line: { product: string; variant: string }): string => (line.variant ? `${line.product} (${line.variant})` : line.product);
