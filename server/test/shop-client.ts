import type { FastifyInstance } from 'fastify';
import type { Order, PaymentIntent } from '../../common/schemas/orders.ts';
import type { Product } from '../../common/schemas/products.ts';
import type { TestAccount } from './accounts.ts';

/** Calls the shop's order and payment API as a customer's browser would. */
export function shopClient(app: FastifyInstance) {
  const as = (account: TestAccount | undefined) => (account ? { cookie: account.cookie } : {});

  return {
    async products(): Promise<Product[]> {
      return (await app.inject({ method: 'GET', url: '/api/products?limit=100' })).json<Product[]>();
    },

    /** The catalogue's product at this unit price (the demo catalogue's prices are distinct enough). */
    async productPricedAt(dollars: number): Promise<Product> {
      const product = (await this.products()).find((candidate) => candidate.price === dollars);
      if (!product) throw new Error(`no product costs $${dollars}`);
      return product;
    },

    async stockOf(productId: string): Promise<number> {
      const response = await app.inject({ method: 'GET', url: `/api/products/${productId}` });
      if (response.statusCode !== 200) throw new Error(`product ${productId}: ${response.statusCode} ${response.body}`);
      return response.json<Product>().availQuantity;
    },

    async placeOrder(account: TestAccount, productId: string, quantity: number): Promise<Order> {
      const response = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: as(account),
        payload: { productId, quantity, phone: '+1 415 555 0100', adress: '12 Dovetail Lane, Portland' },
      });
      if (response.statusCode !== 201) throw new Error(`placing an order failed: ${response.statusCode} ${response.body}`);
      return response.json<Order>();
    },

    startPayment(account: TestAccount | undefined, orderId: string) {
      return app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: as(account), payload: { orderId } });
    },

    async paymentFor(account: TestAccount, orderId: string): Promise<PaymentIntent> {
      const response = await this.startPayment(account, orderId);
      if (response.statusCode !== 200) throw new Error(`starting a payment failed: ${response.statusCode} ${response.body}`);
      return response.json<PaymentIntent>();
    },

    /** What the payment page sends once Stripe.js says the card went through. */
    confirm(account: TestAccount | undefined, orderId: string, transactionId: string) {
      return app.inject({ method: 'PUT', url: `/api/orders/${orderId}`, headers: as(account), payload: { paymentStatus: 'paid', transactionId } });
    },

    async order(account: TestAccount, orderId: string): Promise<Order> {
      const response = await app.inject({ method: 'GET', url: `/api/duepaymentOrder/${orderId}`, headers: as(account) });
      if (response.statusCode !== 200) throw new Error(`reading order ${orderId}: ${response.statusCode} ${response.body}`);
      return response.json<Order>();
    },
  };
}
