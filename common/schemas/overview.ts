import { z } from 'zod';

/** The admin's overview: the last 30 days of sales, orders by status, and products running low. */
export const overviewSchema = z.object({
  days: z
    .array(
      z.object({
        date: z.string().meta({ description: 'YYYY-MM-DD (UTC)' }),
        revenue: z.number().meta({ description: 'US dollars paid that day' }),
        refunded: z.number().meta({ description: 'US dollars refunded since, of the orders paid that day: net revenue is revenue minus refunded' }),
        paidOrders: z.number().int(),
      }),
    )
    .meta({ description: 'The last 30 days, oldest first, every day present (zero when nothing was paid)' }),
  ordersByStatus: z
    .object({ notPaid: z.number().int(), pending: z.number().int(), shipped: z.number().int(), delivered: z.number().int(), cancelled: z.number().int() })
    .meta({ description: 'notPaid: waiting for payment; pending: paid, to ship; cancelled: cancelled or expired unpaid' }),
  lowStock: z
    .array(z.object({ _id: z.string(), name: z.string(), availQuantity: z.number().int(), minQuantity: z.number().int() }))
    .meta({ description: 'Up to 10 products with the fewest pieces above their minimum order (fewer than 20), fewest first' }),
});
export type Overview = z.infer<typeof overviewSchema>;
