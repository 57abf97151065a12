import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { putInCart } from './order-fixtures.js';
import { COMPRESS_JSON_FROM_BYTES, GZIP_ON_LOOP_UP_TO_BYTES, KeptGzip, gzipAnswer } from '../../server/plugins/json-compression.js';
import type { Product } from '../../contract/catalogue.schemas.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const LIST = '/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=20';
const GZIP = { 'accept-encoding': 'gzip, deflate, br' };

/** A customer with the first product of the list's first page in their cart, 2 of it. */
async function customerWithCart() {
  const customer = await createCustomer(t.app);
  const [first] = (await t.app.inject({ method: 'GET', url: LIST })).json().Data as Product[];
  if (!first) throw new Error('the demo shop lists no product');
  await putInCart(t.app, customer, first, 2);
  return { customer, first };
}

describe('JSON answers made for one caller', () => {
  it("sends a signed-in customer's product list gzipped to a browser that accepts it: the same JSON, with their cart quantity, in under a third of the bytes", async () => {
    const { customer, first } = await customerWithCart();
    const plain = await t.app.inject({ method: 'GET', url: LIST, headers: customer.auth });
    const zipped = await t.app.inject({ method: 'GET', url: LIST, headers: { ...customer.auth, ...GZIP } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(String(zipped.headers.vary)).toContain('accept-encoding');
    expect(String(plain.headers.vary)).toContain('accept-encoding');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const unzipped = JSON.parse(zlib.gunzipSync(zipped.rawPayload).toString('utf8'));
    expect(unzipped).toEqual(plain.json());
    const mine = (unzipped.Data as Product[]).find((p) => p.productId === first.productId && p.variantId === first.variantId);
    expect(mine?.cartQty).toBe(2);
  });

  it("sends a customer's own answers (their cart) gzipped, and a visitor's kept catalogue answer stays kept", async () => {
    const { customer } = await customerWithCart();
    const cart = await t.app.inject({ method: 'GET', url: '/api/Cart?branchId=1&pageNumber=1&pageSize=50', headers: { ...customer.auth, ...GZIP } });
    expect(cart.statusCode).toBe(200);
    expect(cart.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(cart.rawPayload).toString('utf8')).Data.lines).toHaveLength(1);

    const url = `${LIST}&categoryId=1`;
    const miss = await t.app.inject({ method: 'GET', url, headers: GZIP });
    const hit = await t.app.inject({ method: 'GET', url, headers: GZIP });
    expect([miss.headers['x-cache'], hit.headers['x-cache']]).toEqual(['miss', 'hit']);
    expect([miss.headers['content-encoding'], hit.headers['content-encoding']]).toEqual(['gzip', 'gzip']);
    // Compressed once, by the cache: gzip of gzip would not read back as JSON.
    expect(JSON.parse(zlib.gunzipSync(hit.rawPayload).toString('utf8'))).toEqual(JSON.parse(zlib.gunzipSync(miss.rawPayload).toString('utf8')));
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(zlib.gunzipSync(hit.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends a short answer as it is, without a Vary header', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/Product/detail/999999?branchId=1', headers: GZIP });
    expect(missing.statusCode).toBe(404);
    expect(missing.rawPayload.length).toBeLessThan(COMPRESS_JSON_FROM_BYTES);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.headers.vary).toBeUndefined();
    expect(missing.json().Success).toBe(false);
  });

  it('leaves what is not the API alone: the hub answers as it did', async () => {
    const negotiate = await t.app.inject({ method: 'POST', url: '/catalogueHub/negotiate?negotiateVersion=1', headers: GZIP });
    expect(negotiate.statusCode).toBe(200);
    expect(negotiate.headers['content-encoding']).toBeUndefined();
    expect(negotiate.json().connectionToken).toEqual(expect.any(String));
  });

  it('gzips an answer of any size to the same JSON: a small one at once, a large one on the thread pool', async () => {
    const answer = (products: number) =>
      JSON.stringify({ Success: true, Data: Array.from({ length: products }, (_, i) => ({ productId: i, name: `Seer fish ${i}`, cartQty: i % 3 })) });
    const small = answer(20);
    const large = answer(4000);
    expect(Buffer.byteLength(small)).toBeLessThanOrEqual(GZIP_ON_LOOP_UP_TO_BYTES);
    expect(Buffer.byteLength(large)).toBeGreaterThan(GZIP_ON_LOOP_UP_TO_BYTES);
    const now = gzipAnswer(small);
    expect(Buffer.isBuffer(now)).toBe(true);
    const later = gzipAnswer(large);
    expect(later).toBeInstanceOf(Promise);
    expect(zlib.gunzipSync(await now).toString('utf8')).toBe(small);
    expect(zlib.gunzipSync(await later).toString('utf8')).toBe(large);
  });

  it('gzips answer after answer with the one kept compressor to exactly what a fresh gzip writes, whatever came before', async () => {
    const answer = fc.oneof(
      fc.json({ maxDepth: 3 }).map((text) => Buffer.from(text)),
      fc.uint8Array({ maxLength: 70_000 }).map((bytes) => Buffer.from(bytes)),
      fc.integer({ min: 1, max: 3000 }).map((n) => Buffer.from(JSON.stringify(Array.from({ length: n }, (_, i) => ({ productId: i, cartQty: i % 7 }))))),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(answer, { minLength: 1, maxLength: 8 }), async (answers) => {
        for (const body of answers) {
          const zipped = await gzipAnswer(body);
          expect(zlib.gunzipSync(zipped).equals(body)).toBe(true);
          expect(zipped.equals(zlib.gzipSync(body, { level: 1 }))).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('compresses an answer too large for its room as a fresh gzip does, and keeps its own compressor for the answers after it', () => {
    const fresh = zlib.gzipSync.bind(zlib);
    const kept = new KeptGzip(2048);
    const answers = [8_000, 40, 30_000, 100].map((n) => Buffer.from(JSON.stringify(Array.from({ length: n }, (_, i) => `line ${i * 7919}`))));
    const fallbacks = vi.spyOn(zlib, 'gzipSync');
    try {
      for (const body of [...answers, ...answers]) expect(kept.compress(body).equals(fresh(body, { level: 1 }))).toBe(true);
      // Only the two answers that did not fit, each time.
      expect(fallbacks).toHaveBeenCalledTimes(4);
    } finally {
      fallbacks.mockRestore();
    }
  });

  it('compresses with gzipSync on a Node.js release whose zlib streams lack the handle it drives', () => {
    const fresh = zlib.gzipSync.bind(zlib);
    const bare = () => Object.assign(zlib.createGzip({ level: 1 }), { _handle: undefined }) as zlib.Gzip;
    const kept = new KeptGzip(undefined, bare);
    const body = Buffer.from(JSON.stringify({ Success: true, Data: Array.from({ length: 300 }, (_, i) => ({ productId: i })) }));
    const fallbacks = vi.spyOn(zlib, 'gzipSync');
    try {
      expect(kept.compress(body).equals(fresh(body, { level: 1 }))).toBe(true);
      expect(kept.compress(body).equals(fresh(body, { level: 1 }))).toBe(true);
      expect(fallbacks).toHaveBeenCalledTimes(2);
    } finally {
      fallbacks.mockRestore();
    }
  });
});
