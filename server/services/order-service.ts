import type { Transaction } from 'kysely';
import type { OrderDeps } from './service-deps.js';
import { sendOrderStatusMail } from '../senders/status-mail.js';
import type { Database } from '../db/schema.js';
import { badRequest, notFound } from '../lib/http-errors.js';
import { nowIso } from '../lib/clock.js';
import { sendOrderConfirmation } from '../senders/order-mail.js';
import { postLoyalty, postWallet } from './ledger.js';
import { creditEarnedPoints, giveBack, refundReturned, restoreBasket } from './order-value.js';
import { ORDER_STATUS_LABELS, TransitionError, assertTransition, isOrderStatus, type OrderActor, type OrderStatus } from './order-lifecycle.js';
import { releaseSlot } from '../repositories/slot-repository.js';
import { commitReservedWrite, releaseReserved, restockSold, stockMoveFailed } from '../repositories/stock-repository.js';
import { announceCart } from './cart-service.js';
import { finishTransaction, GuardedWriteFailed } from '../db/final-writes.js';
import { noteStockMoved } from '../repositories/catalogue-cache.js';
import {
  findOrder,
  findOrderToAnnounce,
  getOrder,
  insertOrderEvent,
  lockCustomerRow,
  moveOrder,
  selectOrderById,
  selectOrderStockLines,
  setCouponRedemption,
  type OrderRecord,
} from '../repositories/order-repository.js';

type Trx = Transaction<Database>;

export const ORDER_NOT_FOUND = 'Order Not Found';

export function statusLabel(code: string): string {
  return isOrderStatus(code) ? ORDER_STATUS_LABELS[code] : code;
}

async function stockLines(trx: Trx, order: OrderRecord) {
  const items = await selectOrderStockLines(trx, order.id);
  return items.map((i) => ({ branchId: order.branch_id, productId: i.product_id, variantId: i.variant_id, qty: i.qty }));
}

export async function addEvent(trx: Trx, orderId: number, status: OrderStatus, note: string, actor: OrderActor): Promise<void> {
  await insertOrderEvent(trx, { orderId, status, note, actor, at: nowIso() });
}

/**
 * AWAITING_PAYMENT → PLACED, exactly once: the conditional update is the guard, so a callback,
 * a webhook and a status poll racing for the same order cannot all place it. The caller's
 * transaction commits the reserved stock and marks the coupon used. Points are earned later,
 * on delivery (creditEarnedPoints).
 *
 * The stock rows move last, after `alongside` (the caller's own writes for a placed order), and
 * are sent with the commit (server/db/final-writes.ts): every order of a product updates the same
 * stock row, and on PostgreSQL that row stays locked from its update to the commit. The caller
 * returns from its transaction at once when this answers true.
 */
export async function markPlaced(
  deps: Pick<OrderDeps, 'dialect'>,
  trx: Trx,
  order: OrderRecord,
  payment: { paymentStatus: OrderRecord['payment_status']; providerPaymentId: string | null; actor: OrderActor; note: string },
  alongside?: () => Promise<unknown>,
): Promise<boolean> {
  const at = nowIso();
  const moved = await moveOrder(trx, order.id, 'AWAITING_PAYMENT', {
    status: 'PLACED',
    payment_status: payment.paymentStatus,
    provider_payment_id: payment.providerPaymentId,
    paid_at: payment.paymentStatus === 'CAPTURED' ? at : null,
    expires_at: null,
    updated_at: at,
  });
  if (!moved) return false;
  const lines = await stockLines(trx, order);
  await setCouponRedemption(trx, order.id, 'RESERVED', 'USED');
  await addEvent(trx, order.id, 'PLACED', payment.note, payment.actor);
  await alongside?.();
  try {
    await finishTransaction(
      trx,
      lines.map((line) => commitReservedWrite(trx, line)),
      deps.dialect,
    );
  } catch (error) {
    const line = error instanceof GuardedWriteFailed ? lines[error.index] : undefined;
    if (!line) throw error;
    throw stockMoveFailed(line, 'reserved', 'sold', error);
  }
  noteStockMoved();
  return true;
}

/**
 * Tells the customer's browsers (through the hub) that an order moved, with where its payment
 * stands after the move (the order list labels it).
 */
