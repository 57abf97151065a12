import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import type { Cart } from '../../contract/cart.schemas.js';
import type { CustomerChange } from '../../server/hub/live-updates.js';
import { F, lineOf, seedCartFixtures } from './cart-fixtures.js';

let t: TestApp;
let me: Awaited<ReturnType<typeof createCustomer>>;
const pushes: CustomerChange[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await seedCartFixtures(t.app);
  t.app.live.onCustomer((change) => pushes.push(change));
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  // A fresh customer per test: an empty cart, and no test leans on another's lines.
  me = await createCustomer(t.app);
  pushes.length = 0;
});

async function put(path: string, qtyChange: number, auth = me.auth) {
  const res = await t.app.inject({ method: 'PUT', url: `/api/Cart/${path}?qtyChange=${qtyChange}&id=0&pageNumber=1&pageSize=10`, headers: auth });
  return { status: res.statusCode, body: res.json() as { Success: boolean; Message: string; Data: Cart } };
}

async function getCart(auth = me.auth): Promise<Cart> {
  const res = await t.app.inject({ method: 'GET', url: `/api/Cart?branchId=${F.branch}`, headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json().Data;
}

describe('PUT /api/Cart/{branchId}/{productId}/{variantId}', () => {
  it('adds a line, values it at the offer rate and tells the customer’s live connections', async () => {
    const { status, body } = await put(`${F.branch}/${F.seer}/0`, 2);
    expect(status).toBe(200);
    const line = lineOf(body.Data.lines, F.seer);
    expect(line).toMatchObject({ cartQty: 2, sRate: 500, oRate: 450, lineValue: 900, problem: null, name: 'Seer Fish', branchId: F.branch });
    // 500 a piece, on offer at 450: 100 saved on two.
    expect(body.Data).toMatchObject({ totalQty: 2, subTotal: 900, savings: 100 });
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ customerId: me.id, type: 'CartDetails', data: { totalQty: 2, subTotal: 900, savings: 100 } });
  });

  it('values a line without an offer at the selling rate and carries the product’s variants', async () => {
    const { body } = await put(`${F.branch}/${F.prawns}/${F.prawnsHalfKg}`, 3);
    const line = lineOf(body.Data.lines, F.prawns, F.prawnsHalfKg);
    expect(line).toMatchObject({ cartQty: 3, sRate: 300, oRate: null, lineValue: 900, variantName: '500 g', isVariantEnabled: true });
    expect(line?.variants.map((v) => v.variantId)).toEqual([F.prawnsHalfKg, F.prawnsInactive, F.prawnsSoldOut]);
  });

  it.each([
    ['a variant id on a product without variants', `${F.seer}/${F.prawnsHalfKg}`, 400, /Seer Fish has no variants/],
    ['no variant on a product with variants', `${F.prawns}/0`, 400, /choose a variant of Tiger Prawns/],
    ['a variant of another product', `${F.prawns}/12345`, 400, /not a variant of Tiger Prawns/],
    ['a variant that belongs to another product', `${F.prawns}/1`, 400, /^Variant 1 is not a variant of Tiger Prawns\.$/],
    ['an inactive product', `${F.retired}/0`, 400, /^This product is not available now\.$/],
    ['an inactive variant', `${F.prawns}/${F.prawnsInactive}`, 400, /^This product is not available now\.$/],
    ['a product switched off in the branch', `${F.squid}/0`, 400, /^This product is not available now\.$/],
    ['a sold-out variant', `${F.prawns}/${F.prawnsSoldOut}`, 400, /^This product is out of stock\.$/],
    ['more than the stock', `${F.crab}/0?qtyChange=6`, 400, /^Only 5 left in stock\.$/],
    ['an unknown product', `777777/0`, 404, /Product 777777 was not found/],
  ])('refuses %s with a clear message', async (_name, path, status, message) => {
    const [line, query] = path.split('?');
    const qty = query ? Number(query.split('=')[1]) : 1;
    const res = await put(`${F.branch}/${line}`, qty);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ Success: false, Data: null });
    expect(res.body.Message).toMatch(message);
    expect((await getCart()).lines).toEqual([]);
    expect(pushes).toEqual([]);
  });

  it('lets a line reach the stock exactly, then refuses one more and keeps the quantity', async () => {
    expect((await put(`${F.branch}/${F.crab}/0`, 5)).status).toBe(200);
    const refused = await put(`${F.branch}/${F.crab}/0`, 1);
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe('Only 5 left in stock.');
    expect(lineOf((await getCart()).lines, F.crab)?.cartQty).toBe(5);
  });

  it('takes units off and removes the line when it falls below 1; another decrease is harmless', async () => {
    await put(`${F.branch}/${F.seer}/0`, 3);
    expect(lineOf((await put(`${F.branch}/${F.seer}/0`, -1)).body.Data.lines, F.seer)?.cartQty).toBe(2);
    const emptied = await put(`${F.branch}/${F.seer}/0`, -5);
    expect(emptied.status).toBe(200);
    expect(emptied.body.Data).toEqual({ lines: [], totalQty: 0, subTotal: 0, savings: 0 });
    expect((await put(`${F.branch}/${F.seer}/0`, -1)).status).toBe(200);
  });

  it.each([
    ['an unknown branch', `/api/Cart/555/${F.seer}/0?qtyChange=1`, 404, /Branch 555 was not found/],
    ['another shop’s branch', `/api/Cart/${F.otherBranch}/${F.seer}/0?qtyChange=1`, 404, /Branch 902 was not found/],
    ['a missing qtyChange', `/api/Cart/${F.branch}/${F.seer}/0`, 400, /qtyChange is required/],
    ['a fractional qtyChange', `/api/Cart/${F.branch}/${F.seer}/0?qtyChange=1.5`, 400, /qtyChange/],
    ['a negative variant id', `/api/Cart/${F.branch}/${F.seer}/-1?qtyChange=1`, 400, /variantId/],
  ])('answers %s with %i', async (_name, url, status, message) => {
    const res = await t.app.inject({ method: 'PUT', url, headers: me.auth });
    expect(res.statusCode).toBe(status);
    expect(res.json().Message).toMatch(message);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/Cart/${F.branch}/${F.seer}/0?qtyChange=1` });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /api/Cart/{branchId}/{productId}/{variantId} and GET /api/Cart', () => {
  it('removes only that line of the caller’s cart', async () => {
    const other = await createCustomer(t.app);
    await put(`${F.branch}/${F.seer}/0`, 1);
    await put(`${F.branch}/${F.crab}/0`, 2);
    await put(`${F.branch}/${F.seer}/0`, 4, other.auth);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/Cart/${F.branch}/${F.seer}/0`, headers: me.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().Data.lines.map((l: { productId: number }) => l.productId)).toEqual([F.crab]);
    expect(lineOf((await getCart(other.auth)).lines, F.seer)?.cartQty).toBe(4);
    expect(pushes.at(-1)).toMatchObject({ customerId: me.id, type: 'CartDetails', data: { totalQty: 2 } });
  });

  it('flags lines that went inactive or out of stock, values them 0 and leaves them out of the totals', async () => {
    await put(`${F.branch}/${F.seer}/0`, 2);
    await put(`${F.branch}/${F.crab}/0`, 1);
    await put(`${F.branch}/${F.prawns}/${F.prawnsHalfKg}`, 1);
    await t.app.db.updateTable('products').set({ active: 0 }).where('id', '=', F.seer).execute();
    await t.app.db.updateTable('branch_stock').set({ available: 0 }).where('product_id', '=', F.crab).execute();
    try {
      const cart = await getCart();
      expect(lineOf(cart.lines, F.seer)).toMatchObject({ problem: 'This product is not available now.', lineValue: 0, active: false });
      expect(lineOf(cart.lines, F.crab)).toMatchObject({ problem: 'This product is out of stock.', lineValue: 0, isStockAvailable: false });
      expect(cart).toMatchObject({ totalQty: 1, subTotal: 300 });
    } finally {
      await t.app.db.updateTable('products').set({ active: 1 }).where('id', '=', F.seer).execute();
      await t.app.db.updateTable('branch_stock').set({ available: 5 }).where('product_id', '=', F.crab).execute();
    }
  });

  it('pages the lines when asked while the totals still cover the whole cart', async () => {
    await put(`${F.branch}/${F.seer}/0`, 1);
    await put(`${F.branch}/${F.crab}/0`, 1);
    const res = await t.app.inject({ method: 'GET', url: `/api/Cart?branchId=${F.branch}&pageNumber=2&pageSize=1`, headers: me.auth });
    expect(res.json()).toMatchObject({ TotalCount: 2, Data: { totalQty: 2, subTotal: 550 } });
    expect(res.json().Data.lines.map((l: { productId: number }) => l.productId)).toEqual([F.crab]);
  });
});
