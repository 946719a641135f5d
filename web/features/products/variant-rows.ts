import type { VariantInput } from '../../../common/schemas/products.ts';
import { type ProductOption, type VariantChoice, variantLimits } from '../../../common/variants.ts';

/** An option as the form holds it while typed: the values may be empty until some are given. */
export type OptionDraft = { name?: string | undefined; values?: string[] | undefined };

/** A variant row as the form holds it: the numbers may be blank (undefined or NaN) until typed. */
export type VariantDraft = Partial<VariantInput> & { options: VariantChoice };

/** The options that can make combinations: those with a name and at least one value. */
function usable(options: readonly OptionDraft[]): ProductOption[] {
  return options.map((option) => ({ name: option.name?.trim() ?? '', values: option.values ?? [] })).filter((option) => option.name !== '' && option.values.length > 0);
}

/** Every combination of the options' values, the first option varying slowest (6 mm Ash, 6 mm Walnut, 10 mm Ash…). */
export function combinations(options: readonly OptionDraft[]): VariantChoice[] {
  const named = usable(options);
  if (named.length === 0) return [];
  return named.reduce<VariantChoice[]>((choices, option) => choices.flatMap((choice) => option.values.map((value) => ({ ...choice, [option.name]: value }))), [{}]);
}

/** A choice's values in the options' order: how a row is recognised when an option is renamed. */
const valuesOf = (options: readonly OptionDraft[], choice: VariantChoice) => usable(options).map((option) => choice[option.name] ?? '');
export const rowKey = (options: readonly OptionDraft[], choice: VariantChoice) => valuesOf(options, choice).join('\u0000');

/** A SKU to start from: the name's initials and the values, as a SKU may be spelled (JBC-10MM-WALNUT). */
export function suggestedSku(name: string, choice: VariantChoice, options: readonly OptionDraft[]): string {
  const initials = name
    .split(/\s+/)
    .map((word) => word.replace(/[^A-Za-z0-9]/g, '').charAt(0))
    .join('')
    .toUpperCase();
  const parts = [initials || 'SKU', ...valuesOf(options, choice).map((value) => value.replace(/[^A-Za-z0-9]/g, '').toUpperCase())];
  return parts.filter(Boolean).join('-').slice(0, variantLimits.sku);
}

interface Regeneration {
  /** The options before the edit, and the rows as they were under them. */
  before: readonly OptionDraft[];
  rows: readonly VariantDraft[];
  /** The options now. */
  after: readonly OptionDraft[];
  /** Combinations the admin marked as not sold, by their key under `after`. */
  notSold: ReadonlySet<string>;
  /** What a new row starts with. */
  fresh: (choice: VariantChoice) => VariantDraft;
}

/**
 * The rows for the options after an edit: one per combination that is sold, in combination order.
 * A row that was there keeps what was typed into it, found by its values (so renaming an option keeps
 * its rows); with an option added, the old rows go on as the new option's first value; a new
 * combination starts fresh.
 */
export function regenerate({ before, rows, after, notSold, fresh }: Regeneration): VariantDraft[] {
  const old = rows.map((row) => valuesOf(before, row.options));
  const firstValues = usable(after).map((option) => option.values[0]);
  // The same row: equal values where both have an option, and an added option at its first value.
  const continues = (was: string[], now: string[]) => was.length > 0 && now.every((value, index) => (index < was.length ? was[index] === value : value === firstValues[index]));
  const used = new Set<number>();
  return combinations(after)
    .filter((choice) => !notSold.has(rowKey(after, choice)))
    .map((choice) => {
      const now = valuesOf(after, choice);
      const index = old.findIndex((was, at) => !used.has(at) && continues(was, now));
      if (index < 0) return fresh(choice);
      used.add(index);
      return { ...rows[index]!, options: choice };
    });
}
