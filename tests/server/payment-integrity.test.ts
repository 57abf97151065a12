import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CustomerChange } from '../../server/hub/live-updates.js';
import type { SandboxDelivery } from '../../server/payments/sandbox/sandbox-webhooks.js';
import {
  addProduct,
  customerBalances,
  eventually,
  onlineOrder,
  orderRow,
  payInSandbox,
  readyCustomer,
  sign,
  startMoneyShop,
  stockOf,
  type Customer,
  type ProductFixture,
} from './order-fixtures.js';

let t: Awaited<ReturnType<typeof startMoneyShop>>['t'];
let slotId: number;
let pushes: CustomerChange[];

beforeAll(async () => {
  ({ t, slotId, pushes } = await startMoneyShop());
});
beforeEach(() => {
  t.app.sandboxWebhooks?.hold();
  t.app.sandboxWebhooks?.held.splice(0);
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
  signature: string;
  webhooks: SandboxDelivery[];
}

/** An online order for 2 × ₹450 (net ₹949 with delivery) paid in the sandbox, nothing yet told to the shop. */
async function paidInSandbox(options: { walletPaise?: number; loyaltyPoints?: number; email?: string } = {}): Promise<Paid> {
  const fish = await addProduct(t.app, { sRate: 450, stock: 10 });
  const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 2, slotId, ...options });
  const { orderId, providerOrderId } = await onlineOrder(t.app, customer, {
    deliveryId: slotId,
    addressId,
    isWalletAmount: Boolean(options.walletPaise),
    isWalletLoyality: Boolean(options.loyaltyPoints),
  });
  const paid = await payInSandbox(t, providerOrderId);
  expect(paid.statusCode).toBe(200);
  const body = paid.json();
  expect(body.razorpay_order_id).toBe(providerOrderId);
  const webhooks = t.app.sandboxWebhooks!.held.splice(0);
  expect(webhooks.map((w) => w.event)).toEqual(['payment.captured', 'order.paid']);
  return { customer, fish, orderId, providerOrderId, paymentId: body.razorpay_payment_id, signature: body.razorpay_signature, webhooks };
}

const verify = (p: Pick<Paid, 'customer' | 'providerOrderId' | 'paymentId' | 'signature'>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Order/payment/verify',
    headers: p.customer.auth,
    payload: { razorpay_order_id: p.providerOrderId, razorpay_payment_id: p.paymentId, razorpay_signature: p.signature },
  });
const poll = (p: Pick<Paid, 'customer' | 'orderId' | 'providerOrderId'>) =>
  t.app.inject({ method: 'GET', url: `/api/Order/status/checkPayment/${p.orderId}?razropayOrderId=${p.providerOrderId}`, headers: p.customer.auth });
const webhook = async (delivery: SandboxDelivery) => t.app.sandboxWebhooks!.deliver(delivery);

async function placedOnce(p: Paid, expectedNet = 94_900) {
  const order = await orderRow(t.app, p.orderId);
  expect(order).toMatchObject({ status: 'PLACED', payment_status: 'CAPTURED', provider_payment_id: p.paymentId, net_amount: expectedNet });
  const placedEvents = await t.app.db.selectFrom('order_events').select('id').where('order_id', '=', p.orderId).where('status', '=', 'PLACED').execute();
  expect(placedEvents).toHaveLength(1);
  expect(await stockOf(t.app, p.fish)).toEqual({ available: 8, reserved: 0, sold: 2 });
  // Points are earned on delivery, never on payment.
  const earned = await t.app.db.selectFrom('loyalty_ledger').select('points').where('order_id', '=', p.orderId).where('points', '>', 0).execute();
  expect(earned).toEqual([]);
  const payment = await t.app.db.selectFrom('payments').select(['status', 'provider_payment_id', 'refund_id']).where('order_id', '=', p.orderId).execute();
  expect(payment).toEqual([{ status: 'CAPTURED', provider_payment_id: p.paymentId, refund_id: null }]);
  const captured = pushes.filter((c) => c.type === 'PaymentStatus' && (c.data as { OrderId: number }).OrderId === p.orderId);
  expect(captured).toEqual([
    { customerId: p.customer.id, type: 'PaymentStatus', data: { OrderId: p.orderId, OrderNo: order.order_no, Status: 'CAPTURED', TransactionNo: p.paymentId } },
  ]);
}

