import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { PRODUCTS } from '../../server/db/seed/catalogue-data.js';
import type { Offer, Product } from '../../contract/catalogue.schemas.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const idOf = (key: string): number => PRODUCTS.findIndex((p) => p.key === key) + 1;

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
}

describe('GET /api/Product/detail/{productId}', () => {
  it('answers a product with every variant and the branch’s prices', async () => {
    const seer = idOf('seer-fish');
    const [one, two] = await Promise.all([get(`/api/Product/detail/${seer}?branchId=1`), get(`/api/Product/detail/${seer}?branchId=2`)]);
    expect(one.status).toBe(200);
    const product: Product = one.body.Data;
    expect(product).toMatchObject({ productId: seer, name: 'Kingfish (Seer) – Neymeen', categoryName: 'Sea Fish', isVariantEnabled: true, active: true });
    expect(product.variants.map((v) => v.name)).toEqual([
      '500 g · Curry cut',
      '1 kg · Curry cut',
      '500 g · Fry steaks',
      '1 kg · Fry steaks',
      '500 g · Fillet',
      '1 kg · Fillet',
    ]);
    expect(product.variantId).toBe(product.variants[0]?.variantId);
    expect(product.sRate).toBe(product.variants[0]?.sRate);
    expect(two.body.Data.variants[0].sRate).not.toBe(product.variants[0]?.sRate);
  });

  it('selects the asked variant, even an inactive one, so a stale link explains itself', async () => {
    const tuna = (await get(`/api/Product/detail/${idOf('tuna')}?branchId=1`)).body.Data as Product;
    const fillet = tuna.variants.find((v) => v.name === '1 kg · Fillet');
    const res = await get(`/api/Product/detail/${idOf('tuna')}?branchId=1&variantId=${fillet?.variantId}`);
    expect(res.body.Data).toMatchObject({ variantId: fillet?.variantId, variantName: '1 kg · Fillet', variantActive: false, isStockAvailable: false });
  });

  it('selects the first variant in stock when none is asked for', async () => {
    const id = idOf('barracuda');
    const first = (await get(`/api/Product/detail/${id}?branchId=1`)).body.Data as Product;
    const firstVariant = first.variants[0]?.variantId ?? 0;
    await t.app.db.updateTable('branch_stock').set({ available: 0 }).where('branch_id', '=', 1).where('variant_id', '=', firstVariant).execute();
    // As the shop's command line does after changing stock, so cached catalogue answers are dropped.
    t.app.live.catalogueChanged({ companyId: 1, branchId: 1, type: 'Product', ids: [id] });
    const after = (await get(`/api/Product/detail/${id}?branchId=1`)).body.Data as Product;
    expect(after.variantId).toBe(first.variants[1]?.variantId);
    expect(after.variants[0]).toMatchObject({ isStockAvailable: false, stockQty: 0, active: true });
  });

  it('answers a product without variants with variantId 0 and no variants', async () => {
    const res = await get(`/api/Product/detail/${idOf('matta-rice')}`);
    expect(res.body.Data).toMatchObject({ variantId: 0, isVariantEnabled: false, variants: [], unitLabel: '5 kg', sRate: 329, oRate: 309 });
  });

  it.each([
    ['/api/Product/detail/abc', 400, 'productId must be a whole number.'],
    ['/api/Product/detail/0', 400, 'productId must be at least 1.'],
    ['/api/Product/detail/99999999999', 400, 'productId is too large to be an id.'],
    ['/api/Product/detail/1?variantId=-1', 400, 'variantId must be at least 0.'],
    ['/api/Product/detail/1?branchId=x', 400, 'branchId must be a whole number.'],
    ['/api/Product/detail/9999', 404, 'Product 9999 was not found.'],
    [`/api/Product/detail/${idOf('hilsa')}`, 404, `Product ${idOf('hilsa')} is not available.`],
    [`/api/Product/detail/${idOf('silver-belly')}?branchId=2`, 404, `Product ${idOf('silver-belly')} is not available.`],
    ['/api/Product/detail/1?variantId=7', 404, 'Variant 7 of product 1 was not found.'],
    ['/api/Product/detail/1?branchId=3', 404, 'Branch 3 was not found for company 1.'],
    ['/api/Product/detail/1001?branchId=1', 404, 'Branch 1 was not found for company 2.'],
  ])('%s answers %i', async (url, status, message) => {
    expect(await get(url)).toEqual({ status, body: { Success: false, Message: message, Data: null } });
  });
});

