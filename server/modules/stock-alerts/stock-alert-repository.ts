import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DatabaseSchema as DB } from '../../db/schema.ts';

/** What an alert asks about, as the catalogue has it now: the product, and the variant named (or the best stocked). */
export interface WantedStock {
  productName: string;
  hidden: boolean;
  minQuantity: number;
  /** The product's options, JSON. */
  options: string;
  /** The variant's choices, JSON; undefined when no variant was named, or it is not the product's. */
  variantOptions: string | undefined;
  /** The variant's stock, or the best stocked variant's for an alert on any of them; undefined for a variant that is not the product's. */
  availQuantity: number | undefined;
}

export interface AlertRequest {
  id: string;
  productId: string;
  variantId: string;
  email: string;
  tokenHash: string;
  /** Now, for a signed-in customer's own address; null when its owner must confirm it. */
  confirmedAt: string | null;
  now: string;
}

/** A confirmed alert whose product or variant can be ordered again, with what its e-mail says. */
export interface DueAlert {
  id: string;
  email: string;
  productId: string;
  variantId: string;
  productName: string;
  options: string;
  variantOptions: string | null;
}

/** An alert a link found: its address and what it waits for. */
export interface LinkedAlert {
  email: string;
  productId: string;
  product: string;
}

export interface WaitingRow {
  product_id: string;
  variant_id: string;
  product: string;
  options: string;
  variant_options: string | null;
  sku: string | null;
  avail_quantity: number;
  waiting: number | string;
}

type Alerts = ExpressionBuilder<DB & { a: DB['stock_alerts']; p: DB['products'] }, 'a' | 'p'>;

/**
 * Whether the alert's variant (or, for '', any variant of its product) can be ordered: the
 * specification's rule, `minQuantity < availQuantity`, on a product that is shown.
 */
const canBeOrdered = (eb: Alerts) =>
  eb.and([
    eb('p.hidden', '=', 0),
    eb.exists(
      eb
        .selectFrom('product_variants as v')
        .select(sql<number>`1`.as('one'))
        .whereRef('v.product_id', '=', 'a.product_id')
        .where((inner) => inner.or([inner('a.variant_id', '=', ''), inner('v.id', '=', inner.ref('a.variant_id'))]))
        .whereRef('v.avail_quantity', '>', 'p.min_quantity'),
    ),
  ]);

/** Who waits: confirmed, not yet told, not unsubscribed. */
const waiting = (eb: ExpressionBuilder<DB & { a: DB['stock_alerts'] }, 'a'>) =>
  eb.and([eb('a.confirmed_at', 'is not', null), eb('a.notified_at', 'is', null), eb('a.unsubscribed_at', 'is', null)]);

