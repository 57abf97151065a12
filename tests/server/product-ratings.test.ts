/**
 * A product's rating comes from the reviews of the delivered orders that held it: each reviewed
 * order counts once per product, a deleted review no longer counts, and lists, product pages and
 * the live hub carry it as soon as a review is saved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueChange } from '../../server/hub/live-updates.js';
import { createCustomer } from '../helpers/customers.js';
import { insertOrder } from '../helpers/order-fixtures.js';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { addProduct, type ProductFixture } from './order-fixtures.js';

interface Rated {
  productId: number;
  rating?: number;
  ratingCount?: number;
}

let t: TestApp;
const announced: CatalogueChange[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  t.app.live.onCatalogue((change) => announced.push(change));
});
afterAll(() => t.close());

type Customer = Awaited<ReturnType<typeof createCustomer>>;

/** A delivered order of the customer holding the products (one line each). */
async function deliveredOrder(customer: Customer, products: ProductFixture[]): Promise<number> {
  const { id } = await insertOrder(t.app, { customerId: customer.id, status: 'DELIVERED' });
  const [first, ...more] = products;
  if (!first) throw new Error('an order needs a product');
  await t.app.db.updateTable('order_items').set({ product_id: first.productId }).where('order_id', '=', id).execute();
  for (const product of more) {
    await t.app.db
      .insertInto('order_items')
      .values({
        order_id: id,
        product_id: product.productId,
        variant_id: 0,
        item_name: product.name,
        variant_name: '',
        image: '',
        qty: 1,
        rate: 100,
        value: 100,
      })
      .execute();
  }
  return id;
}

const review = (customer: Customer, orderId: number, rating: number) =>
  t.app.inject({ method: 'PUT', url: `/api/Order/review/${orderId}?rating=${rating}&review=Fresh`, headers: customer.auth });

async function listed(productId: number): Promise<Rated> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products?companyId=1&branchId=1&pageSize=100&search=${encodeURIComponent('Test fish')}` });
  expect(res.statusCode, res.body).toBe(200);
  const item = (res.json().Data as Rated[]).find((p) => p.productId === productId);
  if (!item) throw new Error(`product ${productId} is not listed`);
  return item;
}

async function detail(productId: number): Promise<Rated> {
  const res = await t.app.inject({ method: 'GET', url: `/api/Product/detail/${productId}?branchId=1` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Data as Rated;
}

describe('product ratings from order reviews', () => {
  it('averages the reviews of the orders that held the product, on lists and the product page, and announces the change', async () => {
    const [asha, ravi] = [await createCustomer(t.app), await createCustomer(t.app)];
    const product = await addProduct(t.app, { sRate: 400, stock: 50 });
    const unrated = await addProduct(t.app, { sRate: 300, stock: 50 });
    const first = await deliveredOrder(asha, [product]);
    const second = await deliveredOrder(ravi, [product, unrated]);

    expect(await listed(product.productId)).not.toHaveProperty('rating');
    expect((await review(asha, first, 5)).statusCode).toBe(200);
    expect(announced.some((c) => c.type === 'Product' && c.ids.includes(product.productId))).toBe(true);
    expect(await listed(product.productId)).toMatchObject({ rating: 5, ratingCount: 1 });

    expect((await review(ravi, second, 4)).statusCode).toBe(200);
    expect(await listed(product.productId)).toMatchObject({ rating: 4.5, ratingCount: 2 });
    expect(await detail(product.productId)).toMatchObject({ rating: 4.5, ratingCount: 2 });
    expect(await listed(unrated.productId)).toMatchObject({ rating: 4, ratingCount: 1 });

    // Saving the review again replaces it: still two reviews.
    expect((await review(ravi, second, 2)).statusCode).toBe(200);
    expect(await listed(product.productId)).toMatchObject({ rating: 3.5, ratingCount: 2 });

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/Order/review/${second}`, headers: ravi.auth });
    expect(deleted.statusCode).toBe(200);
    expect(await listed(product.productId)).toMatchObject({ rating: 5, ratingCount: 1 });
    expect(await listed(unrated.productId)).not.toHaveProperty('rating');
  });

  it('counts an order once per product whatever its lines, and rounds to one decimal', async () => {
    const customers = [await createCustomer(t.app), await createCustomer(t.app), await createCustomer(t.app)];
    const product = await addProduct(t.app, { sRate: 250, stock: 50 });
    const orders = [
      await deliveredOrder(customers[0]!, [product, product]),
      await deliveredOrder(customers[1]!, [product]),
      await deliveredOrder(customers[2]!, [product]),
    ];
    for (const [i, rating] of [5, 4, 4].entries()) expect((await review(customers[i]!, orders[i]!, rating)).statusCode).toBe(200);
    expect(await listed(product.productId)).toMatchObject({ rating: 4.3, ratingCount: 3 });
  });

  it('refuses a rating outside 1 to 5 and changes no rating', async () => {
    const customer = await createCustomer(t.app);
    const product = await addProduct(t.app, { sRate: 150, stock: 50 });
    const order = await deliveredOrder(customer, [product]);
    for (const rating of [0, 6, 2.5]) expect((await review(customer, order, rating)).statusCode, String(rating)).toBe(400);
    expect(await listed(product.productId)).not.toHaveProperty('rating');
  });
});
