import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { SqlDialect } from '../db/database.js';
import type { OrderEventTable, OrderItemTable, OrderTable } from '../db/order-tables.js';
import type { Database } from '../db/schema.js';
import { preparedQuery, preparedWrite } from '../db/prepared-query.js';

type Db = Kysely<Database> | Transaction<Database>;
export type OrderRecord = Selectable<OrderTable>;

/** The order with this id (hot: every step of a checkout reads it). */
export const selectOrderById = preparedQuery((db, id: number) => db.selectFrom('orders').selectAll().where('id', '=', id));
/** The order a provider order was made for (hot: callbacks, webhooks and polls read it). */
export const selectOrderByProviderOrder = preparedQuery((db, providerOrderId: string) =>
  db.selectFrom('orders').selectAll().where('provider_order_id', '=', providerOrderId),
);

export function findOrder(db: Db, orderId: number): Promise<OrderRecord | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** An order the caller knows exists (it has just written it). */
export async function getOrder(db: Db, orderId: number): Promise<OrderRecord> {
  const [order] = await selectOrderById(db, orderId);
  if (!order) throw new Error(`Order ${orderId} is not in the database.`);
  return order;
}

/** The order a customer's earlier request with this Idempotency-Key created (index orders_customer_idempotency_key). */
export function findOrderByIdempotencyKey(db: Db, customerId: number, key: string): Promise<OrderRecord | undefined> {
  return db.selectFrom('orders').selectAll().where('customer_id', '=', customerId).where('idempotency_key', '=', key).executeTakeFirst();
}

const selectUnpaidOrderOf = preparedQuery((db, customerId: number) =>
  db.selectFrom('orders').select('id').where('customer_id', '=', customerId).where('status', '=', 'AWAITING_PAYMENT').limit(1),
);

/** The customer's order still awaiting payment, if any. */
export async function findUnpaidOrderOf(db: Db, customerId: number): Promise<{ id: number } | undefined> {
  const [order] = await selectUnpaidOrderOf(db, customerId);
  return order;
}

/** What the live announcement of an order's move names. */
export function findOrderToAnnounce(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_no', 'customer_id', 'company_id', 'branch_id', 'payment_status'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
}

/**
 * Takes the customer's row lock on PostgreSQL (SQLite has one writer anyway). Every money
 * transaction takes it before touching stock, so they all lock in one order: customer, then
 * stock rows by product, then the slot — never a deadlock.
 */
export async function lockCustomerRow(deps: { dialect: SqlDialect }, trx: Transaction<Database>, customerId: number): Promise<void> {
  if (deps.dialect === 'postgres') await sql`select id from customers where id = ${customerId} for update`.execute(trx);
}

/** What an order has not yet lived through when it is placed: no payment, refund, delivery, cancel, return or review. */
export const NOT_YET_HAPPENED = {
  refund_amount: 0,
  provider_order_id: null,
  provider_payment_id: null,
  paid_at: null,
  delivered_at: null,
  cancelled_at: null,
  cancel_reason: null,
  return_reason: null,
  return_remark: null,
  return_image: null,
  returned_at: null,
  review: null,
  rating: null,
  reviewed_at: null,
} as const satisfies Partial<Insertable<OrderTable>>;

/** A placed order's own facts; the rest starts as NOT_YET_HAPPENED. */
export type NewOrder = Omit<Insertable<OrderTable>, keyof typeof NOT_YET_HAPPENED>;

const insertOrderRow = preparedQuery((db, values: NewOrder) =>
  db
    .insertInto('orders')
    .values({ ...values, ...NOT_YET_HAPPENED })
    .returning('id'),
);

export async function insertOrder(db: Db, values: NewOrder): Promise<number> {
  const [order] = await insertOrderRow(db, values);
  if (!order) throw new Error('The new order returned no id.');
  return order.id;
}

const updateOrderNo = preparedQuery((db, orderId: number, orderNo: string) =>
  db.updateTable('orders').set({ order_no: orderNo }).where('id', '=', orderId).returningAll(),
);

