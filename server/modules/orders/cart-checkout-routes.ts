import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutMessages } from '../../../common/checkout-rules.ts';
import type { CartLineInput } from '../../../common/schemas/cart.ts';
import { apiErrorSchema } from '../../../common/schemas/errors.ts';
import { cartCheckoutInputSchema, lastDeliverySchema, orderSchema } from '../../../common/schemas/orders.ts';
import type { OrderLimits } from '../../config/env.ts';
import { AppError } from '../../errors.ts';
import { perMinute } from '../../plugins/rate-limit.ts';
import { signedInViewer } from '../../plugins/route-access.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import type { ProductLine } from '../pricing/pricing-service.ts';
import type { OrderService } from './order-service.ts';

export interface CartCheckoutRouteOptions {
  orders: Pick<OrderService, 'placeFromCart' | 'lastDelivery'>;
  /** The signed-in customer's cart as an order takes it (the cart module's), or a 409 naming the line to fix. */
  cartLines: (viewer: SignedInUser) => Promise<ProductLine[]>;
  /** A guest's cart, kept in their browser, checked the same way. */
  guestLines: (lines: readonly CartLineInput[]) => Promise<ProductLine[]>;
  limits: OrderLimits;
}

const refusals = { 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * The cart's checkout: the whole cart becomes one order, paid as any order is (`POST /create-payment-intent`,
 * `PUT /orders/{id}`). A signed-in customer checks out their cart; a guest (ADR 038) gives an e-mail
 * address and the lines of the cart their browser keeps, and is answered the key that opens the order.
 */
export const cartCheckoutRoutes: FastifyPluginAsyncZod<CartCheckoutRouteOptions> = async (app, { orders, cartLines, guestLines, limits }) => {
  app.post(
    '/cart/checkout',
    {
      config: { access: 'anyone', rateLimit: perMinute(limits.ordersPerMinute) },
      schema: {
        tags: ['cart', 'orders'],
        summary:
          'Check out a cart to a phone and address, sent the way chosen, with a discount code: one unpaid order of every line, priced on the server. Signed in, your cart; as a guest, the lines and e-mail address given',
        body: cartCheckoutInputSchema,
        response: {
          201: orderSchema.extend({ accessKey: z.string().optional().meta({ description: "A guest's key to the order: send it as X-Order-Key to pay for it and read it" }) }),
          400: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const { viewer, body } = request;
      if (viewer) return reply.status(201).send(await orders.placeFromCart({ kind: 'customer', viewer }, await cartLines(viewer), body));
      if (!body.email) throw new AppError(400, 'VALIDATION_FAILED', checkoutMessages.emailRequired);
      if (!body.lines || body.lines.length === 0) throw new AppError(400, 'VALIDATION_FAILED', checkoutMessages.guestLinesRequired);
      const guest = { kind: 'guest' as const, email: body.email.toLowerCase(), name: body.shippingAddress.name };
      return reply.status(201).send(await orders.placeFromCart(guest, await guestLines(body.lines), body));
    },
  );

  app.get(
    '/cart/delivery',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['cart'],
        summary: 'The phone and address of your last order, to fill the checkout form with (null before your first order)',
        response: { 200: lastDeliverySchema, ...refusals },
      },
    },
    async (request) => orders.lastDelivery(signedInViewer(request)),
  );
};