export function announceOrderStatus(
  deps: Pick<OrderDeps, 'live'>,
  order: Pick<OrderRecord, 'id' | 'order_no' | 'customer_id' | 'payment_status'>,
  status: OrderStatus,
): void {
  deps.live.customerChanged({
    customerId: order.customer_id,
    type: 'OrderStatus',
    data: {
      OrderId: order.id,
      OrderNo: order.order_no,
      OrderStatus: ORDER_STATUS_LABELS[status],
      StatusCode: status,
      PaymentStatus: order.payment_status,
      At: nowIso(),
    },
  });
}

/** After the placing transaction commits: the confirmation mail and the live pushes. */
export async function announcePlaced(deps: OrderDeps, orderId: number): Promise<void> {
  const [order] = await selectOrderById(deps.db, orderId);
  if (!order) return;
  if (order.payment_method === 'ONLINE' && order.payment_status === 'CAPTURED') {
    deps.live.customerChanged({
      customerId: order.customer_id,
      type: 'PaymentStatus',
      data: { OrderId: order.id, OrderNo: order.order_no, Status: 'CAPTURED', TransactionNo: order.provider_payment_id ?? '' },
    });
  }
  announceOrderStatus(deps, order, 'PLACED');
  try {
    await sendOrderConfirmation(deps, order);
  } catch (error) {
    // The order stands whether or not the mail goes out; the failure is logged for the shop.
    deps.log.error({ err: error, orderId }, 'order confirmation mail failed');
  }
}

export interface CancelInput {
  orderId: number;
  actor: OrderActor;
  /** When given, the order must be this customer's (404 otherwise). */
  customerId?: number;
  reason: string;
  /** Refuse unless the order is still awaiting payment (the checkout's own cancel). */
  onlyUnpaid?: boolean;
}

export const ALREADY_PLACED = 'This order has already been placed; cancel it from My Orders.';

export interface CancelResult {
  orderId: number;
  orderNo: string;
  status: 'CANCELLED';
  /** The status the order was cancelled from; null when it was already cancelled. */
  from: OrderStatus | null;
  /** Paise credited to the wallet. */
  refundedToWallet: number;
}

function asBadRequest(error: unknown): never {
  if (error instanceof TransitionError) throw badRequest(error.message);
  throw error;
}

export const CHANGING = 'This order is changing right now. Please try again.';

/**
 * The cancel itself, inside the caller's transaction (which holds the customer's lock). An
 * unpaid order releases its reserved stock, wallet amount, points, coupon and slot, and its items
 * go back in the basket; a paid order (PLACED, PACKED) puts the sold units back on the shelf and
 * gives back what was paid (giveBack). Null when the order moved under us.
 */
export async function cancelInTransaction(
  trx: Trx,
  order: OrderRecord,
  input: Pick<CancelInput, 'actor' | 'reason' | 'onlyUnpaid'>,
): Promise<CancelResult | null> {
  if (order.status === 'CANCELLED') return { orderId: order.id, orderNo: order.order_no, status: 'CANCELLED', from: null, refundedToWallet: 0 };
  if (input.onlyUnpaid && order.status !== 'AWAITING_PAYMENT') throw badRequest(ALREADY_PLACED);
  try {
    assertTransition(order.status, 'CANCELLED', input.actor);
  } catch (error) {
    asBadRequest(error);
  }
  const from = order.status as OrderStatus;
  const at = nowIso();
  const unpaid = from === 'AWAITING_PAYMENT';
  const moved = await moveOrder(trx, order.id, from, {
    status: 'CANCELLED',
    cancelled_at: at,
    cancel_reason: input.reason,
    expires_at: null,
    updated_at: at,
    payment_status: unpaid
      ? order.payment_method === 'ONLINE'
        ? 'FAILED'
        : order.payment_status
      : order.payment_status === 'CAPTURED'
        ? 'REFUNDED'
        : order.payment_status,
  });
  if (!moved) return null;
  let refunded = 0;
  if (unpaid) {
    for (const line of await stockLines(trx, order)) await releaseReserved(trx, line);
    if (order.wallet_amount > 0) await postWallet(trx, order.customer_id, order.wallet_amount, `Returned from cancelled order ${order.order_no}`, order.id);
    if (order.loyalty_points > 0) await postLoyalty(trx, order.customer_id, order.loyalty_points, `Points returned for ${order.order_no}`, order.id);
    refunded = order.wallet_amount;
    await setCouponRedemption(trx, order.id, 'RESERVED', 'RELEASED');
    await restoreBasket(trx, order);
  } else {
    for (const line of await stockLines(trx, order)) await restockSold(trx, line);
    refunded = (await giveBack(trx, order, 'Refund for cancelled order')).credited;
    await setCouponRedemption(trx, order.id, 'USED', 'RELEASED');
  }
  if (order.delivery_slot_id !== null) await releaseSlot(trx, order.delivery_slot_id);
  await addEvent(trx, order.id, 'CANCELLED', input.reason, input.actor);
  return { orderId: order.id, orderNo: order.order_no, status: 'CANCELLED', from, refundedToWallet: refunded };
}