describe('GET /api/Product/special/{specialCategoryId}', () => {
  it('lists the special category’s products in its own order, paginated', async () => {
    const res = await get('/api/Product/special/1?branchId=1&pageSize=3');
    expect(res.status).toBe(200);
    expect(res.body.TotalCount).toBe(9);
    expect(res.body.Data.map((p: Product) => p.name)).toEqual(['Indian Mackerel – Ayala', 'Oil Sardine – Mathi / Chaala', 'Kingfish (Seer) – Neymeen']);
    const last = await get('/api/Product/special/1?branchId=1&pageSize=3&pageNumber=3');
    expect(last.body.Data.map((p: Product) => p.name)).toContain('Indian Salmon – Kaala');
  });

  it('lists out-of-stock members and leaves out what the branch does not sell', async () => {
    const bestsellers = (await get('/api/Product/special/2?branchId=1&pageSize=100')).body.Data as Product[];
    expect(bestsellers.find((p) => p.productId === idOf('grouper'))?.isStockAvailable).toBe(false);
    const kerala1 = (await get('/api/Product/special/3?branchId=1&pageSize=100')).body.Data as Product[];
    const kerala2 = (await get('/api/Product/special/3?branchId=2&pageSize=100')).body.Data as Product[];
    expect(kerala1.map((p) => p.productId)).toContain(idOf('mussels'));
    expect(kerala2.map((p) => p.productId)).not.toContain(idOf('mussels'));
  });

  it.each([
    ['/api/Product/special/abc', 400, 'specialCategoryId must be a whole number.'],
    ['/api/Product/special/1?pageSize=500', 400, 'pageSize must be at most 100.'],
    ['/api/Product/special/999', 404, 'Special category 999 was not found.'],
    ['/api/Product/special/4', 404, 'Special category 4 was not found.'],
    ['/api/Product/special/1?branchId=3', 404, 'Branch 3 was not found for company 1.'],
  ])('%s answers %i', async (url, status, message) => {
    expect(await get(url)).toEqual({ status, body: { Success: false, Message: message, Data: null } });
  });
});

describe('GET /api/Product/company/select/{companyId}', () => {
  it('lists every active product by name with its category', async () => {
    const res = await get('/api/Product/company/select/1');
    const names = res.body.Data.map((p: { ProductName: string }) => p.ProductName);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(res.body.Data).toHaveLength(PRODUCTS.filter((p) => !p.inactive).length);
    expect(res.body.Data).toContainEqual({ ProductId: idOf('seer-fish'), ProductName: 'Kingfish (Seer) – Neymeen', CategoryId: 1 });
    expect(names).not.toContain('Hilsa – Seasonal');
  });

  it.each([
    ['/api/Product/company/select/abc', 400, 'companyId must be a whole number.'],
    ['/api/Product/company/select/999', 404, 'Company 999 was not found.'],
  ])('%s answers %i', async (url, status, message) => {
    expect(await get(url)).toEqual({ status, body: { Success: false, Message: message, Data: null } });
  });
});

