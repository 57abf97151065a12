import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { PRODUCTS } from '../../server/db/seed/catalogue-data.js';
import { releaseReserved, reserveStock } from '../../server/repositories/stock-repository.js';
import { CATALOGUE_ANSWER_MAX_AGE_MS } from '../../server/plugins/catalogue-cache.plugin.js';
import type { Product } from '../../contract/catalogue.schemas.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const idOf = (key: string): number => PRODUCTS.findIndex((p) => p.key === key) + 1;

async function detail(productId: number, headers: Record<string, string> = {}): Promise<Product> {
  const res = await t.app.inject({ method: 'GET', url: `/api/Product/detail/${productId}?branchId=1`, headers });
  expect(res.statusCode).toBe(200);
  return res.json().Data as Product;
}

async function shelf(productId: number): Promise<{ variantId: number; available: number }> {
  return t.app.db
    .selectFrom('branch_stock')
    .select(['variant_id as variantId', 'available'])
    .where('branch_id', '=', 1)
    .where('product_id', '=', productId)
    .where('active', '=', 1)
    .orderBy('variant_id')
    .executeTakeFirstOrThrow();
}

/** Changes a product's price behind the server's back, as another process writing the database would. */
async function setRateQuietly(productId: number, variantId: number, paise: number, app: TestApp['app'] = t.app): Promise<void> {
  await app.db
    .updateTable('branch_stock')
    .set({ s_rate: paise, o_rate: null })
    .where('branch_id', '=', 1)
    .where('product_id', '=', productId)
    .where('variant_id', '=', variantId)
    .execute();
}

const rateOf = (product: Product, variantId: number) => product.variants.find((v) => v.variantId === variantId)?.sRate ?? product.sRate;

describe('cached catalogue reads', () => {
  it('says in x-cache whether an answer was built (miss) or served from memory (hit); a customer’s read is never cached', async () => {
    const url = '/api/products?companyId=1&branchId=1&pageNumber=3&pageSize=7';
    const first = await t.app.inject({ method: 'GET', url });
    const second = await t.app.inject({ method: 'GET', url });
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['miss', 'hit']);
    expect(second.body).toBe(first.body);
    const customer = await createCustomer(t.app);
    const own = await t.app.inject({ method: 'GET', url, headers: customer.auth });
    expect(own.statusCode).toBe(200);
    expect(own.headers['x-cache']).toBeUndefined();
  });

  it('answers a hit, and a request that waited for the same answer, from memory alone: the route reads nothing', async () => {
    const ran: string[] = [];
    const counted = await buildTestApp({}, {}, { onQuery: (q) => void ran.push(q.sql) });
    try {
      const url = '/api/products?companyId=1&branchId=1&pageNumber=2&pageSize=5';
      const get = () => counted.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      ran.length = 0;
      const [first, waited] = await Promise.all([get(), get()]);
      const building = ran.length;
      expect(building, 'building the answer reads the database').toBeGreaterThan(0);
      expect([first.headers['x-cache'], waited.headers['x-cache']]).toEqual(['miss', 'hit']);
      ran.length = 0;
      const hit = await get();
      expect(hit.headers['x-cache']).toBe('hit');
      expect(zlib.gunzipSync(hit.rawPayload).toString()).toBe(zlib.gunzipSync(first.rawPayload).toString());
      // Give a handler that ran on anyway the time to read.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ran).toEqual([]);
    } finally {
      await counted.close();
    }
  });

  it('answers repeated anonymous reads from memory until the catalogue changes', async () => {
    const id = idOf('sardine');
    const { variantId } = await shelf(id);
    const before = rateOf(await detail(id), variantId);
    await setRateQuietly(id, variantId, 98_700);
    expect(rateOf(await detail(id), variantId)).toBe(before);
    t.app.live.catalogueChanged({ companyId: 1, branchId: 1, type: 'Product', ids: [id] });
    expect(rateOf(await detail(id), variantId)).toBe(987);
  });

  it('shows stock reserved and released by orders at once', async () => {
    const id = idOf('mackerel');
    const { variantId, available } = await shelf(id);
    const stockQty = (p: Product) => p.variants.find((v) => v.variantId === variantId)?.stockQty ?? p.stockQty;
    expect(stockQty(await detail(id))).toBe(available);
    expect(await reserveStock(t.app.db, { branchId: 1, productId: id, variantId, qty: 2 })).toBe(true);
    expect(stockQty(await detail(id))).toBe(available - 2);
    await releaseReserved(t.app.db, { branchId: 1, productId: id, variantId, qty: 2 });
    expect(stockQty(await detail(id))).toBe(available);
  });

  it('answers a customer from the shared answer only while it is current: a noted change at once, a quiet one after the max age', async () => {
    const id = idOf('anchovy');
    const { variantId } = await shelf(id);
    const customer = await createCustomer(t.app);
    const before = rateOf(await detail(id, customer.auth), variantId);
    await setRateQuietly(id, variantId, 12_300);
    t.app.live.catalogueChanged({ companyId: 1, branchId: 1, type: 'Product', ids: [id] });
    expect(rateOf(await detail(id, customer.auth), variantId)).toBe(123);
    expect(before).not.toBe(123);

    await setRateQuietly(id, variantId, 45_600);
    const quietlyChangedAt = Date.now();
    const seen = rateOf(await detail(id, customer.auth), variantId);
    if (seen !== 456) expect(Date.now() - quietlyChangedAt).toBeLessThan(CATALOGUE_ANSWER_MAX_AGE_MS);
    await new Promise((resolve) => setTimeout(resolve, CATALOGUE_ANSWER_MAX_AGE_MS + 50));
    expect(rateOf(await detail(id, customer.auth), variantId)).toBe(456);
    expect(rateOf(await detail(id), variantId)).toBe(456);
  });

  it('sends the cached answer gzipped to a browser that accepts it, the same JSON either way', async () => {
    const url = '/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=20';
    const plain = await t.app.inject({ method: 'GET', url });
    const zipped = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('does not keep refusals', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/Product/detail/999999?branchId=1' });
    expect(missing.statusCode).toBe(404);
    const again = await t.app.inject({ method: 'GET', url: '/api/Product/detail/999999?branchId=1' });
    expect(again.statusCode).toBe(404);
    expect(again.json().Message).toBe(missing.json().Message);
  });
});

describe('a shop that keeps no catalogue answer (CATALOGUE_ANSWER_MAX_AGE_MS=0)', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await buildTestApp({ catalogueAnswerMaxAgeMs: 0 });
  });
  afterAll(async () => {
    await fresh.close();
  });

  it('builds every answer from the database: a quiet change shows at once to visitors and customers', async () => {
    const id = idOf('sardine');
    const customer = await createCustomer(fresh.app);
    const url = `/api/Product/detail/${id}?branchId=1`;
    const first = await fresh.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();
    const { variantId } = first.json().Data as Product;
    for (const [paise, rupees] of [
      [11_100, 111],
      [22_200, 222],
    ] as const) {
      await setRateQuietly(id, variantId, paise, fresh.app);
      for (const headers of [{}, customer.auth]) {
        const res = await fresh.app.inject({ method: 'GET', url, headers });
        expect(res.headers['x-cache']).toBeUndefined();
        expect(rateOf(res.json().Data as Product, variantId)).toBe(rupees);
      }
    }
  });
});
