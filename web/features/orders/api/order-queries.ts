import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PostalAddress } from '../../../../common/postal-addresses.ts';
import type { BulkShipmentInput, BulkShipmentResult } from '../../../../common/schemas/bulk-shipments.ts';
import type { OrderDetails, OrderNote, OrderNoteInput } from '../../../../common/schemas/order-details.ts';
import type { PaginationQuery } from '../../../../common/schemas/pagination.ts';
import type { LocalCardPayment, Order, OrderListQuery, OrderShipmentInput, PaymentIntent, ShippingUpdate } from '../../../../common/schemas/orders.ts';
import type { RefundInput, RefundResult } from '../../../../common/schemas/refunds.ts';
import { apiDelete, apiGet, apiGetPage, apiPatch, apiPost, apiPut, queryString } from '../../../lib/api-client.ts';
import { productQueries } from '../../products/api/product-queries.ts';
import { orderKeyHeaders } from '../order-keys.ts';

const all = ['orders'] as const;

/** The orders' queries, in one place. */
export const orderQueries = {
  all,
  mine: (email: string, page: Partial<PaginationQuery>) =>
    queryOptions({
      queryKey: [...all, 'mine', email, page] as const,
      queryFn: ({ signal }) => apiGetPage<Order>(`/api/orders/${encodeURIComponent(email)}${queryString(page)}`, { signal }),
    }),
  every: (query: Partial<OrderListQuery>) =>
    queryOptions({ queryKey: [...all, 'every', query] as const, queryFn: ({ signal }) => apiGetPage<Order>(`/api/orders${queryString(query)}`, { signal }) }),
  due: (id: string) =>
    queryOptions({
      queryKey: [...all, 'due', id] as const,
      queryFn: ({ signal }) => apiGet<Order>(`/api/duepaymentOrder/${encodeURIComponent(id)}`, { signal, headers: orderKeyHeaders(id) }),
      // The order just placed is its own answer (rememberPlacedOrder): its payment page opens on it
      // without reading it again. Reopened later, or reloaded, the page reads it.
      staleTime: 30_000,
    }),
  details: (id: string) =>
    queryOptions({
      queryKey: [...all, 'details', id] as const,
      queryFn: ({ signal }) => apiGet<OrderDetails>(`/api/orders/${encodeURIComponent(id)}/details`, { signal, headers: orderKeyHeaders(id) }),
    }),
  /** Apart from the orders' own keys: refreshing orders must not make a new payment. */
  paymentIntent: (orderId: string) =>
    queryOptions({
      queryKey: ['payment-intent', orderId] as const,
      queryFn: () => apiPost<PaymentIntent>('/api/create-payment-intent', { orderId }, orderKeyHeaders(orderId)),
      staleTime: Infinity,
      retry: false,
    }),
};

export interface NewOrder {
  productId: string;
  /** The variant chosen; left out for a product sold one way. */
  variantId?: string | undefined;
  quantity: number;
  phone: string;
  shippingAddress: PostalAddress;
}

function useInvalidateOrders() {
  const queryClient = useQueryClient();
  // Orders change stock: the product pages read it again too.
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: orderQueries.all }), queryClient.invalidateQueries({ queryKey: productQueries.all })]);
}

/**
 * The order the server answered on placing it, kept as its payment page's order: that page opens
 * without a second call for what the first just said. Kept after the orders' queries are marked
 * stale, so that it is not marked too.
 */
export function useRememberPlacedOrder() {
  const queryClient = useQueryClient();
  return (order: Order) => queryClient.setQueryData(orderQueries.due(order._id).queryKey, order);
}

export function usePlaceOrder() {
  const invalidate = useInvalidateOrders();
  const remember = useRememberPlacedOrder();
  return useMutation({
    mutationFn: (order: NewOrder) => apiPost<Order>('/api/orders', order),
    onSuccess: async (order) => {
      await invalidate();
      remember(order);
    },
  });
}

export function useMyOrders(email: string, page: Partial<PaginationQuery>) {
  return useQuery({ ...orderQueries.mine(email, page), enabled: Boolean(email), placeholderData: keepPreviousData });
}

