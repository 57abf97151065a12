import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { OrderTable } from '../db/order-tables.js';
import { toRupees } from '../lib/money.js';
import { notFound } from '../lib/http-errors.js';
import { CUSTOMER_CANCELLABLE, ORDER_STATUS_LABELS, canMove, isOrderStatus, type OrderStatus } from '../services/order-lifecycle.js';
import type { OrderDetail, OrderListItem } from '../../contract/order-history.schemas.js';
import { shopperTimeline } from './order-timeline.js';
import { listOrderRefunds } from './order-refund-repository.js';

type Db = Kysely<Database> | Transaction<Database>;
export type OrderRow = Selectable<OrderTable>;

export function statusLabel(code: string): string {
  return isOrderStatus(code) ? ORDER_STATUS_LABELS[code] : code;
}

/** The caller's order, or 404: another customer's order id reads exactly like one that does not exist. */
/** What the offers (selling rate over the rate paid, where the selling rate was kept) and the coupon took off, in paise. */
export function orderSavingsPaise(items: { qty: number; rate: number; list_rate: number | null }[], discount: number): number {
  const offers = items.reduce((sum, item) => sum + Math.max(0, ((item.list_rate ?? item.rate) - item.rate) * item.qty), 0);
  return offers + discount;
}

export async function ownOrder(db: Db, customerId: number, orderId: number): Promise<OrderRow> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', orderId).where('customer_id', '=', customerId).executeTakeFirst();
  if (!row) throw notFound('That order was not found.');
  return row;
}

export interface OrderListQuery {
  customerId: number;
  /** Inclusive lower bound on created_at (ISO), when the period has one. */
  from: string | null;
  /** Exclusive upper bound on created_at (ISO). */
  to: string | null;
  status: OrderStatus | null;
  pageNumber: number;
  pageSize: number;
}

/** The customer's orders, newest first, one page, with the first item of each for the card. */
export async function listCustomerOrders(db: Db, q: OrderListQuery): Promise<{ items: OrderListItem[]; totalCount: number }> {
  let base = db.selectFrom('orders').where('customer_id', '=', q.customerId);
  if (q.from) base = base.where('created_at', '>=', q.from);
  if (q.to) base = base.where('created_at', '<', q.to);
  if (q.status) base = base.where('status', '=', q.status);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNumber - 1) * q.pageSize)
      .execute(),
  ]);
  const ids = rows.map((r) => r.id);
  const items = ids.length
    ? await db.selectFrom('order_items').select(['id', 'order_id', 'item_name', 'image']).where('order_id', 'in', ids).orderBy('id', 'asc').execute()
    : [];
  const byOrder = new Map<number, typeof items>();
  for (const item of items) byOrder.set(item.order_id, [...(byOrder.get(item.order_id) ?? []), item]);
  return {
    totalCount: Number(count.n),
    items: rows.map((row) => {
      const lines = byOrder.get(row.id) ?? [];
      return {
        OrderId: row.id,
        OrderNo: row.order_no,
        OrderStatus: statusLabel(row.status),
        StatusCode: row.status,
        NetAmount: toRupees(row.net_amount),
        ItemCount: lines.length,
        CreatedAt: row.created_at,
        PaymentMethod: row.payment_method,
        PaymentStatus: row.payment_status,
        FirstItemName: lines[0]?.item_name ?? '',
        FirstItemImage: lines[0]?.image ?? '',
      };
    }),
  };
}

/** When the return window of a delivered order closes, or null before delivery. */
export function returnWindowEnd(order: OrderRow, windowHours: number): string | null {
  if (!order.delivered_at) return null;
  return new Date(new Date(order.delivered_at).getTime() + windowHours * 3600_000).toISOString();
}

/** What the customer may still do with the order, the same rules the routes enforce. */
export function orderPermissions(order: OrderRow, windowHours: number, now = new Date()) {
  const status = isOrderStatus(order.status) ? order.status : null;
  const windowEnd = returnWindowEnd(order, windowHours);
  return {
    CanCancel: status !== null && CUSTOMER_CANCELLABLE.includes(status) && canMove(status, 'CANCELLED', 'customer'),
    CanReturn: status === 'DELIVERED' && windowEnd !== null && now.getTime() <= new Date(windowEnd).getTime(),
    CanReview: order.delivered_at !== null && status !== 'CANCELLED',
    ReturnWindowEndsAt: windowEnd,
  };
}

const ADDRESS_FIELDS = ['Name', 'Phone', 'House', 'Street', 'Landmark', 'City', 'State', 'Pincode'] as const;

