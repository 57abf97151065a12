import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runShop } from '../../server/cli/shop.js';
import type { SandboxDelivery } from '../../server/payments/sandbox/sandbox-webhooks.js';
import { RazorpayGateway } from '../../server/payments/razorpay-gateway.js';
import { buildTestApp, testDatabaseUrl, type TestApp } from '../helpers/server-app.js';
import { freePort } from '../helpers/shop-server.js';
import { addProduct, eventually, onlineOrder, orderRow, readyCustomer, openSlot, standardSettings, verifyPayment } from './order-fixtures.js';

/** Short waits, so a test UPI app answers in a fifth of a second and a request expires in a second. */
const APPROVAL_SECONDS = 0.2;
const EXPIRY_SECONDS = 1;

let t: TestApp & { base: string };
let slotId: number;

beforeAll(async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = await buildTestApp({
    publicUrl: base,
    razorpayBaseUrl: `${base}/sandbox/razorpay`,
    paymentProvider: 'sandbox',
    sandboxUpiApprovalSeconds: APPROVAL_SECONDS,
    sandboxUpiExpirySeconds: EXPIRY_SECONDS,
  });
  await app.app.listen({ port, host: '127.0.0.1' });
  t = { ...app, base };
  await standardSettings(t.app);
  slotId = await openSlot(t.app, { capacity: 200 });
});
beforeEach(() => {
  t.app.sandboxWebhooks?.hold();
  t.app.sandboxWebhooks?.held.splice(0);
});
afterAll(async () => {
  await t?.close();
});

/** The Razorpay adapter over HTTP, as the shop talks to the real provider. */
const overHttp = () =>
  new RazorpayGateway({
    provider: 'sandbox',
    baseUrl: `${t.base}/sandbox/razorpay`,
    keyId: t.config.razorpayKeyId,
    keySecret: t.config.razorpayKeySecret,
    webhookSecret: t.config.razorpayWebhookSecret,
    checkoutScriptUrl: '/sandbox/checkout.js',
  });

async function apiPayment(id: string): Promise<Record<string, unknown>> {
  const auth = Buffer.from(`${t.config.razorpayKeyId}:${t.config.razorpayKeySecret}`).toString('base64');
  const res = await fetch(`${t.base}/sandbox/razorpay/v1/payments/${id}`, { headers: { authorization: `Basic ${auth}` } });
  return (await res.json()) as Record<string, unknown>;
}

async function providerOrder(amount = 52_500): Promise<string> {
  return (await t.app.payments.createOrder({ amount, currency: 'INR', receipt: 'SH2025010100009' })).id;
}

