import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import {
  addAddress,
  addCoupon,
  addProduct,
  cartCount,
  createOrder,
  customerBalances,
  openSlot,
  orderRow,
  putInCart,
  readyCustomer,
  standardSettings,
  stockOf,
} from './order-fixtures.js';

let t: TestApp;
let slotId: number;

beforeAll(async () => {
  t = await buildTestApp({ abandonedOrderMinutes: 20 });
  await standardSettings(t.app);
  slotId = await openSlot(t.app, { capacity: 100 });
  await addCoupon(t.app, { code: 'TESTFLAT50', type: 'FLAT', value: 5_000 });
});
afterAll(async () => {
  await t?.close();
});

const slotBooked = async (id: number) => (await t.app.db.selectFrom('delivery_slots').select('booked').where('id', '=', id).executeTakeFirstOrThrow()).booked;

describe('POST /api/Order/summary creates the order awaiting payment', () => {
  it('reserves stock, books the slot, takes wallet and points, reserves the coupon, snapshots the order and empties the cart', async () => {
    const fish = await addProduct(t.app, { name: 'Pomfret', sRate: 600, oRate: 550, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 2, walletPaise: 20_000, loyaltyPoints: 100, slotId });
    const bookedBefore = await slotBooked(slotId);
    const started = Date.now();
    const res = await createOrder(t.app, customer, {
      deliveryId: slotId,
      addressId,
      couponCode: 'testflat50',
      isWalletAmount: true,
      isWalletLoyality: true,
      paymentMethod: 'ONLINE',
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().Data;
    // ₹1,100 - ₹50 coupon + ₹0 delivery (≥ ₹999) - ₹200 wallet - 100 points (₹100) = ₹750
    expect(data).toMatchObject({ NetAmount: 750, PaymentMethod: 'ONLINE', OrderStatus: 'Awaiting Payment', StatusCode: 'AWAITING_PAYMENT' });
    expect(data.OrderNo).toMatch(new RegExp(`^SH\\d{8}${String(data.OrderId).padStart(5, '0')}$`));

    const order = await orderRow(t.app, data.OrderId);
    expect(order).toMatchObject({
      gross_amount: 110_000,
      discount_amount: 5_000,
      delivery_charge: 0,
      wallet_amount: 20_000,
      loyalty_points: 100,
      loyalty_amount: 10_000,
      net_amount: 75_000,
      coupon_code: 'TESTFLAT50',
      delivery_slot_id: slotId,
      customer_id: customer.id,
    });
    expect(JSON.parse(order.address_json)).toMatchObject({ City: 'Kochi', Pincode: '682001', Name: 'Asha Menon' });
    const expiresIn = Date.parse(order.expires_at ?? '') - started;
    expect(expiresIn).toBeGreaterThan(19 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(20 * 60_000 + 5_000);

    expect(await stockOf(t.app, fish)).toEqual({ available: 8, reserved: 2, sold: 0 });
    expect(await slotBooked(slotId)).toBe(bookedBefore + 1);
    expect(await customerBalances(t.app, customer)).toEqual({ wallet_balance: 0, loyalty_points: 0 });
    const redemptions = await t.app.db.selectFrom('coupon_redemptions').select(['status', 'customer_id']).where('order_id', '=', order.id).execute();
    expect(redemptions).toEqual([{ status: 'RESERVED', customer_id: customer.id }]);
    const items = await t.app.db.selectFrom('order_items').select(['item_name', 'qty', 'rate', 'value']).where('order_id', '=', order.id).execute();
    expect(items).toEqual([{ item_name: 'Pomfret', qty: 2, rate: 55_000, value: 110_000 }]);
    const events = await t.app.db.selectFrom('order_events').select(['status', 'actor']).where('order_id', '=', order.id).execute();
    expect(events).toEqual([{ status: 'AWAITING_PAYMENT', actor: 'customer' }]);
    expect(await cartCount(t.app, customer)).toBe(0);
  });

  it('refuses with "Only N left of X" when a line cannot be reserved, and changes nothing', async () => {
    const plenty = await addProduct(t.app, { name: 'Sardines', sRate: 120, stock: 50 });
    const scarce = await addProduct(t.app, { name: 'King fish', sRate: 800, stock: 3 });
    const { customer, addressId } = await readyCustomer(t.app, { product: plenty, qty: 5, walletPaise: 10_000, slotId });
    await putInCart(t.app, customer, scarce, 4);
    const bookedBefore = await slotBooked(slotId);
    const res = await createOrder(t.app, customer, { deliveryId: slotId, addressId, couponCode: 'TESTFLAT50', isWalletAmount: true, paymentMethod: 'ONLINE' });
    expect(res.statusCode).toBe(409);
    expect(res.json().Message).toBe('Only 3 left of King fish.');
    expect(await stockOf(t.app, plenty)).toEqual({ available: 50, reserved: 0, sold: 0 });
    expect(await stockOf(t.app, scarce)).toEqual({ available: 3, reserved: 0, sold: 0 });
    expect(await slotBooked(slotId)).toBe(bookedBefore);
    expect(await customerBalances(t.app, customer)).toEqual({ wallet_balance: 10_000, loyalty_points: 0 });
    expect(await cartCount(t.app, customer)).toBe(2);
    const orders = await t.app.db.selectFrom('orders').select('id').where('customer_id', '=', customer.id).execute();
    expect(orders).toEqual([]);
  });

  it("refuses an address that is not the caller's", async () => {
    const fish = await addProduct(t.app, { sRate: 300, stock: 5 });
    const { customer } = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    const stranger = await createCustomer(t.app);
    const theirs = await addAddress(t.app, stranger);
    const res = await createOrder(t.app, customer, { deliveryId: slotId, addressId: theirs, paymentMethod: 'COD' });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('That delivery address was not found. Please choose another.');
  });

  it('books a slot only while it has room', async () => {
    const fish = await addProduct(t.app, { sRate: 300, stock: 5 });
    const small = await openSlot(t.app, { index: 2, capacity: 1 });
    const first = await readyCustomer(t.app, { product: fish, qty: 1, slotId: small });
    const second = await readyCustomer(t.app, { product: fish, qty: 1, slotId: small });
    expect((await createOrder(t.app, first.customer, { deliveryId: small, addressId: first.addressId, paymentMethod: 'COD' })).statusCode).toBe(200);
    const res = await createOrder(t.app, second.customer, { deliveryId: small, addressId: second.addressId, paymentMethod: 'COD' });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('That delivery slot is no longer available.');
    expect(await stockOf(t.app, fish)).toEqual({ available: 4, reserved: 1, sold: 0 });
  });

  it('answers a retried request with the same Idempotency-Key with the order it created, once', async () => {
    const fish = await addProduct(t.app, { sRate: 300, stock: 5 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 2, walletPaise: 5_000, slotId });
    const body = { deliveryId: slotId, addressId, isWalletAmount: true, paymentMethod: 'ONLINE' as const };
    const key = { 'idempotency-key': `attempt-${customer.id}` };
    const [a, b] = await Promise.all([createOrder(t.app, customer, body, key), createOrder(t.app, customer, body, key)]);
    const c = await createOrder(t.app, customer, body, key);
    for (const res of [a, b, c]) expect(res.statusCode).toBe(200);
    expect(new Set([a, b, c].map((r) => r.json().Data.OrderId)).size).toBe(1);
    expect(await stockOf(t.app, fish)).toEqual({ available: 3, reserved: 2, sold: 0 });
    expect(await customerBalances(t.app, customer)).toMatchObject({ wallet_balance: 0 });
    const ledger = await t.app.db.selectFrom('wallet_ledger').select('amount').where('customer_id', '=', customer.id).execute();
    expect(ledger.map((l) => l.amount)).toEqual([5_000, -5_000]);
  });

  it('lets only one of two customers racing for the last unit have it', async () => {
    const last = await addProduct(t.app, { name: 'Lobster', sRate: 1500, stock: 1 });
    const a = await readyCustomer(t.app, { product: last, qty: 1, slotId });
    const b = await readyCustomer(t.app, { product: last, qty: 1, slotId });
    const results = await Promise.all([
      createOrder(t.app, a.customer, { deliveryId: slotId, addressId: a.addressId, paymentMethod: 'ONLINE' }),
      createOrder(t.app, b.customer, { deliveryId: slotId, addressId: b.addressId, paymentMethod: 'ONLINE' }),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    // Whoever comes second finds the fish gone: at pricing (400) or at the reservation (409).
    expect([400, 409]).toContain(statuses[1]);
    expect(results.find((r) => r.statusCode !== 200)?.json().Message).toMatch(
      /Lobster is out of stock\.|None of the items in your cart can be ordered right now\./,
    );
    const orders = await t.app.db.selectFrom('order_items').select('order_id').where('product_id', '=', last.productId).execute();
    expect(orders).toHaveLength(1);
    expect(await stockOf(t.app, last)).toEqual({ available: 0, reserved: 1, sold: 0 });
  });

  it.each([
    [{ addressId: 1, paymentMethod: 'CARD' }, /paymentMethod/],
    [{ deliveryId: 0, addressId: 1, paymentMethod: 'COD' }, /deliveryId/],
    [{ deliveryId: 1, paymentMethod: 'COD' }, /addressId is required/],
  ])('answers 400 for the body %j', async (body, message) => {
    const customer = await createCustomer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/Order/summary?branchId=1', headers: customer.auth, payload: { deliveryId: slotId, ...body } });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toMatch(message);
  });
});