/** Manage Orders' list: every order, or those at a stage or matching a search, a page at a time. */
export function useEveryOrder(query: Partial<OrderListQuery>) {
  return useQuery({ ...orderQueries.every(query), placeholderData: keepPreviousData });
}

export function useDueOrder(id: string) {
  return useQuery(orderQueries.due(id));
}

/** One order with its refunds and timeline, for its detail page. */
export function useOrderDetails(id: string) {
  return useQuery(orderQueries.details(id));
}

/** The admin's internal note on an order: the answer, the order's notes newest first, goes straight into its details. */
export function useAddOrderNote(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: OrderNoteInput) => apiPost<OrderNote[]>(`/api/orders/${encodeURIComponent(orderId)}/notes`, note),
    onSuccess: (notes) => queryClient.setQueryData(orderQueries.details(orderId).queryKey, (details) => details && { ...details, notes }),
  });
}

/** Where Manage Orders' Export CSV downloads the orders of its stage and search (the browser sends the session cookie). */
export function ordersCsvPath(query: { stage?: string | undefined; q?: string | undefined }): string {
  return `/api/orders.csv${queryString(query)}`;
}

/** Where a paid order's receipt downloads as a PDF (the browser sends the session cookie). */
export function receiptPdfPath(id: string): string {
  return `/api/orders/${encodeURIComponent(id)}/receipt.pdf`;
}

export function useCancelOrder() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (id: string) => apiDelete<{ deletedCount: number }>(`/api/orders/${encodeURIComponent(id)}`, orderKeyHeaders(id)),
    onSuccess: invalidate,
  });
}

export function useAdvanceShipping() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ id, ...update }: ShippingUpdate & { id: string }) => apiPatch<Order>(`/api/orders/${encodeURIComponent(id)}/shipping`, update),
    onSuccess: invalidate,
  });
}

/** The admin sends some or all of the pieces still to ship in one parcel; the answer is the order after it. */
export function useShipOrderLines() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ orderId, shipment }: { orderId: string; shipment: OrderShipmentInput }) => apiPost<Order>(`/api/orders/${encodeURIComponent(orderId)}/shipments`, shipment),
    onSuccess: invalidate,
  });
}

/** The admin ships several orders at once, each with its tracking number; the answer says which were shipped and which skipped, and why. */
export function useShipSeveral() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (input: BulkShipmentInput) => apiPost<BulkShipmentResult>('/api/orders/shipments', input),
    onSuccess: invalidate,
  });
}

/**
 * The admin's refund of a paid order, by line or by amount; the answer says what was given back. The
 * same idempotency key refunds once, however often it is sent.
 */
export function useRefundOrder() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ orderId, refund }: { orderId: string; refund: RefundInput }) => apiPost<RefundResult>(`/api/orders/${encodeURIComponent(orderId)}/refunds`, refund),
    onSuccess: invalidate,
  });
}

/** The payment for an unpaid order, made once when the payment page opens (its client secret unlocks Pay). */
export function usePaymentIntent(orderId: string, enabled: boolean) {
  return useQuery({ ...orderQueries.paymentIntent(orderId), enabled });
}

/** The local test processor: authorise the card, then have the server confirm and capture. */
export async function payWithLocalCard(orderId: string, card: LocalCardPayment): Promise<Order> {
  const { transactionId } = await apiPost<{ transactionId: string }>('/api/payments/local/authorise', { orderId, ...card }, orderKeyHeaders(orderId));
  return confirmPayment(orderId, transactionId);
}

/** Asks the server to mark the order paid; it checks the payment with the card processor itself. */
export function confirmPayment(orderId: string, transactionId: string): Promise<Order> {
  return apiPut<Order>(`/api/orders/${encodeURIComponent(orderId)}`, { paymentStatus: 'paid', transactionId }, orderKeyHeaders(orderId));
}

/**
 * Paying (an order, or a checkout of the whole cart): `onPaid` runs first, so the page shows the
 * success before the lists are read again.
 */
export function usePayOrder<Card = void, Paid = Order>(pay: (card: Card) => Promise<Paid>, onPaid: (paid: Paid) => void) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: pay,
    onSuccess: async (paid) => {
      onPaid(paid);
      await invalidate();
    },
  });
}
