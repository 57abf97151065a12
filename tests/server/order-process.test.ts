import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerChange } from '../../server/hub/live-updates.js';
import { cancelOrder, moveOrderStatus } from '../../server/services/order-service.js';
import { createCustomer } from '../helpers/customers.js';
import {
  addCoupon,
  addProduct,
  createOrder,
  customerBalances,
  onlineOrder,
  openSlot,
  orderRow,
  processOrder,
  readyCustomer,
  standardSettings,
  startOrderApp,
  stockOf,
} from './order-fixtures.js';

let t: Awaited<ReturnType<typeof startOrderApp>>;
let slotId: number;
const pushes: CustomerChange[] = [];

beforeAll(async () => {
  t = await startOrderApp();
  await standardSettings(t.app);
  slotId = await openSlot(t.app, { capacity: 100 });
  await addCoupon(t.app, { code: 'TESTCOD20', type: 'FLAT', value: 2_000 });
  t.app.live.onCustomer((change) => pushes.push(change));
});
afterAll(async () => {
  await t?.close();
});

const couponStatus = async (orderId: number) =>
  (await t.app.db.selectFrom('coupon_redemptions').select('status').where('order_id', '=', orderId).execute()).map((r) => r.status);
const slotBooked = async () => (await t.app.db.selectFrom('delivery_slots').select('booked').where('id', '=', slotId).executeTakeFirstOrThrow()).booked;

