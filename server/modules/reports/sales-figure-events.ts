import type { OrderEvents } from '../orders/order-events.ts';
import { salesFiguresRepository } from './sales-figures-repository.ts';

/**
 * Keeps the sales reports' figures (ADR 041) in the transaction that moves the money: the payment
 * taken adds its order to the day it was paid, a refund made takes its money, pieces and tax from the
 * day it was asked for. Nothing else changes what was sold: only unpaid orders can be cancelled, and
 * a return's money goes back by a refund.
 */
export const keepSalesFigures: Pick<OrderEvents, 'paid' | 'refunded'> = {
  paid: (transaction, order) => salesFiguresRepository.addPayment(transaction, order._id),
  refunded: (transaction, _order, refund) => salesFiguresRepository.addRefund(transaction, refund.id),
};
