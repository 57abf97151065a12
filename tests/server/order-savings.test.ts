/**
 * An order's `Savings`: what the offer rates (the selling rate kept on each line as it was
 * ordered) and the coupon took off. A later price change does not rewrite it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCoupon, addProduct, createOrder, processOrder, readyCustomer, startMoneyShop, type Customer } from './order-fixtures.js';
import type { TestApp } from '../helpers/server-app.js';

let t: TestApp & { base: string };
let slotId: number;

beforeAll(async () => {
  ({ t, slotId } = await startMoneyShop());
});
afterAll(() => t.close());

const detail = async (customer: Customer, orderId: number) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/Order/${orderId}`, headers: customer.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Data as { Savings: number; DiscountAmount: number; Items: { Rate: number }[] };
};

describe('Order savings', () => {
  it('adds up what the offer rate and the coupon took off, and keeps it after the price changes', async () => {
    const offered = await addProduct(t.app, { sRate: 600, oRate: 540, stock: 20 });
    await addCoupon(t.app, { code: 'SAVE50', type: 'FLAT', value: 5000, minOrder: 10_000 });
    const { customer, addressId } = await readyCustomer(t.app, { product: offered, qty: 3, slotId });
    const created = await createOrder(t.app, customer, { deliveryId: slotId, addressId, couponCode: 'SAVE50', paymentMethod: 'COD' });
    expect(created.statusCode, created.body).toBe(200);
    const orderId = created.json().Data.OrderId as number;
    expect((await processOrder(t.app, customer, orderId)).statusCode).toBe(200);

    const order = await detail(customer, orderId);
    expect(order.DiscountAmount).toBe(50);
    expect(order.Savings).toBe(3 * 60 + 50);

    await t.app.db.updateTable('branch_stock').set({ s_rate: 99_900, o_rate: null }).where('product_id', '=', offered.productId).execute();
    expect((await detail(customer, orderId)).Savings, 'the order keeps the rates it was bought at').toBe(3 * 60 + 50);
  });

  it('is 0 for an order without offer or coupon', async () => {
    const plain = await addProduct(t.app, { sRate: 250, stock: 20 });
    const { customer, addressId } = await readyCustomer(t.app, { product: plain, qty: 2, slotId });
    const created = await createOrder(t.app, customer, { deliveryId: slotId, addressId, paymentMethod: 'COD' });
    const orderId = created.json().Data.OrderId as number;
    expect((await detail(customer, orderId)).Savings).toBe(0);
  });

  it('counts no offer saving on a line ordered before the selling rate was kept', async () => {
    const offered = await addProduct(t.app, { sRate: 400, oRate: 300, stock: 20 });
    const { customer, addressId } = await readyCustomer(t.app, { product: offered, qty: 1, slotId });
    const created = await createOrder(t.app, customer, { deliveryId: slotId, addressId, paymentMethod: 'COD' });
    const orderId = created.json().Data.OrderId as number;
    await t.app.db.updateTable('order_items').set({ list_rate: null }).where('order_id', '=', orderId).execute();
    expect((await detail(customer, orderId)).Savings).toBe(0);
  });
});
