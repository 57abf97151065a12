import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config/env.js';
import { webhookSignature } from '../../server/payments/signature.js';
import { addProduct, onlineOrder, orderRow, payInSandbox, readyCustomer, startMoneyShop } from './order-fixtures.js';

/**
 * The sandbox's key secret and webhook secret belong to the shop: made at its first start and
 * kept in its database. The values once written in the source sign nothing any more.
 */
const SOURCE_KEY_SECRET = 'shoal-sandbox-key-secret';
const SOURCE_WEBHOOK_SECRET = 'shoal-sandbox-webhook-secret';

let t: Awaited<ReturnType<typeof startMoneyShop>>['t'];
let slotId: number;

beforeAll(async () => {
  ({ t, slotId } = await startMoneyShop());
});
beforeEach(() => {
  t.app.sandboxWebhooks!.hold();
  t.app.sandboxWebhooks!.held.splice(0);
});
afterAll(async () => {
  await t?.close();
});

/** An order the customer paid in the sandbox's window, before the shop heard of it by callback or webhook. */
async function paidButUnconfirmed() {
  const fish = await addProduct(t.app, { sRate: 450, stock: 10 });
  const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
  const { orderId, providerOrderId } = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId });
  const paid = await payInSandbox(t, providerOrderId);
  expect(paid.statusCode, paid.body).toBe(200);
  t.app.sandboxWebhooks!.held.splice(0);
  return { orderId, providerOrderId, paymentId: paid.json().razorpay_payment_id as string };
}

function capturedWebhook(secret: string, payment: { paymentId: string; providerOrderId: string; amount: number }) {
  const entity = {
    id: payment.paymentId,
    entity: 'payment',
    amount: payment.amount,
    currency: 'INR',
    status: 'captured',
    order_id: payment.providerOrderId,
    method: 'card',
    amount_refunded: 0,
    captured: true,
  };
  const body = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    contains: ['payment'],
    payload: { payment: { entity } },
    created_at: Math.floor(Date.now() / 1000),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/Payment/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': webhookSignature(secret, body),
      'x-razorpay-event-id': `evt_${crypto.randomBytes(6).toString('hex')}`,
    },
    payload: body,
  });
}

const basic = (keyId: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${keyId}:${secret}`).toString('base64')}` });

describe('the sandbox of a shop started with default settings', () => {
  it('refuses a payment.captured webhook signed with the secret once written in the source, and the order stays unpaid', async () => {
    const paid = await paidButUnconfirmed();
    const before = await orderRow(t.app, paid.orderId);
    const forged = await capturedWebhook(SOURCE_WEBHOOK_SECRET, { ...paid, amount: before.net_amount });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ Success: false, Message: 'The webhook signature does not verify.' });
    const after = await orderRow(t.app, paid.orderId);
    expect({ status: after.status, payment: after.payment_status }).toEqual({ status: before.status, payment: before.payment_status });
    expect(after.status).toBe('AWAITING_PAYMENT');

    // The shop's own secret is the one that signs: the same event signed with it is settled.
    const genuine = await capturedWebhook(t.app.config.razorpayWebhookSecret, { ...paid, amount: before.net_amount });
    expect(genuine.statusCode, genuine.body).toBe(200);
    expect((await orderRow(t.app, paid.orderId)).status).toBe('PLACED');
  });

  it('refuses its API’s basic auth with the key secret once written in the source, so no payment can be refunded with it', async () => {
    const paid = await paidButUnconfirmed();
    const refund = await t.app.inject({
      method: 'POST',
      url: `/sandbox/razorpay/v1/payments/${paid.paymentId}/refund`,
      headers: basic(t.app.config.razorpayKeyId, SOURCE_KEY_SECRET),
      payload: {},
    });
    expect(refund.statusCode).toBe(401);
    expect(refund.json().error.description).toBe('Authentication failed');
    const payment = await t.app.inject({
      url: `/sandbox/razorpay/v1/payments/${paid.paymentId}`,
      headers: basic(t.app.config.razorpayKeyId, t.app.config.razorpayKeySecret),
    });
    expect(payment.statusCode, payment.body).toBe(200);
    expect(payment.json()).toMatchObject({ status: 'captured', amount_refunded: 0 });
  });

  it('holds its own random secrets in app.config, kept in the database so every instance sharing it agrees', async () => {
    const { razorpayKeySecret, razorpayWebhookSecret } = t.app.config;
    for (const secret of [razorpayKeySecret, razorpayWebhookSecret]) {
      expect(secret.length).toBeGreaterThanOrEqual(32);
      expect([SOURCE_KEY_SECRET, SOURCE_WEBHOOK_SECRET]).not.toContain(secret);
    }
    expect(razorpayKeySecret).not.toBe(razorpayWebhookSecret);
    const second = await buildApp({
      config: loadConfig({}, { dataDir: t.database.dataDir, serveClient: false, seedDemo: false }),
      database: t.database.handle,
      logger: false,
    });
    try {
      await second.ready();
      expect({ key: second.config.razorpayKeySecret, webhook: second.config.razorpayWebhookSecret }).toEqual({
        key: razorpayKeySecret,
        webhook: razorpayWebhookSecret,
      });
    } finally {
      await second.close();
    }
  });
});
