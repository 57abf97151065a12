import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CustomerChange } from '../../server/hub/live-updates.js';
import { PaymentGatewayError, type PaymentGateway } from '../../server/payments/payment-gateway.js';
import { webhookSignature } from '../../server/payments/signature.js';
import { moveOrderStatus } from '../../server/services/order-service.js';
import { checkInvariants } from '../../server/services/invariants.js';
import { postLoyalty } from '../../server/services/ledger.js';
import { paisePerLoyaltyPoint } from '../../server/services/loyalty-value.js';
import { SPENT_POINTS_CHARGED_REASON } from '../../server/services/order-value.js';
import { WEBHOOK_PAYMENT_MISMATCH, WEBHOOK_PAYMENT_UNKNOWN } from '../../server/services/payment-webhook-service.js';
import { storeUpload } from '../../server/services/upload-service.js';
import { PNG_1PX } from '../helpers/upload-fixtures.js';
import {
  addProduct,
  customerBalances,
  onlineOrder,
  orderRow,
  payInSandbox,
  readyCustomer,
  startMoneyShop,
  stockOf,
  verifyPayment,
  type Customer,
  type ProductFixture,
} from './order-fixtures.js';

/**
 * A webhook is acted on only as far as the provider's own record agrees, and a refund made at
 * the provider moves the order it refunds.
 */

let t: Awaited<ReturnType<typeof startMoneyShop>>['t'];
let slotId: number;
let pushes: CustomerChange[];

beforeAll(async () => {
  ({ t, slotId, pushes } = await startMoneyShop());
});
beforeEach(() => {
  t.app.sandboxWebhooks!.hold();
  t.app.sandboxWebhooks!.held.splice(0);
});
afterAll(async () => {
  await t?.close();
});

interface Paid {
  customer: Customer;
  fish: ProductFixture;
  orderId: number;
  providerOrderId: string;
  paymentId: string;
}

/** An online order for 2 × ₹450 + ₹49 delivery, ₹100 of it from the wallet: ₹849 paid and confirmed by the callback. */
async function paidOrder(): Promise<Paid> {
  const fish = await addProduct(t.app, { sRate: 450, stock: 10 });
  const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 2, slotId, walletPaise: 10_000 });
  const { orderId, providerOrderId } = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId, isWalletAmount: true });
  const paid = (await payInSandbox(t, providerOrderId)).json();
  expect((await verifyPayment(t, customer, paid)).json().Data.Status).toBe('CAPTURED');
  t.app.sandboxWebhooks!.held.splice(0);
  return { customer, fish, orderId, providerOrderId, paymentId: paid.razorpay_payment_id };
}

/** A webhook signed with the shop's real webhook secret, as someone holding it could sign anything. */
function signedWebhook(event: string, payload: Record<string, { entity: unknown }>) {
  const body = JSON.stringify({ entity: 'event', event, contains: Object.keys(payload), payload, created_at: Math.floor(Date.now() / 1000) });
  return t.app.inject({
    method: 'POST',
    url: '/api/Payment/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': webhookSignature(t.config.razorpayWebhookSecret, body),
      'x-razorpay-event-id': `evt_${crypto.randomBytes(6).toString('hex')}`,
    },
    payload: body,
  });
}

const capturedEntity = (id: string, orderId: string, amount: number) => ({
  id,
  entity: 'payment',
  amount,
  currency: 'INR',
  status: 'captured',
  order_id: orderId,
  method: 'card',
  amount_refunded: 0,
  captured: true,
});