describe('A payment counts only when its signature or the provider says so', () => {
  it('places the order on a verified callback and answers CAPTURED with the transaction number', async () => {
    const p = await paidInSandbox({ email: 'ravi@example.com' });
    const res = await verify(p);
    expect(res.statusCode).toBe(200);
    expect(res.json().Data).toMatchObject({ Status: 'CAPTURED', OrderId: p.orderId, TransactionNo: p.paymentId });
    await placedOnce(p);
    expect(t.mail.sent.filter((m) => m.to === 'ravi@example.com')).toHaveLength(1);
  });

  it.each([
    ['a forged signature', (p: Paid) => ({ ...p, signature: 'f'.repeat(64) })],
    ['a signature of another order', (p: Paid) => ({ ...p, signature: sign(t, 'order_SomeoneElse0001', p.paymentId) })],
    ['a signature that is not hex', (p: Paid) => ({ ...p, signature: 'not-a-signature' })],
  ])('refuses %s and leaves the order unpaid', async (_name, tamper) => {
    const p = await paidInSandbox();
    const res = await verify(tamper(p));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Success: false, Message: 'The payment could not be verified.', Data: null });
    expect((await orderRow(t.app, p.orderId)).status).toBe('AWAITING_PAYMENT');
    expect(await stockOf(t.app, p.fish)).toEqual({ available: 8, reserved: 2, sold: 0 });
  });

  it('requires the signature field', async () => {
    const p = await paidInSandbox();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Order/payment/verify',
      headers: p.customer.auth,
      payload: { razorpay_order_id: p.providerOrderId, razorpay_payment_id: p.paymentId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('razorpay_signature is required in the body.');
  });

  it('refuses a webhook whose signature does not verify, and changes nothing', async () => {
    const p = await paidInSandbox();
    const delivery = p.webhooks[0]!;
    const status = await webhook({ ...delivery, body: delivery.body.replace('"captured"', '"captured" '), eventId: 'evt_x' });
    expect(status).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/Payment/webhook',
      headers: { 'content-type': 'application/json' },
      payload: delivery.body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().Message).toBe('The webhook signature does not verify.');
    expect((await orderRow(t.app, p.orderId)).status).toBe('AWAITING_PAYMENT');
  });
});

describe('Callback, webhook and poll in any order, twice or late: paid exactly once', () => {
  type Step = 'callback' | 'webhook' | 'orderPaid' | 'poll';
  const run = (p: Paid, step: Step) =>
    step === 'callback' ? verify(p) : step === 'poll' ? poll(p) : webhook(step === 'webhook' ? p.webhooks[0]! : p.webhooks[1]!);

  it.each<Step[][]>([
    [['callback', 'webhook', 'poll', 'callback', 'webhook', 'poll']],
    [['webhook', 'orderPaid', 'callback', 'poll', 'orderPaid']],
    [['poll', 'poll', 'webhook', 'callback']],
    [['orderPaid', 'poll', 'webhook', 'callback', 'callback']],
  ])('in the order %j', async (steps) => {
    const p = await paidInSandbox();
    for (const step of steps) await run(p, step);
    await placedOnce(p);
    const polled = await poll(p);
    expect(polled.json().Data).toEqual([{ Status: 'CAPTURED', OrderId: p.orderId, OrderNo: expect.stringMatching(/^SH/), TransactionNo: p.paymentId }]);
  });

  it('all at once, twice over', async () => {
    const p = await paidInSandbox({ walletPaise: 10_000, loyaltyPoints: 30 });
    await Promise.all((['callback', 'webhook', 'orderPaid', 'poll', 'callback', 'webhook', 'orderPaid', 'poll'] as Step[]).map((s) => run(p, s)));
    // ₹949 - ₹100 wallet - 30 points = ₹819
    await placedOnce(p, 81_900);
    const ledger = await t.app.db.selectFrom('wallet_ledger').select('amount').where('customer_id', '=', p.customer.id).orderBy('id').execute();
    expect(ledger.map((l) => l.amount)).toEqual([10_000, -10_000]);
    // All 30 points went into the order; it earns its 8 only once delivered.
    expect(await customerBalances(t.app, p.customer)).toEqual({ wallet_balance: 0, loyalty_points: 0 });
  });

  it('answers a repeated webhook event id as a duplicate', async () => {
    const p = await paidInSandbox();
    const first = await t.app.inject({ method: 'POST', url: '/api/Payment/webhook', headers: p.webhooks[0]!.headers, payload: p.webhooks[0]!.body });
    const second = await t.app.inject({ method: 'POST', url: '/api/Payment/webhook', headers: p.webhooks[0]!.headers, payload: p.webhooks[0]!.body });
    expect(first.json().Data).toEqual({ Event: 'payment.captured', Duplicate: false });
    expect(second.json().Data).toEqual({ Event: 'payment.captured', Duplicate: true });
    const seen = await t.app.db.selectFrom('webhook_events').select('event_type').where('event_id', '=', p.webhooks[0]!.eventId).execute();
    expect(seen).toEqual([{ event_type: 'payment.captured' }]);
    await placedOnce(p);
  });

  it('answers a webhook about a payment that already placed its order without recording anything, however often it comes', async () => {
    const p = await paidInSandbox();
    expect((await verify(p)).json().Data).toMatchObject({ Status: 'CAPTURED' });
    for (const delivery of [...p.webhooks, ...p.webhooks]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/Payment/webhook', headers: delivery.headers, payload: delivery.body });
      expect(res.statusCode).toBe(200);
      expect(res.json().Data).toEqual({ Event: delivery.event, Duplicate: false });
    }
    const seen = await t.app.db
      .selectFrom('webhook_events')
      .select('event_id')
      .where(
        'event_id',
        'in',
        p.webhooks.map((w) => w.eventId),
      )
      .execute();
    expect(seen).toEqual([]);
    await placedOnce(p);
  });

  it('still refuses such a webhook when its signature does not verify', async () => {
    const p = await paidInSandbox();
    await verify(p);
    const forged = { ...p.webhooks[0]!.headers, 'x-razorpay-signature': 'f'.repeat(64) };
    const res = await t.app.inject({ method: 'POST', url: '/api/Payment/webhook', headers: forged, payload: p.webhooks[0]!.body });
    expect(res.statusCode).toBe(400);
  });

  it('is told by the sandbox itself: its signed webhooks alone place the order', async () => {
    const fish = await addProduct(t.app, { sRate: 450, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 2, slotId });
    const { orderId, providerOrderId } = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId });
    t.app.sandboxWebhooks!.release();
    const paid = await payInSandbox(t, providerOrderId);
    const order = await eventually(
      () => orderRow(t.app, orderId),
      (o) => o.status === 'PLACED',
    );
    expect(order).toMatchObject({ status: 'PLACED', provider_payment_id: paid.json().razorpay_payment_id });
  });
});