/** The delivery address as it was when the order was placed (a later edit of the address book does not change it). */
export function addressSnapshot(json: string): OrderDetail['Address'] {
  let raw: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(json);
    if (!parsed || typeof parsed !== 'object') return null;
    raw = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  const address = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, text(raw[field])])) as NonNullable<OrderDetail['Address']>;
  return Object.values(address).some((v) => v !== '') ? address : null;
}

/** Everything the order-detail screen shows. */
export async function orderDetail(db: Db, order: OrderRow): Promise<OrderDetail> {
  const [items, events, company, payment, refunds] = await Promise.all([
    db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('id', 'asc').execute(),
    db.selectFrom('order_events').selectAll().where('order_id', '=', order.id).orderBy('created_at', 'asc').orderBy('id', 'asc').execute(),
    db.selectFrom('companies').select('return_window_hours').where('id', '=', order.company_id).executeTakeFirst(),
    db.selectFrom('payments').select(['provider_payment_id', 'status']).where('order_id', '=', order.id).orderBy('id', 'desc').executeTakeFirst(),
    listOrderRefunds(db, order),
  ]);
  const windowHours = company?.return_window_hours ?? 0;
  return {
    OrderId: order.id,
    OrderNo: order.order_no,
    CompanyId: order.company_id,
    OrderStatus: statusLabel(order.status),
    StatusCode: order.status,
    CreatedAt: order.created_at,
    PaymentMethod: order.payment_method,
    PaymentStatus: order.payment_status,
    TransactionNo: order.provider_payment_id ?? payment?.provider_payment_id ?? '',
    SlotLabel: order.slot_label,
    Address: addressSnapshot(order.address_json),
    Items: items.map((i) => ({
      ProductId: i.product_id,
      VariantId: i.variant_id,
      ItemName: i.item_name,
      VariantName: i.variant_name,
      Image: i.image,
      Quantity: i.qty,
      Rate: toRupees(i.rate),
      Value: toRupees(i.value),
      ...(i.net_grams !== null ? { OrderedGrams: i.net_grams * i.qty } : {}),
      ...(i.packed_grams !== null ? { PackedGrams: i.packed_grams, WeightRefund: toRupees(i.weight_refunded), WeightDue: toRupees(i.weight_due) } : {}),
    })),
    Savings: toRupees(orderSavingsPaise(items, order.discount_amount)),
    GrossAmount: toRupees(order.gross_amount),
    CouponCode: order.coupon_code ?? '',
    DiscountAmount: toRupees(order.discount_amount),
    DeliveryCharge: toRupees(order.delivery_charge),
    WalletAmount: toRupees(order.wallet_amount),
    LoyaltyPoints: order.loyalty_points,
    LoyaltyAmount: toRupees(order.loyalty_amount),
    NetAmount: toRupees(order.net_amount),
    RefundAmount: toRupees(order.refund_amount),
    ...(items.some((i) => i.net_grams !== null)
      ? {
          WeightRefund: toRupees(items.reduce((sum, i) => sum + i.weight_refunded, 0)),
          WeightDue: toRupees(items.reduce((sum, i) => sum + i.weight_due, 0)),
        }
      : {}),
    Refunds: refunds,
    Timeline: shopperTimeline(events, order).map((e) => ({
      StatusCode: e.status,
      Status: statusLabel(e.status),
      Note: e.note,
      Actor: e.actor,
      At: e.created_at,
      Title: e.Title,
      Detail: e.Detail,
    })),
    DeliveredAt: order.delivered_at,
    CancelledAt: order.cancelled_at,
    CancelReason: order.cancel_reason ?? '',
    Return:
      order.return_remark !== null
        ? { Reason: order.return_reason ?? '', Remark: order.return_remark, Image: order.return_image ?? '', ReturnedAt: order.returned_at }
        : null,
    Review: order.rating !== null ? { Review: order.review ?? '', Rating: order.rating, ReviewedAt: order.reviewed_at ?? '' } : null,
    ...orderPermissions(order, windowHours),
  };
}

/** The customer's orders awaiting payment with their provider order ids, oldest first. */
export function listAwaitingPaymentOrders(db: Db, customerId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'provider_order_id'])
    .where('customer_id', '=', customerId)
    .where('status', '=', 'AWAITING_PAYMENT')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Those of the listed orders that are the customer's own and still await payment, oldest first. */
export function findAwaitingPaymentOrders(db: Db, customerId: number, orderIds: number[]) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_no', 'status', 'net_amount', 'payment_method'])
    .where('customer_id', '=', customerId)
    .where('id', 'in', orderIds)
    .where('status', '=', 'AWAITING_PAYMENT')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The names and quantities of the items of the listed orders, in the order they were added. */
export function listOrderItemNames(db: Db, orderIds: number[]) {
  return db.selectFrom('order_items').select(['order_id', 'item_name', 'variant_name', 'qty']).where('order_id', 'in', orderIds).orderBy('id').execute();
}
