import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentGatewayError, type PaymentGateway } from '../../server/payments/payment-gateway.js';
import { RazorpayGateway } from '../../server/payments/razorpay-gateway.js';
import { SandboxGateway } from '../../server/payments/sandbox/sandbox-gateway.js';
import { buildTestApp } from '../helpers/server-app.js';
import { paymentSignature, verifyWebhookSignature } from '../../server/payments/signature.js';
import { payInSandbox, startOrderApp } from './order-fixtures.js';

let t: Awaited<ReturnType<typeof startOrderApp>>;

beforeAll(async () => {
  t = await startOrderApp();
  t.app.sandboxWebhooks?.hold();
});
afterAll(async () => {
  await t?.close();
});

/** The Razorpay adapter talking to this app's sandbox over real HTTP (settings overridable per case). */
const overHttp = (override: { keySecret?: string } = {}): PaymentGateway =>
  new RazorpayGateway({
    provider: 'sandbox',
    baseUrl: `${t.base}/sandbox/razorpay`,
    keyId: t.config.razorpayKeyId,
    keySecret: t.config.razorpayKeySecret,
    webhookSecret: t.config.razorpayWebhookSecret,
    checkoutScriptUrl: '/sandbox/checkout.js',
    ...override,
  });

describe('The payment gateway against the sandbox', () => {
  it('is the sandbox in process when the shop mounts it itself, and the Razorpay adapter for any other address', async () => {
    expect(t.app.payments).toBeInstanceOf(SandboxGateway);
    const elsewhere = await buildTestApp({ paymentProvider: 'sandbox', razorpayBaseUrl: 'http://127.0.0.1:9/sandbox/razorpay' });
    try {
      expect(elsewhere.app.payments).toBeInstanceOf(RazorpayGateway);
    } finally {
      await elsewhere.close();
    }
  });

  it.each([
    ['the Razorpay adapter over HTTP', overHttp],
    ['the sandbox in process', () => t.app.payments],
  ])('creates and fetches an order, reads its payments, and refunds in part, then in full: %s', async (_name, gatewayOf) => {
    const gateway = gatewayOf();
    const order = await gateway.createOrder({ amount: 52_500, currency: 'INR', receipt: 'SH2025010100001' });
    expect(order).toMatchObject({
      id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      amount: 52_500,
      amountPaid: 0,
      status: 'created',
      receipt: 'SH2025010100001',
    });
    expect(await gateway.fetchOrderPayments(order.id)).toEqual([]);

    const declined = await payInSandbox(t, order.id, '4000000000000002');
    expect(declined.statusCode).toBe(400);
    const paid = await payInSandbox(t, order.id);
    const { razorpay_payment_id: paymentId, razorpay_signature: signature } = paid.json();
    expect(signature).toBe(paymentSignature(t.config.razorpayKeySecret, order.id, paymentId));
    expect(gateway.verifyPaymentSignature({ providerOrderId: order.id, providerPaymentId: paymentId, signature })).toBe(true);

    const payments = await gateway.fetchOrderPayments(order.id);
    expect(payments.map((p) => p.status)).toEqual(['failed', 'captured']);
    expect(payments[0]).toMatchObject({ errorCode: 'BAD_REQUEST_ERROR', errorDescription: expect.stringMatching(/declined/) });
    expect(await gateway.fetchOrder(order.id)).toMatchObject({ status: 'paid', amountPaid: 52_500, attempts: 2 });

    const part = await gateway.refundPayment(paymentId, 2_500);
    expect(part).toMatchObject({ id: expect.stringMatching(/^rfnd_/), paymentId, amount: 2_500, status: 'processed' });
    const rest = await gateway.refundPayment(paymentId);
    expect(rest.amount).toBe(50_000);
    expect(await gateway.fetchPayment(paymentId)).toMatchObject({ status: 'refunded', amountRefunded: 52_500 });
    await expect(gateway.refundPayment(paymentId)).rejects.toThrow('fully refunded');
    expect((await payInSandbox(t, order.id)).json().error.description).toBe('This order has already been paid.');
  });

  it.each([
    ['the Razorpay adapter over HTTP', overHttp],
    ['the sandbox in process', () => t.app.payments],
  ])('answers the same refusals: %s', async (_name, gatewayOf) => {
    const gateway = gatewayOf();
    await expect(gateway.fetchOrder('order_DoesNotExist01')).rejects.toMatchObject({
      name: 'PaymentGatewayError',
      status: 400,
      code: 'BAD_REQUEST_ERROR',
      message: 'The id provided does not exist',
    });
    await expect(gateway.capturePayment('pay_DoesNotExist001', 100, 'INR')).rejects.toMatchObject({ status: 400, message: 'The id provided does not exist' });
    await expect(gateway.createOrder({ amount: 99, currency: 'INR', receipt: 'x' })).rejects.toMatchObject({
      status: 400,
      message: 'The amount must be at least INR 1.00',
    });
  });

  it.each([
    ['a wrong key secret', { keySecret: 'wrong' }, 401, 'Authentication failed'],
    ['an unknown order', {}, 400, 'The id provided does not exist'],
  ])('reports %s as the provider words it', async (_name, override, status, message) => {
    const gateway = overHttp(override);
    const error = await gateway.fetchOrder('order_DoesNotExist01').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error).toMatchObject({ status, message });
  });

  it('reports an unreachable provider as such', async () => {
    const gateway = new RazorpayGateway({
      provider: 'razorpay',
      baseUrl: 'http://127.0.0.1:9',
      keyId: 'k',
      keySecret: 's',
      webhookSecret: 'w',
      checkoutScriptUrl: '',
    });
    await expect(gateway.createOrder({ amount: 100, currency: 'INR', receipt: 'r' })).rejects.toMatchObject({ code: 'GATEWAY_UNREACHABLE' });
  });

  it.each([
    [{ amount: 99, currency: 'INR' }, 'The amount must be at least INR 1.00'],
    [{ amount: 1000, currency: 'USD' }, 'Currency is not supported'],
  ])('refuses the order %j', async (body, message) => {
    await expect(t.app.payments.createOrder({ ...body, receipt: 'x' })).rejects.toThrow(message);
  });

  it('signs webhooks over the raw body with the webhook secret', async () => {
    const order = await t.app.payments.createOrder({ amount: 10_000, currency: 'INR', receipt: 'r1' });
    t.app.sandboxWebhooks!.held.splice(0);
    await payInSandbox(t, order.id);
    const [captured, paid] = t.app.sandboxWebhooks!.held.splice(0);
    expect(verifyWebhookSignature(t.config.razorpayWebhookSecret, captured!.body, captured!.headers['x-razorpay-signature'])).toBe(true);
    expect(verifyWebhookSignature('another secret', captured!.body, captured!.headers['x-razorpay-signature'])).toBe(false);
    expect(JSON.parse(paid!.body)).toMatchObject({
      entity: 'event',
      event: 'order.paid',
      contains: ['payment', 'order'],
      payload: { order: { entity: { id: order.id, status: 'paid', amount_paid: 10_000, amount_due: 0, attempts: 1 } } },
    });
    expect(captured!.eventId).not.toBe(paid!.eventId);
  });
});

