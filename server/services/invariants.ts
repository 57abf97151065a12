import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { pointsEarned } from './loyalty-value.js';
import {
  capturedPayments,
  countOrders,
  customerLedgerSums,
  orderLedgerSums,
  ordersOfPayment,
  paidOnlineOrdersWithCaptures,
  sandboxCapturedPayments,
  sandboxPaidOrders,
  slotBookings,
  stockLineCounts,
  unitsHeldByOrders,
  waitingOrders,
} from '../repositories/invariants-repository.js';

/**
 * The shop's money and stock rules, checked against the database as it stands. The crash,
 * load and several-instance suites and the model test of customer actions run this after
 * SIGKILLs, floods and every random step; a shop owner can run it after an incident. It only reads.
 *
 * 1. Payments: every captured payment belongs to exactly one paid order (and every online order
 *    marked paid has exactly one captured payment); money the provider captured for an order
 *    that is no longer waiting is either that order's payment or was given back; and the
 *    provider's own record of an order's payment (the sandbox's books, when the payment went
 *    through the sandbox) agrees with the order: captured, of the order's net amount, refunded
 *    exactly as much as the order records.
 * 2. Stock: per line, reserved units are exactly those of orders awaiting payment, sold units
 *    exactly those of placed (not cancelled) orders, nothing is negative, and
 *    available + reserved + sold equals the recorded total (seed plus restocks).
 * 3. Each wallet balance equals the sum of its ledger and is never negative; the same for
 *    loyalty points.
 * 4. Every order accounts for its value (docs/order-lifecycle.md): what the shop keeps of it
 *    (money captured or collected, less what went back to the wallet) is its wallet spend while
 *    it is live, nothing once cancelled, and only what was withheld for spent points once
 *    refunded; its points are the ones it spent, plus what it earned once delivered, and
 *    nothing once cancelled. Packing by weight moves this: what a lighter pack put in the wallet
 *    is given back while the order is live, and never more than was paid; what a delivery
 *    collected for a heavier pack counts as paid.
 * 5. No order waits for payment forever: none without an expiry, and none past its expiry once
 *    the abandoned-order sweep has run after that moment. Slot bookings match live orders.
 */

/** Units per stock line (`branch:product:variant`) as recorded when the shop was stocked. */
export type StockBaseline = Record<string, number>;

export interface InvariantViolation {
  rule: 'payments' | 'stock' | 'wallet' | 'loyalty' | 'orders' | 'abandoned' | 'slots';
  detail: string;
}

export interface InvariantReport {
  /** How much was looked at, for the printed figures. */
  checked: { payments: number; orders: number; stockLines: number; customers: number; slots: number };
  violations: InvariantViolation[];
}

export interface InvariantOptions {
  /** The recorded totals per stock line; without it only the order-derived rules are checked. */
  stockBaseline?: StockBaseline;
  /** A moment after which the abandoned-order sweep is known to have run: nothing expiring before it may still wait. */
  sweptAfter?: Date;
  /**
   * Provider payments whose webhooks are still on their way (a test holds them): the shop cannot
   * yet know of the money, so it is not yet owed a refund or a placed order.
   */
  unreportedPayments?: ReadonlySet<string>;
}

/** Statuses whose units count as sold (returns are not put back on the shelf). */
export const SOLD_STATUSES = ['PLACED', 'PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED', 'RETURN_REQUESTED', 'RETURNED', 'REFUNDED'] as const;

const lineKey = (branchId: number, productId: number, variantId: number) => `${branchId}:${productId}:${variantId}`;

/** The current total of every stock line: record it after seeding or restocking. */
export async function stockTotals(db: Kysely<Database>): Promise<StockBaseline> {
  const rows = await stockLineCounts(db);
  return Object.fromEntries(rows.map((r) => [lineKey(r.branch_id, r.product_id, r.variant_id), r.available + r.reserved + r.sold]));
}

