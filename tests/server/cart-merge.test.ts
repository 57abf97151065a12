import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import type { Cart } from '../../contract/cart.schemas.js';
import { F, lineOf, seedCartFixtures } from './cart-fixtures.js';

let t: TestApp;
let me: Awaited<ReturnType<typeof createCustomer>>;

beforeAll(async () => {
  t = await buildTestApp();
  await seedCartFixtures(t.app);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  me = await createCustomer(t.app);
});

function createLine(productId: number, variantId: number, qty: number, over: Record<string, unknown> = {}) {
  return {
    CustomerCartId: 0,
    CompanyId: 1,
    BranchId: F.branch,
    CartAddDate: new Date().toISOString(),
    CustomerId: me.id,
    ProductId: productId,
    VariantId: variantId,
    Qty: qty,
    ...over,
  };
}

async function merge(lines: unknown[], auth = me.auth) {
  const res = await t.app.inject({ method: 'POST', url: '/api/Cart', headers: auth, payload: lines });
  return { status: res.statusCode, body: res.json() as { Message: string; Data: Cart } };
}

const put = (productId: number, variantId: number, qtyChange: number) =>
  t.app.inject({ method: 'PUT', url: `/api/Cart/${F.branch}/${productId}/${variantId}?qtyChange=${qtyChange}&id=0`, headers: me.auth });

const quantities = (cart: Cart) => Object.fromEntries(cart.lines.map((l) => [`${l.productId}/${l.variantId}`, l.cartQty]));

describe('POST /api/Cart merges the local cart into the server cart', () => {
  it('keeps every line of both carts, takes the larger quantity of a shared line and caps at stock', async () => {
    await put(F.seer, 0, 3);
    await put(F.prawns, F.prawnsHalfKg, 1);
    const { status, body } = await merge([createLine(F.seer, 0, 2), createLine(F.prawns, F.prawnsHalfKg, 4), createLine(F.crab, 0, 9)]);
    expect(status).toBe(200);
    expect(body.Message).toBe('Cart updated');
    expect(quantities(body.Data)).toEqual({ [`${F.seer}/0`]: 3, [`${F.prawns}/${F.prawnsHalfKg}`]: 4, [`${F.crab}/0`]: 5 });
    expect(body.Data.subTotal).toBe(3 * 450 + 4 * 300 + 5 * 100);
    // Only the seer fish is on offer (500, offered at 450).
    expect(body.Data.savings).toBe(3 * 50);
  });

  it('does not double anything when the same local cart is synced twice', async () => {
    const local = [createLine(F.seer, 0, 2), createLine(F.crab, 0, 1)];
    const first = await merge(local);
    const second = await merge(local);
    expect(quantities(second.body.Data)).toEqual(quantities(first.body.Data));
    expect(quantities(second.body.Data)).toEqual({ [`${F.seer}/0`]: 2, [`${F.crab}/0`]: 1 });
  });

  it('takes the larger quantity when the same line appears twice in one request', async () => {
    const { body } = await merge([createLine(F.seer, 0, 2), createLine(F.seer, 0, 6)]);
    expect(lineOf(body.Data.lines, F.seer)?.cartQty).toBe(6);
  });

  it('adds what can be bought and names what it skipped', async () => {
    const { status, body } = await merge([
      createLine(F.seer, 0, 1),
      createLine(F.retired, 0, 1),
      createLine(F.prawns, F.prawnsSoldOut, 1),
      createLine(F.seer, F.prawnsHalfKg, 1),
    ]);
    expect(status).toBe(200);
    expect(quantities(body.Data)).toEqual({ [`${F.seer}/0`]: 1 });
    expect(body.Message).toContain('Retired Fish: This product is not available now.');
    expect(body.Message).toContain('Tiger Prawns: This product is out of stock.');
    expect(body.Message).toContain('Seer Fish has no variants');
  });

  it.each([
    ['another customer’s id', { CustomerId: 999999 }, 403, /your own cart/],
    ['another company’s id', { CompanyId: F.otherCompany }, 403, /another shop/],
    ['another company’s branch', { BranchId: F.otherBranch }, 404, /Branch 902 was not found/],
    ['a quantity of 0', { Qty: 0 }, 400, /Qty/],
    ['a missing product id', { ProductId: undefined }, 400, /ProductId is required/],
  ])('refuses a line with %s and changes nothing', async (_name, over, status, message) => {
    const { status: got, body } = await merge([createLine(F.seer, 0, 1), createLine(F.crab, 0, 1, over)]);
    expect(got).toBe(status);
    expect(body.Message).toMatch(message);
    const cart = await t.app.inject({ method: 'GET', url: `/api/Cart?branchId=${F.branch}`, headers: me.auth });
    expect(cart.json().Data.lines).toEqual([]);
  });

  it('answers the current cart for an empty list', async () => {
    await put(F.crab, 0, 2);
    const { status, body } = await merge([]);
    expect(status).toBe(200);
    expect(body.Data.totalQty).toBe(0);
    const explicit = await t.app.inject({ method: 'POST', url: `/api/Cart?branchId=${F.branch}`, headers: me.auth, payload: [] });
    expect(explicit.json().Data.totalQty).toBe(2);
  });
});

describe('concurrent quantity changes on one line', () => {
  it('counts every one of 20 parallel +1 presses', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => put(F.seer, 0, 1)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const cart = await t.app.inject({ method: 'GET', url: `/api/Cart?branchId=${F.branch}`, headers: me.auth });
    expect(lineOf((cart.json().Data as Cart).lines, F.seer)?.cartQty).toBe(20);
  });

  it('stops exactly at the stock when 20 parallel presses race for 5 units', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => put(F.crab, 0, 1)));
    const accepted = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 400);
    expect(accepted).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.json().Message).toBe('Only 5 left in stock.');
    const cart = await t.app.inject({ method: 'GET', url: `/api/Cart?branchId=${F.branch}`, headers: me.auth });
    expect(lineOf((cart.json().Data as Cart).lines, F.crab)?.cartQty).toBe(5);
  });

  it('loses no update when increases and decreases interleave', async () => {
    await put(F.seer, 0, 10);
    const changes = [...Array(12).fill(1), ...Array(8).fill(-1)] as number[];
    await Promise.all(changes.map((delta) => put(F.seer, 0, delta)));
    const cart = await t.app.inject({ method: 'GET', url: `/api/Cart?branchId=${F.branch}`, headers: me.auth });
    expect(lineOf((cart.json().Data as Cart).lines, F.seer)?.cartQty).toBe(14);
  });
});