/** Stock alerts (issue 27): asked for, confirmed, told once, left. The catalogue's rows are read here, as the cart reads them, to know what can be ordered. */
export function createStockAlertRepository(db: Database) {
  /** The address of an alert a link found, and the product's name for the page. */
  async function linked({ email, product_id }: { email: string; product_id: string }): Promise<LinkedAlert> {
    const product = await db.selectFrom('products').select('name').where('id', '=', product_id).executeTakeFirst();
    return { email, productId: product_id, product: product?.name ?? '' };
  }

  return {
    async wanted(productId: string, variantId: string): Promise<WantedStock | undefined> {
      const product = await db.selectFrom('products').select(['name', 'hidden', 'min_quantity', 'options']).where('id', '=', productId).executeTakeFirst();
      if (!product) return undefined;
      const variants = db.selectFrom('product_variants').where('product_id', '=', productId);
      const variant = variantId
        ? await variants.select(['options', 'avail_quantity']).where('id', '=', variantId).executeTakeFirst()
        : await variants.select((eb) => [sql<string>`'{}'`.as('options'), eb.fn.max<number>('avail_quantity').as('avail_quantity')]).executeTakeFirst();
      return {
        productName: product.name,
        hidden: Boolean(product.hidden),
        minQuantity: product.min_quantity,
        options: product.options,
        variantOptions: variantId ? variant?.options : undefined,
        availQuantity: variant?.avail_quantity ?? undefined,
      };
    },

    /**
     * Records the request, once per (product, variant, address) by the unique index: a new alert, or
     * the one asked for before, armed again if it had been sent or unsubscribed. Confirmed at once when
     * `confirmedAt` is given; otherwise it keeps its confirmation only while it waits. `alongside` runs
     * in the same transaction with the alert's id and whether it is confirmed (the e-mail is queued there).
     */
    async request(
      request: AlertRequest,
      alongside: (transaction: Database, alert: { id: string; confirmed: boolean }) => Promise<void>,
    ): Promise<{ id: string; confirmed: boolean }> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('stock_alerts')
          .values({
            id: request.id,
            product_id: request.productId,
            variant_id: request.variantId,
            email: request.email,
            token: request.tokenHash,
            confirmed_at: request.confirmedAt,
            created_at: request.now,
          })
          .onConflict((conflict) => conflict.columns(['product_id', 'variant_id', 'email']).doNothing())
          .execute();
        const key = (eb: ExpressionBuilder<DB, 'stock_alerts'>) =>
          eb.and([eb('product_id', '=', request.productId), eb('variant_id', '=', request.variantId), eb('email', '=', request.email)]);
        // An alert that has done its work (sent, or unsubscribed) waits again; for a visitor, once confirmed again.
        await trx
          .updateTable('stock_alerts')
          .set({ notified_at: null, unsubscribed_at: null, confirmed_at: request.confirmedAt, created_at: request.now })
          .where(key)
          .where((eb) => eb.or([eb('notified_at', 'is not', null), eb('unsubscribed_at', 'is not', null)]))
          .execute();
        if (request.confirmedAt) {
          await trx.updateTable('stock_alerts').set({ confirmed_at: request.confirmedAt }).where(key).where('confirmed_at', 'is', null).execute();
        }
        const alert = await trx.selectFrom('stock_alerts').select(['id', 'confirmed_at']).where(key).executeTakeFirstOrThrow();
        const answer = { id: alert.id, confirmed: alert.confirmed_at !== null };
        await alongside(trx, answer);
        return answer;
      });
    },

    /** Confirms the alert a link names, keeping the first confirmation's time; not one unsubscribed since. */
    async confirm(tokenHash: string, now: string): Promise<LinkedAlert | undefined> {
      const row = await db
        .updateTable('stock_alerts')
        .set((eb) => ({ confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(now)) }))
        .where('token', '=', tokenHash)
        .where('unsubscribed_at', 'is', null)
        .returning(['email', 'product_id'])
        .executeTakeFirst();
      return row && linked(row);
    },

    /** Unsubscribes the alert a link names (again: no change). */
    async unsubscribe(tokenHash: string, now: string): Promise<LinkedAlert | undefined> {
      const row = await db
        .updateTable('stock_alerts')
        .set((eb) => ({ unsubscribed_at: eb.fn.coalesce('unsubscribed_at', eb.val(now)) }))
        .where('token', '=', tokenHash)
        .returning(['email', 'product_id'])
        .executeTakeFirst();
      return row && linked(row);
    },

    /** Up to `limit` alerts due to be sent, oldest first. */
    due(limit: number): Promise<DueAlert[]> {
      return db
        .selectFrom('stock_alerts as a')
        .innerJoin('products as p', 'p.id', 'a.product_id')
        .leftJoin('product_variants as w', 'w.id', 'a.variant_id')
        .select(['a.id', 'a.email', 'a.product_id as productId', 'a.variant_id as variantId', 'p.name as productName', 'p.options', 'w.options as variantOptions'])
        .where(waiting)
        .where(canBeOrdered)
        .orderBy('a.created_at')
        .orderBy('a.id')
        .limit(limit)
        .execute();
    },

    /**
     * Claims an alert for its one e-mail, in the transaction that queues it: the update finds it still
     * waiting and its stock still there, so that of two processes sending at once, one claims it and
     * the other changes nothing.
     */
    async claim(trx: Database, id: string, now: string): Promise<boolean> {
      const claimed = await trx
        .updateTable('stock_alerts as a')
        .set({ notified_at: now })
        .where('a.id', '=', id)
        .where(waiting)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('products as p')
              .select(sql<number>`1`.as('one'))
              .whereRef('p.id', '=', 'a.product_id')
              .where(canBeOrdered),
          ),
        )
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) > 0;
    },

    inTransaction<T>(work: (trx: Database) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** How many wait for each product and variant, the most awaited first. */
    async waiting(page: { limit: number; offset: number }): Promise<{ rows: WaitingRow[]; total: number }> {
      const groups = db
        .selectFrom('stock_alerts as a')
        .select((eb) => ['a.product_id', 'a.variant_id', eb.fn.countAll<number>().as('waiting')])
        .where(waiting)
        .groupBy(['a.product_id', 'a.variant_id']);
      const [rows, count] = await Promise.all([
        db
          .selectFrom(groups.as('g'))
          .innerJoin('products as p', 'p.id', 'g.product_id')
          .leftJoin('product_variants as v', 'v.id', 'g.variant_id')
          .select(['g.product_id', 'g.variant_id', 'g.waiting', 'p.name as product', 'p.options', 'v.options as variant_options', 'v.sku'])
          .select(sql<number>`coalesce(v.avail_quantity, p.avail_quantity)`.as('avail_quantity'))
          .orderBy('g.waiting', 'desc')
          .orderBy('p.name')
          .orderBy('g.variant_id')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        db
          .selectFrom(groups.as('g'))
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },
  };
}

export type StockAlertRepository = ReturnType<typeof createStockAlertRepository>;