/** A refund made through the provider's API with the shop's key, then the provider's webhook about it. */
async function refundAtProvider(paymentId: string, amount?: number) {
  const auth = Buffer.from(`${t.config.razorpayKeyId}:${t.config.razorpayKeySecret}`).toString('base64');
  const res = await t.app.inject({
    method: 'POST',
    url: `/sandbox/razorpay/v1/payments/${paymentId}/refund`,
    headers: { authorization: `Basic ${auth}` },
    payload: amount ? { amount } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const deliveries = t.app.sandboxWebhooks!.held.splice(0);
  expect(deliveries.map((d) => d.event)).toEqual(['refund.processed']);
  for (const delivery of deliveries) expect(await t.app.sandboxWebhooks!.deliver(delivery)).toBe(200);
}

describe('Webhooks are checked against the provider’s own record', () => {
  it.each([
    ['payment.captured', 'captured'],
    ['payment.authorized', 'authorized'],
    ['order.paid', 'captured'],
  ])('refuses a signed %s for a payment the provider does not know (4xx, never 500), and the order stays unpaid', async (event, status) => {
    const fish = await addProduct(t.app, { sRate: 450, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    const { orderId, providerOrderId } = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId });
    const forged = {
      ...capturedEntity(`pay_Forged${crypto.randomBytes(5).toString('hex')}`, providerOrderId, 49_900),
      status,
      captured: status === 'captured',
    };
    const res = await signedWebhook(event, { payment: { entity: forged } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Success: false, Message: WEBHOOK_PAYMENT_UNKNOWN, Data: null });
    expect(await orderRow(t.app, orderId)).toMatchObject({ status: 'AWAITING_PAYMENT', payment_status: 'PENDING', provider_payment_id: null });
    expect(await stockOf(t.app, fish)).toEqual({ available: 9, reserved: 1, sold: 0 });
    expect(await t.app.db.selectFrom('webhook_events').select('event_id').where('event_type', '=', event).execute()).toHaveLength(0);
  });

  it('refuses a signed webhook that names another order’s real payment for this order', async () => {
    const someoneElse = await paidOrder();
    const fish = await addProduct(t.app, { sRate: 450, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    const mine = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId });
    const res = await signedWebhook('payment.captured', { payment: { entity: capturedEntity(someoneElse.paymentId, mine.providerOrderId, 49_900) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe(WEBHOOK_PAYMENT_MISMATCH);
    expect((await orderRow(t.app, mine.orderId)).status).toBe('AWAITING_PAYMENT');
  });

  it('refuses a signed payment.failed the provider never saw, so a customer’s checkout is not cancelled by it', async () => {
    const fish = await addProduct(t.app, { sRate: 450, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    const { providerOrderId } = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId });
    pushes.length = 0;
    const res = await signedWebhook('payment.failed', {
      payment: { entity: { ...capturedEntity('pay_Forged00000002', providerOrderId, 49_900), status: 'failed', captured: false } },
    });
    expect(res.statusCode).toBe(400);
    expect(pushes.filter((p) => p.type === 'PaymentStatus')).toEqual([]);
  });

  it('answers 503 while the provider cannot be asked, so the provider sends the webhook again later', async () => {
    const p = await paidOrder();
    const real = t.app.payments;
    const unreachable: PaymentGateway = Object.assign(Object.create(real) as PaymentGateway, {
      fetchPayment: async () => {
        throw new PaymentGatewayError('The payment provider could not be reached (timeout).', 503, 'GATEWAY_UNREACHABLE');
      },
    });
    (t.app as unknown as { payments: PaymentGateway }).payments = unreachable;
    try {
      const res = await signedWebhook('payment.captured', { payment: { entity: capturedEntity(p.paymentId, p.providerOrderId, 84_900) } });
      expect(res.statusCode).toBe(503);
    } finally {
      (t.app as unknown as { payments: PaymentGateway }).payments = real;
    }
  });
});

describe('A refund made at the provider moves the order', () => {
  it('cancels a placed order refunded in full: stock back, wallet part back, nothing refunded twice', async () => {
    const p = await paidOrder();
    pushes.length = 0;
    await refundAtProvider(p.paymentId);
    expect(await orderRow(t.app, p.orderId)).toMatchObject({
      status: 'CANCELLED',
      payment_status: 'REFUNDED',
      provider_refunded: 84_900,
      refund_amount: 10_000,
    });
    expect(await stockOf(t.app, p.fish)).toEqual({ available: 10, reserved: 0, sold: 0 });
    expect(await customerBalances(t.app, p.customer)).toEqual({ wallet_balance: 10_000, loyalty_points: 0 });
    expect(pushes).toContainEqual(
      expect.objectContaining({
        customerId: p.customer.id,
        type: 'OrderStatus',
        data: expect.objectContaining({ OrderId: p.orderId, StatusCode: 'CANCELLED' }),
      }),
    );
    const events = await t.app.db.selectFrom('order_events').select(['status', 'actor', 'note']).where('order_id', '=', p.orderId).orderBy('id').execute();
    expect(events.at(-1)).toEqual({ status: 'CANCELLED', actor: 'provider', note: 'The payment was refunded at the payment provider.' });
  });

  it('records a partial refund on the order and leaves it placed', async () => {
    const p = await paidOrder();
    await refundAtProvider(p.paymentId, 5_000);
    expect(await orderRow(t.app, p.orderId)).toMatchObject({ status: 'PLACED', payment_status: 'CAPTURED', provider_refunded: 5_000 });
    // Cancelled later, the customer gets back the rest, not the refunded part again.
    const res = await t.app.inject({ method: 'PUT', url: `/api/Order/cancel/${p.orderId}`, headers: p.customer.auth });
    expect(res.statusCode).toBe(200);
    expect(await customerBalances(t.app, p.customer)).toEqual({ wallet_balance: 10_000 + 84_900 - 5_000, loyalty_points: 0 });
  });

  it('refunds a returned order refunded at the provider, crediting only the wallet part to the wallet', async () => {
    const p = await paidOrder();
    for (const to of ['PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED'] as const) await moveOrderStatus(t.app, { orderId: p.orderId, to, actor: 'shop', note: '' });
    const photo = await storeUpload(t.app.db, t.config.dataDir, p.customer.id, PNG_1PX, { mime: 'image/png', ext: 'png' });
    const query = new URLSearchParams({ returnRemark: 'Not fresh at all.', returnImage: photo.Url });
    expect((await t.app.inject({ method: 'PUT', url: `/api/Order/return/${p.orderId}?${query}`, headers: p.customer.auth })).statusCode).toBe(200);
    await moveOrderStatus(t.app, { orderId: p.orderId, to: 'RETURNED', actor: 'shop', note: '' });
    expect((await customerBalances(t.app, p.customer)).loyalty_points).toBe(8);
    await refundAtProvider(p.paymentId);
    expect(await orderRow(t.app, p.orderId)).toMatchObject({
      status: 'REFUNDED',
      payment_status: 'REFUNDED',
      provider_refunded: 84_900,
      refund_amount: 10_000,
    });
    expect(await customerBalances(t.app, p.customer)).toEqual({ wallet_balance: 10_000, loyalty_points: 0 });
  });

  /** A returned order paid by card alone (₹949: 2 × ₹450 + ₹49 delivery, 9 points earned), its points spent elsewhere before the provider refunds it in full. */
  async function refundedAfterPointsSpent(walletPaise: number) {
    const fish = await addProduct(t.app, { sRate: 450, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 2, slotId, walletPaise });
    const { orderId, providerOrderId } = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId, isWalletAmount: false });
    const paid = (await payInSandbox(t, providerOrderId)).json();
    expect((await verifyPayment(t, customer, paid)).json().Data.Status).toBe('CAPTURED');
    t.app.sandboxWebhooks!.held.splice(0);
    for (const to of ['PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED'] as const) await moveOrderStatus(t.app, { orderId, to, actor: 'shop', note: '' });
    const earned = (await orderRow(t.app, orderId)).earned_points;
    expect(earned).toBeGreaterThan(0);
    await t.app.db.transaction().execute((trx) => postLoyalty(trx, customer.id, -earned, 'Spent on another order', null));
    const photo = await storeUpload(t.app.db, t.config.dataDir, customer.id, PNG_1PX, { mime: 'image/png', ext: 'png' });
    const query = new URLSearchParams({ returnRemark: 'Not fresh at all.', returnImage: photo.Url });
    expect((await t.app.inject({ method: 'PUT', url: `/api/Order/return/${orderId}?${query}`, headers: customer.auth })).statusCode).toBe(200);
    await moveOrderStatus(t.app, { orderId, to: 'RETURNED', actor: 'shop', note: '' });
    await refundAtProvider(paid.razorpay_payment_id);
    const value = earned * (await paisePerLoyaltyPoint(t.app.db, 1));
    const violations = (await checkInvariants(t.app.db)).violations.filter((v) => v.detail.startsWith(`order ${orderId} `));
    return { customer, orderId, value, violations };
  }

  it('charges the wallet for earned points already spent when the provider refunded a returned order in full', async () => {
    const { customer, orderId, value, violations } = await refundedAfterPointsSpent(10_000);
    expect(await orderRow(t.app, orderId)).toMatchObject({ status: 'REFUNDED', provider_refunded: 94_900, refund_amount: 0, refund_withheld: value });
    expect(await customerBalances(t.app, customer)).toEqual({ wallet_balance: 10_000 - value, loyalty_points: 0 });
    const lines = await t.app.db.selectFrom('wallet_ledger').select(['amount', 'reason']).where('order_id', '=', orderId).execute();
    expect(lines).toEqual([{ amount: -value, reason: expect.stringContaining(SPENT_POINTS_CHARGED_REASON) }]);
    expect(violations).toEqual([]);
  });

  it('reports what the points cost the shop when the wallet cannot pay for them', async () => {
    const { customer, orderId, violations } = await refundedAfterPointsSpent(0);
    expect(await orderRow(t.app, orderId)).toMatchObject({ status: 'REFUNDED', refund_withheld: 0 });
    expect(await customerBalances(t.app, customer)).toEqual({ wallet_balance: 0, loyalty_points: 0 });
    expect(violations.map((v) => v.rule)).toEqual(['orders']);
  });

  it('takes a provider refund of an order already refunded to the wallet back from the wallet', async () => {
    const p = await paidOrder();
    expect((await t.app.inject({ method: 'PUT', url: `/api/Order/cancel/${p.orderId}`, headers: p.customer.auth })).statusCode).toBe(200);
    expect((await customerBalances(t.app, p.customer)).wallet_balance).toBe(94_900);
    await refundAtProvider(p.paymentId);
    expect(await customerBalances(t.app, p.customer)).toEqual({ wallet_balance: 10_000, loyalty_points: 0 });
    expect(await orderRow(t.app, p.orderId)).toMatchObject({ status: 'CANCELLED', provider_refunded: 84_900, refund_amount: 10_000 });
  });

  it('applies a refund it learns of from a replayed payment webhook', async () => {
    const p = await paidOrder();
    const auth = Buffer.from(`${t.config.razorpayKeyId}:${t.config.razorpayKeySecret}`).toString('base64');
    await t.app.inject({
      method: 'POST',
      url: `/sandbox/razorpay/v1/payments/${p.paymentId}/refund`,
      headers: { authorization: `Basic ${auth}` },
      payload: {},
    });
    t.app.sandboxWebhooks!.held.splice(0); // the refund's own webhook is lost
    const res = await signedWebhook('payment.captured', { payment: { entity: capturedEntity(p.paymentId, p.providerOrderId, 84_900) } });
    expect(res.statusCode).toBe(200);
    expect(await orderRow(t.app, p.orderId)).toMatchObject({ status: 'CANCELLED', payment_status: 'REFUNDED' });
  });
});

describe('Money that arrives after an order was cancelled', () => {
  it('is found by the status poll and refunded', async () => {
    const fish = await addProduct(t.app, { sRate: 450, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    const order = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId });
    await t.app.inject({ method: 'POST', url: `/api/Order/placeOrder/${order.orderId}/Cancel`, headers: customer.auth });
    const paid = await payInSandbox(t, order.providerOrderId);
    expect(paid.statusCode).toBe(200);
    t.app.sandboxWebhooks!.held.splice(0); // its webhooks are lost
    const poll = await t.app.inject({ method: 'GET', url: `/api/Order/status/checkPayment/${order.orderId}`, headers: customer.auth });
    expect(poll.json().Data[0].Status).toBe('FAILED');
    const atProvider = await t.app.db
      .selectFrom('sandbox_payments')
      .select(['status', 'amount_refunded'])
      .where('id', '=', paid.json().razorpay_payment_id)
      .executeTakeFirstOrThrow();
    expect(atProvider).toEqual({ status: 'refunded', amount_refunded: 49_900 });
  });
});