describe('The sandbox checkout window', () => {
  it('serves checkout.js defining window.Razorpay, and the public payment settings without secrets', async () => {
    const script = await fetch(`${t.base}/sandbox/checkout.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    const text = await script.text();
    expect(text).toContain('window.Razorpay = Razorpay');
    expect(text).toContain("'payment.failed'");
    const config = await t.app.inject({ method: 'GET', url: '/api/Payment/config' });
    expect(config.json().Data).toEqual({ Provider: 'sandbox', KeyId: t.config.razorpayKeyId, CheckoutScriptUrl: '/sandbox/checkout.js' });
    expect(config.body).not.toContain(t.config.razorpayKeySecret);
  });

  it('shows the amount of the provider order, the test cards and a Close button', async () => {
    const order = await t.app.payments.createOrder({ amount: 123_450, currency: 'INR', receipt: 'r2' });
    const page = await fetch(
      `${t.base}/sandbox/checkout?key_id=${t.config.razorpayKeyId}&order_id=${order.id}&name=Shoal%20Fresh&description=Order%20Placement&amount=1`,
    );
    const html = await page.text();
    expect(html).toContain('₹1,234.50');
    expect(html).toContain('Shoal Fresh');
    expect(html).toContain('4111 1111 1111 1111 succeeds; 4000 0000 0000 0002 is declined');
    expect(html).toContain('>Close</button>');
    const unknown = await (await fetch(`${t.base}/sandbox/checkout?key_id=${t.config.razorpayKeyId}&order_id=order_Nope&name=%3Cscript%3E`)).text();
    expect(unknown).toContain('This order does not exist.');
    expect(unknown).not.toContain('<script>x');
    expect(unknown).toContain('&lt;script&gt;');
  });

  it.each([
    ['5555 5555 5555 4444', '12/39', '123', 'Use a sandbox test card'],
    ['4111 1111 1111 1111', '01/20', '123', 'This card has expired.'],
    ['4111 1111 1111 1111', '12/39', '1', 'Enter the 3-digit CVV.'],
  ])('refuses card %s, expiry %s, CVV %s', async (card, expiry, cvv, message) => {
    const order = await t.app.payments.createOrder({ amount: 10_000, currency: 'INR', receipt: 'r3' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/checkout/pay',
      payload: { key_id: t.config.razorpayKeyId, order_id: order.id, card_number: card, expiry, cvv },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.description).toContain(message);
    expect(await t.app.payments.fetchOrderPayments(order.id)).toEqual([]);
  });
});
