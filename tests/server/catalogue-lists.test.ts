import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { PRODUCTS } from '../../server/db/seed/catalogue-data.js';
import type { Product } from '../../contract/catalogue.schemas.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Seeded product id of a catalogue key (ids follow the order of the seed list). */
const idOf = (key: string): number => PRODUCTS.findIndex((p) => p.key === key) + 1;

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() };
}

async function allProducts(query: string, headers: Record<string, string> = {}): Promise<Product[]> {
  const { status, body } = await get(`/api/products?${query}&pageSize=100`, headers);
  expect(status).toBe(200);
  expect(body.TotalCount).toBe(body.Data.length);
  return body.Data;
}

describe('GET /api/categories and /api/special-categories', () => {
  it('lists the active categories in order with counts of active products', async () => {
    const { status, body } = await get('/api/categories?companyId=1');
    expect(status).toBe(200);
    expect(body.Data.length).toBeGreaterThanOrEqual(8);
    expect(body.Data[0]).toMatchObject({ categoryId: 1, name: 'Sea Fish', image: '/images/categories/sea.svg' });
    const seaFish = PRODUCTS.filter((p) => p.category === 'sea' && !p.inactive).length;
    expect(body.Data[0].productCount).toBe(seaFish);
  });

  it('lists only the active special categories', async () => {
    const { body } = await get('/api/special-categories?companyId=1');
    expect(body.Data.map((s: { name: string }) => s.name)).toEqual(['Today’s Catch', 'Bestsellers', 'Kerala Specials']);
  });

  it('keeps each company to its own categories', async () => {
    const { body } = await get('/api/categories?companyId=2');
    expect(body.Data).toEqual([expect.objectContaining({ categoryId: 101 })]);
  });
});