async function checkPayments(db: Kysely<Database>, unreported: ReadonlySet<string>, out: InvariantViolation[]): Promise<number> {
  const captured = await capturedPayments(db);
  const byPaymentId = new Map<string, number>();
  for (const payment of captured) {
    const owners = await ordersOfPayment(db, payment.provider_order_id, payment.provider_payment_id ?? '');
    const paid = owners.filter((o) => o.status !== 'AWAITING_PAYMENT' && (o.payment_status === 'CAPTURED' || o.payment_status === 'REFUNDED'));
    if (paid.length !== 1 || owners.length !== 1 || paid[0]?.id !== payment.order_id) {
      out.push({
        rule: 'payments',
        detail: `captured payment ${payment.provider_payment_id} belongs to ${paid.length} paid orders (${owners.map((o) => `${o.id}:${o.status}`).join(', ') || 'none'})`,
      });
    }
    const key = payment.provider_payment_id ?? `row:${payment.id}`;
    byPaymentId.set(key, (byPaymentId.get(key) ?? 0) + 1);
  }
  for (const [paymentId, count] of byPaymentId) {
    if (count > 1) out.push({ rule: 'payments', detail: `provider payment ${paymentId} is recorded as captured ${count} times` });
  }
  const paidOnline = await paidOnlineOrdersWithCaptures(db);
  for (const order of paidOnline) {
    if (Number(order.captured) !== 1) out.push({ rule: 'payments', detail: `order ${order.id} is paid online with ${order.captured} captured payments` });
  }
  // What the provider holds (the sandbox keeps its ledger in the same database).
  const provider = await sandboxCapturedPayments(db);
  for (const p of provider) {
    if (p.amount_refunded >= p.amount || p.orderId === null || p.status === 'AWAITING_PAYMENT' || unreported.has(p.id)) continue;
    if (p.provider_payment_id !== p.id) {
      out.push({ rule: 'payments', detail: `the provider captured ${p.id} for order ${p.orderId} (${p.status}) but the shop neither kept nor refunded it` });
    }
  }
  // The provider's own record of each order's payment, where the provider is the sandbox (its books are in this database).
  const kept = await sandboxPaidOrders(db);
  for (const o of kept) {
    if (o.spOrder === null || o.spOrder !== o.provider_order_id || o.spCaptured !== 1 || o.spAmount !== o.net_amount) {
      out.push({
        rule: 'payments',
        detail: `order ${o.id} is paid by a payment the provider does not hold as captured for ${o.net_amount} paise on its provider order`,
      });
    } else if (o.spRefunded !== o.provider_refunded) {
      out.push({ rule: 'payments', detail: `order ${o.id} records ${o.provider_refunded} paise refunded at the provider, which refunded ${o.spRefunded}` });
    }
  }
  return captured.length + provider.length + kept.length;
}

async function checkStock(db: Kysely<Database>, baseline: StockBaseline | undefined, out: InvariantViolation[]): Promise<number> {
  const lines = await stockLineCounts(db);
  const held = await unitsHeldByOrders(db, SOLD_STATUSES);
  const expected = new Map(held.map((h) => [lineKey(h.branch_id, h.product_id, h.variant_id), { reserved: Number(h.reserved), sold: Number(h.sold) }]));
  for (const line of lines) {
    const key = lineKey(line.branch_id, line.product_id, line.variant_id);
    const want = expected.get(key) ?? { reserved: 0, sold: 0 };
    expected.delete(key);
    if (line.available < 0 || line.reserved < 0 || line.sold < 0)
      out.push({ rule: 'stock', detail: `line ${key} has a negative count (${line.available}/${line.reserved}/${line.sold})` });
    if (line.reserved !== want.reserved)
      out.push({ rule: 'stock', detail: `line ${key} holds ${line.reserved} reserved but orders awaiting payment hold ${want.reserved}` });
    if (line.sold !== want.sold) out.push({ rule: 'stock', detail: `line ${key} counts ${line.sold} sold but placed orders hold ${want.sold}` });
    if (baseline) {
      const total = line.available + line.reserved + line.sold;
      const recorded = baseline[key];
      if (recorded === undefined) out.push({ rule: 'stock', detail: `line ${key} has no recorded total` });
      else if (total !== recorded) out.push({ rule: 'stock', detail: `line ${key} totals ${total} units, recorded ${recorded}` });
    }
  }
  for (const [key, want] of expected) {
    if (want.reserved > 0 || want.sold > 0) out.push({ rule: 'stock', detail: `orders hold units of line ${key}, which has no stock row` });
  }
  return lines.length;
}

async function checkLedgers(db: Kysely<Database>, out: InvariantViolation[]): Promise<number> {
  const rows = await customerLedgerSums(db);
  for (const c of rows) {
    if (c.wallet_balance !== Number(c.walletSum) || c.wallet_balance < 0) {
      out.push({ rule: 'wallet', detail: `customer ${c.id} has a wallet of ${c.wallet_balance} paise but a ledger summing to ${c.walletSum}` });
    }
    if (c.loyalty_points !== Number(c.loyaltySum) || c.loyalty_points < 0) {
      out.push({ rule: 'loyalty', detail: `customer ${c.id} has ${c.loyalty_points} points but a ledger summing to ${c.loyaltySum}` });
    }
  }
  return rows.length;
}

const BEFORE_DELIVERY = new Set(['AWAITING_PAYMENT', 'PLACED', 'PACKED', 'OUT_FOR_DELIVERY']);
const AFTER_DELIVERY = new Set(['DELIVERED', 'RETURN_REQUESTED', 'RETURNED']);

