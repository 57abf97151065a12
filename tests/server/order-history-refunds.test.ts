import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderRefund } from '../../contract/order-history.schemas.js';
import { moveOrderStatus } from '../../server/services/order-service.js';
import { createCustomer } from '../helpers/customers.js';
import { expectWalletMatchesHistory, insertOrder } from '../helpers/order-fixtures.js';
import { addProduct, customerBalances, onlineOrder, payInSandbox, readyCustomer, startMoneyShop, verifyPayment, type Customer } from './order-fixtures.js';

/**
 * GET Order/{id} lists every refund of the order: where the money went (the wallet, or the card
 * at the payment provider), how much, its state, a reference and when, as the books record it.
 */

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

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

async function detail(customer: Customer, orderId: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/Order/${orderId}`, headers: customer.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Data as { StatusCode: string; RefundAmount: number; Refunds: OrderRefund[]; TransactionNo: string };
}

/** The wallet lines the books hold for the order that give money back, oldest first. */
async function walletCredits(orderId: number) {
  return t.app.db
    .selectFrom('wallet_ledger')
    .select(['id', 'amount', 'created_at'])
    .where('order_id', '=', orderId)
    .where('amount', '>', 0)
    .orderBy('id')
    .execute();
}

/** An online order for 2 × ₹450 + ₹49 delivery, ₹100 of it from the wallet: ₹849 paid and confirmed by the callback. */
async function paidOrder() {
  const fish = await addProduct(t.app, { sRate: 450, stock: 10 });
  const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 2, slotId, walletPaise: 10_000 });
  const { orderId, providerOrderId } = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId, isWalletAmount: true });
  const paid = (await payInSandbox(t, providerOrderId)).json();
  expect((await verifyPayment(t, customer, paid)).json().Data.Status).toBe('CAPTURED');
  t.app.sandboxWebhooks!.held.splice(0);
  return { customer, orderId, providerOrderId, paymentId: paid.razorpay_payment_id as string };
}

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
  for (const delivery of t.app.sandboxWebhooks!.held.splice(0)) expect(await t.app.sandboxWebhooks!.deliver(delivery)).toBe(200);
}

describe('Refunds of an order', () => {
  it('is empty for an order nothing went back from', async () => {
    const customer = await createCustomer(t.app);
    const order = await insertOrder(t.app, { customerId: customer.id, status: 'DELIVERED', walletPaise: 0, netPaise: 30_000 });
    expect((await detail(customer, order.id)).Refunds).toEqual([]);
  });

  it('shows a paid order cancelled by the shopper as one refund to the wallet, with its wallet line', async () => {
    const p = await paidOrder();
    const cancel = await t.app.inject({ method: 'PUT', url: `/api/Order/cancel/${p.orderId}`, headers: p.customer.auth });
    expect(cancel.statusCode).toBe(200);
    const [line] = await walletCredits(p.orderId);
    expect(cancel.json().Data.Refunds).toEqual([
      { Amount: 949, Destination: 'WALLET', Status: 'PROCESSED', Reference: String(line!.id), At: line!.created_at },
    ]);
    expect((await detail(p.customer, p.orderId)).RefundAmount).toBe(949);
    await expectWalletMatchesHistory(t.app, p.customer);
  });

  it('shows a returned order refunded by the shop as one refund to the wallet', async () => {
    const customer = await createCustomer(t.app, { walletPaise: 5_000 });
    const order = await insertOrder(t.app, { customerId: customer.id, status: 'RETURNED', walletPaise: 5_000, netPaise: 45_000 });
    await moveOrderStatus(t.app, { orderId: order.id, to: 'REFUNDED', actor: 'shop', note: 'Moved by the shop' });
    const d = await detail(customer, order.id);
    const [line] = await walletCredits(order.id);
    expect(d.StatusCode).toBe('REFUNDED');
    expect(d.Refunds).toEqual([{ Amount: 500, Destination: 'WALLET', Status: 'PROCESSED', Reference: String(line!.id), At: line!.created_at }]);
  });

  it('shows a full refund made at the provider as a refund to the original payment method, and the wallet part to the wallet', async () => {
    const p = await paidOrder();
    await refundAtProvider(p.paymentId);
    const d = await detail(p.customer, p.orderId);
    expect(d.StatusCode).toBe('CANCELLED');
    const [line] = await walletCredits(p.orderId);
    expect(d.Refunds).toHaveLength(2);
    expect(d.Refunds).toContainEqual({ Amount: 849, Destination: 'ORIGINAL', Status: 'PROCESSED', Reference: p.paymentId, At: expect.stringMatching(ISO) });
    expect(d.Refunds).toContainEqual({ Amount: 100, Destination: 'WALLET', Status: 'PROCESSED', Reference: String(line!.id), At: line!.created_at });
  });

  it('shows a part refunded at the provider and the rest given back to the wallet when the order is cancelled', async () => {
    const p = await paidOrder();
    await refundAtProvider(p.paymentId, 5_000);
    expect(await detail(p.customer, p.orderId)).toMatchObject({
      StatusCode: 'PLACED',
      Refunds: [{ Amount: 50, Destination: 'ORIGINAL', Status: 'PROCESSED', Reference: p.paymentId }],
    });
    expect((await t.app.inject({ method: 'PUT', url: `/api/Order/cancel/${p.orderId}`, headers: p.customer.auth })).statusCode).toBe(200);
    const d = await detail(p.customer, p.orderId);
    expect(d.Refunds.map((r) => [r.Destination, r.Status, r.Amount])).toEqual([
      ['ORIGINAL', 'PROCESSED', 50],
      ['WALLET', 'PROCESSED', 899],
    ]);
    expect(d.Refunds.map((r) => r.At)).toEqual([...d.Refunds.map((r) => r.At)].sort());
  });

  it('shows a wallet refund taken back when the provider later refunded the same money to the card', async () => {
    const p = await paidOrder();
    expect((await t.app.inject({ method: 'PUT', url: `/api/Order/cancel/${p.orderId}`, headers: p.customer.auth })).statusCode).toBe(200);
    await refundAtProvider(p.paymentId);
    const d = await detail(p.customer, p.orderId);
    expect(d.Refunds.map((r) => [r.Destination, r.Status, r.Amount])).toEqual([
      ['WALLET', 'PROCESSED', 949],
      ['ORIGINAL', 'PROCESSED', 849],
      ['WALLET', 'REVERSED', 849],
    ]);
    expect((await customerBalances(t.app, p.customer)).wallet_balance).toBe(10_000);
    await expectWalletMatchesHistory(t.app, p.customer);
  });

  it('shows the provider’s refund id for a payment the shop refunded because it came after the order was cancelled', async () => {
    const fish = await addProduct(t.app, { sRate: 450, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 2, slotId, walletPaise: 5_000 });
    const { orderId, providerOrderId } = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId, isWalletAmount: true });
    expect((await t.app.inject({ method: 'POST', url: `/api/Order/placeOrder/${orderId}/Cancel`, headers: customer.auth })).json().Data).toBe(true);
    const paid = (await payInSandbox(t, providerOrderId)).json();
    expect((await verifyPayment(t, customer, paid)).json().Data.Status).toBe('FAILED');
    const d = await detail(customer, orderId);
    expect(d.Refunds.map((r) => [r.Destination, r.Status, r.Amount])).toEqual([
      ['WALLET', 'PROCESSED', 50],
      ['ORIGINAL', 'PROCESSED', 899],
    ]);
    expect(d.Refunds[1]!.Reference).toMatch(/^rfnd_/);
  });

  it('never shows another customer’s refunds', async () => {
    const p = await paidOrder();
    expect((await t.app.inject({ method: 'PUT', url: `/api/Order/cancel/${p.orderId}`, headers: p.customer.auth })).statusCode).toBe(200);
    const stranger = await createCustomer(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/Order/${p.orderId}`, headers: stranger.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ Success: false, Message: 'That order was not found.', Data: null });
  });
});
