/**
 * POST /api/Order/reorder/{id}: an order's lines go back into the cart of its branch with the
 * quantities bought, capped at stock; what cannot be bought now is named; asking twice adds
 * nothing twice; nobody can reorder another customer's order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerChange } from '../../server/hub/live-updates.js';
import { createCustomer } from '../helpers/customers.js';
import { addProduct, cartCount, createOrder, processOrder, readyCustomer, startMoneyShop, type Customer, type ProductFixture } from './order-fixtures.js';
import type { TestApp } from '../helpers/server-app.js';

interface Reordered {
  Cart: { lines: { productId: number; cartQty: number; problem: string | null }[]; totalQty: number };
  Unavailable: string[];
}

let t: TestApp & { base: string };
let slotId: number;
let pushes: CustomerChange[];

beforeAll(async () => {
  ({ t, slotId, pushes } = await startMoneyShop());
});
afterAll(() => t.close());

/** A customer who bought `qty` of each product (cash on delivery); the cart is empty afterwards. */
async function boughtBefore(lines: { product: ProductFixture; qty: number }[]): Promise<{ customer: Customer; orderId: number }> {
  const [first, ...rest] = lines;
  if (!first) throw new Error('an order needs a line');
  const { customer, addressId } = await readyCustomer(t.app, { product: first.product, qty: first.qty, slotId });
  for (const line of rest) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/Cart/1/${line.product.productId}/0?qtyChange=${line.qty}&id=0&pageNumber=1&pageSize=10`,
      headers: customer.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const created = await createOrder(t.app, customer, { deliveryId: slotId, addressId, paymentMethod: 'COD' });
  expect(created.statusCode, created.body).toBe(200);
  const orderId = created.json().Data.OrderId as number;
  const placed = await processOrder(t.app, customer, orderId);
  expect(placed.statusCode, placed.body).toBe(200);
  expect(await cartCount(t.app, customer)).toBe(0);
  return { customer, orderId };
}

const reorder = (customer: Customer, orderId: number | string) =>
  t.app.inject({ method: 'POST', url: `/api/Order/reorder/${orderId}`, headers: customer.auth });

const setAvailable = (product: ProductFixture, available: number) =>
  t.app.db.updateTable('branch_stock').set({ available, reserved: 0 }).where('product_id', '=', product.productId).where('branch_id', '=', 1).execute();

describe('POST /api/Order/reorder/{id}', () => {
  it('puts every line back with the quantity bought, tells the customer’s other tabs, and adds nothing twice', async () => {
    const [seer, prawns] = [await addProduct(t.app, { sRate: 500, stock: 20 }), await addProduct(t.app, { sRate: 300, stock: 20 })];
    const { customer, orderId } = await boughtBefore([
      { product: seer, qty: 2 },
      { product: prawns, qty: 3 },
    ]);
    const pushedBefore = pushes.length;

    const first = await reorder(customer, orderId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().Message).toBe('Added to your cart.');
    const data = first.json().Data as Reordered;
    expect(data.Unavailable).toEqual([]);
    expect(data.Cart.lines.map((l) => [l.productId, l.cartQty]).sort()).toEqual(
      [
        [seer.productId, 2],
        [prawns.productId, 3],
      ].sort(),
    );
    expect(data.Cart.totalQty).toBe(5);
    expect(pushes.slice(pushedBefore).some((p) => p.customerId === customer.id && p.type === 'CartDetails')).toBe(true);

    const again = await reorder(customer, orderId);
    expect((again.json().Data as Reordered).Cart.totalQty, 'a second tap adds nothing twice').toBe(5);
  });

  it('caps a line at what is in stock and names the line that cannot be bought now', async () => {
    const [scarce, gone] = [await addProduct(t.app, { sRate: 200, stock: 20 }), await addProduct(t.app, { sRate: 250, stock: 20, name: 'Grouper – Kalava' })];
    const { customer, orderId } = await boughtBefore([
      { product: scarce, qty: 4 },
      { product: gone, qty: 1 },
    ]);
    await setAvailable(scarce, 1);
    await setAvailable(gone, 0);

    const res = await reorder(customer, orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Message).toBe('Added to your cart, except 1 item that is not available now.');
    const data = res.json().Data as Reordered;
    expect(data.Cart.lines.map((l) => [l.productId, l.cartQty])).toEqual([[scarce.productId, 1]]);
    expect(data.Unavailable).toHaveLength(1);
    expect(data.Unavailable[0]).toMatch(/^Grouper – Kalava: /);
  });

  it('says so when nothing of the order can be bought, and adds nothing', async () => {
    const product = await addProduct(t.app, { sRate: 150, stock: 20 });
    const { customer, orderId } = await boughtBefore([{ product, qty: 1 }]);
    await t.app.db.updateTable('products').set({ active: 0 }).where('id', '=', product.productId).execute();
    const res = await reorder(customer, orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Message).toBe('None of this order’s items can be bought right now.');
    expect(await cartCount(t.app, customer)).toBe(0);
  });

  it('refuses another customer’s order as not found and changes no cart', async () => {
    const product = await addProduct(t.app, { sRate: 150, stock: 20 });
    const { customer: owner, orderId } = await boughtBefore([{ product, qty: 2 }]);
    const stranger = await createCustomer(t.app);
    const res = await reorder(stranger, orderId);
    expect(res.statusCode).toBe(404);
    expect(res.json().Message).toBe('That order was not found.');
    expect(await cartCount(t.app, stranger)).toBe(0);
    expect(await cartCount(t.app, owner)).toBe(0);
  });

  it('answers a bad id or no session with a clear error', async () => {
    const customer = await createCustomer(t.app);
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const res = await reorder(customer, id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().Success).toBe(false);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/Order/reorder/1' });
    expect(anonymous.statusCode).toBe(401);
  });
});
