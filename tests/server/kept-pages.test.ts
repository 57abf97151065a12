import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { putInCart } from './order-fixtures.js';
import { KeptPages } from '../../server/repositories/kept-pages.js';
import { noteCatalogueChanged, noteStockMoved } from '../../server/repositories/catalogue-cache.js';
import { listProducts, productDetail, specialCategoryProducts } from '../../server/repositories/catalogue-repository.js';
import type { Product } from '../../contract/catalogue.schemas.js';

describe('KeptPages', () => {
  it('reuses a page within its age and catalogue version, and reads again after either moves on', async () => {
    let now = 1_000;
    let reads = 0;
    const pages = new KeptPages<number>({ maxAgeMs: 100, now: () => now });
    const read = async () => (reads += 1);
    expect(await pages.get('a', read)).toBe(1);
    now += 99;
    expect(await pages.get('a', read)).toBe(1);
    now += 1;
    expect(await pages.get('a', read)).toBe(2);
    noteStockMoved();
    expect(await pages.get('a', read)).toBe(3);
    noteCatalogueChanged();
    expect(await pages.get('a', read)).toBe(4);
    expect(await pages.get('b', read)).toBe(5);
    expect(reads).toBe(5);
  });

  it('lets concurrent callers share one read, and keeps neither a failed read nor one the catalogue moved under', async () => {
    const pages = new KeptPages<string>({ maxAgeMs: 10_000 });
    const releases: ((value: string) => void)[] = [];
    const slow = () => new Promise<string>((resolve) => releases.push(resolve));
    const first = pages.get('k', slow);
    const second = pages.get('k', slow);
    noteStockMoved();
    const third = pages.get('k', slow);
    expect(releases).toHaveLength(2);
    releases[0]?.('before');
    releases[1]?.('after');
    expect([await first, await second, await third]).toEqual(['before', 'before', 'after']);
    expect(await pages.get('k', slow)).toBe('after');

    await expect(pages.get('x', () => Promise.reject(new Error('database went away')))).rejects.toThrow('database went away');
    expect(await pages.get('x', async () => 'read again')).toBe('read again');

    let late: (value: string) => void = () => undefined;
    const moved = pages.get('m', () => new Promise<string>((resolve) => (late = resolve)));
    noteCatalogueChanged();
    late('stale');
    expect(await moved).toBe('stale');
    expect(await pages.get('m', async () => 'fresh')).toBe('fresh');
  });

  it('keeps at most maxPages pages, dropping the oldest', async () => {
    const pages = new KeptPages<string>({ maxAgeMs: 10_000, maxPages: 2 });
    await pages.get('a', async () => 'a1');
    await pages.get('b', async () => 'b1');
    await pages.get('c', async () => 'c1');
    expect(pages.size).toBe(2);
    expect(await pages.get('a', async () => 'a2')).toBe('a2');
    expect(await pages.get('c', async () => 'c2')).toBe('c1');
  });
});

