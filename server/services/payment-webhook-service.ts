import crypto from 'node:crypto';
import type { App } from '../app.js';
import { HttpError, badRequest } from '../lib/http-errors.js';
import { nowIso } from '../lib/clock.js';
import { PaymentGatewayError, type ProviderPayment } from '../payments/payment-gateway.js';
import { selectOrderByProviderOrder } from '../repositories/order-repository.js';
import { recordWebhookEvent, selectWebhookEvent } from '../repositories/payment-repository.js';
import { PROVIDER_UNREACHABLE, settle } from './payment-service.js';
import { applyProviderRefund } from './provider-refund-service.js';

/** POST Payment/webhook: the provider's signed events, acted on as far as the provider's own record agrees. */

export const WEBHOOK_PAYMENT_UNKNOWN = 'The payment in this webhook is not known to the payment provider.';
export const WEBHOOK_PAYMENT_MISMATCH = 'The payment in this webhook does not match the payment provider’s record.';

const SETTLING_EVENTS = new Set(['payment.captured', 'payment.authorized', 'order.paid', 'payment.failed']);
/** Razorpay's refund events (refund.created comes first; processed when the money is on its way back). */
const REFUND_EVENTS = new Set(['refund.processed', 'refund.created']);

type WebhookBody = { event?: unknown; payload?: { payment?: { entity?: Record<string, unknown> }; refund?: { entity?: Record<string, unknown> } } };

/**
 * The provider's own record of the payment a webhook names. The signature proves who sent the
 * body, not that its figures are true (a leaked webhook secret signs anything): only the
 * provider's answer is acted on. A payment the provider does not know is refused (400); an
 * unreachable provider answers 503, so the provider sends the webhook again later.
 */
async function providerRecord(app: App, paymentId: string, claimedOrderId: unknown): Promise<ProviderPayment> {
  let payment: ProviderPayment;
  try {
    payment = await app.payments.fetchPayment(paymentId);
  } catch (error) {
    if (error instanceof PaymentGatewayError && (error.status === 400 || error.status === 404)) throw badRequest(WEBHOOK_PAYMENT_UNKNOWN);
    app.log.warn({ err: error, paymentId }, 'webhook payment could not be checked with the provider');
    throw new HttpError(503, PROVIDER_UNREACHABLE);
  }
  if (payment.id !== paymentId || (typeof claimedOrderId === 'string' && claimedOrderId !== payment.orderId)) throw badRequest(WEBHOOK_PAYMENT_MISMATCH);
  return payment;
}

/** A refund the provider made of the payment that placed an order (the shop's own refunds of other payments are already booked). */
async function settleRefund(app: App, payment: ProviderPayment): Promise<boolean> {
  const order = (await selectOrderByProviderOrder(app.db, payment.orderId))[0];
  if (!order || order.provider_payment_id !== payment.id || payment.amountRefunded <= order.provider_refunded) return false;
  await applyProviderRefund(app, order.id, payment.amountRefunded);
  return true;
}

/**
 * POST Payment/webhook: only a body whose X-Razorpay-Signature verifies is read, and what it
 * says is taken from the provider's record of the payment, not from the body; each event id is
 * handled once (webhook_events), and handling is idempotent besides.
 */
export async function handleWebhook(
  app: App,
  rawBody: string,
  signature: string | undefined,
  eventIdHeader: string | undefined,
): Promise<{ duplicate: boolean; event: string }> {
  if (!app.payments.verifyWebhookSignature(rawBody, signature)) throw badRequest('The webhook signature does not verify.');
  let body: WebhookBody;
  try {
    body = JSON.parse(rawBody) as WebhookBody;
  } catch {
    throw badRequest('The webhook body is not valid JSON.');
  }
  const event = typeof body.event === 'string' ? body.event : 'unknown';
  const eventId = eventIdHeader?.trim() || `body:${crypto.createHash('sha256').update(rawBody).digest('hex')}`;
  const [seen] = await selectWebhookEvent(app.db, eventId);
  if (seen) return { duplicate: true, event };
  const payment = body.payload?.payment?.entity;
  const refund = body.payload?.refund?.entity;
  const paymentId = typeof payment?.id === 'string' ? payment.id : typeof refund?.payment_id === 'string' ? refund.payment_id : null;
  if (paymentId && (SETTLING_EVENTS.has(event) || REFUND_EVENTS.has(event))) {
    const record = await providerRecord(app, paymentId, payment?.order_id);
    // An event about a payment that already placed its order is answered without a write:
    // handled again, it would change nothing again.
    const changed = REFUND_EVENTS.has(event) ? await settleRefund(app, record) : (await settle(app, record, 'webhook')).changed;
    if (!changed) return { duplicate: false, event };
  }
  await recordWebhookEvent(app.db, { eventId, type: event, at: nowIso() });
  return { duplicate: false, event };
}
