import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';

/** With the real provider configured, nothing the browser can fetch holds a payment secret, and the sandbox is gone. */
const KEY_SECRET = 'live-key-secret-3f9a1c';
const WEBHOOK_SECRET = 'live-webhook-secret-77b2e0';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    paymentProvider: 'razorpay',
    razorpayKeyId: 'rzp_live_publicKey1',
    razorpayKeySecret: KEY_SECRET,
    razorpayWebhookSecret: WEBHOOK_SECRET,
    razorpayBaseUrl: 'http://127.0.0.1:9',
  });
});
afterAll(async () => {
  await t.close();
});

describe('razorpay mode', () => {
  it('publishes only the key id and Razorpay’s own checkout script', async () => {
    const res = await t.app.inject({ url: '/api/Payment/config' });
    expect(res.json().Data).toEqual({ Provider: 'razorpay', KeyId: 'rzp_live_publicKey1', CheckoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js' });
  });

  it.each([
    '/sandbox/checkout.js',
    '/sandbox/checkout',
    '/sandbox/razorpay/v1/orders',
    '/api/docs/json',
    '/api/docs/yaml',
    '/api/Payment/config',
    '/api/Company/settings/1',
  ])('%s holds no secret and no sandbox', async (url) => {
    const res = await t.app.inject({ url });
    if (url.startsWith('/sandbox')) expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(KEY_SECRET);
    expect(res.body).not.toContain(WEBHOOK_SECRET);
    if (url.startsWith('/api/docs')) expect(res.body).not.toContain('/sandbox/');
  });
});