describe('offers', () => {
  it('lists running offers: company-wide ones everywhere, a branch’s own only there', async () => {
    const one = (await get('/api/Offer/all/1/1')).body.Data as Offer[];
    const two = (await get('/api/Offer/all/1/2')).body.Data as Offer[];
    expect(one.map((o) => o.title)).toEqual(['Seafood Fest', 'Fresh Catch Savers', 'Masala Week']);
    expect(two.map((o) => o.title)).toEqual(['Seafood Fest', 'Fresh Catch Savers', 'Masala Week', 'Kakkanad Pantry']);
    expect(one[0]).toMatchObject({ offerId: 1, badge: 'UP TO 15% OFF', image: '/images/offers/offer-1.svg', categoryId: null });
  });

  it('lists an offer’s products with their offer rates', async () => {
    const res = await get('/api/Offer/products/1?branchId=1');
    expect(res.body.TotalCount).toBe(6);
    const prawns = (res.body.Data as Product[]).find((p) => p.productId === idOf('tiger-prawns'));
    expect(prawns?.oRate).toBeLessThan(prawns?.sRate ?? 0);
  });

  it('includes the whole category of a category offer, filtered by category and search', async () => {
    const all = await get('/api/Offer/products/3?branchId=1&pageSize=100');
    expect(all.body.TotalCount).toBe(PRODUCTS.filter((p) => p.category === 'masala' && !p.inactive).length);
    const fry = await get('/api/Offer/products/3?branchId=1&search=fry');
    expect(fry.body.Data.map((p: Product) => p.name)).toEqual(['Fish Fry Masala']);
    const otherCategory = await get('/api/Offer/products/3?branchId=1&categoryId=1');
    expect(otherCategory.body).toMatchObject({ Data: [], TotalCount: 0 });
  });

  it('shows a branch offer in its branch', async () => {
    const res = await get('/api/Offer/products/4');
    expect(res.status).toBe(200);
    expect(res.body.TotalCount).toBe(4);
  });

  it.each([
    ['/api/Offer/all/abc/1', 400, 'companyId must be a whole number.'],
    ['/api/Offer/all/1/-2', 400, 'branchId must be at least 1.'],
    ['/api/Offer/all/999/1', 404, 'Company 999 was not found.'],
    ['/api/Offer/all/1/3', 404, 'Branch 3 was not found for company 1.'],
    ['/api/Offer/products/abc', 400, 'offerId must be a whole number.'],
    ['/api/Offer/products/1?categoryId=0', 400, 'categoryId must be at least 1.'],
    ['/api/Offer/products/999', 404, 'Offer 999 was not found.'],
    ['/api/Offer/products/5', 404, 'Offer 5 has ended.'],
    ['/api/Offer/products/6', 404, 'Offer 6 was not found.'],
    ['/api/Offer/products/4?branchId=1', 404, 'Offer 4 is not available in branch 1.'],
    ['/api/Offer/products/1?categoryId=101', 404, 'Category 101 was not found.'],
  ])('%s answers %i', async (url, status, message) => {
    expect(await get(url)).toEqual({ status, body: { Success: false, Message: message, Data: null } });
  });
});

describe('GET /api/FAQ/common/{companyId}', () => {
  it('lists the shop’s questions in order', async () => {
    const res = await get('/api/FAQ/common/1');
    expect(res.body.Data.length).toBeGreaterThanOrEqual(8);
    expect(res.body.Data[0]).toEqual({ FaqId: expect.any(Number), Question: 'How fresh is the fish?', Answer: expect.stringMatching(/before dawn/) });
    const other = await get('/api/FAQ/common/2');
    expect(other.body.Data.map((f: { Question: string }) => f.Question)).toEqual(['When do you deliver?']);
  });

  it.each([
    ['/api/FAQ/common/abc', 400, 'companyId must be a whole number.'],
    ['/api/FAQ/common/0', 400, 'companyId must be at least 1.'],
    ['/api/FAQ/common/999', 404, 'Company 999 was not found.'],
  ])('%s answers %i', async (url, status, message) => {
    expect(await get(url)).toEqual({ status, body: { Success: false, Message: message, Data: null } });
  });
});