describe('GET /api/products', () => {
  it('pages through every listed product without gaps or repeats', async () => {
    const everything = await allProducts('companyId=1&branchId=1');
    const seen: number[] = [];
    for (let pageNumber = 1; pageNumber <= Math.ceil(everything.length / 7); pageNumber += 1) {
      const { body } = await get(`/api/products?companyId=1&branchId=1&pageNumber=${pageNumber}&pageSize=7`);
      expect(body.TotalCount).toBe(everything.length);
      expect(body.Data.length).toBeLessThanOrEqual(7);
      seen.push(...body.Data.map((p: Product) => p.productId));
    }
    expect(seen).toEqual(everything.map((p) => p.productId));
    const beyond = await get('/api/products?companyId=1&branchId=1&pageNumber=500&pageSize=7');
    expect(beyond.body).toMatchObject({ Success: true, Data: [], TotalCount: everything.length });
  });

  it('defaults to company 1, branch 1, page 1 of 20', async () => {
    const { body } = await get('/api/products');
    expect(body.Data).toHaveLength(20);
    expect(body.Data[0].productId).toBe(idOf('seer-fish'));
  });

  it('hides inactive products and keeps inactive variants visible as inactive', async () => {
    const listed = await allProducts('companyId=1&branchId=1');
    const ids = listed.map((p) => p.productId);
    for (const key of ['hilsa', 'lobster', 'coriander-powder', 'mango-pickle']) expect(ids).not.toContain(idOf(key));
    expect(listed.length).toBeGreaterThanOrEqual(60);
    const tuna = listed.find((p) => p.productId === idOf('tuna'));
    expect(tuna?.variants.filter((v) => !v.active).map((v) => v.name)).toEqual(['500 g · Fillet', '1 kg · Fillet']);
    expect(tuna?.variantName).not.toMatch(/Fillet/);
  });

  it('lists out-of-stock products with isStockAvailable false', async () => {
    const listed = await allProducts('companyId=1&branchId=1');
    const grouper = listed.find((p) => p.productId === idOf('grouper'));
    expect(grouper).toMatchObject({ isStockAvailable: false, stockQty: 0, active: true });
    expect(grouper?.variants.every((v) => !v.isStockAvailable)).toBe(true);
  });

  it('prices and stocks each branch separately', async () => {
    const [fortKochi, kakkanad] = await Promise.all([allProducts('companyId=1&branchId=1'), allProducts('companyId=1&branchId=2')]);
    const seer1 = fortKochi.find((p) => p.productId === idOf('seer-fish'));
    const seer2 = kakkanad.find((p) => p.productId === idOf('seer-fish'));
    expect(seer1?.variantId).toBe(seer2?.variantId);
    expect(seer2?.sRate).toBeGreaterThan(seer1?.sRate ?? Infinity);
    expect(seer1?.oRate).toBeLessThan(seer1?.sRate ?? 0);
    // Silver belly is not sold at Kakkanad; tilapia is sold out there only.
    expect(fortKochi.map((p) => p.productId)).toContain(idOf('silver-belly'));
    expect(kakkanad.map((p) => p.productId)).not.toContain(idOf('silver-belly'));
    expect(fortKochi.find((p) => p.productId === idOf('tilapia'))?.isStockAvailable).toBe(true);
    expect(kakkanad.find((p) => p.productId === idOf('tilapia'))?.isStockAvailable).toBe(false);
  });

  it('filters by category', async () => {
    const crabs = await allProducts('companyId=1&branchId=1&categoryId=4');
    expect(crabs.map((p) => p.name)).toEqual(['Mud Crab – Njandu', 'Blue Swimmer Crab – Kadal Njandu', 'Crab Meat – Picked']);
    expect(crabs.every((p) => p.categoryName === 'Crabs')).toBe(true);
  });

  it.each([
    ['pom', ['Black Pomfret – Karutha Avoli', 'White Pomfret – Vella Avoli']],
    ['king fish', ['Kingfish (Seer) – Neymeen']],
    ['KINGFISH', ['Kingfish (Seer) – Neymeen']],
    ['karimeen kit', ['Karimeen Pollichathu Kit']],
    ['Pollichathu, karimeen!', ['Karimeen Pollichathu Kit', 'Pearl Spot – Karimeen']],
    ['hilsa', []],
    ['xyzzy', []],
  ])('search %j finds exactly %j', async (search, names) => {
    const found = await allProducts(`companyId=1&branchId=1&search=${encodeURIComponent(search)}`);
    expect(found.map((p) => p.name)).toEqual(names);
  });

  it.each([
    ['  prawn   roast ', 'Prawn Roast Kit'],
    ['crabs meat', 'Crab Meat – Picked'],
    ['neymeen', 'Kingfish (Seer) – Neymeen'],
    ['SEER', 'Kingfish (Seer) – Neymeen'],
  ])('search %j puts %j first and matches every word in every result', async (search, first) => {
    const found = await allProducts(`companyId=1&branchId=1&search=${encodeURIComponent(search)}`);
    expect(found[0]?.name).toBe(first);
    const words = search
      .trim()
      .toLowerCase()
      .split(/\s+/)
      .map((w) => w.replace(/s$/, ''));
    for (const product of found) {
      const text = `${product.name} ${product.categoryName} ${product.description}`.toLowerCase();
      for (const word of words) expect(text).toContain(word);
    }
  });

  it('puts products named by the search before those that only mention it', async () => {
    const found = await allProducts('companyId=1&branchId=1&search=prawn');
    const named = found.map((p) => /prawn/i.test(p.name));
    expect(named.indexOf(false)).toBeGreaterThan(0);
    expect(named.slice(named.indexOf(false))).not.toContain(true);
  });

  it('treats wildcards and blank searches as no search', async () => {
    const everything = await allProducts('companyId=1&branchId=1');
    for (const search of ['%', '_', '   ', '%_%']) {
      expect(await allProducts(`companyId=1&branchId=1&search=${encodeURIComponent(search)}`)).toHaveLength(everything.length);
    }
  });

  it('combines search with category and pagination', async () => {
    const { body } = await get('/api/products?companyId=1&branchId=1&categoryId=7&search=powder&pageSize=1&pageNumber=2');
    expect(body.TotalCount).toBe(2);
    expect(body.Data.map((p: Product) => p.name)).toEqual(['Turmeric Powder']);
    expect(body.Data.every((p: Product) => p.categoryId === 7)).toBe(true);
  });

  it('never shows another company’s products', async () => {
    const other = await allProducts('companyId=2&branchId=3');
    expect(other.map((p) => p.productId).sort()).toEqual([1001, 1002, 1003]);
    const mixed = await get('/api/products?companyId=1&branchId=1&categoryId=101');
    expect(mixed.status).toBe(404);
  });
});