const start = (orderId: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/sandbox/checkout/start', payload: { key_id: t.config.razorpayKeyId, order_id: orderId, ...body } });

const status = (orderId: string, paymentId: string) =>
  t.app.inject({ method: 'GET', url: `/sandbox/checkout/payments/${paymentId}?key_id=${t.config.razorpayKeyId}&order_id=${orderId}` });

const answer = (orderId: string, paymentId: string, outcome: 'success' | 'failure') =>
  t.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/payments/${paymentId}/answer`,
    payload: { key_id: t.config.razorpayKeyId, order_id: orderId, outcome },
  });

const simulate = (paymentId: string, action: 'approve' | 'decline', vpa?: string) =>
  t.app.inject({ method: 'POST', url: '/sandbox/upi/simulate', payload: { payment_id: paymentId, action, ...(vpa ? { vpa } : {}) } });

/** Polls the window's status call until the payment has ended, as the window does. */
async function ended(orderId: string, paymentId: string) {
  const res = await eventually(
    async () => (await status(orderId, paymentId)).json(),
    (body) => body.status !== 'created',
    10_000,
  );
  return res as { status: string; response?: Record<string, string>; error?: Record<string, unknown> };
}

const events = (): SandboxDelivery[] => t.app.sandboxWebhooks!.held.splice(0);
const payloadOf = (d: SandboxDelivery) => JSON.parse(d.body).payload.payment.entity as Record<string, unknown>;

describe('UPI collect in the sandbox', () => {
  it('waits for the test UPI app, then captures success@razorpay with the UPI ID on the payment', async () => {
    const orderId = await providerOrder();
    const started = await start(orderId, { method: 'upi', upi_flow: 'collect', vpa: 'success@razorpay' });
    expect(started.statusCode).toBe(200);
    const body = started.json();
    expect(body).toMatchObject({ status: 'created', payment_id: expect.stringMatching(/^pay_/) });
    expect(body.expires_in_ms).toBeGreaterThan(EXPIRY_SECONDS * 1000 - 200);
    // Not approved at once: the window really waits.
    expect((await status(orderId, body.payment_id)).json().status).toBe('created');
    expect(await t.app.payments.fetchOrder(orderId)).toMatchObject({ status: 'attempted', attempts: 1 });

    const done = await ended(orderId, body.payment_id);
    expect(done.status).toBe('captured');
    expect(done.response).toEqual({
      razorpay_payment_id: body.payment_id,
      razorpay_order_id: orderId,
      razorpay_signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(
      t.app.payments.verifyPaymentSignature({ providerOrderId: orderId, providerPaymentId: body.payment_id, signature: done.response!.razorpay_signature! }),
    ).toBe(true);
    expect(await apiPayment(body.payment_id)).toMatchObject({
      method: 'upi',
      status: 'captured',
      captured: true,
      vpa: 'success@razorpay',
      upi: { vpa: 'success@razorpay', flow: 'collect' },
      bank: null,
      wallet: null,
      card: null,
      acquirer_data: { rrn: expect.stringMatching(/^\d{12}$/) },
    });
    const sent = await eventually(
      async () => t.app.sandboxWebhooks!.held.map((d) => d.event),
      (e) => e.length >= 2,
    );
    expect(sent).toEqual(['payment.captured', 'order.paid']);
    expect(payloadOf(t.app.sandboxWebhooks!.held[0]!)).toMatchObject({ method: 'upi', vpa: 'success@razorpay' });
    expect(await overHttp().fetchOrder(orderId)).toMatchObject({ status: 'paid', amountPaid: 52_500 });
  });

  it('fails failure@razorpay as declined in the UPI app, and sends payment.failed', async () => {
    const orderId = await providerOrder();
    const { payment_id: id } = (await start(orderId, { method: 'upi', upi_flow: 'collect', vpa: 'failure@razorpay' })).json();
    const done = await ended(orderId, id);
    expect(done).toMatchObject({
      status: 'failed',
      error: { code: 'BAD_REQUEST_ERROR', reason: 'payment_declined', description: 'The payment was declined in the UPI app.', metadata: { payment_id: id } },
    });
    await eventually(
      async () => t.app.sandboxWebhooks!.held.length,
      (n) => n >= 1,
    );
    const [failed] = events();
    expect(failed!.event).toBe('payment.failed');
    expect(payloadOf(failed!)).toMatchObject({ method: 'upi', vpa: 'failure@razorpay', status: 'failed', error_reason: 'payment_declined' });
    expect(await t.app.payments.fetchOrder(orderId)).toMatchObject({ status: 'attempted', amountPaid: 0 });
  });

  it('expires expire@razorpay with Razorpay’s error once the request’s time is up', async () => {
    const orderId = await providerOrder();
    const started = Date.now();
    const { payment_id: id } = (await start(orderId, { method: 'upi', upi_flow: 'collect', vpa: 'expire@razorpay' })).json();
    const done = await ended(orderId, id);
    expect(Date.now() - started).toBeGreaterThanOrEqual(EXPIRY_SECONDS * 1000 - 50);
    expect(done).toMatchObject({
      status: 'failed',
      error: {
        code: 'BAD_REQUEST_ERROR',
        source: 'customer',
        step: 'payment_authentication',
        reason: 'payment_collect_request_expired',
        description: 'Payment was unsuccessful as you could not complete it in time.',
      },
    });
    expect(await apiPayment(id)).toMatchObject({
      method: 'upi',
      status: 'failed',
      vpa: 'expire@razorpay',
      error_reason: 'payment_collect_request_expired',
      error_step: 'payment_authentication',
    });
  });

  it.each([
    ['asha', 'Enter a valid UPI ID, such as name@bank.'],
    ['asha@', 'Enter a valid UPI ID, such as name@bank.'],
    ['@okhdfcbank', 'Enter a valid UPI ID, such as name@bank.'],
    ['asha menon@okicici', 'Enter a valid UPI ID, such as name@bank.'],
    ['asha@ok.hdfc', 'Enter a valid UPI ID, such as name@bank.'],
    ['asha@okhdfcbank', 'Use a sandbox test UPI ID: success@razorpay is approved, failure@razorpay is declined, expire@razorpay expires.'],
  ])('refuses the UPI ID %j without creating a payment', async (vpa, message) => {
    const orderId = await providerOrder();
    const res = await start(orderId, { method: 'upi', upi_flow: 'collect', vpa });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ description: message, reason: 'invalid_vpa' });
    expect(await t.app.payments.fetchOrderPayments(orderId)).toEqual([]);
    expect(await t.app.payments.fetchOrder(orderId)).toMatchObject({ status: 'created', attempts: 0 });
  });
});

describe('UPI QR in the sandbox', () => {
  it('draws a QR code of the upi://pay link, waits, and a simulated scan approves it', async () => {
    const orderId = await providerOrder(12_345);
    const started = await start(orderId, { method: 'upi', upi_flow: 'intent', name: 'Shoal Fresh' });
    expect(started.statusCode).toBe(200);
    const body = started.json();
    const link = new URL(body.upi_link);
    expect(link.protocol).toBe('upi:');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      pa: 'shoal.sandbox@razorpay',
      pn: 'Shoal Fresh',
      tr: body.payment_id,
      am: '123.45',
      cu: 'INR',
    });
    expect(body.qr_svg).toMatch(/^<svg role="img" aria-label="UPI QR code"[^>]*viewBox="0 0 \d+ \d+"/);
    expect(body.qr_svg).toContain('<path');

    // Nobody has scanned it yet: still waiting, however long the test UPI apps take.
    await new Promise((r) => setTimeout(r, APPROVAL_SECONDS * 1000 + 100));
    expect((await status(orderId, body.payment_id)).json().status).toBe('created');

    const scanned = await simulate(body.payment_id, 'approve', 'ravi@okaxis');
    expect(scanned.json()).toEqual({ id: body.payment_id, status: 'captured', method: 'upi' });
    expect((await status(orderId, body.payment_id)).json()).toMatchObject({ status: 'captured', response: { razorpay_order_id: orderId } });
    expect(await apiPayment(body.payment_id)).toMatchObject({ method: 'upi', vpa: 'ravi@okaxis', upi: { flow: 'intent' } });
    expect(events().map((d) => d.event)).toEqual(['payment.captured', 'order.paid']);

    const again = await simulate(body.payment_id, 'decline');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.description).toBe('This payment is no longer waiting: it is captured.');
  });

  it('a declined scan fails the payment; a QR nobody scans expires', async () => {
    const orderId = await providerOrder();
    const first = (await start(orderId, { method: 'upi', upi_flow: 'intent' })).json();
    expect((await simulate(first.payment_id, 'decline')).json().status).toBe('failed');
    expect((await status(orderId, first.payment_id)).json().error).toMatchObject({ reason: 'payment_declined' });

    const second = (await start(orderId, { method: 'upi', upi_flow: 'intent' })).json();
    const done = await ended(orderId, second.payment_id);
    expect(done.error).toMatchObject({ reason: 'payment_timed_out' });
    const methods = (await t.app.payments.fetchOrderPayments(orderId)).map((p) => [p.method, p.status]);
    expect(methods).toEqual([
      ['upi', 'failed'],
      ['upi', 'failed'],
    ]);
  });

  it('refuses to simulate a payment that is not UPI', async () => {
    const orderId = await providerOrder();
    const { payment_id: id } = (await start(orderId, { method: 'netbanking', bank: 'HDFC' })).json();
    const res = await simulate(id, 'approve');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.description).toBe('This payment is not a UPI payment.');
  });
});

describe('The shop command line scans a QR code', () => {
  async function shop(...args: string[]) {
    // The command line opens the server's database (PostgreSQL tests keep theirs in a private schema).
    let databaseUrl = '';
    if (testDatabaseUrl) {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.app.db);
      const url = new URL(testDatabaseUrl);
      url.searchParams.set('options', `-c search_path=${rows[0]?.schema ?? 'public'}`);
      databaseUrl = url.toString();
    }
    const out: string[] = [];
    const err: string[] = [];
    const env = { DATA_DIR: t.database.dataDir, SHOP_SERVER_URL: t.base, DATABASE_URL: databaseUrl };
    const code = await runShop(
      args,
      env,
      (line) => out.push(line),
      (line) => err.push(line),
    );
    return { code, out, err };
  }

  it('upi-scan --approve captures a waiting QR payment through the server, which sends the webhooks', async () => {
    const orderId = await providerOrder();
    const { payment_id: id } = (await start(orderId, { method: 'upi', upi_flow: 'intent' })).json();
    expect(await shop('upi-scan', '--payment', id, '--approve')).toEqual({ code: 0, out: [`Payment ${id} is captured.`], err: [] });
    expect((await status(orderId, id)).json().status).toBe('captured');
    expect(events().map((d) => d.event)).toEqual(['payment.captured', 'order.paid']);
    expect(await shop('upi-scan', '--payment', id, '--decline')).toEqual({ code: 1, out: [], err: ['This payment is no longer waiting: it is captured.'] });
    expect((await shop('upi-scan', '--payment', id)).err).toEqual(['Give one of --approve or --decline.']);
  });
});

describe('Netbanking and wallets in the sandbox', () => {
  it.each([
    ['netbanking', { bank: 'HDFC' }, { bank: 'HDFC', wallet: null, vpa: null }, { bank_transaction_id: expect.stringMatching(/^\d{10}$/) }],
    ['wallet', { wallet: 'phonepe' }, { wallet: 'phonepe', bank: null, vpa: null }, { transaction_id: expect.stringMatching(/^\d{14}$/) }],
  ])('%s: the page’s Success captures the payment, which carries its method and fields', async (method, fields, entity, acquirer) => {
    const orderId = await providerOrder();
    const { payment_id: id, status: before } = (await start(orderId, { method, ...fields })).json();
    expect(before).toBe('created');
    const res = await answer(orderId, id, 'success');
    expect(res.json()).toMatchObject({ status: 'captured', response: { razorpay_payment_id: id, razorpay_order_id: orderId } });
    expect(await apiPayment(id)).toMatchObject({ method, status: 'captured', ...entity, acquirer_data: acquirer });
    const sent = events();
    expect(sent.map((d) => d.event)).toEqual(['payment.captured', 'order.paid']);
    expect(payloadOf(sent[0]!)).toMatchObject({ method, ...entity });
    expect((await overHttp().fetchPayment(id)).method).toBe(method);
  });

  it.each([
    ['netbanking', { bank: 'SBIN' }, 'issuer_bank'],
    ['wallet', { wallet: 'amazonpay' }, 'customer'],
  ])('%s: the page’s Failure fails the payment and sends payment.failed', async (method, fields, source) => {
    const orderId = await providerOrder();
    const { payment_id: id } = (await start(orderId, { method, ...fields })).json();
    const res = await answer(orderId, id, 'failure');
    expect(res.json()).toMatchObject({ status: 'failed', error: { reason: 'payment_failed', source, metadata: { payment_id: id, order_id: orderId } } });
    const sent = events();
    expect(sent.map((d) => d.event)).toEqual(['payment.failed']);
    expect(payloadOf(sent[0]!)).toMatchObject({ method, ...fields, status: 'failed' });
    // The page cannot change its answer.
    expect((await answer(orderId, id, 'success')).json().status).toBe('failed');
  });

  it.each([
    [{ method: 'netbanking', bank: 'XXXX' }, 'Choose a bank from the list.'],
    [{ method: 'wallet', wallet: 'paypal' }, 'Choose a wallet from the list.'],
  ])('refuses %j', async (body, message) => {
    const orderId = await providerOrder();
    const res = await start(orderId, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.description).toBe(message);
  });

  it('card payments carry method card and the card’s details', async () => {
    const orderId = await providerOrder();
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/checkout/pay',
      payload: { key_id: t.config.razorpayKeyId, order_id: orderId, card_number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' },
    });
    expect(res.statusCode).toBe(200);
    expect(await apiPayment(res.json().razorpay_payment_id)).toMatchObject({
      method: 'card',
      card: { entity: 'card', last4: '1111', network: 'Visa' },
      vpa: null,
      bank: null,
      wallet: null,
    });
  });

  it('a paid order takes no further payment', async () => {
    const orderId = await providerOrder();
    const { payment_id: id } = (await start(orderId, { method: 'wallet', wallet: 'mobikwik' })).json();
    const late = (await start(orderId, { method: 'upi', upi_flow: 'intent' })).json();
    await answer(orderId, id, 'success');
    const res = await start(orderId, { method: 'netbanking', bank: 'ICIC' });
    expect(res.json().error.description).toBe('This order has already been paid.');
    // A QR scanned after the order was paid fails: the order is paid once.
    expect((await simulate(late.payment_id, 'approve')).json().status).toBe('failed');
    expect((await status(orderId, late.payment_id)).json().error).toMatchObject({ reason: 'order_already_paid' });
  });
});

describe('The shop confirms a UPI payment as it confirms a card payment', () => {
  async function upiOrder(vpa: string) {
    const fish = await addProduct(t.app, { sRate: 450, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 2, slotId });
    const order = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId });
    const { payment_id: id } = (await start(order.providerOrderId, { method: 'upi', upi_flow: 'collect', vpa })).json();
    return { customer, id, ...order };
  }

  it('places the order on the verified callback of a UPI payment', async () => {
    const o = await upiOrder('success@razorpay');
    const done = await ended(o.providerOrderId, o.id);
    const res = await verifyPayment(t, o.customer, done.response as never);
    expect(res.json().Data).toMatchObject({ Status: 'CAPTURED', OrderId: o.orderId, TransactionNo: o.id });
    expect(await orderRow(t.app, o.orderId)).toMatchObject({ status: 'PLACED', payment_status: 'CAPTURED', provider_payment_id: o.id });
  });

  it('places the order on the status poll once the UPI app has approved, with no callback and no webhook', async () => {
    const o = await upiOrder('success@razorpay');
    const poll = () => t.app.inject({ method: 'GET', url: `/api/Order/status/checkPayment/${o.orderId}`, headers: o.customer.auth });
    expect((await poll()).json().Data[0].Status).toBe('PENDING');
    await new Promise((r) => setTimeout(r, APPROVAL_SECONDS * 1000 + 100));
    expect((await poll()).json().Data[0]).toMatchObject({ Status: 'CAPTURED', TransactionNo: o.id });
    expect((await orderRow(t.app, o.orderId)).status).toBe('PLACED');
  });

  it('places the order from the webhooks of a UPI payment', async () => {
    const o = await upiOrder('success@razorpay');
    await ended(o.providerOrderId, o.id);
    // The provider sends its webhooks after the payment ends, not with it: wait for both.
    await eventually(
      async () => t.app.sandboxWebhooks!.held.map((d) => d.event),
      (sent) => sent.includes('payment.captured') && sent.includes('order.paid'),
    );
    for (const delivery of events()) expect(await t.app.sandboxWebhooks!.deliver(delivery)).toBe(200);
    expect(await orderRow(t.app, o.orderId)).toMatchObject({ status: 'PLACED', provider_payment_id: o.id });
  });

  it.each(['failure@razorpay', 'expire@razorpay'])('leaves the order unpaid for %s, whatever the poll and the webhooks say', async (vpa) => {
    const o = await upiOrder(vpa);
    const done = await ended(o.providerOrderId, o.id);
    expect(done.status).toBe('failed');
    for (const delivery of events()) expect(await t.app.sandboxWebhooks!.deliver(delivery)).toBe(200);
    const poll = await t.app.inject({ method: 'GET', url: `/api/Order/status/checkPayment/${o.orderId}`, headers: o.customer.auth });
    expect(poll.json().Data[0].Status).not.toBe('CAPTURED');
    expect((await orderRow(t.app, o.orderId)).status).toBe('AWAITING_PAYMENT');
  });
});

describe('The status poll of an order whose UPI request waits in the customer’s UPI app', () => {
  async function waitingUpiOrder(body: Record<string, unknown>) {
    const fish = await addProduct(t.app, { sRate: 320, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    const order = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId });
    const started = await start(order.providerOrderId, body);
    expect(started.statusCode).toBe(200);
    const poll = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/Order/status/checkPayment/${order.orderId}`, headers: customer.auth });
      expect(res.statusCode).toBe(200);
      return res.json().Data[0] as Record<string, unknown>;
    };
    return { ...order, paymentId: started.json().payment_id as string, poll };
  }

  it('says the payment awaits approval and how long the request has left', async () => {
    const o = await waitingUpiOrder({ method: 'upi', upi_flow: 'collect', vpa: 'expire@razorpay' });
    const record = await o.poll();
    expect(record).toMatchObject({
      Status: 'PENDING',
      OrderId: o.orderId,
      TransactionNo: o.paymentId,
      AwaitingApproval: { Method: 'upi', SecondsLeft: EXPIRY_SECONDS },
    });
    expect((await orderRow(t.app, o.orderId)).status).toBe('AWAITING_PAYMENT');
  });

  it('answers CAPTURED, with nothing awaiting, once the customer approves; the order is placed', async () => {
    const o = await waitingUpiOrder({ method: 'upi', upi_flow: 'intent' });
    expect((await o.poll()).AwaitingApproval).toMatchObject({ Method: 'upi' });
    expect((await simulate(o.paymentId, 'approve')).statusCode).toBe(200);
    const record = await o.poll();
    expect(record).toMatchObject({ Status: 'CAPTURED', TransactionNo: o.paymentId });
    expect(record).not.toHaveProperty('AwaitingApproval');
    expect((await orderRow(t.app, o.orderId)).status).toBe('PLACED');
  });

  it('answers FAILED, with nothing awaiting, once the request has expired; the order stays unpaid', async () => {
    const o = await waitingUpiOrder({ method: 'upi', upi_flow: 'collect', vpa: 'expire@razorpay' });
    await new Promise((resolve) => setTimeout(resolve, EXPIRY_SECONDS * 1000 + 300));
    const record = await o.poll();
    expect(record).toMatchObject({ Status: 'FAILED' });
    expect(record).not.toHaveProperty('AwaitingApproval');
    expect((await orderRow(t.app, o.orderId)).status).toBe('AWAITING_PAYMENT');
  });

  it('says nothing awaits while a netbanking page is open: only a UPI request waits in an app', async () => {
    const o = await waitingUpiOrder({ method: 'netbanking', bank: 'HDFC' });
    const record = await o.poll();
    expect(record).toMatchObject({ Status: 'PENDING' });
    expect(record).not.toHaveProperty('AwaitingApproval');
  });
});
