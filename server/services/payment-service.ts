import crypto from 'node:crypto';
import type { App } from '../app.js';
import { HttpError, badRequest, notFound } from '../lib/http-errors.js';
import { nowIso } from '../lib/clock.js';
import { PaymentGatewayError, type ProviderPayment } from '../payments/payment-gateway.js';
import type { AwaitingApproval } from '../../contract/payment.schemas.js';
import { applyProviderRefund } from './provider-refund-service.js';
import { ORDER_NOT_FOUND, announcePlaced, cancelOrder, markPlaced, type CancelResult } from './order-service.js';
import {
  addProviderRefundToOrder,
  claimProviderOrder,
  insertOrderEvent,
  lockCustomerRow,
  selectOrderById,
  selectOrderByProviderOrder,
  type OrderRecord,
} from '../repositories/order-repository.js';
import { claimRefund, insertPayment, recordCapture, recordPaymentFailure, recordRefund, releaseRefundClaim } from '../repositories/payment-repository.js';

export type PaymentSource = 'callback' | 'webhook' | 'poll' | 'job';
export type PaymentOutcomeStatus = 'CAPTURED' | 'FAILED' | 'PENDING';

/** Data[0] of the status answers: what the checkout reads. */
export interface PaymentOutcome {
  Status: PaymentOutcomeStatus;
  OrderId: number;
  OrderNo: string;
  TransactionNo: string;
  AwaitingApproval?: AwaitingApproval;
}

/**
 * How long the shop waits on a UPI request the customer has not yet answered. Razorpay's live
 * 5 to 10 minutes; the shop waits the longer, as a payment approved after the wait is refunded.
 */
export const UPI_REQUEST_LIFE_SECONDS = 600;

export const PAYMENT_NOT_VERIFIED = 'The payment could not be verified.';
export const PROVIDER_UNREACHABLE = 'The payment service is not reachable right now. Please try again in a moment.';

const outcome = (order: OrderRecord, status: PaymentOutcomeStatus, transactionNo = ''): PaymentOutcome => ({
  Status: status,
  OrderId: order.id,
  OrderNo: order.order_no,
  TransactionNo: transactionNo,
});

async function orderById(app: App, orderId: number): Promise<OrderRecord | undefined> {
  return (await selectOrderById(app.db, orderId))[0];
}

