import { checkoutMessages } from '../../../common/checkout-rules.ts';
import { centsToDollars, dollarsToCents } from '../../../common/money.ts';
import type { DiscountRule } from '../../../common/order-pricing.ts';
import { receiptDate } from '../../../common/receipt.ts';
import { type DiscountCode, type DiscountCodeInput, discountCodeMessages } from '../../../common/schemas/discount-codes.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { AuditRecorder } from '../audit/audit-trail.ts';
import type { StaffActor } from '../audit/staff-actor.ts';
import type { CategoryService } from '../categories/category-service.ts';
import { conflict } from '../../errors.ts';
import { discountAsCreated, discountAsDeleted } from './discount-audit.ts';
import type { DiscountCodeRepository, DiscountCodeWithScope, RedeemOutcome } from './discount-code-repository.ts';

function toDiscountCode(row: DiscountCodeWithScope): DiscountCode {
  return {
    code: row.code,
    kind: row.kind,
    value: row.kind === 'amount' ? centsToDollars(row.value) : row.value,
    ...(row.min_subtotal_cents !== null && { minSubtotal: centsToDollars(row.min_subtotal_cents) }),
    ...(row.starts_at && { startsAt: row.starts_at }),
    ...(row.ends_at && { endsAt: row.ends_at }),
    ...(row.max_uses !== null && { maxUses: row.max_uses }),
    ...(row.max_uses_per_customer !== null && { maxUsesPerCustomer: row.max_uses_per_customer }),
    productIds: row.product_ids,
    categories: row.categories,
    uses: row.used_count,
    createdAt: row.created_at,
  };
}

function toRule(row: DiscountCodeWithScope): DiscountRule {
  return { code: row.code, kind: row.kind, value: row.value, minSubtotalCents: row.min_subtotal_cents, productIds: row.product_ids, categories: row.categories };
}

const refusedBecause: Record<Exclude<RedeemOutcome, 'redeemed'>, string> = {
  'used-up': checkoutMessages.codeUsedUp,
  'used-by-customer': checkoutMessages.codeUsedByYou,
  unknown: checkoutMessages.codeUnknown,
};

/** Who a code's per-customer limit counts: the order's e-mail address, for an account and a guest alike. */
export const discountCustomer = (email: string) => email.trim().toLowerCase();

/**
 * Discount codes (ADR 038): the admin makes and removes them, each recorded in the audit trail in its
 * own transaction (ADR 043); a cart or checkout looks one up, and the order placed with it holds one of
 * its uses, taken in the transaction that places it.
 */
export function createDiscountService(codes: DiscountCodeRepository, clock: Clock, categories: Pick<CategoryService, 'requireExisting'>, audit: AuditRecorder) {
  return {
    async create(input: DiscountCodeInput, actor: StaffActor): Promise<DiscountCode> {
      // A code for a category the shop does not keep would apply to nothing.
      await categories.requireExisting(input.categories ?? [], 'categories');
      const created = await codes.create(
        {
          code: input.code,
          kind: input.kind,
          value: input.kind === 'amount' ? dollarsToCents(input.value) : input.kind === 'percent' ? input.value : 0,
          min_subtotal_cents: input.minSubtotal === undefined ? null : dollarsToCents(input.minSubtotal),
          starts_at: input.startsAt ? new Date(input.startsAt).toISOString() : null,
          ends_at: input.endsAt ? new Date(input.endsAt).toISOString() : null,
          max_uses: input.maxUses ?? null,
          max_uses_per_customer: input.maxUsesPerCustomer ?? null,
          created_at: clock().toISOString(),
        },
        input.productIds ?? [],
        input.categories ?? [],
        (trx, created) => audit(trx, actor, { kind: 'discount.created', subject: created.code, detail: { changes: discountAsCreated(created) } }),
      );
      if (!created) throw conflict(discountCodeMessages.exists, 'DISCOUNT_CODE_EXISTS');
      const row = await codes.find(input.code);
      return toDiscountCode(row!);
    },

    async list(page: { limit: number; offset: number }) {
      const { rows, total } = await codes.list(page);
      return { items: rows.map(toDiscountCode), total };
    },

    async remove(code: string, actor: StaffActor): Promise<{ deletedCount: number }> {
      const deletedCount = await codes.delete(code.trim().toUpperCase(), (trx, deleted) =>
        audit(trx, actor, { kind: 'discount.deleted', subject: deleted.code, detail: { changes: discountAsDeleted(deleted), facts: { uses: deleted.used_count } } }),
      );
      return { deletedCount };
    },

    /**
     * The code a customer typed, as pricing applies it, or why it cannot be used now: unknown, not
     * started, ended, or (as far as can be told before the order is placed) used up by everyone, or
     * by this customer's paid orders (an unpaid order of theirs may be the one this checkout replaces;
     * placing the order counts every use it holds). Its minimum and the tools it is for are checked
     * against the lines.
     */
    async lookUp(code: string, customer: string | undefined): Promise<{ rule: DiscountRule } | { problem: string }> {
      const row = await codes.find(code);
      if (!row) return { problem: checkoutMessages.codeUnknown };
      const now = clock().toISOString();
      if (row.starts_at && row.starts_at > now) return { problem: checkoutMessages.codeNotYet(receiptDate(row.starts_at)) };
      if (row.ends_at && row.ends_at <= now) return { problem: checkoutMessages.codeEnded };
      if (row.max_uses !== null && row.used_count >= row.max_uses) return { problem: checkoutMessages.codeUsedUp };
      if (customer && row.max_uses_per_customer !== null && (await codes.paidUsesBy(row.code, discountCustomer(customer))) >= row.max_uses_per_customer) {
        return { problem: checkoutMessages.codeUsedByYou };
      }
      return { rule: toRule(row) };
    },

    /**
     * Holds one use of the code for an order, in the transaction that places it; refused with a 409
     * that says why when its uses are taken (in all, or by this customer) meanwhile: the order is then
     * not placed.
     */
    async redeem(transaction: Database, redemption: { code: string; orderId: string; email: string }): Promise<void> {
      const outcome = await codes.redeem(transaction, {
        code: redemption.code,
        orderId: redemption.orderId,
        customer: discountCustomer(redemption.email),
        at: clock().toISOString(),
      });
      if (outcome !== 'redeemed') throw conflict(refusedBecause[outcome], 'DISCOUNT_CODE_REFUSED');
    },

    /** A cancelled order gives its use back, in the transaction that cancels it. */
    release: (transaction: Database, orderId: string) => codes.release(transaction, orderId),
  };
}

export type DiscountService = ReturnType<typeof createDiscountService>;
