import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveOrderStatus } from '../../server/services/order-service.js';
import { pointValueOf } from '../../server/services/loyalty-value.js';
import { storeUpload } from '../../server/services/upload-service.js';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { PNG_1PX } from '../helpers/upload-fixtures.js';
import {
  addProduct,
  createOrder,
  customerBalances,
  openSlot,
  orderRow,
  processOrder,
  putInCart,
  readyCustomer,
  standardSettings,
  type Customer,
  type ProductFixture,
} from './order-fixtures.js';

/** Loyalty points are earned when an order is delivered, and a cancel or return reverses exactly what an order earned and spent. */

let t: TestApp;
let slotId: number;

beforeAll(async () => {
  t = await buildTestApp();
  await standardSettings(t.app);
  slotId = await openSlot(t.app, { capacity: 200 });
});
afterAll(async () => {
  await t?.close();
});

async function placeCod(customer: Customer, addressId: number, options: { points?: boolean } = {}): Promise<number> {
  const created = await createOrder(t.app, customer, { deliveryId: slotId, addressId, paymentMethod: 'COD', isWalletLoyality: options.points ?? false });
  expect(created.statusCode, created.body).toBe(200);
  const orderId = created.json().Data.OrderId as number;
  expect((await processOrder(t.app, customer, orderId)).json().Data.Status).toBe('PLACED');
  return orderId;
}

const move = (orderId: number, to: 'PACKED' | 'OUT_FOR_DELIVERY' | 'DELIVERED' | 'RETURNED' | 'REFUNDED') =>
  moveOrderStatus(t.app, { orderId, to, actor: 'shop', note: 'Moved by the shop' });

async function deliver(orderId: number): Promise<void> {
  for (const to of ['PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED'] as const) await move(orderId, to);
}

async function returnOrder(customer: Customer, orderId: number): Promise<void> {
  const photo = await storeUpload(t.app.db, t.config.dataDir, customer.id, PNG_1PX, { mime: 'image/png', ext: 'png' });
  const query = new URLSearchParams({ returnRemark: 'The fish was not fresh.', returnImage: photo.Url });
  const res = await t.app.inject({ method: 'PUT', url: `/api/Order/return/${orderId}?${query}`, headers: customer.auth });
  expect(res.statusCode, res.body).toBe(200);
  await move(orderId, 'RETURNED');
  await move(orderId, 'REFUNDED');
}

const cancel = (customer: Customer, orderId: number) => t.app.inject({ method: 'PUT', url: `/api/Order/cancel/${orderId}`, headers: customer.auth });

async function customerWithBasket(product: ProductFixture, qty: number, loyaltyPoints = 0) {
  return readyCustomer(t.app, { product, qty, slotId, loyaltyPoints });
}

describe('Loyalty points', () => {
  it('are earned when the order is delivered, one per full ₹100 paid, and never before', async () => {
    const fish = await addProduct(t.app, { name: 'Mackerel', sRate: 500, stock: 10 });
    const { customer, addressId } = await customerWithBasket(fish, 3);
    const orderId = await placeCod(customer, addressId); // ₹1,500, free delivery
    for (const to of ['PACKED', 'OUT_FOR_DELIVERY'] as const) {
      await move(orderId, to);
      expect((await customerBalances(t.app, customer)).loyalty_points).toBe(0);
    }
    await move(orderId, 'DELIVERED');
    expect(await customerBalances(t.app, customer)).toEqual({ wallet_balance: 0, loyalty_points: 15 });
    expect(await orderRow(t.app, orderId)).toMatchObject({ earned_points: 15, payment_status: 'CAPTURED' });
    const ledger = await t.app.db.selectFrom('loyalty_ledger').select(['points', 'reason']).where('order_id', '=', orderId).execute();
    expect(ledger).toEqual([{ points: 15, reason: `Earned on order ${(await orderRow(t.app, orderId)).order_no}` }]);
  });

  it('cannot be farmed: placing, spending and cancelling orders round after round leaves the customer where they began', async () => {
    const fish = await addProduct(t.app, { name: 'Seer fish', sRate: 537, stock: 100 });
    const { customer, addressId } = await customerWithBasket(fish, 1, 10);
    for (let round = 0; round < 3; round += 1) {
      if (round > 0) await putInCart(t.app, customer, fish, 1);
      const x = await placeCod(customer, addressId);
      await putInCart(t.app, customer, fish, 1);
      const y = await placeCod(customer, addressId, { points: true });
      expect((await cancel(customer, x)).statusCode).toBe(200);
      expect((await cancel(customer, y)).statusCode).toBe(200);
      expect(await customerBalances(t.app, customer)).toEqual({ wallet_balance: 0, loyalty_points: 10 });
    }
  });

  it('come back when an order that spent them is cancelled', async () => {
    const fish = await addProduct(t.app, { sRate: 400, stock: 10 });
    const { customer, addressId } = await customerWithBasket(fish, 1, 20);
    const orderId = await placeCod(customer, addressId, { points: true });
    expect((await customerBalances(t.app, customer)).loyalty_points).toBe(0);
    await move(orderId, 'PACKED');
    expect((await cancel(customer, orderId)).statusCode).toBe(200);
    expect(await customerBalances(t.app, customer)).toEqual({ wallet_balance: 0, loyalty_points: 20 });
  });

  it('a returned order gives back its money and points used, and takes back exactly the points it earned', async () => {
    const fish = await addProduct(t.app, { sRate: 500, stock: 10 });
    const { customer, addressId } = await customerWithBasket(fish, 3, 30);
    const orderId = await placeCod(customer, addressId, { points: true }); // ₹1,500 - 30 points = ₹1,470 cash
    await deliver(orderId);
    expect(await customerBalances(t.app, customer)).toEqual({ wallet_balance: 0, loyalty_points: 14 });
    await returnOrder(customer, orderId);
    expect(await customerBalances(t.app, customer)).toEqual({ wallet_balance: 147_000, loyalty_points: 30 });
    expect(await orderRow(t.app, orderId)).toMatchObject({ status: 'REFUNDED', refund_amount: 147_000, refund_withheld: 0, payment_status: 'REFUNDED' });
  });

  it('earned points already spent are charged against the refund at their value, so a return is never a gain', async () => {
    const fish = await addProduct(t.app, { sRate: 500, stock: 10 });
    const prawns = await addProduct(t.app, { sRate: 100, stock: 10 });
    const { customer, addressId } = await customerWithBasket(fish, 3);
    const x = await placeCod(customer, addressId); // ₹1,500 cash, earns 15 points
    await deliver(x);
    await putInCart(t.app, customer, prawns, 1);
    await placeCod(customer, addressId, { points: true }); // ₹100 + ₹49 delivery, 15 points (₹15) off
    expect(await customerBalances(t.app, customer)).toEqual({ wallet_balance: 0, loyalty_points: 0 });
    await returnOrder(customer, x);
    // ₹1,500 back, less the ₹15 the spent points were worth.
    expect(await customerBalances(t.app, customer)).toEqual({ wallet_balance: 148_500, loyalty_points: 0 });
    expect(await orderRow(t.app, x)).toMatchObject({ refund_amount: 148_500, refund_withheld: 1_500 });
  });

  it('are never worth more than the ₹100 that earns one', () => {
    expect(pointValueOf({ value: '25', active: 1 })).toBe(25);
    expect(pointValueOf({ value: '50000', active: 1 })).toBe(10_000);
    expect(pointValueOf({ value: '25', active: 0 })).toBe(100);
    expect(pointValueOf({ value: 'lots', active: 1 })).toBe(100);
    expect(pointValueOf(undefined)).toBe(100);
  });
});