async function ownOrder(app: App, orderId: number, customerId: number): Promise<OrderRecord> {
  const order = await orderById(app, orderId);
  if (!order || order.customer_id !== customerId) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/** What an order that is no longer awaiting payment answers to a status question. */
function settledOutcome(order: OrderRecord): PaymentOutcome {
  if (order.status === 'CANCELLED') return outcome(order, 'FAILED');
  return outcome(order, 'CAPTURED', order.provider_payment_id ?? '');
}

export interface ProcessResult {
  OrderNo: string;
  /** The provider order id; '' when nothing is paid online. */
  Data: string;
  Status: 'PENDING' | 'PLACED';
  NetAmount: number;
}

/**
 * POST Order/placeOrder/{id}/Proccess: an online order with something to pay gets its
 * provider order; cash on delivery and orders with nothing left to pay are placed at once.
 * Safe to repeat: the client retries it.
 */
export async function processOrder(app: App, orderId: number, customerId: number): Promise<ProcessResult> {
  const order = await ownOrder(app, orderId, customerId);
  const result = (status: ProcessResult['Status'], data: string): ProcessResult => ({
    OrderNo: order.order_no,
    Data: data,
    Status: status,
    NetAmount: order.net_amount / 100,
  });
  if (order.status === 'CANCELLED') throw badRequest('This order was cancelled. Please place a new order.');
  if (order.status !== 'AWAITING_PAYMENT') return result('PLACED', order.provider_order_id ?? '');
  if (order.payment_method === 'ONLINE' && order.net_amount > 0) return result('PENDING', await startOnlinePayment(app, order));
  const cod = order.payment_method === 'COD' && order.net_amount > 0;
  const placed = await app.db.transaction().execute(async (trx) => {
    await lockCustomerRow(app, trx, order.customer_id);
    return markPlaced(app, trx, order, {
      paymentStatus: cod ? 'PENDING' : 'NOT_REQUIRED',
      providerPaymentId: null,
      actor: 'system',
      note: cod ? 'Order placed; cash on delivery.' : 'Order placed; nothing left to pay online.',
    });
  });
  if (placed) {
    await announcePlaced(app, order.id);
    return result('PLACED', '');
  }
  const now = await orderById(app, order.id);
  if (now?.status === 'CANCELLED') throw badRequest('This order was cancelled. Please place a new order.');
  return result('PLACED', '');
}

/**
 * POST Order/placeOrder/{id}/Proccess for an online order: one provider order per shop order
 * (amount = net paise, receipt = order number). Asking again answers the same provider order.
 */
export async function startOnlinePayment(app: App, order: OrderRecord): Promise<string> {
  if (order.provider_order_id) return order.provider_order_id;
  let providerOrderId: string;
  try {
    const created = await app.payments.createOrder({
      amount: order.net_amount,
      currency: 'INR',
      receipt: order.order_no,
      notes: { order_id: String(order.id) },
    });
    providerOrderId = created.id;
  } catch (error) {
    app.log.error({ err: error, orderId: order.id }, 'creating the provider order failed');
    throw new HttpError(503, PROVIDER_UNREACHABLE);
  }
  const kept = await app.db.transaction().execute(async (trx) => {
    if (!(await claimProviderOrder(trx, order.id, providerOrderId, nowIso()))) return null;
    const at = nowIso();
    await insertPayment(trx, {
      order_id: order.id,
      provider: app.payments.provider,
      provider_order_id: providerOrderId,
      provider_payment_id: null,
      amount: order.net_amount,
      status: 'CREATED',
      method: '',
      refund_id: null,
      error_reason: null,
      created_at: at,
      updated_at: at,
      captured_at: null,
    });
    return providerOrderId;
  });
  if (kept) return kept;
  // A parallel call won; its provider order is the one to pay (ours is never shown to anyone).
  const again = await orderById(app, order.id);
  return again?.provider_order_id ?? providerOrderId;
}

/**
 * Gives a payment back through the provider, once: the payments row is claimed before the
 * provider is asked, and released again if the provider could not be reached.
 */
async function refundOnce(app: App, order: OrderRecord, payment: ProviderPayment, why: string): Promise<void> {
  const claim = `claim:${crypto.randomUUID()}`;
  if (!(await claimRefund(app.db, payment.orderId, claim, nowIso()))) return;
  try {
    const fresh = await app.payments.fetchPayment(payment.id);
    const refundable = fresh.amount - fresh.amountRefunded;
    const refund = refundable > 0 ? await app.payments.refundPayment(payment.id, refundable, { order_no: order.order_no, reason: why }) : null;
    const at = nowIso();
    await app.db.transaction().execute(async (trx) => {
      await recordRefund(trx, payment.orderId, { refundId: refund?.id ?? 'already-refunded', reason: why, at });
      await addProviderRefundToOrder(trx, order.id, refund?.amount ?? 0, order.status === 'CANCELLED' ? 'REFUNDED' : 'FAILED', at);
      await insertOrderEvent(trx, {
        orderId: order.id,
        status: order.status,
        note: `${why} Payment ${payment.id} refunded${refund ? ` (${refund.id})` : ''}.`,
        actor: 'system',
        at,
      });
    });
  } catch (error) {
    await releaseRefundClaim(app.db, payment.orderId, claim);
    throw error;
  }
}

async function recordFailure(app: App, payment: ProviderPayment): Promise<void> {
  await recordPaymentFailure(app.db, payment.orderId, { reason: payment.errorDescription ?? 'Payment failed', method: payment.method, at: nowIso() });
}

/**
 * Applies what the provider says about one payment. Callback, webhook, status poll and the
 * abandoned-order job all come here, in any order and any number of times; the order is
 * placed once (the conditional AWAITING_PAYMENT → PLACED update), a captured amount that
 * differs from the order's net amount is refunded instead, and money that arrives for a
 * cancelled order is refunded.
 */
export async function settlePayment(app: App, reported: ProviderPayment, source: PaymentSource): Promise<PaymentOutcome | null> {
  return (await settle(app, reported, source)).outcome;
}

/** True when this payment already placed the order: what it reports now changes nothing. */
function settledBy(order: OrderRecord, payment: ProviderPayment): boolean {
  return order.status !== 'AWAITING_PAYMENT' && order.provider_payment_id === payment.id;
}

/**
 * @param known the order as the caller has just read it by this provider order id. It may be a
 *   moment old: placing is guarded by its own conditional update, and an order this payment
 *   placed stays placed by it.
 */
export async function settle(
  app: App,
  payment: ProviderPayment,
  source: PaymentSource,
  known?: OrderRecord,
): Promise<{ outcome: PaymentOutcome | null; changed: boolean }> {
  const order = known ?? (await selectOrderByProviderOrder(app.db, payment.orderId))[0];
  if (!order) {
    app.log.warn({ providerOrderId: payment.orderId, paymentId: payment.id, source }, 'payment for an unknown provider order ignored');
    return { outcome: null, changed: true };
  }
  // The callback, the webhooks and the poll of one payment: whichever comes second reads only,
  // unless the provider has since refunded some of it.
  if (settledBy(order, payment)) {
    if (payment.amountRefunded <= order.provider_refunded) return { outcome: settledOutcome(order), changed: false };
    await applyProviderRefund(app, order.id, payment.amountRefunded);
    return { outcome: settledOutcome((await orderById(app, order.id)) ?? order), changed: true };
  }
  const outcome = await settleUnsettled(app, order, payment, source);
  return { outcome, changed: true };
}

async function settleUnsettled(app: App, order: OrderRecord, reported: ProviderPayment, source: PaymentSource): Promise<PaymentOutcome> {
  let payment = reported;
  const amountMatches = payment.amount === order.net_amount && payment.currency === 'INR';

  if (payment.status === 'authorized' && order.status === 'AWAITING_PAYMENT' && amountMatches) {
    payment = await app.payments.capturePayment(payment.id, payment.amount, payment.currency);
  }
  if (payment.status === 'failed') {
    if (order.status !== 'AWAITING_PAYMENT') return settledOutcome(order);
    await recordFailure(app, payment);
    if (source === 'webhook') {
      app.live.customerChanged({
        customerId: order.customer_id,
        type: 'PaymentStatus',
        data: { OrderId: order.id, OrderNo: order.order_no, Status: 'FAILED', TransactionNo: payment.id },
      });
    }
    return outcome(order, 'FAILED', payment.id);
  }
  if (payment.status !== 'captured') {
    // Not paid yet, or already given back: neither places an order.
    if (order.status !== 'AWAITING_PAYMENT' || order.provider_payment_id === payment.id) return settledOutcome(order);
    return outcome(order, payment.status === 'refunded' ? 'FAILED' : 'PENDING');
  }

  if (!amountMatches) {
    if (order.provider_payment_id === payment.id) return settledOutcome(order);
    app.log.error({ orderId: order.id, paid: payment.amount, expected: order.net_amount }, 'captured amount does not match the order');
    await refundOnce(app, order, payment, `Captured ${payment.amount} paise but the order is for ${order.net_amount} paise.`);
    return outcome(order, 'FAILED', payment.id);
  }

  const placed = await app.db.transaction().execute(async (trx) => {
    await lockCustomerRow(app, trx, order.customer_id);
    return markPlaced(
      app,
      trx,
      order,
      {
        paymentStatus: 'CAPTURED',
        providerPaymentId: payment.id,
        actor: 'provider',
        note: `Payment ${payment.id} captured (${source}).`,
      },
      () => recordCapture(trx, payment.orderId, { providerPaymentId: payment.id, method: payment.method, at: nowIso() }),
    );
  });
  if (placed) {
    await announcePlaced(app, order.id);
    return outcome(order, 'CAPTURED', payment.id);
  }
  const now = (await orderById(app, order.id)) ?? order;
  if (now.provider_payment_id === payment.id) return settledOutcome(now);
  if (now.status === 'AWAITING_PAYMENT') return outcome(now, 'PENDING');
  // The order was cancelled (or paid by another payment) before this money arrived.
  await refundOnce(app, now, payment, now.status === 'CANCELLED' ? 'Payment received after the order was cancelled.' : 'The order was already paid.');
  return settledOutcome(now);
}

/** POST Order/payment/verify: the checkout window's success callback, trusted only with a valid signature. */
export async function verifyCallback(
  app: App,
  input: { customerId: number; providerOrderId: string; providerPaymentId: string; signature: string },
): Promise<PaymentOutcome> {
  const order = (await selectOrderByProviderOrder(app.db, input.providerOrderId))[0];
  if (!order || order.customer_id !== input.customerId || !order.provider_order_id) throw notFound(ORDER_NOT_FOUND);
  const genuine = app.payments.verifyPaymentSignature({
    providerOrderId: order.provider_order_id,
    providerPaymentId: input.providerPaymentId,
    signature: input.signature,
  });
  if (!genuine) {
    app.log.warn({ orderId: order.id, paymentId: input.providerPaymentId }, 'payment callback with a signature that does not verify');
    throw badRequest(PAYMENT_NOT_VERIFIED);
  }
  let payment: ProviderPayment;
  try {
    payment = await app.payments.fetchPayment(input.providerPaymentId);
  } catch (error) {
    // The signature is genuine but the amount cannot be checked yet: the poll or webhook settles it.
    app.log.warn({ err: error, orderId: order.id }, 'payment could not be fetched after a verified callback');
    return outcome(order, 'PENDING');
  }
  if (payment.orderId !== order.provider_order_id) throw badRequest(PAYMENT_NOT_VERIFIED);
  return (await settle(app, payment, 'callback', order)).outcome ?? outcome(order, 'PENDING');
}

/**
 * Asks the provider about an order still awaiting payment and settles what it reports. For a
 * cancelled order it looks for money that arrived after the cancel, which is then refunded.
 */
export async function reconcileWithProvider(app: App, order: OrderRecord, source: PaymentSource): Promise<PaymentOutcome> {
  if (order.status === 'CANCELLED' && order.provider_order_id) {
    const late = (await app.payments.fetchOrderPayments(order.provider_order_id)).filter((p) => p.status === 'captured' && p.id !== order.provider_payment_id);
    for (const payment of late) await settlePayment(app, payment, source);
    return settledOutcome(order);
  }
  if (order.status !== 'AWAITING_PAYMENT') return settledOutcome(order);
  if (!order.provider_order_id) return outcome(order, 'PENDING');
  const payments = await app.payments.fetchOrderPayments(order.provider_order_id);
  for (const payment of payments.filter((p) => p.status === 'captured' || p.status === 'authorized')) {
    const result = await settlePayment(app, payment, source);
    if (result && result.Status !== 'PENDING') return result;
  }
  const last = payments.at(-1);
  if (last?.status === 'created' && last.method === 'upi') {
    const life = app.payments.provider === 'sandbox' ? app.config.sandboxUpiExpirySeconds : UPI_REQUEST_LIFE_SECONDS;
    const secondsLeft = Math.ceil(last.createdAt + life - Date.now() / 1000);
    if (secondsLeft > 0) return { ...outcome(order, 'PENDING', last.id), AwaitingApproval: { Method: 'upi', SecondsLeft: secondsLeft } };
  }
  if (last?.status === 'failed') {
    await recordFailure(app, last);
    return outcome(order, 'FAILED', last.id);
  }
  // A payment given back (its amount did not match) leaves nothing paid.
  if (last?.status === 'refunded') return outcome(order, 'FAILED', last.id);
  return outcome(order, 'PENDING');
}

/**
 * The customer cancels their own order: a declined card or a closed window (the checkout's
 * Cancel), Cancel Order in the pending-orders dialog, or My Orders. An order still awaiting
 * payment is first checked with the provider, so money it has captured whose news has not yet
 * reached the shop places the order rather than being cancelled under it (the cancel is then
 * refused as for any placed order). If the provider cannot be asked, the order is cancelled and
 * money arriving later is refunded when its webhook comes.
 */
export async function cancelAsCustomer(app: App, input: { orderId: number; customerId: number; reason: string; onlyUnpaid?: boolean }): Promise<CancelResult> {
  const order = await ownOrder(app, input.orderId, input.customerId);
  if (order.status === 'AWAITING_PAYMENT' && order.provider_order_id) {
    try {
      await reconcileWithProvider(app, order, 'poll');
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      app.log.warn({ err: error, orderId: order.id }, 'cancelling an unpaid order without asking the provider');
    }
  }
  return cancelOrder(app, { ...input, actor: 'customer' });
}

/** GET Order/status/checkPayment/{orderId}: the customer's own order, settled with the provider if still pending. */
export async function pollPaymentStatus(app: App, orderId: number, customerId: number): Promise<PaymentOutcome> {
  const order = await ownOrder(app, orderId, customerId);
  try {
    return await reconcileWithProvider(app, order, 'poll');
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    app.log.warn({ err: error, orderId }, 'payment status poll could not reach the provider');
    return outcome(order, 'PENDING');
  }
}