/** Gives a new order its number and answers the order as it then is. */
export async function setOrderNo(db: Db, orderId: number, orderNo: string): Promise<OrderRecord> {
  const [order] = await updateOrderNo(db, orderId, orderNo);
  if (!order) throw new Error(`Order ${orderId} is not in the database.`);
  return order;
}

const updateOrderFrom = preparedWrite((db, orderId: number, from: string, changes: Updateable<OrderTable>) =>
  db.updateTable('orders').set(changes).where('id', '=', orderId).where('status', '=', from),
);

/**
 * Changes the order only if it still has the status the caller read: the guard that lets one of
 * several racing moves through. True when this call moved it.
 */
export async function moveOrder(db: Db, orderId: number, from: string, changes: Updateable<OrderTable>): Promise<boolean> {
  return (await updateOrderFrom(db, orderId, from, changes)) === 1;
}

const updateProviderOrder = preparedWrite((db, orderId: number, providerOrderId: string, at: string) =>
  db.updateTable('orders').set({ provider_order_id: providerOrderId, updated_at: at }).where('id', '=', orderId).where('provider_order_id', 'is', null),
);

/** Claims the order's one provider order; false when another call claimed it first. */
export async function claimProviderOrder(db: Db, orderId: number, providerOrderId: string, at: string): Promise<boolean> {
  return (await updateProviderOrder(db, orderId, providerOrderId, at)) === 1;
}

/** Adds money given back through the provider to the order's refunded amount. */
export async function addProviderRefundToOrder(
  db: Db,
  orderId: number,
  paise: number,
  paymentStatus: OrderRecord['payment_status'],
  at: string,
): Promise<void> {
  await db
    .updateTable('orders')
    .set((eb) => ({ refund_amount: eb('refund_amount', '+', paise), payment_status: paymentStatus, updated_at: at }))
    .where('id', '=', orderId)
    .execute();
}

const insertOrderItemRows = preparedWrite((db, items: Insertable<OrderItemTable>[]) => db.insertInto('order_items').values(items));

export async function insertOrderItems(db: Db, items: Insertable<OrderItemTable>[]): Promise<void> {
  await insertOrderItemRows(db, items);
}

/** The order's lines as stock moves them, by product so every transaction locks stock rows in one order. */
export const selectOrderStockLines = preparedQuery((db, orderId: number) =>
  db.selectFrom('order_items').select(['product_id', 'variant_id', 'qty']).where('order_id', '=', orderId).orderBy('product_id').orderBy('variant_id'),
);

type EventActor = OrderEventTable['actor'];

const insertEvent = preparedQuery((db, orderId: number, status: string, note: string, actor: EventActor, at: string) =>
  db.insertInto('order_events').values({ order_id: orderId, status, note, actor, created_at: at }),
);

/** One line of the order's history. */
export async function insertOrderEvent(db: Db, event: { orderId: number; status: string; note: string; actor: EventActor; at: string }): Promise<void> {
  await insertEvent(db, event.orderId, event.status, event.note, event.actor, event.at);
}

export async function reserveCouponRedemption(db: Db, redemption: { couponId: number; customerId: number; orderId: number; at: string }): Promise<void> {
  await db
    .insertInto('coupon_redemptions')
    .values({ coupon_id: redemption.couponId, customer_id: redemption.customerId, order_id: redemption.orderId, status: 'RESERVED', created_at: redemption.at })
    .execute();
}

const updateCouponRedemption = preparedQuery((db, to: 'USED' | 'RELEASED', orderId: number, from: 'RESERVED' | 'USED') =>
  db.updateTable('coupon_redemptions').set({ status: to }).where('order_id', '=', orderId).where('status', '=', from),
);

/** Moves the order's coupon redemption on (reserved → used or released, used → released). */
export async function setCouponRedemption(db: Db, orderId: number, from: 'RESERVED' | 'USED', to: 'USED' | 'RELEASED'): Promise<void> {
  await updateCouponRedemption(db, to, orderId, from);
}

