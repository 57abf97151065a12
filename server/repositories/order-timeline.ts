import { isOrderStatus, ORDER_STATUS_LABELS } from '../services/order-lifecycle.js';
import type { OrderRow } from './order-history-repository.js';

/** The note of a cancel the customer made without naming a reason. */
export const CUSTOMER_CANCEL_NOTE = 'Cancelled by the customer';
/** The note of an unpaid order cancelled by the checkout: the card was declined or the payment window closed. */
export const PAYMENT_NOT_COMPLETED_NOTE = 'Payment not completed';

export interface TimelineEvent {
  status: string;
  note: string;
  actor: string;
}

/** One line of the order's history as the shopper reads it: no codes, payment ids or who pressed which button. */
export interface ShopperStep {
  Title: string;
  Detail: string;
}

type Order = Pick<OrderRow, 'payment_method' | 'net_amount' | 'refund_amount'>;

const BACK_IN_BASKET = 'Your items are back in your basket.';
const BACK_IN_WALLET = 'What you paid is back in your wallet.';
const BACK_TO_CARD = 'Your payment was refunded to the card or account you paid with.';

const sentences = (...parts: string[]) => parts.filter(Boolean).join(' ');

function cancelled(event: TimelineEvent, previous: string | null, order: Order): ShopperStep {
  const unpaid = previous === 'AWAITING_PAYMENT';
  const refund = order.refund_amount > 0 ? BACK_IN_WALLET : '';
  if (event.actor === 'system')
    return { Title: 'Cancelled: payment not completed', Detail: sentences('We did not receive your payment in time.', BACK_IN_BASKET) };
  if (event.actor === 'customer' && unpaid && event.note === PAYMENT_NOT_COMPLETED_NOTE) {
    return { Title: 'Cancelled: payment not completed', Detail: sentences('The payment did not go through.', BACK_IN_BASKET) };
  }
  if (event.actor === 'customer') {
    const reason = event.note && event.note !== CUSTOMER_CANCEL_NOTE && event.note !== PAYMENT_NOT_COMPLETED_NOTE ? `Reason: ${event.note}.` : '';
    return { Title: 'Cancelled by you', Detail: sentences(reason, unpaid ? BACK_IN_BASKET : refund) };
  }
  // The shop cancels from its own tools, or refunds the whole payment at the provider.
  return { Title: 'Cancelled by the shop', Detail: event.actor === 'provider' ? BACK_TO_CARD : refund };
}

function step(event: TimelineEvent, previous: string | null, order: Order): ShopperStep {
  const cash = order.payment_method === 'COD';
  // A second entry under the same status records money sent back to the card, not a move.
  if (previous === event.status) return { Title: 'Payment refunded', Detail: BACK_TO_CARD };
  switch (event.status) {
    case 'AWAITING_PAYMENT':
      return { Title: 'Order placed', Detail: !cash && order.net_amount > 0 ? 'Waiting for your payment.' : '' };
    case 'PLACED':
      if (event.actor === 'provider') return { Title: 'Payment received', Detail: 'Your order is confirmed.' };
      return { Title: 'Order confirmed', Detail: cash ? 'You pay in cash when it arrives.' : 'Nothing was left to pay online.' };
    case 'PACKED':
      return { Title: 'Packed', Detail: 'Your order is packed and ready to go out.' };
    case 'OUT_FOR_DELIVERY':
      return { Title: 'Out for delivery', Detail: 'Your order is on its way.' };
    case 'DELIVERED':
      return previous === 'RETURN_REQUESTED'
        ? { Title: 'Return not accepted', Detail: 'The shop did not accept the return.' }
        : { Title: 'Delivered', Detail: '' };
    case 'CANCELLED':
      return cancelled(event, previous, order);
    case 'RETURN_REQUESTED':
      // The note is the customer's own reason and words.
      return { Title: 'Return requested', Detail: event.note };
    case 'RETURNED':
      return { Title: 'Returned', Detail: 'The shop has taken the items back.' };
    case 'REFUNDED':
      return { Title: 'Refunded', Detail: event.actor === 'provider' ? BACK_TO_CARD : order.refund_amount > 0 ? BACK_IN_WALLET : '' };
    default:
      return { Title: isOrderStatus(event.status) ? ORDER_STATUS_LABELS[event.status] : 'Updated', Detail: '' };
  }
}

/** The order's events, oldest first, each with its step in the shopper's words. */
export function shopperTimeline<E extends TimelineEvent>(events: E[], order: Order): (E & ShopperStep)[] {
  let previous: string | null = null;
  return events.map((event) => {
    const described = { ...event, ...step(event, previous, order) };
    previous = event.status;
    return described;
  });
}
