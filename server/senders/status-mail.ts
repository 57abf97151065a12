import { formatPaise } from '../../contract/money.rules.js';
import { ORDER_STATUS_LABELS, isOrderStatus, type OrderStatus } from '../services/order-lifecycle.js';
import type { OrderDeps } from '../services/service-deps.js';
import { findStatusMailFacts } from '../repositories/order-repository.js';

/** One line per status telling the customer what happens next. */
const NEXT_STEP: Partial<Record<OrderStatus, string>> = {
  PACKED: 'Your order is packed and waiting for the delivery partner.',
  OUT_FOR_DELIVERY: 'Your order is on its way to you.',
  DELIVERED: 'Your order has been delivered. If something is not right, you can request a return from My Orders.',
  CANCELLED: 'Your order has been cancelled.',
  RETURN_REQUESTED: 'We have received your return request and will review it shortly.',
  RETURNED: 'Your return has been accepted.',
  REFUNDED: 'Your refund has been processed.',
};

/**
 * Mails the customer the order's current status through app.mail (the outbox by default).
 * Called after every status change: by the account routes for cancel and return, and by the
 * shop's moves (order service, `npm run shop`). Placement is confirmed by its own mail, so
 * AWAITING_PAYMENT and PLACED send nothing here. A customer without an e-mail address gets no
 * mail. A mail failure is logged, never turned into a failed status change.
 *
 * @returns true when a mail was handed to the sender.
 */
export async function sendOrderStatusMail(deps: Pick<OrderDeps, 'db' | 'mail' | 'log'>, orderId: number): Promise<boolean> {
  try {
    const order = await findStatusMailFacts(deps.db, orderId);
    if (!order || !order.email.includes('@') || !isOrderStatus(order.status)) return false;
    const status = order.status;
    const step = NEXT_STEP[status];
    if (!step) return false;
    const money = (paise: number) => formatPaise(paise, order.currency_symbol, order.decimal_value);
    const lines = [
      `Hello ${order.name || 'there'},`,
      '',
      `Order ${order.order_no} is now ${ORDER_STATUS_LABELS[status]}.`,
      step,
      `Order amount: ${money(order.net_amount)}`,
    ];
    if (status === 'CANCELLED' && order.cancel_reason) lines.push(`Reason: ${order.cancel_reason}`);
    if (order.refund_amount > 0) lines.push(`Refund: ${money(order.refund_amount)}`);
    lines.push('', `Thank you for shopping with ${order.display_name}.`);
    await deps.mail.send({
      to: order.email,
      subject: `Order ${order.order_no}: ${ORDER_STATUS_LABELS[status]}`,
      text: lines.join('\n'),
    });
    return true;
  } catch (error) {
    deps.log.error({ err: error, orderId }, 'order status mail failed');
    return false;
  }
}