/** Rule 4: what each order kept of the customer's money and points, by its status. */
async function checkOrderValue(db: Kysely<Database>, out: InvariantViolation[]): Promise<number> {
  const orders = await orderLedgerSums(db);
  for (const o of orders) {
    const walletNet = Number(o.walletNet);
    const pointsNet = Number(o.pointsNet);
    const weightRefunded = Number(o.weightRefunded);
    // Collected at the door for packs heavier (or, cash on delivery, lighter) than ordered.
    const atDoor = o.delivered_at !== null ? Number(o.weightDue) : 0;
    const online = o.payment_method === 'ONLINE';
    const paidIn =
      (online
        ? o.provider_payment_id !== null
          ? o.net_amount - o.provider_refunded
          : 0
        : o.payment_status === 'CAPTURED' || o.payment_status === 'REFUNDED'
          ? o.net_amount
          : 0) + atDoor;
    const kept = paidIn - walletNet;
    const problem = (detail: string) => out.push({ rule: 'orders', detail: `order ${o.id} (${o.status}) ${detail}` });
    if (o.status === 'CANCELLED') {
      if (kept !== 0) problem(`keeps ${kept} paise of the customer's money`);
      if (pointsNet !== 0) problem(`leaves ${pointsNet} points with the customer`);
      continue;
    }
    if (o.status === 'REFUNDED') {
      if (kept !== o.refund_withheld) problem(`keeps ${kept} paise but withheld ${o.refund_withheld} for spent points`);
      if (pointsNet < 0 || pointsNet > o.earned_points || pointsNet > 0 !== o.refund_withheld > 0) {
        problem(`leaves ${pointsNet} of its ${o.earned_points} earned points with the customer, ${o.refund_withheld} paise withheld for them`);
      }
      continue;
    }
    if (walletNet !== weightRefunded - o.wallet_amount) {
      problem(`moved ${walletNet} paise through the wallet but spent ${o.wallet_amount} from it and got ${weightRefunded} back for lighter packs`);
    }
    if (o.provider_refunded === 0 && kept < 0) problem(`gave back ${-kept} paise more than the customer paid for it`);
    if (o.status === 'AWAITING_PAYMENT' && o.provider_payment_id !== null) problem('awaits payment but records a payment');
    const mustBePaid = o.status !== 'AWAITING_PAYMENT' && online && o.net_amount > 0;
    if (mustBePaid && (o.provider_payment_id === null || (o.payment_status !== 'CAPTURED' && o.payment_status !== 'REFUNDED'))) {
      problem(`is an online order past payment without a captured payment (${o.payment_status})`);
    }
    if (BEFORE_DELIVERY.has(o.status)) {
      if (o.earned_points !== 0 || pointsNet !== -o.loyalty_points)
        problem(`has ${pointsNet} points on its ledger and ${o.earned_points} earned before delivery (spent ${o.loyalty_points})`);
    } else if (AFTER_DELIVERY.has(o.status)) {
      if (o.earned_points !== pointsEarned(o)) problem(`earned ${o.earned_points} points where its net amount earns ${pointsEarned(o)}`);
      if (pointsNet !== o.earned_points - o.loyalty_points)
        problem(`has ${pointsNet} points on its ledger; it earned ${o.earned_points} and spent ${o.loyalty_points}`);
      if (!online && o.net_amount > 0 && o.payment_status !== 'CAPTURED') problem(`was delivered without its cash being collected (${o.payment_status})`);
    }
  }
  return orders.length;
}

async function checkWaiting(db: Kysely<Database>, sweptAfter: Date | undefined, out: InvariantViolation[]): Promise<number> {
  const waiting = await waitingOrders(db);
  for (const order of waiting) {
    if (order.expires_at === null) out.push({ rule: 'abandoned', detail: `order ${order.id} awaits payment with no expiry` });
    else if (sweptAfter && order.expires_at < sweptAfter.toISOString()) {
      out.push({ rule: 'abandoned', detail: `order ${order.id} still awaits payment although it expired at ${order.expires_at}` });
    }
  }
  return countOrders(db);
}

async function checkSlots(db: Kysely<Database>, out: InvariantViolation[]): Promise<number> {
  const slots = await slotBookings(db);
  for (const slot of slots) {
    if (slot.booked !== Number(slot.live))
      out.push({ rule: 'slots', detail: `slot ${slot.id} counts ${slot.booked} bookings but ${slot.live} live orders use it` });
    if (slot.booked > slot.capacity) out.push({ rule: 'slots', detail: `slot ${slot.id} is booked ${slot.booked} times over its capacity ${slot.capacity}` });
  }
  return slots.length;
}

/** Checks every rule above and lists what does not hold (an empty list is a healthy shop). */
export async function checkInvariants(db: Kysely<Database>, options: InvariantOptions = {}): Promise<InvariantReport> {
  const violations: InvariantViolation[] = [];
  const payments = await checkPayments(db, options.unreportedPayments ?? new Set(), violations);
  const stockLines = await checkStock(db, options.stockBaseline, violations);
  const customers = await checkLedgers(db, violations);
  await checkOrderValue(db, violations);
  const orders = await checkWaiting(db, options.sweptAfter, violations);
  const slots = await checkSlots(db, violations);
  return { checked: { payments, orders, stockLines, customers, slots }, violations };
}
