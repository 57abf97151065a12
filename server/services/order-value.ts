import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { nowIso } from '../lib/clock.js';
import { postLoyalty, postWallet } from './ledger.js';
import { paisePerLoyaltyPoint, pointsEarned } from './loyalty-value.js';
import { findOrderItemQuantities, setEarnedPoints, setOrderRefund, setPaymentStatus, type OrderRecord } from '../repositories/order-repository.js';
import { getLoyaltyPoints } from '../repositories/customer-repository.js';
import { addToCartLine } from '../repositories/cart-repository.js';
import { WALLET_TAKEN_BACK_REASON } from '../repositories/order-refund-repository.js';
import { orderWeightTotals } from '../repositories/order-weight-repository.js';
import { getWalletBalance } from '../repositories/customer-repository.js';

/**
 * What an order is worth to the customer, in the caller's transaction: the points it earns on
 * delivery, what goes back when the shop does not keep it, and its basket when it goes unpaid.
 * Every move writes its ledger lines, so server/services/invariants.ts can account for each order.
 */

type Trx = Transaction<Database>;

/** The wallet line of the points an order earned, spent before the order was refunded at the provider. */
export const SPENT_POINTS_CHARGED_REASON = 'Loyalty points spent, earned on refunded order';

/** Credits the points a delivered order earns (one per full ₹100 of its net amount), once. */
export async function creditEarnedPoints(trx: Trx, order: OrderRecord): Promise<void> {
  const earned = pointsEarned(order);
  if (earned <= 0 || order.earned_points > 0) return;
  await setEarnedPoints(trx, order.id, earned);
  await postLoyalty(trx, order.customer_id, earned, `Earned on order ${order.order_no}`, order.id);
}

/**
 * Gives back what the customer paid for an order the shop does not keep: the money paid (online,
 * less what the provider has refunded itself, or cash collected) plus the wallet amount go to the
 * wallet, the points used come back, and the points the order earned are taken back. Earned
 * points the customer has already spent cannot be taken back: their value is withheld from the
 * refund instead, so no order can be returned or cancelled into a gain. When the refund is
 * smaller than their value (the provider already gave the card its money back), the wallet pays
 * the rest as far as its balance goes; what it cannot cover is the shop's loss at the provider,
 * and the invariant checker reports it.
 *
 * Packing settled by weight counts too (catch-weight-service.ts): what was collected at the door
 * for a heavier pack goes back with the rest, and what a lighter pack already put in the wallet is
 * not given again. Should that leave less than nothing (the provider refunded the card after a
 * lighter pack was refunded to the wallet), the wallet gives the difference back, as far as its
 * balance goes.
 */
export async function giveBack(trx: Trx, order: OrderRecord, why: string): Promise<{ credited: number; withheld: number }> {
  const weights = await orderWeightTotals(trx, order.id);
  const atDoor = order.delivered_at !== null ? weights.due : 0;
  const paid = (order.payment_status === 'CAPTURED' ? order.net_amount - order.provider_refunded : 0) + atDoor;
  const owed = paid + order.wallet_amount - weights.refunded;
  if (order.loyalty_points > 0) await postLoyalty(trx, order.customer_id, order.loyalty_points, `Points returned for ${order.order_no}`, order.id);
  let withheld = 0;
  let spentValue = 0;
  if (order.earned_points > 0) {
    const loyaltyPoints = await getLoyaltyPoints(trx, order.customer_id);
    const takeBack = Math.min(order.earned_points, loyaltyPoints);
    if (takeBack > 0) await postLoyalty(trx, order.customer_id, -takeBack, `Earned points reversed for ${order.order_no}`, order.id);
    const spent = order.earned_points - takeBack;
    if (spent > 0) spentValue = spent * (await paisePerLoyaltyPoint(trx, order.company_id));
    withheld = Math.max(0, Math.min(owed, spentValue));
  }
  const credited = Math.max(0, owed - withheld);
  if (credited > 0) await postWallet(trx, order.customer_id, credited, `${why} ${order.order_no}`, order.id);
  if (owed < 0) {
    const takeBack = Math.min(-owed, await getWalletBalance(trx, order.customer_id));
    if (takeBack > 0) await postWallet(trx, order.customer_id, -takeBack, `${WALLET_TAKEN_BACK_REASON}: ${order.order_no}`, order.id);
  }
  // The refund was too small to withhold the spent points from (the provider gave the card its money back itself): the wallet pays the rest, as far as its balance goes.
  const uncovered = spentValue - withheld;
  if (uncovered > 0) {
    const fromWallet = Math.min(uncovered, await getWalletBalance(trx, order.customer_id));
    if (fromWallet > 0) {
      await postWallet(trx, order.customer_id, -fromWallet, `${SPENT_POINTS_CHARGED_REASON} ${order.order_no}`, order.id);
      withheld += fromWallet;
    }
  }
  await setOrderRefund(trx, order.id, { credited, withheld });
  return { credited, withheld };
}

/** Puts an unpaid order's items back in the customer's basket, added to what is there now. */
export async function restoreBasket(trx: Trx, order: OrderRecord): Promise<void> {
  const items = await findOrderItemQuantities(trx, order.id);
  const at = nowIso();
  for (const item of items) {
    await addToCartLine(trx, {
      customerId: order.customer_id,
      companyId: order.company_id,
      branchId: order.branch_id,
      productId: item.product_id,
      variantId: item.variant_id,
      qty: item.qty,
      at,
    });
  }
}

/** RETURNED → REFUNDED, in the caller's transaction: what was paid goes back (giveBack). */
export async function refundReturned(trx: Trx, order: OrderRecord): Promise<void> {
  await giveBack(trx, order, 'Refund for returned order');
  if (order.payment_status === 'CAPTURED') await setPaymentStatus(trx, order.id, 'REFUNDED');
}
