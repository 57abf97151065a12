import type { OrderDeps } from './service-deps.js';
import { badRequest, notFound } from '../lib/http-errors.js';
import { nowIso } from '../lib/clock.js';
import { formatPaise } from '../../contract/money.rules.js';
import { formatGrams, settlePack } from '../../contract/weight.rules.js';
import { postWallet } from './ledger.js';
import { ORDER_STATUS_LABELS, isOrderStatus, type OrderStatus } from './order-lifecycle.js';
import { CHANGING, ORDER_NOT_FOUND, announceOrderStatus } from './order-service.js';
import { findOrder, lockCustomerRow } from '../repositories/order-repository.js';
import { markLinePacked, orderLinesForPacking, orderWeightTotals } from '../repositories/order-weight-repository.js';

/**
 * Catch weight: the shop records what it actually packed for an order line, and the difference
 * from what was ordered is settled once, on the server, at the line's own price per kg (its value
 * over the weight ordered, so after the offer rate):
 *
 * - lighter: the difference goes back. Money already taken (paid online, or from the wallet) goes
 *   to the wallet; for cash on delivery not yet collected, the cash to collect goes down first.
 *   Never more than the customer paid for the order in money, less what earlier packs gave back.
 * - heavier: the customer pays at most HEAVIER_PACK_TOLERANCE_PERCENT of the line's value on
 *   delivery, never charged to a card or the wallet; the rest is the shop's.
 *
 * A packed weight is final: the same weight again is answered with what was settled, another
 * weight is refused, so no line is ever settled twice.
 */

/** Statuses in which the goods are still at the shop and can be weighed. */
export const PACKING_STATUSES: readonly OrderStatus[] = ['PLACED', 'PACKED'];

/** Packed weights above this many times the weight ordered are taken for a typing slip. */
const MAX_PACKED_FACTOR = 3;

export interface PackInput {
  orderId: number;
  /** The line's position on the order, from 1. */
  line: number;
  grams: number;
}

export interface PackResult {
  orderId: number;
  orderNo: string;
  itemName: string;
  variantName: string;
  orderedGrams: number;
  packedGrams: number;
  /** Paise credited to the wallet. */
  refundedToWallet: number;
  /** Signed paise the delivery collects beyond the order's net amount, for this line. */
  dueOnDelivery: number;
  /** Paise of a heavier pack the shop bears. */
  shopBears: number;
  /** True when the line had already been packed at this weight: nothing moved this time. */
  alreadySettled: boolean;
}

const statusName = (status: string) => (isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status);

/** Records a line's packed weight and settles it in one transaction holding the customer's lock, then tells the customer's browsers. */
export async function recordPackedWeight(deps: OrderDeps, input: PackInput): Promise<PackResult> {
  if (!Number.isSafeInteger(input.grams) || input.grams < 1) throw badRequest('The packed weight must be a whole number of grams above 0.');
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const found = await findOrder(trx, input.orderId);
    if (!found) throw notFound(ORDER_NOT_FOUND);
    await lockCustomerRow(deps, trx, found.customer_id);
    // Read again under the lock: every move of the order takes it too.
    const order = (await findOrder(trx, input.orderId))!;
    const lines = await orderLinesForPacking(trx, order.id);
    const item = lines[input.line - 1];
    if (!item) throw badRequest(`Order ${order.order_no} has ${lines.length} line${lines.length === 1 ? '' : 's'}; name one from 1 to ${lines.length}.`);
    const name = item.variant_name ? `${item.item_name} (${item.variant_name})` : item.item_name;
    if (item.net_grams === null) throw badRequest(`${name} is not sold by weight; there is nothing to settle.`);
    const orderedGrams = item.net_grams * item.qty;
    const result = {
      orderId: order.id,
      orderNo: order.order_no,
      itemName: item.item_name,
      variantName: item.variant_name,
      orderedGrams,
      packedGrams: input.grams,
    };
    if (item.packed_grams !== null) {
      if (item.packed_grams !== input.grams) {
        throw badRequest(
          `${name} on order ${order.order_no} was packed at ${formatGrams(item.packed_grams)} and settled; a packed weight is final and is not settled again.`,
        );
      }
      const again: PackResult = { ...result, refundedToWallet: item.weight_refunded, dueOnDelivery: item.weight_due, shopBears: 0, alreadySettled: true };
      return { packed: again, announce: null };
    }
    if (!PACKING_STATUSES.includes(order.status as OrderStatus)) {
      throw badRequest(`Order ${order.order_no} is ${statusName(order.status)}; a packed weight is recorded while the order is Placed or Packed.`);
    }
    if (input.grams > orderedGrams * MAX_PACKED_FACTOR) {
      throw badRequest(`${formatGrams(input.grams)} is more than ${MAX_PACKED_FACTOR} times the ${formatGrams(orderedGrams)} ordered; check the weight.`);
    }
    const settled = settlePack(item.value, orderedGrams, input.grams);
    const totals = await orderWeightTotals(trx, order.id);
    let toWallet = 0;
    let due = settled.extra;
    if (settled.refund > 0) {
      if (order.payment_method === 'COD' && order.payment_status === 'PENDING') {
        const lessCash = Math.min(settled.refund, Math.max(0, order.net_amount + totals.due));
        due = -lessCash;
        toWallet = Math.min(settled.refund - lessCash, order.wallet_amount - totals.refunded);
      } else {
        const paid = order.payment_status === 'CAPTURED' ? order.net_amount - order.provider_refunded : 0;
        toWallet = Math.min(settled.refund, paid + order.wallet_amount - totals.refunded);
      }
      toWallet = Math.max(0, toWallet);
    }
    const at = nowIso();
    if (!(await markLinePacked(trx, item.id, { packedGrams: input.grams, weightRefunded: toWallet, weightDue: due, at }))) throw badRequest(CHANGING);
    if (toWallet > 0) {
      await postWallet(
        trx,
        order.customer_id,
        toWallet,
        `Lighter pack of ${name} on order ${order.order_no}: ${formatGrams(input.grams)} of ${formatGrams(orderedGrams)} (${formatPaise(toWallet)} back)`,
        order.id,
      );
    }
    const packed: PackResult = { ...result, refundedToWallet: toWallet, dueOnDelivery: due, shopBears: settled.shopBears, alreadySettled: false };
    return { packed, announce: order };
  });
  // The order page and the wallet read again when the order's status is pushed.
  if (outcome.announce) announceOrderStatus(deps, outcome.announce, outcome.announce.status as OrderStatus);
  return outcome.packed;
}