describe('Money that must go back', () => {
  it('refunds a captured amount that differs from the net amount and answers FAILED', async () => {
    const fish = await addProduct(t.app, { sRate: 450, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 2, slotId });
    const { orderId, providerOrderId } = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId });
    // The shop's books now expect ₹1 more than the provider order asks for.
    await t.app.db.updateTable('orders').set({ net_amount: 95_000 }).where('id', '=', orderId).execute();
    const paid = (await payInSandbox(t, providerOrderId)).json();
    const p = { customer, orderId, providerOrderId, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature };
    const res = await verify(p);
    expect(res.json().Data).toMatchObject({ Status: 'FAILED', OrderId: orderId });
    for (const w of t.app.sandboxWebhooks!.held.splice(0)) await webhook(w);
    expect((await poll(p)).json().Data[0].Status).toBe('FAILED');
    expect(await orderRow(t.app, orderId)).toMatchObject({ status: 'AWAITING_PAYMENT', payment_status: 'FAILED', refund_amount: 94_900 });
    const provider = await t.app.payments.fetchPayment(p.paymentId);
    expect(provider).toMatchObject({ status: 'refunded', amountRefunded: 94_900 });
    const refunds = await fetch(`${t.base}/sandbox/razorpay/v1/payments/${p.paymentId}/refunds`, {
      headers: { authorization: `Basic ${Buffer.from(`${t.config.razorpayKeyId}:${t.config.razorpayKeySecret}`).toString('base64')}` },
    });
    expect((await refunds.json()).count).toBe(1);
    expect(await stockOf(t.app, fish)).toEqual({ available: 8, reserved: 2, sold: 0 });
  });

  it('refunds, once, a payment captured after the order was cancelled', async () => {
    const fish = await addProduct(t.app, { sRate: 450, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 2, slotId, walletPaise: 5_000 });
    const { orderId, providerOrderId } = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId, isWalletAmount: true });
    const cancel = await t.app.inject({ method: 'POST', url: `/api/Order/placeOrder/${orderId}/Cancel`, headers: customer.auth });
    expect(cancel.json().Data).toBe(true);
    const paid = (await payInSandbox(t, providerOrderId)).json();
    const p = { customer, orderId, providerOrderId, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature };
    const webhooks = t.app.sandboxWebhooks!.held.splice(0);
    await Promise.all([verify(p), poll(p), ...webhooks.map(webhook), verify(p)]);
    expect((await verify(p)).json().Data.Status).toBe('FAILED');
    expect(await t.app.payments.fetchPayment(p.paymentId)).toMatchObject({ status: 'refunded', amountRefunded: 89_900 });
    expect(await orderRow(t.app, orderId)).toMatchObject({ status: 'CANCELLED', payment_status: 'REFUNDED', refund_amount: 89_900 });
    expect(await stockOf(t.app, fish)).toEqual({ available: 10, reserved: 0, sold: 0 });
    expect(await customerBalances(t.app, customer)).toMatchObject({ wallet_balance: 5_000 });
    const refundEvents = await t.app.db.selectFrom('order_events').select('note').where('order_id', '=', orderId).where('note', 'like', '%refunded%').execute();
    expect(refundEvents).toHaveLength(1);
  });

  it('answers FAILED after a declined card, pushes it, and the cancel that follows releases everything', async () => {
    const fish = await addProduct(t.app, { sRate: 450, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 2, slotId, loyaltyPoints: 40 });
    const { orderId, providerOrderId } = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId, isWalletLoyality: true });
    const declined = await payInSandbox(t, providerOrderId, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(400);
    expect(declined.json().error).toMatchObject({ reason: 'payment_declined', metadata: { order_id: providerOrderId } });
    const [failed] = t.app.sandboxWebhooks!.held.splice(0);
    expect(failed?.event).toBe('payment.failed');
    await webhook(failed!);
    expect(pushes).toContainEqual(
      expect.objectContaining({ customerId: customer.id, type: 'PaymentStatus', data: expect.objectContaining({ OrderId: orderId, Status: 'FAILED' }) }),
    );
    expect((await poll({ customer, orderId, providerOrderId })).json().Data[0].Status).toBe('FAILED');
    await t.app.inject({ method: 'POST', url: `/api/Order/placeOrder/${orderId}/Cancel`, headers: customer.auth });
    expect(await stockOf(t.app, fish)).toEqual({ available: 10, reserved: 0, sold: 0 });
    expect(await customerBalances(t.app, customer)).toEqual({ wallet_balance: 0, loyalty_points: 40 });
  });
});

