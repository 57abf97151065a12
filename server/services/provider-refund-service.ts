import type { Transaction } from 'kysely';
import type { App } from '../app.js';
import type { Database } from '../db/schema.js';
import { badRequest } from '../lib/http-errors.js';
import { nowIso } from '../lib/clock.js';
import { postWallet } from './ledger.js';
import { assertTransition, type OrderStatus } from './order-lifecycle.js';
import { CHANGING, addEvent, announceCancelled, announceOrderStatus, cancelInTransaction, type CancelResult } from './order-service.js';
import {
  findOrderToAnnounce,
  getOrder,
  lockCustomerRow,
  moveOrder,
  recordProviderRefunded,
  setOrderRefundAmount,
  type OrderRecord,
} from '../repositories/order-repository.js';
import { getWalletBalance } from '../repositories/customer-repository.js';
import { WALLET_TAKEN_BACK_REASON, providerRefundNote } from '../repositories/order-refund-repository.js';
import { refundReturned } from './order-value.js';
import { orderWeightTotals } from '../repositories/order-weight-repository.js';

export const REFUNDED_AT_PROVIDER = 'The payment was refunded at the payment provider.';

/** Someone else moved the order while we worked: roll back and look again. */
class Raced extends Error {}

type Trx = Transaction<Database>;

type Outcome = { changed: false } | { changed: true; cancelled?: CancelResult; moved?: 'REFUNDED' };

/** The refund's effect on the order, in one transaction holding the customer's lock; throws Raced when the order moved under it. */
async function applyInTransaction(app: App, trx: Trx, orderId: number, refundedTotal: number): Promise<Outcome> {
  const order = await getOrder(trx, orderId);
  await lockCustomerRow(app, trx, order.customer_id);
  const delta = refundedTotal - order.provider_refunded;
  if (delta <= 0) return { changed: false };
  const full = refundedTotal >= order.net_amount;
  const paymentStatus = full && order.payment_status === 'CAPTURED' ? 'REFUNDED' : order.payment_status;
  const recorded = await recordProviderRefunded(trx, order.id, { from: order.provider_refunded, to: refundedTotal, paymentStatus, at: nowIso() });
  if (!recorded) throw new Raced();
  const current: OrderRecord = { ...order, provider_refunded: refundedTotal, payment_status: paymentStatus };
  await addEvent(trx, order.id, order.status as OrderStatus, providerRefundNote(delta), 'provider');
  if (full && (order.status === 'PLACED' || order.status === 'PACKED')) {
    const cancelled = await cancelInTransaction(trx, current, { actor: 'provider', reason: REFUNDED_AT_PROVIDER });
    if (!cancelled) throw new Raced();
    return { changed: true, cancelled };
  }
  if (full && order.status === 'RETURNED') {
    assertTransition(order.status, 'REFUNDED', 'provider');
    if (!(await moveOrder(trx, order.id, 'RETURNED', { status: 'REFUNDED', updated_at: nowIso() }))) throw new Raced();
    await refundReturned(trx, current);
    await addEvent(trx, order.id, 'REFUNDED', REFUNDED_AT_PROVIDER, 'provider');
    return { changed: true, moved: 'REFUNDED' };
  }
  if (order.status === 'CANCELLED' || order.status === 'REFUNDED') {
    // The shop had already given this money back through the wallet: once is enough.
    const walletBalance = await getWalletBalance(trx, order.customer_id);
    // A lighter pack's refund went to the wallet too.
    const { refunded: byWeight } = await orderWeightTotals(trx, order.id);
    const takeBack = Math.min(delta, walletBalance, order.refund_amount + byWeight);
    if (takeBack > 0) {
      await postWallet(trx, order.customer_id, -takeBack, `${WALLET_TAKEN_BACK_REASON}: ${order.order_no}`, order.id);
      await setOrderRefundAmount(trx, order.id, Math.max(0, order.refund_amount - takeBack));
    }
  }
  return { changed: true };
}

/**
 * The provider reports that `refundedTotal` paise of an order's own payment have been refunded
 * (its webhook, checked against the provider's record). A full refund ends the order's claim:
 * an order that has not left the shop is cancelled (stock back, wallet amount and points back)
 * and a returned order is refunded; otherwise the refund is recorded on the order. Money the
 * shop had already given back through the wallet is taken back from the wallet, as far as the
 * balance goes, so the customer is not refunded twice.
 */
export async function applyProviderRefund(app: App, orderId: number, refundedTotal: number): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    let outcome: Outcome;
    try {
      outcome = await app.db.transaction().execute((trx) => applyInTransaction(app, trx, orderId, refundedTotal));
    } catch (error) {
      if (!(error instanceof Raced)) throw error;
      if (attempt >= 3) throw badRequest(CHANGING);
      continue;
    }
    if (outcome.changed && outcome.cancelled) await announceCancelled(app, outcome.cancelled);
    if (outcome.changed && outcome.moved) {
      const order = await findOrderToAnnounce(app.db, orderId);
      announceOrderStatus(app, order, outcome.moved);
    }
    return;
  }
}