describe('cartQty with a bearer token', () => {
  it('fills cartQty from the caller’s own cart in that branch only', async () => {
    const me = await createCustomer(t.app);
    const someoneElse = await createCustomer(t.app);
    const seer = idOf('seer-fish');
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('cart_items')
      .values([
        { customer_id: me.id, company_id: 1, branch_id: 1, product_id: seer, variant_id: 1, qty: 3, added_at: now, updated_at: now },
        { customer_id: me.id, company_id: 1, branch_id: 1, product_id: seer, variant_id: 2, qty: 1, added_at: now, updated_at: now },
      ])
      .execute();

    const mine = (await allProducts('companyId=1&branchId=1', me.auth)).find((p) => p.productId === seer);
    expect(mine?.cartQty).toBe(3);
    expect(mine?.variants.slice(0, 2).map((v) => v.cartQty)).toEqual([3, 1]);

    const detail = await get(`/api/Product/detail/${seer}?branchId=1&variantId=2`, me.auth);
    expect(detail.body.Data).toMatchObject({ variantId: 2, cartQty: 1 });

    for (const [query, headers] of [
      ['companyId=1&branchId=1', {}],
      ['companyId=1&branchId=1', someoneElse.auth],
      ['companyId=1&branchId=2', me.auth],
    ] as const) {
      const product = (await allProducts(query, headers)).find((p) => p.productId === seer);
      expect(product?.variants.every((v) => v.cartQty === 0)).toBe(true);
    }
  });

  it.each([
    ['Bearer not-a-token', 401],
    ['Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl', 401],
    ['Basic dXNlcjpwYXNz', 200],
  ])('answers %s with %i', async (authorization, status) => {
    const res = await get('/api/products?companyId=1&branchId=1', { authorization });
    expect(res.status).toBe(status);
    if (status === 401) expect(res.body).toMatchObject({ Success: false, Data: null, Message: expect.stringMatching(/log in/i) });
  });
});

describe('bad input to the lists', () => {
  it.each([
    ['/api/products?companyId=abc', 400, 'companyId must be a whole number.'],
    ['/api/products?branchId=0', 400, 'branchId must be at least 1.'],
    ['/api/products?categoryId=1.5', 400, 'categoryId must be a whole number.'],
    ['/api/products?categoryId=-3', 400, 'categoryId must be at least 1.'],
    ['/api/products?categoryId=99999999999', 400, 'categoryId is too large to be an id.'],
    ['/api/products?pageNumber=0', 400, 'pageNumber must be at least 1.'],
    ['/api/products?pageNumber=abc', 400, 'pageNumber must be a whole number.'],
    ['/api/products?pageSize=0', 400, 'pageSize must be at least 1.'],
    ['/api/products?pageSize=101', 400, 'pageSize must be at most 100.'],
    [`/api/products?search=${'a'.repeat(101)}`, 400, 'search must be at most 100 characters long.'],
    ['/api/products?companyId=999', 404, 'Company 999 was not found.'],
    ['/api/products?companyId=1&branchId=3', 404, 'Branch 3 was not found for company 1.'],
    ['/api/products?companyId=1&branchId=99', 404, 'Branch 99 was not found for company 1.'],
    ['/api/products?categoryId=999', 404, 'Category 999 was not found.'],
    ['/api/categories?companyId=x', 400, 'companyId must be a whole number.'],
    ['/api/categories?companyId=999', 404, 'Company 999 was not found.'],
    ['/api/special-categories?companyId=-1', 400, 'companyId must be at least 1.'],
    ['/api/special-categories?companyId=999', 404, 'Company 999 was not found.'],
  ])('%s answers %i', async (url, status, message) => {
    const res = await get(url);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ Success: false, Message: message, Data: null });
  });
});