describe('a signed-in customer’s product list from the kept page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function read<T>(url: string, headers: Record<string, string>): Promise<{ Data: T; TotalCount?: number }> {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  }
  const list = (query: string, headers: Record<string, string>) => read<Product[]>(`/api/products?${query}`, headers);
  const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

  it('answers every customer exactly what building the list, a special category and a detail for them gives, whatever their carts hold, and never shows one customer’s cart to another', async () => {
    const specials = (await read<{ specialCategoryId: number }[]>('/api/special-categories?companyId=1', {})).Data.map((c) => c.specialCategoryId);
    expect(specials.length).toBeGreaterThan(0);
    const customers = [await createCustomer(t.app), await createCustomer(t.app), await createCustomer(t.app)];
    const listed = await listProducts(t.app.db, { companyId: 1, branchId: 1, pageSize: 200 });
    const lines = listed.items.flatMap((p) => (p.isVariantEnabled ? p.variants.map((v) => [p.productId, v.variantId] as const) : [[p.productId, 0] as const]));
    const queries = [
      'pageNumber=1&pageSize=20',
      'pageNumber=2&pageSize=7',
      'categoryId=1&pageSize=50',
      'categoryId=2&pageNumber=1&pageSize=3',
      'search=fish&pageSize=10',
    ];
    const step = fc.record({
      customer: fc.nat({ max: customers.length - 1 }),
      line: fc.nat({ max: lines.length - 1 }),
      qty: fc.integer({ min: 0, max: 4 }),
      branchId: fc.constantFrom(1, 2),
      query: fc.constantFrom(...queries),
      anonymousToo: fc.boolean(),
    });

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        await t.app.db
          .deleteFrom('cart_items')
          .where(
            'customer_id',
            'in',
            customers.map((c) => c.id),
          )
          .execute();
        for (const s of steps) {
          const customer = customers[s.customer] as (typeof customers)[number];
          const [productId, variantId] = lines[s.line] as readonly [number, number];
          const now = new Date().toISOString();
          await t.app.db
            .deleteFrom('cart_items')
            .where('customer_id', '=', customer.id)
            .where('branch_id', '=', s.branchId)
            .where('product_id', '=', productId)
            .where('variant_id', '=', variantId)
            .execute();
          if (s.qty > 0) {
            await t.app.db
              .insertInto('cart_items')
              .values({
                customer_id: customer.id,
                company_id: 1,
                branch_id: s.branchId,
                product_id: productId,
                variant_id: variantId,
                qty: s.qty,
                added_at: now,
                updated_at: now,
              })
              .execute();
          }
          const query = `companyId=1&branchId=${s.branchId}&${s.query}`;
          const params = new URLSearchParams(s.query);
          const filter = {
            companyId: 1,
            branchId: s.branchId,
            ...(params.get('categoryId') ? { categoryId: Number(params.get('categoryId')) } : {}),
            ...(params.get('search') ? { search: params.get('search') as string } : {}),
            pageNumber: Number(params.get('pageNumber') ?? 1),
            pageSize: Number(params.get('pageSize')),
          };
          const specialCategoryId = specials[s.line % specials.length] as number;
          const detailUrl = `/api/Product/detail/${productId}?branchId=${s.branchId}&variantId=${variantId}`;
          const specialUrl = `/api/Product/special/${specialCategoryId}?branchId=${s.branchId}&pageSize=50`;
          for (const c of customers) {
            const answer = await list(query, c.auth);
            const built = await listProducts(t.app.db, { ...filter, customerId: c.id });
            expect(answer.TotalCount).toBe(built.totalCount);
            expect(answer.Data).toEqual(wire(built.items));
            const special = await read<Product[]>(specialUrl, c.auth);
            const specialBuilt = await specialCategoryProducts(t.app.db, {
              companyId: 1,
              branchId: s.branchId,
              specialCategoryId,
              pageSize: 50,
              customerId: c.id,
            });
            expect(special.Data).toEqual(wire(specialBuilt.items));
            const detail = await t.app.inject({ method: 'GET', url: detailUrl, headers: c.auth });
            const detailBuilt = await productDetail(t.app.db, { productId, branchId: s.branchId, variantId: variantId || undefined, customerId: c.id });
            if (detailBuilt?.active) expect(detail.json().Data).toEqual(wire(detailBuilt));
            else expect(detail.statusCode).toBe(404);
          }
          if (s.anonymousToo) {
            const noCart = (products: Product[]) => products.every((p) => p.cartQty === 0 && p.variants.every((v) => v.cartQty === 0));
            expect(noCart((await list(query, {})).Data)).toBe(true);
            expect(noCart((await read<Product[]>(specialUrl, {})).Data)).toBe(true);
            const detail = await t.app.inject({ method: 'GET', url: detailUrl });
            if (detail.statusCode === 200) expect(noCart([detail.json().Data])).toBe(true);
          }
        }
      }),
      { numRuns: 25 },
    );
  });

  it('sends a customer with nothing of the page in their cart the very bytes a visitor gets, as JSON', async () => {
    const me = await createCustomer(t.app);
    const specials = (await read<{ specialCategoryId: number }[]>('/api/special-categories?companyId=1', {})).Data;
    const urls = [
      '/api/products?companyId=1&branchId=1&pageNumber=2&pageSize=9',
      `/api/Product/special/${specials[0]?.specialCategoryId}?branchId=1&pageSize=30`,
      '/api/Product/detail/1?branchId=1',
    ];
    for (const url of urls) {
      const visitor = await t.app.inject({ method: 'GET', url });
      const customer = await t.app.inject({ method: 'GET', url, headers: me.auth });
      expect([visitor.statusCode, customer.statusCode]).toEqual([200, 200]);
      expect(customer.headers['content-type']).toBe(visitor.headers['content-type']);
      expect(customer.body).toBe(visitor.body);
    }
  });

  it('shows a cart change at once, with no catalogue change in between', async () => {
    const me = await createCustomer(t.app);
    const [first] = (await list('companyId=1&branchId=1&pageSize=5', me.auth)).Data;
    if (!first) throw new Error('the seeded list is empty');
    expect(first.cartQty).toBe(0);
    await putInCart(t.app, me, first, 2);
    expect((await list('companyId=1&branchId=1&pageSize=5', me.auth)).Data[0]).toMatchObject({ productId: first.productId, cartQty: 2 });
    await t.app.db.deleteFrom('cart_items').where('customer_id', '=', me.id).execute();
    expect((await list('companyId=1&branchId=1&pageSize=5', me.auth)).Data[0]).toMatchObject({ productId: first.productId, cartQty: 0 });
  });
});