/** After a cancel commits: the order's new status and, when its items went back in the basket, the basket. */
export async function announceCancelled(deps: OrderDeps, result: CancelResult): Promise<void> {
  if (result.from === null) return;
  const order = await findOrderToAnnounce(deps.db, result.orderId);
  announceOrderStatus(deps, order, 'CANCELLED');
  if (result.from === 'AWAITING_PAYMENT') await announceCart(deps, order.customer_id, order.company_id, order.branch_id);
}

/**
 * Cancels an order in one transaction, exactly once whatever races it (cancelInTransaction),
 * then tells the customer's browsers.
 */
export async function cancelOrder(deps: OrderDeps, input: CancelInput): Promise<CancelResult> {
  for (let attempt = 0; ; attempt += 1) {
    const result = await deps.db.transaction().execute(async (trx): Promise<CancelResult | null> => {
      const order = await findOrder(trx, input.orderId);
      if (!order || (input.customerId !== undefined && order.customer_id !== input.customerId)) throw notFound(ORDER_NOT_FOUND);
      await lockCustomerRow(deps, trx, order.customer_id);
      return cancelInTransaction(trx, order, input);
    });
    if (result) {
      await announceCancelled(deps, result);
      return result;
    }
    // Someone else moved the order between our read and our update: look again.
    if (attempt >= 3) throw badRequest(CHANGING);
  }
}

export interface MoveInput {
  orderId: number;
  to: OrderStatus;
  actor: OrderActor;
  note: string;
}

/**
 * A shop (or system) move along the lifecycle of server/services/order-lifecycle.ts.
 * Cancelling goes through cancelOrder; DELIVERED earns the order's points; REFUNDED gives back
 * what was paid.
 */
export async function moveOrderStatus(deps: OrderDeps, input: MoveInput): Promise<{ orderId: number; orderNo: string; status: OrderStatus }> {
  if (input.to === 'CANCELLED') {
    const cancelled = await cancelOrder(deps, { orderId: input.orderId, actor: input.actor, reason: input.note });
    await sendOrderStatusMail(deps, cancelled.orderId);
    return { orderId: cancelled.orderId, orderNo: cancelled.orderNo, status: 'CANCELLED' };
  }
  if (input.to === 'PLACED') throw badRequest('Orders are placed by their payment, not moved there.');
  const order = await deps.db.transaction().execute(async (trx) => {
    const current = await findOrder(trx, input.orderId);
    if (!current) throw notFound(ORDER_NOT_FOUND);
    await lockCustomerRow(deps, trx, current.customer_id);
    try {
      assertTransition(current.status, input.to, input.actor);
    } catch (error) {
      asBadRequest(error);
    }
    const at = nowIso();
    const changes: Partial<OrderRecord> = { status: input.to, updated_at: at };
    if (input.to === 'DELIVERED') {
      changes.delivered_at = at;
      // Cash on delivery is collected at the door.
      if (current.payment_method === 'COD' && current.payment_status === 'PENDING') changes.payment_status = 'CAPTURED';
    }
    if (input.to === 'RETURNED') changes.returned_at = current.returned_at ?? at;
    if (!(await moveOrder(trx, current.id, current.status, changes))) throw badRequest(CHANGING);
    if (input.to === 'DELIVERED') await creditEarnedPoints(trx, current);
    if (input.to === 'REFUNDED') await refundReturned(trx, current);
    await addEvent(trx, current.id, input.to, input.note, input.actor);
    // As the move left it: delivery collects cash and a refund settles the payment.
    return getOrder(trx, current.id);
  });
  announceOrderStatus(deps, order, input.to);
  await sendOrderStatusMail(deps, order.id);
  return { orderId: order.id, orderNo: order.order_no, status: input.to };
}
