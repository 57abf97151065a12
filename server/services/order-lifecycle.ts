/**
 * The order lifecycle (docs/order-lifecycle.md). Every status change goes through
 * `assertTransition`, which refuses any move not listed here for the actor asking.
 */
export const ORDER_STATUSES = [
  'AWAITING_PAYMENT',
  'PLACED',
  'PACKED',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
  'CANCELLED',
  'RETURN_REQUESTED',
  'RETURNED',
  'REFUNDED',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type OrderActor = 'customer' | 'shop' | 'system' | 'provider';

/** The label customers see (OrderStatus on the wire). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  AWAITING_PAYMENT: 'Awaiting Payment',
  PLACED: 'Placed',
  PACKED: 'Packed',
  OUT_FOR_DELIVERY: 'Out for Delivery',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
  RETURN_REQUESTED: 'Return Requested',
  RETURNED: 'Returned',
  REFUNDED: 'Refunded',
};

type Moves = Partial<Record<OrderStatus, Partial<Record<OrderStatus, readonly OrderActor[]>>>>;

const MOVES: Moves = {
  AWAITING_PAYMENT: { PLACED: ['provider', 'system'], CANCELLED: ['customer', 'system', 'provider', 'shop'] },
  PLACED: { PACKED: ['shop'], CANCELLED: ['customer', 'shop', 'provider'] },
  PACKED: { OUT_FOR_DELIVERY: ['shop'], CANCELLED: ['customer', 'shop', 'provider'] },
  OUT_FOR_DELIVERY: { DELIVERED: ['shop'] },
  DELIVERED: { RETURN_REQUESTED: ['customer'] },
  RETURN_REQUESTED: { RETURNED: ['shop'], DELIVERED: ['shop'] },
  RETURNED: { REFUNDED: ['shop', 'system', 'provider'] },
};

/** The next status the shop moves an order to in the ordinary course (used by `npm run shop`). */
export const NEXT_SHOP_STATUS: Partial<Record<OrderStatus, OrderStatus>> = {
  PLACED: 'PACKED',
  PACKED: 'OUT_FOR_DELIVERY',
  OUT_FOR_DELIVERY: 'DELIVERED',
  RETURN_REQUESTED: 'RETURNED',
  RETURNED: 'REFUNDED',
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export function canMove(from: OrderStatus, to: OrderStatus, actor: OrderActor): boolean {
  return MOVES[from]?.[to]?.includes(actor) ?? false;
}

export class TransitionError extends Error {
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`An order that is ${ORDER_STATUS_LABELS[from]} cannot be moved to ${ORDER_STATUS_LABELS[to]}.`);
    this.name = 'TransitionError';
  }
}

export function assertTransition(from: string, to: OrderStatus, actor: OrderActor): void {
  if (!isOrderStatus(from) || !canMove(from, to, actor)) {
    throw new TransitionError(isOrderStatus(from) ? from : 'CANCELLED', to);
  }
}

/** Statuses in which the order has not left the shop, so the customer may still cancel. */
export const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['AWAITING_PAYMENT', 'PLACED', 'PACKED'];

/** Every move, for documentation and tests. */
export function allMoves(): { from: OrderStatus; to: OrderStatus; actors: readonly OrderActor[] }[] {
  return Object.entries(MOVES).flatMap(([from, targets]) =>
    Object.entries(targets ?? {}).map(([to, actors]) => ({ from: from as OrderStatus, to: to as OrderStatus, actors: actors ?? [] })),
  );
}