describe('Status poll and pending orders', () => {
  it('answers PENDING before payment, and 404 for unknown or foreign orders', async () => {
    const fish = await addProduct(t.app, { sRate: 450, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    const { orderId, providerOrderId } = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId });
    expect((await poll({ customer, orderId, providerOrderId })).json().Data[0]).toMatchObject({ Status: 'PENDING', OrderId: orderId, TransactionNo: '' });
    const other = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    for (const id of [orderId, 99_999_999]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/Order/status/checkPayment/${id}?razropayOrderId=x`, headers: other.customer.auth });
      expect(res.statusCode).toBe(404);
      expect(res.json().Message).toBe('Order Not Found');
    }
  });

  it("lists the caller's unpaid orders with provider order ids, and their details for the caller only", async () => {
    const fish = await addProduct(t.app, { name: 'Anchovies', sRate: 450, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 2, slotId });
    const first = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId });
    const other = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    const theirs = await onlineOrder(t.app, other.customer, { deliveryId: slotId, addressId: other.addressId });

    const list = await t.app.inject({ method: 'GET', url: '/api/Order/checkPayment', headers: customer.auth });
    expect(list.json().Data).toEqual([{ OrderId: first.orderId, Data: first.providerOrderId }]);

    const details = await t.app.inject({
      method: 'POST',
      url: `/api/Order/customer/pending/${customer.id}`,
      headers: customer.auth,
      payload: { OrderIds: [first.orderId, theirs.orderId] },
    });
    expect(details.json().Data).toEqual([
      {
        OrderId: first.orderId,
        OrderNo: first.orderNo,
        OrderStatus: 'Awaiting Payment',
        NetAmount: 949,
        PaymentMethod: 'ONLINE',
        Items: [{ ItemName: 'Anchovies', Quantity: 2 }],
      },
    ]);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/Order/customer/pending/${other.customer.id}`,
      headers: customer.auth,
      payload: { OrderIds: [theirs.orderId] },
    });
    expect(foreign.statusCode).toBe(403);

    await t.app.inject({ method: 'POST', url: `/api/Order/placeOrder/${first.orderId}/Cancel`, headers: customer.auth });
    expect((await t.app.inject({ method: 'GET', url: '/api/Order/checkPayment', headers: customer.auth })).json().Data).toEqual([]);
  });
});
