import type { OrderDetails } from '../../../../common/schemas/order-details.ts';

/**
 * What the shop's admin can do with one order, on its detail page. This is where the Refund button
 * (refunds of a paid order) is mounted, beside reaching the customer.
 */
export function AdminOrderActions({ details }: { details: OrderDetails }) {
  const { order } = details;
  return (
    <section aria-labelledby="admin-actions" data-slot="admin-order-actions" className="rounded-xl border border-primary/30 bg-primary/5 p-5 print:hidden">
      <h2 id="admin-actions" className="text-sm font-semibold uppercase tracking-wider text-primary">
        Admin actions
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={`mailto:${order.email}?subject=${encodeURIComponent(`Your Joinery order ${order.orderNumber}`)}`} className="btn btn-outline btn-sm">
          Email the customer
        </a>
      </div>
    </section>
  );
}
