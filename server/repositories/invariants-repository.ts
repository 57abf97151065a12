import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The whole-database reads of server/services/invariants.ts, which checks the shop's money and
 * stock rules against them. Every function only reads.
 */

type Db = Kysely<Database>;

/** Every stock line with its counts. */
export function stockLineCounts(db: Db) {
  return db.selectFrom('branch_stock').select(['branch_id', 'product_id', 'variant_id', 'available', 'reserved', 'sold']).execute();
}

/** Every captured payment. */
export function capturedPayments(db: Db) {
  return db.selectFrom('payments').select(['id', 'order_id', 'provider_order_id', 'provider_payment_id']).where('status', '=', 'CAPTURED').execute();
}

/** The orders that name a provider order and provider payment (a captured payment's owners). */
export function ordersOfPayment(db: Db, providerOrderId: string, providerPaymentId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'status', 'payment_status'])
    .where('provider_order_id', '=', providerOrderId)
    .where('provider_payment_id', '=', providerPaymentId)
    .execute();
}

/** Every online order marked paid, with how many captured payments it has. */
export function paidOnlineOrdersWithCaptures(db: Db) {
  return db
    .selectFrom('orders as o')
    .select(['o.id', sql<number>`(select count(*) from payments p where p.order_id = o.id and p.status = 'CAPTURED')`.as('captured')])
    .where('o.payment_method', '=', 'ONLINE')
    .where('o.payment_status', '=', 'CAPTURED')
    .execute();
}

/** What the provider holds: each payment the sandbox captured, with the order its provider order belongs to (the sandbox keeps its ledger in the same database). */
export function sandboxCapturedPayments(db: Db) {
  return db
    .selectFrom('sandbox_payments as sp')
    .leftJoin('orders as o', 'o.provider_order_id', 'sp.order_id')
    .select(['sp.id', 'sp.amount', 'sp.amount_refunded', 'o.id as orderId', 'o.status', 'o.provider_payment_id'])
    .where('sp.status', '=', 'captured')
    .execute();
}

/** Every online order with a payment through the sandbox that records a provider payment, beside the sandbox's own record of that payment. */
export function sandboxPaidOrders(db: Db) {
  return db
    .selectFrom('orders as o')
    .innerJoin('payments as pm', (j) => j.onRef('pm.order_id', '=', 'o.id').on('pm.provider', '=', 'sandbox'))
    .leftJoin('sandbox_payments as sp', 'sp.id', 'o.provider_payment_id')
    .select([
      'o.id',
      'o.provider_order_id',
      'o.net_amount',
      'o.provider_refunded',
      'sp.order_id as spOrder',
      'sp.amount as spAmount',
      'sp.amount_refunded as spRefunded',
      'sp.captured as spCaptured',
    ])
    .where('o.payment_method', '=', 'ONLINE')
    .where('o.provider_payment_id', 'is not', null)
    .execute();
}

/** Per stock line (order's branch, product, variant): the units orders awaiting payment hold, and those of orders in `soldStatuses`. */
export function unitsHeldByOrders(db: Db, soldStatuses: readonly string[]) {
  return db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select([
      'o.branch_id',
      'i.product_id',
      'i.variant_id',
      sql<number>`sum(case when o.status = 'AWAITING_PAYMENT' then i.qty else 0 end)`.as('reserved'),
      sql<number>`sum(case when o.status in (${sql.join(soldStatuses.map((s) => sql.lit(s)))}) then i.qty else 0 end)`.as('sold'),
    ])
    .groupBy(['o.branch_id', 'i.product_id', 'i.variant_id'])
    .execute();
}

/** The sum of a ledger's lines for the row of the outer query named by `owner` (a customer or an order); 0 without lines. */
function ledgerSum(ledger: 'wallet_ledger' | 'loyalty_ledger', key: 'customer_id' | 'order_id', owner: 'c.id' | 'o.id') {
  const value = ledger === 'wallet_ledger' ? 'l.amount' : 'l.points';
  return sql<number>`coalesce((select sum(${sql.ref(value)}) from ${sql.table(ledger)} l where ${sql.ref(`l.${key}`)} = ${sql.ref(owner)}), 0)`;
}

/** Every customer's wallet balance and points beside the sums of their ledgers. */
export function customerLedgerSums(db: Db) {
  return db
    .selectFrom('customers as c')
    .select([
      'c.id',
      'c.wallet_balance',
      'c.loyalty_points',
      ledgerSum('wallet_ledger', 'customer_id', 'c.id').as('walletSum'),
      ledgerSum('loyalty_ledger', 'customer_id', 'c.id').as('loyaltySum'),
    ])
    .execute();
}

/** Every order's amounts beside what its wallet and loyalty ledger lines add up to. */
export function orderLedgerSums(db: Db) {
  return db
    .selectFrom('orders as o')
    .select([
      'o.id',
      'o.status',
      'o.payment_method',
      'o.payment_status',
      'o.net_amount',
      'o.wallet_amount',
      'o.loyalty_points',
      'o.earned_points',
      'o.provider_refunded',
      'o.refund_withheld',
      'o.provider_payment_id',
      'o.delivered_at',
      sql<number>`coalesce((select sum(i.weight_refunded) from order_items i where i.order_id = o.id), 0)`.as('weightRefunded'),
      sql<number>`coalesce((select sum(i.weight_due) from order_items i where i.order_id = o.id), 0)`.as('weightDue'),
      ledgerSum('wallet_ledger', 'order_id', 'o.id').as('walletNet'),
      ledgerSum('loyalty_ledger', 'order_id', 'o.id').as('pointsNet'),
    ])
    .execute();
}

/** Every order awaiting payment, with its expiry. */
export function waitingOrders(db: Db) {
  return db.selectFrom('orders').select(['id', 'expires_at']).where('status', '=', 'AWAITING_PAYMENT').execute();
}

export async function countOrders(db: Db): Promise<number> {
  const total = await db
    .selectFrom('orders')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(total.n);
}

/** Every delivery slot's bookings and capacity beside how many live (not cancelled) orders use it. */
export function slotBookings(db: Db) {
  return db
    .selectFrom('delivery_slots as s')
    .select([
      's.id',
      's.booked',
      's.capacity',
      sql<number>`(select count(*) from orders o where o.delivery_slot_id = s.id and o.status <> 'CANCELLED')`.as('live'),
    ])
    .execute();
}
