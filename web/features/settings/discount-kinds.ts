import { formatUsd } from '../../../common/money.ts';
import type { DiscountKind } from '../../../common/order-pricing.ts';
import type { DiscountCode } from '../../../common/schemas/discount-codes.ts';
import { countOf } from '../../../common/plurals.ts';

/** What each kind of code is called where the admin chooses it. */
export const discountKindLabels: Record<DiscountKind, string> = {
  percent: 'Percentage off',
  amount: 'Amount off',
  free_shipping: 'Free shipping',
};

/** What a code takes off, as its list says it: "10% off", "$5.00 off", "Free shipping". */
export function discountTakesOff(code: Pick<DiscountCode, 'kind' | 'value'>): string {
  if (code.kind === 'percent') return `${code.value}% off`;
  if (code.kind === 'amount') return `${formatUsd(code.value)} off`;
  return 'Free shipping';
}

/** A code's conditions, one phrase each: none means it applies to any order. `categoryName` names a category by its slug. */
export function discountConditions(code: Pick<DiscountCode, 'minSubtotal' | 'categories' | 'productIds'>, categoryName: (slug: string) => string): string[] {
  const conditions: string[] = [];
  if (code.minSubtotal !== undefined && code.minSubtotal > 0) conditions.push(`Orders from ${formatUsd(code.minSubtotal)}`);
  if (code.categories.length > 0) conditions.push(`Only ${code.categories.map(categoryName).join(', ')}`);
  if (code.productIds.length > 0) conditions.push(`Only ${countOf(code.productIds.length, 'chosen product')}`);
  return conditions;
}
