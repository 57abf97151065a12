import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';

/**
 * Spec section 7: every call sends JSON, so a caller may set Content-Type: application/json on
 * calls that carry no body. Those are answered as bodyless calls, not refused as bad JSON;
 * calls that need a body still get a clear 400.
 */
let t: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  auth = (await createCustomer(t.app)).auth;
});
afterAll(async () => {
  await t.close();
});

const json = { 'content-type': 'application/json' };

describe('an empty body sent as JSON', () => {
  it.each([
    ['POST', '/api/Auth/OTP/login?companyId=1&mobileNo=9876512345&password=&email=', 200],
    ['POST', '/api/Auth/login?userName=9876512399&password=&companyId=1&otp=123456', 400],
    ['POST', '/api/Order/placeOrder/999999/Proccess', 404],
    ['POST', '/api/Order/placeOrder/999999/Cancel', 404],
    ['PUT', '/api/Order/cancel/999999', 404],
    ['DELETE', '/api/Order/review/999999', 404],
    ['DELETE', '/api/Address/999999', 404],
    ['DELETE', '/api/Cart/1/999999/0', 200],
  ] as const)('%s %s is read as no body', async (method, url, status) => {
    const res = await t.app.inject({ method, url, headers: { ...auth, ...json }, payload: '', remoteAddress: '10.8.0.1' });
    expect(res.json().Message).not.toBe('The request body is not valid JSON.');
    expect(res.statusCode).toBe(status);
  });

  it.each([
    ['POST', '/api/Order/summary?branchId=1'],
    ['POST', '/api/Address'],
    ['PUT', '/api/Customer/1'],
    ['POST', '/api/Order/payment/verify'],
  ] as const)('%s %s still needs its body', async (method, url) => {
    const res = await t.app.inject({ method, url, headers: { ...auth, ...json }, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Success: false, Data: null });
  });

  it('a body that is not JSON is still refused', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Order/summary?branchId=1', headers: { ...auth, ...json }, payload: '{"deliveryId":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('The request body is not valid JSON.');
  });

  it('a webhook with an empty body is refused by its signature check', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Payment/webhook', headers: { ...json, 'x-razorpay-signature': 'a'.repeat(64) }, payload: '' });
    expect(res.statusCode).toBe(400);
  });
});