describe('POST /api/Order/placeOrder/{id}/Proccess', () => {
  it('places a cash-on-delivery order at once: stock sold, coupon used, no points before delivery, confirmation mailed, status pushed', async () => {
    const fish = await addProduct(t.app, { name: 'Mackerel', sRate: 500, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 3, slotId, email: 'asha@example.com' });
    const created = await createOrder(t.app, customer, { deliveryId: slotId, addressId, couponCode: 'TESTCOD20', paymentMethod: 'COD' });
    const orderId = created.json().Data.OrderId as number;
    const res = await processOrder(t.app, customer, orderId);
    expect(res.statusCode).toBe(200);
    // ₹1,500 - ₹20 = ₹1,480, free delivery
    expect(res.json().Data).toEqual({ OrderNo: created.json().Data.OrderNo, Data: '', Status: 'PLACED', NetAmount: 1480 });
    expect(await orderRow(t.app, orderId)).toMatchObject({ status: 'PLACED', payment_status: 'PENDING', expires_at: null });
    expect(await stockOf(t.app, fish)).toEqual({ available: 7, reserved: 0, sold: 3 });
    expect(await couponStatus(orderId)).toEqual(['USED']);
    expect(await customerBalances(t.app, customer)).toEqual({ wallet_balance: 0, loyalty_points: 0 });
    const mail = t.mail.sent.filter((m) => m.to === 'asha@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe(`Order ${created.json().Data.OrderNo} placed`);
    expect(mail[0]?.text).toContain('Mackerel × 3');
    expect(mail[0]?.text).toContain('Cash on delivery: ₹1,480.00');
    expect(pushes).toContainEqual(
      expect.objectContaining({
        customerId: customer.id,
        type: 'OrderStatus',
        data: expect.objectContaining({ OrderId: orderId, StatusCode: 'PLACED', OrderStatus: 'Placed' }),
      }),
    );

    const again = await processOrder(t.app, customer, orderId);
    expect(again.json().Data.Status).toBe('PLACED');
    expect(await stockOf(t.app, fish)).toEqual({ available: 7, reserved: 0, sold: 3 });
    expect(t.mail.sent.filter((m) => m.to === 'asha@example.com')).toHaveLength(1);
  });

  it('places an order the wallet pays in full without the payment provider', async () => {
    const fish = await addProduct(t.app, { sRate: 200, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 1, walletPaise: 50_000, slotId });
    const created = await createOrder(t.app, customer, { deliveryId: slotId, addressId, isWalletAmount: true, paymentMethod: 'ONLINE' });
    expect(created.json().Data.NetAmount).toBe(0);
    const res = await processOrder(t.app, customer, created.json().Data.OrderId);
    expect(res.json().Data).toMatchObject({ Status: 'PLACED', Data: '', NetAmount: 0 });
    expect(await orderRow(t.app, created.json().Data.OrderId)).toMatchObject({ status: 'PLACED', payment_status: 'NOT_REQUIRED', provider_order_id: null });
    expect(await customerBalances(t.app, customer)).toEqual({ wallet_balance: 50_000 - 24_900, loyalty_points: 0 });
    expect(await stockOf(t.app, fish)).toEqual({ available: 9, reserved: 0, sold: 1 });
  });

  it('creates one provider order for an online order, for the net amount in paise with the order number as receipt', async () => {
    const fish = await addProduct(t.app, { sRate: 450, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    const created = await createOrder(t.app, customer, { deliveryId: slotId, addressId, paymentMethod: 'ONLINE' });
    const orderId = created.json().Data.OrderId as number;
    const [first, second] = await Promise.all([processOrder(t.app, customer, orderId), processOrder(t.app, customer, orderId)]);
    const third = await processOrder(t.app, customer, orderId);
    const ids = [first, second, third].map((r) => r.json().Data.Data as string);
    expect(new Set(ids).size).toBe(1);
    expect(first.json().Data).toMatchObject({ Status: 'PENDING', NetAmount: 499, OrderNo: created.json().Data.OrderNo });
    const provider = await t.app.payments.fetchOrder(ids[0]!);
    expect(provider).toMatchObject({ amount: 49_900, currency: 'INR', receipt: created.json().Data.OrderNo, status: 'created' });
    const payments = await t.app.db.selectFrom('payments').select(['provider_order_id', 'amount', 'status']).where('order_id', '=', orderId).execute();
    expect(payments).toEqual([{ provider_order_id: ids[0], amount: 49_900, status: 'CREATED' }]);
    expect(await orderRow(t.app, orderId)).toMatchObject({ status: 'AWAITING_PAYMENT', provider_order_id: ids[0] });
  });

  it("answers 404 for another customer's order and for an unknown one", async () => {
    const fish = await addProduct(t.app, { sRate: 450, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    const created = await createOrder(t.app, customer, { deliveryId: slotId, addressId, paymentMethod: 'COD' });
    const stranger = await createCustomer(t.app);
    for (const url of [
      `/api/Order/placeOrder/${created.json().Data.OrderId}/Proccess`,
      '/api/Order/placeOrder/99999999/Proccess',
      `/api/Order/placeOrder/${created.json().Data.OrderId}/Cancel`,
    ]) {
      const res = await t.app.inject({ method: 'POST', url, headers: stranger.auth });
      expect(res.statusCode).toBe(404);
      expect(res.json().Message).toBe('Order Not Found');
    }
    expect((await orderRow(t.app, created.json().Data.OrderId)).status).toBe('AWAITING_PAYMENT');
  });
});

describe('Cancelling', () => {
  it('POST .../Cancel releases the stock, wallet amount, points, coupon and slot of an unpaid order, once', async () => {
    const fish = await addProduct(t.app, { sRate: 700, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 2, walletPaise: 10_000, loyaltyPoints: 50, slotId });
    const booked = await slotBooked();
    const { orderId } = await onlineOrder(t.app, customer, {
      deliveryId: slotId,
      addressId,
      couponCode: 'TESTCOD20',
      isWalletAmount: true,
      isWalletLoyality: true,
    });
    expect(await customerBalances(t.app, customer)).toEqual({ wallet_balance: 0, loyalty_points: 0 });
    expect(await slotBooked()).toBe(booked + 1);
    const url = `/api/Order/placeOrder/${orderId}/Cancel`;
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'POST', url, headers: customer.auth }),
      t.app.inject({ method: 'POST', url, headers: customer.auth }),
    ]);
    for (const res of [a, b]) expect(res.json()).toMatchObject({ Success: true, Data: true });
    expect(await orderRow(t.app, orderId)).toMatchObject({ status: 'CANCELLED', cancel_reason: 'Payment not completed' });
    expect(await stockOf(t.app, fish)).toEqual({ available: 10, reserved: 0, sold: 0 });
    expect(await customerBalances(t.app, customer)).toEqual({ wallet_balance: 10_000, loyalty_points: 50 });
    expect(await couponStatus(orderId)).toEqual(['RELEASED']);
    expect(await slotBooked()).toBe(booked);
    const ledger = await t.app.db.selectFrom('wallet_ledger').select('amount').where('customer_id', '=', customer.id).orderBy('id').execute();
    expect(ledger.map((l) => l.amount)).toEqual([10_000, -10_000, 10_000]);
  });

  it('refuses the checkout cancel once the order is placed', async () => {
    const fish = await addProduct(t.app, { sRate: 300, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    const created = await createOrder(t.app, customer, { deliveryId: slotId, addressId, paymentMethod: 'COD' });
    const orderId = created.json().Data.OrderId as number;
    await processOrder(t.app, customer, orderId);
    const res = await t.app.inject({ method: 'POST', url: `/api/Order/placeOrder/${orderId}/Cancel`, headers: customer.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('This order has already been placed; cancel it from My Orders.');
    expect((await orderRow(t.app, orderId)).status).toBe('PLACED');
  });

  it('cancelOrder of a paid order puts the units back and credits what was paid, wallet included, to the wallet', async () => {
    const fish = await addProduct(t.app, { sRate: 1000, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 1, walletPaise: 30_000, loyaltyPoints: 20, slotId });
    const created = await createOrder(t.app, customer, {
      deliveryId: slotId,
      addressId,
      isWalletAmount: true,
      isWalletLoyality: true,
      paymentMethod: 'ONLINE',
    });
    const orderId = created.json().Data.OrderId as number;
    // ₹1,000 - ₹300 wallet - ₹20 points = ₹680 online
    await t.app.db.updateTable('orders').set({ status: 'PACKED', payment_status: 'CAPTURED' }).where('id', '=', orderId).execute();
    await t.app.db.updateTable('branch_stock').set({ reserved: 0, sold: 1 }).where('product_id', '=', fish.productId).execute();
    const results = await Promise.all([
      cancelOrder(t.app, { orderId, actor: 'customer', customerId: customer.id, reason: 'Changed my mind' }),
      cancelOrder(t.app, { orderId, actor: 'shop', reason: 'Out of ice' }),
    ]);
    expect(results.map((r) => r.from).sort()).toEqual(['PACKED', null]);
    expect(results.find((r) => r.from)?.refundedToWallet).toBe(98_000);
    expect(await orderRow(t.app, orderId)).toMatchObject({ status: 'CANCELLED', payment_status: 'REFUNDED', refund_amount: 98_000 });
    expect(await stockOf(t.app, fish)).toEqual({ available: 10, reserved: 0, sold: 0 });
    expect(await customerBalances(t.app, customer)).toEqual({ wallet_balance: 98_000, loyalty_points: 20 });
  });

  it('cancelOrder refuses a customer once the order has left the shop, and moveOrderStatus follows the lifecycle', async () => {
    const fish = await addProduct(t.app, { sRate: 300, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    const created = await createOrder(t.app, customer, { deliveryId: slotId, addressId, paymentMethod: 'COD' });
    const orderId = created.json().Data.OrderId as number;
    await processOrder(t.app, customer, orderId);
    await expect(moveOrderStatus(t.app, { orderId, to: 'DELIVERED', actor: 'shop', note: 'skip' })).rejects.toThrow('cannot be moved to Delivered');
    await moveOrderStatus(t.app, { orderId, to: 'PACKED', actor: 'shop', note: 'Packed' });
    await moveOrderStatus(t.app, { orderId, to: 'OUT_FOR_DELIVERY', actor: 'shop', note: 'On the way' });
    await expect(cancelOrder(t.app, { orderId, actor: 'customer', customerId: customer.id, reason: 'late' })).rejects.toThrow('cannot be moved to Cancelled');
    await moveOrderStatus(t.app, { orderId, to: 'DELIVERED', actor: 'shop', note: 'Delivered' });
    expect(await orderRow(t.app, orderId)).toMatchObject({ status: 'DELIVERED', payment_status: 'CAPTURED' });
    expect((await orderRow(t.app, orderId)).delivered_at).not.toBeNull();
    const events = await t.app.db.selectFrom('order_events').select('status').where('order_id', '=', orderId).orderBy('id').execute();
    expect(events.map((e) => e.status)).toEqual(['AWAITING_PAYMENT', 'PLACED', 'PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED']);
    expect(
      pushes
        .filter((p) => p.type === 'OrderStatus' && (p.data as { OrderId: number }).OrderId === orderId)
        .map((p) => (p.data as { StatusCode: string }).StatusCode),
    ).toEqual(['PLACED', 'PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED']);
  });
});