/** Sets, replaces or (all null) removes the order's review. */
export async function setOrderReview(
  db: Db,
  orderId: number,
  review: { review: string | null; rating: number | null; reviewedAt: string | null; at: string },
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ review: review.review, rating: review.rating, reviewed_at: review.reviewedAt, updated_at: review.at })
    .where('id', '=', orderId)
    .execute();
}

/** The order's lines in the order they were written (hot: every placed order's confirmation reads them). */
export const selectOrderItems = preparedQuery((db, orderId: number) => db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('id'));

/** What the mail of an order's status names: the order, its customer and its company; undefined for an unknown order. */
export function findStatusMailFacts(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .innerJoin('customers', 'customers.id', 'orders.customer_id')
    .innerJoin('companies', 'companies.id', 'orders.company_id')
    .select([
      'orders.order_no',
      'orders.status',
      'orders.net_amount',
      'orders.refund_amount',
      'orders.cancel_reason',
      'customers.name',
      'customers.email',
      'companies.display_name',
      'companies.currency_symbol',
      'companies.decimal_value',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}

/** Orders still awaiting payment whose payment window closed before `before`, soonest expired first, at most `limit`. */
export function findExpiredUnpaidOrders(db: Db, before: string, limit: number): Promise<OrderRecord[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'AWAITING_PAYMENT')
    .where('expires_at', '<', before)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/**
 * Records the provider's refunded total on the order only if the total the caller read is still
 * the recorded one: the guard that lets one of several racing reports through. True when this
 * call recorded it.
 */
export async function recordProviderRefunded(
  db: Db,
  orderId: number,
  refunded: { from: number; to: number; paymentStatus: OrderRecord['payment_status']; at: string },
): Promise<boolean> {
  const recorded = await db
    .updateTable('orders')
    .set({ provider_refunded: refunded.to, payment_status: refunded.paymentStatus, updated_at: refunded.at })
    .where('id', '=', orderId)
    .where('provider_refunded', '=', refunded.from)
    .executeTakeFirst();
  return Number(recorded.numUpdatedRows) === 1;
}

/** Sets what the order has refunded to the wallet (paise). */
export async function setOrderRefundAmount(db: Db, orderId: number, paise: number): Promise<void> {
  await db.updateTable('orders').set({ refund_amount: paise }).where('id', '=', orderId).execute();
}

/** Records the points a delivered order earned. */
export async function setEarnedPoints(db: Db, orderId: number, points: number): Promise<void> {
  await db.updateTable('orders').set({ earned_points: points }).where('id', '=', orderId).execute();
}

/** Records what went back to the wallet for the order and what was withheld for spent points (paise). */
export async function setOrderRefund(db: Db, orderId: number, refund: { credited: number; withheld: number }): Promise<void> {
  await db.updateTable('orders').set({ refund_amount: refund.credited, refund_withheld: refund.withheld }).where('id', '=', orderId).execute();
}

export async function setPaymentStatus(db: Db, orderId: number, paymentStatus: OrderRecord['payment_status']): Promise<void> {
  await db.updateTable('orders').set({ payment_status: paymentStatus }).where('id', '=', orderId).execute();
}

/** The order's lines as bought: product, variant and quantity. */
export function findOrderItemQuantities(db: Db, orderId: number) {
  return db.selectFrom('order_items').select(['product_id', 'variant_id', 'qty']).where('order_id', '=', orderId).execute();
}

/** An order's status and number; undefined for an unknown id. */
export function findOrderStatus(db: Db, orderId: number) {
  return db.selectFrom('orders').select(['status', 'order_no']).where('id', '=', orderId).executeTakeFirst();
}

/** The company's most recent orders, newest first, at most `limit`; only those in `status` when given. */
export function listRecentOrders(db: Db, query: { companyId: number; status?: string; limit: number }) {
  let selected = db
    .selectFrom('orders')
    .select(['id', 'order_no', 'status', 'customer_id', 'net_amount', 'payment_method', 'slot_label', 'created_at'])
    .where('company_id', '=', query.companyId);
  if (query.status !== undefined) selected = selected.where('status', '=', query.status);
  return selected.orderBy('id', 'desc').limit(query.limit).execute();
}
