import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DiscountCodesTable } from '../../db/schema.ts';

export type DiscountCodeRow = Selectable<DiscountCodesTable>;
/** A code with the products and categories it is limited to. */
export type DiscountCodeWithScope = DiscountCodeRow & { product_ids: string[]; categories: string[] };

/** How holding a use of a code for an order went: held, or refused because every use is taken, the customer's are, or the code is gone. */
export type RedeemOutcome = 'redeemed' | 'used-up' | 'used-by-customer' | 'unknown';

export function createDiscountCodeRepository(db: Database) {
  async function withScope(rows: DiscountCodeRow[], on: Database = db): Promise<DiscountCodeWithScope[]> {
    if (rows.length === 0) return [];
    const codes = rows.map((row) => row.code);
    const [products, categories] = await Promise.all([
      on.selectFrom('discount_code_products').selectAll().where('code', 'in', codes).execute(),
      on.selectFrom('discount_code_categories').selectAll().where('code', 'in', codes).execute(),
    ]);
    return rows.map((row) => ({
      ...row,
      product_ids: products.filter((product) => product.code === row.code).map((product) => product.product_id),
      categories: categories.filter((category) => category.code === row.code).map((category) => category.category),
    }));
  }

  return {
    /**
     * Creates a code with its scope; false when the code exists already. Products that are not in the
     * catalogue are left out. `alongside` runs in its transaction with the code as written.
     */
    async create(
      row: Insertable<DiscountCodesTable>,
      productIds: readonly string[],
      categories: readonly string[],
      alongside: (trx: Database, created: DiscountCodeWithScope) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('discount_codes')
          .values(row)
          .onConflict((conflict) => conflict.column('code').doNothing())
          .returning('code')
          .executeTakeFirst();
        if (!inserted) return false;
        const known = productIds.length > 0 ? await trx.selectFrom('products').select('id').where('id', 'in', productIds).execute() : [];
        if (known.length > 0) {
          await trx
            .insertInto('discount_code_products')
            .values(known.map((product) => ({ code: row.code, product_id: product.id })))
            .execute();
        }
        if (categories.length > 0) {
          await trx
            .insertInto('discount_code_categories')
            .values(categories.map((category) => ({ code: row.code, category })))
            .execute();
        }
        const [created] = await withScope([await trx.selectFrom('discount_codes').selectAll().where('code', '=', row.code).executeTakeFirstOrThrow()], trx);
        await alongside(trx, created!);
        return true;
      });
    },

    async find(code: string): Promise<DiscountCodeWithScope | undefined> {
      const row = await db.selectFrom('discount_codes').selectAll().where('code', '=', code).executeTakeFirst();
      return row && (await withScope([row]))[0];
    },

    /** A page of codes, newest first, and how many there are. */
    async list(page: { limit: number; offset: number }): Promise<{ rows: DiscountCodeWithScope[]; total: number }> {
      const [rows, count] = await Promise.all([
        db.selectFrom('discount_codes').selectAll().orderBy('created_at', 'desc').orderBy('code').limit(page.limit).offset(page.offset).execute(),
        db
          .selectFrom('discount_codes')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: await withScope(rows), total: Number(count.total) };
    },

    /** Deletes a code (its scope goes with it); `alongside` runs in the transaction with the code as it was. */
    async delete(code: string, alongside: (trx: Database, deleted: DiscountCodeWithScope) => Promise<void>): Promise<number> {
      return db.transaction().execute(async (trx) => {
        // Its scope is read before the delete takes it away (ON DELETE CASCADE).
        const found = await trx.selectFrom('discount_codes').selectAll().where('code', '=', code).executeTakeFirst();
        if (!found) return 0;
        const [was] = await withScope([found], trx);
        const deleted = await trx.deleteFrom('discount_codes').where('code', '=', code).returningAll().executeTakeFirst();
        if (!deleted) return 0;
        await alongside(trx, { ...was!, ...deleted });
        return 1;
      });
    },

    /** How many paid orders of this customer used the code (through `discount_redemptions_customer_idx`). */
    async paidUsesBy(code: string, customer: string): Promise<number> {
      const row = await db
        .selectFrom('discount_redemptions')
        .innerJoin('orders', 'orders.id', 'discount_redemptions.order_id')
        .select((eb) => eb.fn.countAll<number>().as('uses'))
        .where('discount_redemptions.code', '=', code)
        .where('discount_redemptions.customer', '=', customer)
        .where('orders.payment_status', '=', 'paid')
        .executeTakeFirstOrThrow();
      return Number(row.uses);
    },

    /** How many orders of this customer hold a use of the code now, paid or not (through `discount_redemptions_customer_idx`). */
    async usesBy(code: string, customer: string, on: Database = db): Promise<number> {
      const row = await on
        .selectFrom('discount_redemptions')
        .select((eb) => eb.fn.countAll<number>().as('uses'))
        .where('code', '=', code)
        .where('customer', '=', customer)
        .executeTakeFirstOrThrow();
      return Number(row.uses);
    },

    /**
     * Holds a use of the code for an order, in the order's own transaction: the code's count rises
     * only while it is below its limit, by one conditional update, which also makes every other
     * redemption of the code wait for this transaction (PostgreSQL locks the row; SQLite has one
     * writer). So the customer's own uses, counted after it, include every one committed before:
     * neither limit can be passed however many orders are placed at once.
     */
    async redeem(transaction: Database, redemption: { code: string; orderId: string; customer: string; at: string }): Promise<RedeemOutcome> {
      const taken = await transaction
        .updateTable('discount_codes')
        .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
        .where('code', '=', redemption.code)
        .where((eb) => eb.or([eb('max_uses', 'is', null), eb('used_count', '<', eb.ref('max_uses'))]))
        .returning('max_uses_per_customer')
        .executeTakeFirst();
      if (!taken) {
        const exists = await transaction.selectFrom('discount_codes').select('code').where('code', '=', redemption.code).executeTakeFirst();
        return exists ? 'used-up' : 'unknown';
      }
      if (taken.max_uses_per_customer !== null && (await this.usesBy(redemption.code, redemption.customer, transaction)) >= taken.max_uses_per_customer) {
        return 'used-by-customer';
      }
      await transaction
        .insertInto('discount_redemptions')
        .values({ order_id: redemption.orderId, code: redemption.code, customer: redemption.customer, created_at: redemption.at })
        .execute();
      return 'redeemed';
    },

    /** Gives back the use an order held (it was cancelled), in the transaction that cancels it. */
    async release(transaction: Database, orderId: string): Promise<void> {
      const released = await transaction.deleteFrom('discount_redemptions').where('order_id', '=', orderId).returning('code').executeTakeFirst();
      if (!released) return;
      await transaction
        .updateTable('discount_codes')
        .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
        .where('code', '=', released.code)
        .where('used_count', '>', 0)
        .execute();
    },
  };
}

export type DiscountCodeRepository = ReturnType<typeof createDiscountCodeRepository>;
