/**
 * The product lists answered from kept listings (ids in list order per listing version) must
 * list exactly what the plain SQL lists, page for page, for every branch, category and special
 * category; a shop change rebuilds them, a stock move does not.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, testDialect, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { listProducts, specialCategoryProducts, warmListings, type ProductPage } from '../../server/repositories/catalogue-repository.js';
import { LISTING_RETRY_MS, ListingIndex } from '../../server/repositories/listing-index.js';
import { noteCatalogueChanged, noteStockMoved } from '../../server/repositories/catalogue-cache.js';
import { releaseReserved, reserveStock } from '../../server/repositories/stock-repository.js';
import type { Product } from '../../contract/catalogue.schemas.js';

let t: TestApp;
let categoryIds: number[] = [];
let specialIds: number[] = [];
let branchIds: number[] = [];
let nextProductId = 0;
let listingReads = 0;
/** How long a background read may take to land on a busy machine. */
const background = { timeout: 10_000 };

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const now = new Date().toISOString();

async function insertProduct(id: number, fields: { categoryId: number; sortOrder: number; active?: number; variants?: boolean }): Promise<void> {
  await t.app.db
    .insertInto('products')
    .values({
      id,
      company_id: 1,
      category_id: fields.categoryId,
      name: `Listed fish ${id}`,
      description: '',
      image: '/images/test.jpg',
      unit_label: '500 g',
      is_variant_enabled: fields.variants ? 1 : 0,
      active: fields.active ?? 1,
      search_text: `listed fish ${id}`,
      sort_order: fields.sortOrder,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function insertStock(branchId: number, productId: number, variantId: number, fields: { active: number; available: number }): Promise<void> {
  await t.app.db
    .insertInto('branch_stock')
    .values({
      branch_id: branchId,
      product_id: productId,
      variant_id: variantId,
      s_rate: 25_000,
      o_rate: null,
      available: fields.available,
      reserved: 0,
      sold: 0,
      active: fields.active,
      updated_at: now,
    })
    .execute();
}

beforeAll(async () => {
  // A listing's read: its ids (and categories) in rows, or on PostgreSQL as one string of pairs.
  t = await buildTestApp({}, {}, { onQuery: (q) => void (/^select ("p"\."id"(, "p"\."category_id")? from|string_agg\()/i.test(q.sql) && (listingReads += 1)) });
  const db = t.app.db;
  categoryIds = (await db.selectFrom('categories').select('id').where('company_id', '=', 1).orderBy('id').execute()).map((r) => r.id);
  specialIds = (await db.selectFrom('special_categories').select('id').where('company_id', '=', 1).orderBy('id').execute()).map((r) => r.id);
  branchIds = (await db.selectFrom('branches').select('id').orderBy('id').execute()).map((r) => r.id);
  // A category switched off, whose products must never be listed.
  await db.updateTable('categories').set({ active: 0 }).where('id', '=', categoryIds.at(-1)!).execute();
  const maxProduct = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirstOrThrow();
  const maxVariant = await db
    .selectFrom('variants')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  let variantId = Number(maxVariant?.id ?? 0) + 1;
  const next = random(21);
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
  const base = Number(maxProduct.id) + 1;
  // Products in every state a list must tell apart: switched off, in a switched-off category,
  // without a line in a branch or with that line withdrawn, with variants all or partly off,
  // out of stock, and sharing sort orders (the id breaks the tie).
  for (let id = base; id < base + 400; id += 1) {
    const variants = next() < 0.3;
    await insertProduct(id, { categoryId: pick(categoryIds), sortOrder: Math.floor(next() * 40), active: next() < 0.9 ? 1 : 0, variants });
    const lineIds: number[] = [];
    if (variants) {
      for (let v = 0; v < 1 + Math.floor(next() * 3); v += 1) {
        await db
          .insertInto('variants')
          .values({ id: variantId, product_id: id, name: `${v + 1} kg`, active: next() < 0.7 ? 1 : 0, sort_order: v })
          .execute();
        lineIds.push(variantId);
        variantId += 1;
      }
    } else {
      lineIds.push(0);
    }
    for (const branchId of branchIds) {
      for (const line of lineIds) {
        if (next() < 0.8) await insertStock(branchId, id, line, { active: next() < 0.85 ? 1 : 0, available: next() < 0.25 ? 0 : 5 });
      }
    }
    if (next() < 0.2) {
      await db
        .insertInto('special_category_products')
        .values({ special_category_id: pick(specialIds), product_id: id, sort_order: Math.floor(next() * 10) })
        .execute();
    }
  }
  nextProductId = base + 400;
}, 120_000);

afterAll(() => t.close());

/** What a reader compares: the page's products in order and the count. */
const shown = (page: ProductPage) => ({ totalCount: page.totalCount, items: page.items });

describe(`the product lists answered from kept listings (${testDialect})`, () => {
  it('list exactly what the plain SQL lists, for many random pages of every kind of list', async () => {
    const index = new ListingIndex();
    const next = random(7);
    const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
    let compared = 0;
    let nonEmpty = 0;
    for (let round = 0; round < 150; round += 1) {
      const pageSize = pick([1, 7, 20, 50]);
      const companyId = next() < 0.9 ? 1 : 2;
      const branchId = pick(branchIds);
      const categoryId = next() < 0.4 ? undefined : pick([...categoryIds, 999_999]);
      const plain = await listProducts(t.app.db, { companyId, branchId, categoryId, pageSize });
      // Pages across the whole list and one past its end.
      const lastPage = Math.max(1, Math.ceil(plain.totalCount / pageSize));
      const pageNumber = next() < 0.1 ? lastPage + 1 : 1 + Math.floor(next() * lastPage);
      const filter = { companyId, branchId, categoryId, pageNumber, pageSize };
      expect(shown(await listProducts(t.app.db, filter, index)), JSON.stringify(filter)).toEqual(shown(await listProducts(t.app.db, filter)));
      compared += 1;
      if (plain.totalCount > 0) nonEmpty += 1;
    }
    for (let round = 0; round < 60; round += 1) {
      const pageSize = pick([1, 3, 20]);
      const filter = { companyId: 1, branchId: pick(branchIds), specialCategoryId: pick(specialIds), pageNumber: 1 + Math.floor(next() * 12), pageSize };
      expect(shown(await specialCategoryProducts(t.app.db, filter, index)), JSON.stringify(filter)).toEqual(
        shown(await specialCategoryProducts(t.app.db, filter)),
      );
      compared += 1;
    }
    expect(compared).toBe(210);
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it('answer a search from the branch’s listing exactly as the SQL ranks it: names holding every word first, then the list’s order', async () => {
    const index = new ListingIndex();
    const next = random(11);
    const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
    // Words found in names, only in descriptions and other names (curry, surmai), in both, in
    // none (a near miss or nothing), short words that no index narrows, and several words.
    const searches = [
      'listed fish 41',
      'fish',
      'curry',
      'surmai',
      'avoli',
      'fry',
      'prawn',
      'prwn',
      'a',
      'fi',
      '1',
      'sea fish',
      'fish 3',
      'nothing like it',
      'neymeen',
    ];
    let ranked = 0;
    for (let round = 0; round < 120; round += 1) {
      const search = pick(searches);
      const pageSize = pick([1, 5, 20]);
      const categoryId = next() < 0.6 ? undefined : pick(categoryIds);
      const branchId = pick(branchIds);
      const plain = await listProducts(t.app.db, { companyId: 1, branchId, categoryId, search, pageSize });
      const lastPage = Math.max(1, Math.ceil(plain.totalCount / pageSize));
      const filter = { companyId: 1, branchId, categoryId, search, pageSize, pageNumber: next() < 0.1 ? lastPage + 1 : 1 + Math.floor(next() * lastPage) };
      const kept = await listProducts(t.app.db, filter, index);
      expect(shown(kept), JSON.stringify(filter)).toEqual(shown(await listProducts(t.app.db, filter)));
      const names = kept.items.map((p) => p.name.toLowerCase());
      if (names.some((n) => search.split(' ').every((w) => n.includes(w))) && names.some((n) => !search.split(' ').every((w) => n.includes(w)))) ranked += 1;
    }
    // Some pages held both kinds of match, so the ranking was compared, not only the order.
    expect(ranked).toBeGreaterThan(0);
    expect(index.size).toBeGreaterThan(0);
  });

  it('read a branch’s listing once for the requests that arrive together, its categories’ too, and again only after a shop change', async () => {
    let clock = 0;
    const index = new ListingIndex({ maxAgeMs: 30_000, now: () => clock });
    const filter = { companyId: 1, branchId: branchIds[0]!, pageSize: 20 };
    listingReads = 0;
    const pages = await Promise.all([1, 2, 3, 4, 5].map((pageNumber) => listProducts(t.app.db, { ...filter, pageNumber }, index)));
    expect(listingReads).toBe(1);
    expect(new Set(pages.flatMap((p) => p.items.map((item) => item.productId))).size).toBe(pages.reduce((n, p) => n + p.items.length, 0));
    // Categories are cut from the branch's listing, and are as old as it.
    await Promise.all(categoryIds.map((categoryId) => listProducts(t.app.db, { ...filter, categoryId, pageNumber: 1 }, index)));
    expect(listingReads).toBe(1);
    noteStockMoved();
    await listProducts(t.app.db, { ...filter, pageNumber: 6 }, index);
    expect(listingReads).toBe(1);
    noteCatalogueChanged();
    await listProducts(t.app.db, { ...filter, pageNumber: 6 }, index);
    expect(listingReads).toBe(2);
    clock = 20_000;
    await listProducts(t.app.db, { ...filter, categoryId: categoryIds[0], pageNumber: 1 }, index);
    expect(listingReads).toBe(2);
    // Aged: answered at once from the kept listing, renewed by one read in the background.
    clock = 30_000;
    const aged = await listProducts(t.app.db, { ...filter, categoryId: categoryIds[0], pageNumber: 1 }, index);
    expect(aged.totalCount).toBeGreaterThan(0);
    await vi.waitFor(() => expect(listingReads).toBe(3), background);
    await Promise.all([1, 2, 3].map((pageNumber) => listProducts(t.app.db, { ...filter, pageNumber }, index)));
    expect(listingReads).toBe(3);
  });

  it('reads every active branch’s list ahead, so the first visitors wait for none', async () => {
    const index = new ListingIndex();
    const errors: unknown[] = [];
    listingReads = 0;
    await warmListings(t.app.db, index, (error) => errors.push(error));
    expect(errors).toEqual([]);
    const active = await t.app.db.selectFrom('branches').select(['id', 'company_id']).where('active', '=', 1).execute();
    expect(listingReads).toBe(active.length);
    for (const branch of active) {
      const filter = { companyId: branch.company_id, branchId: branch.id, pageNumber: 2, pageSize: 7 };
      expect(shown(await listProducts(t.app.db, filter, index))).toEqual(shown(await listProducts(t.app.db, filter)));
      await listProducts(t.app.db, { ...filter, categoryId: categoryIds[0] }, index);
    }
    expect(listingReads).toBe(active.length);
  });

  it('reports a failed read ahead instead of throwing it', async () => {
    const errors: unknown[] = [];
    const failing = new ListingIndex();
    const broken = {
      selectFrom: () => {
        throw new Error('no database');
      },
    };
    await warmListings(broken as unknown as typeof t.app.db, failing, (error) => errors.push(error));
    expect(String(errors[0])).toContain('no database');
    expect(failing.size).toBe(0);
  });

  it('never shows a product switched off behind the server’s back, even on a page of an aged listing', async () => {
    let clock = 0;
    const index = new ListingIndex({ maxAgeMs: 30_000, now: () => clock });
    const filter = { companyId: 1, branchId: branchIds[1]!, categoryId: categoryIds[3]!, pageNumber: 1, pageSize: 50 };
    const before = await listProducts(t.app.db, filter, index);
    const gone = before.items[0]!.productId;
    // Switched off without announcing it, as another process writing the database would.
    await t.app.db.updateTable('products').set({ active: 0 }).where('id', '=', gone).execute();
    try {
      clock = 30_000;
      const aged = await listProducts(t.app.db, filter, index);
      expect(aged.items.map((p) => p.productId)).not.toContain(gone);
      // Once the background read has landed the count agrees too.
      await vi.waitFor(async () => expect((await listProducts(t.app.db, filter, index)).totalCount).toBe(before.totalCount - 1), background);
      expect(shown(await listProducts(t.app.db, filter, index))).toEqual(shown(await listProducts(t.app.db, filter)));
    } finally {
      await t.app.db.updateTable('products').set({ active: 1 }).where('id', '=', gone).execute();
      noteCatalogueChanged();
    }
  });
});

describe('keeping a listing', () => {
  it('shares one read among concurrent requests and keeps it until the listing version moves', async () => {
    let clock = 0;
    let reads = 0;
    const index = new ListingIndex({ maxAgeMs: 5_000, now: () => clock });
    const read = async () => {
      reads += 1;
      await Promise.resolve();
      return { ids: Int32Array.of(3, 1, 2, reads), categoryIds: null };
    };
    const [a, b] = await Promise.all([index.get('k', read), index.get('k', read)]);
    expect([...a.ids]).toEqual([3, 1, 2, 1]);
    expect(b).toBe(a);
    expect(reads).toBe(1);
    noteStockMoved();
    clock = 4_999;
    expect(await index.get('k', read)).toBe(a);
    expect(reads).toBe(1);
    noteCatalogueChanged();
    // A shop change: the request waits for the listing read after it.
    expect([...(await index.get('k', read)).ids]).toEqual([3, 1, 2, 2]);
    expect(reads).toBe(2);
  });

  it('answers an aged listing at once and renews it with one read in the background', async () => {
    let clock = 0;
    let reads = 0;
    const index = new ListingIndex({ maxAgeMs: 5_000, now: () => clock });
    let release: () => void = () => {};
    const read = () =>
      new Promise<{ ids: Int32Array; categoryIds: null }>((resolve) => {
        reads += 1;
        const ids = Int32Array.of(reads);
        release = () => resolve({ ids, categoryIds: null });
      });
    const first = index.get('k', read);
    release();
    const old = await first;
    clock = 5_000;
    // Every request while the renewal runs gets the aged listing without waiting, and starts no other read.
    const during = await Promise.all([index.get('k', read), index.get('k', read), index.get('k', read)]);
    expect(during.every((listing) => listing === old)).toBe(true);
    expect(reads).toBe(2);
    release();
    await vi.waitFor(async () => expect([...(await index.get('k', read)).ids]).toEqual([2]), background);
    expect(reads).toBe(2);
    // The renewed listing is as old as its read: it lasts its own 5 s.
    clock = 9_999;
    expect([...(await index.get('k', read)).ids]).toEqual([2]);
    expect(reads).toBe(2);
  });

  /** A listing index with a 5 s max age, on a clock and a mark of outside writes the test moves. */
  function markedIndex() {
    const at = { clock: 0, outside: 1 };
    return { at, index: new ListingIndex({ maxAgeMs: 5_000, now: () => at.clock, outsideWrites: () => at.outside }) };
  }

  it('keeps an aged listing without reading it again while no other connection wrote, and reads it once one has', async () => {
    const { at, index } = markedIndex();
    let reads = 0;
    const read = async () => {
      reads += 1;
      return { ids: Int32Array.of(reads), categoryIds: null };
    };
    expect([...(await index.get('k', read)).ids]).toEqual([1]);
    // Aged twice over, with nothing written from outside: the same listing, no read.
    for (at.clock of [5_000, 10_001, 15_002]) expect([...(await index.get('k', read)).ids]).toEqual([1]);
    expect(reads).toBe(1);
    // The command line switched a product off behind the server's back.
    at.outside = 2;
    at.clock = 19_999;
    expect([...(await index.get('k', read)).ids]).toEqual([1]);
    expect(reads).toBe(1);
    at.clock = 20_003;
    await index.get('k', read);
    await vi.waitFor(async () => expect([...(await index.get('k', read)).ids]).toEqual([2]), background);
    expect(reads).toBe(2);
    // A shop change noted in this process reads at once, whatever the mark.
    noteCatalogueChanged();
    expect([...(await index.get('k', read)).ids]).toEqual([3]);
  });

  it('cuts a category again from its branch’s listing read after an outside write, even when the category is asked first', async () => {
    const { at, index } = markedIndex();
    let branchReads = 0;
    const readBranch = async () => {
      branchReads += 1;
      // The command line switched product 2 off before the second read.
      return branchReads === 1
        ? { ids: Int32Array.of(1, 2, 3, 4), categoryIds: Int32Array.of(9, 9, 9, 8) }
        : { ids: Int32Array.of(1, 3, 4), categoryIds: Int32Array.of(9, 9, 8) };
    };
    const cutCategory = async () => {
      const all = await index.get('branch', readBranch);
      return { ids: all.ids.filter((_, i) => all.categoryIds?.[i] === 9), categoryIds: null, at: all.at };
    };
    expect([...(await index.get('category', cutCategory, { cut: true })).ids]).toEqual([1, 2, 3]);
    at.outside = 2;
    at.clock = 5_000;
    await vi.waitFor(async () => expect([...(await index.get('category', cutCategory, { cut: true })).ids]).toEqual([1, 3]), background);
    expect(branchReads).toBe(2);
    // Aged again with no other write: kept, cut from the kept branch listing, no read.
    at.clock = 10_001;
    expect([...(await index.get('category', cutCategory, { cut: true })).ids]).toEqual([1, 3]);
    expect([...(await index.get('branch', readBranch)).ids]).toEqual([1, 3, 4]);
    expect(branchReads).toBe(2);
  });

  it('renews aged listings one database read at a time, while all of them keep answering', async () => {
    let clock = 0;
    const index = new ListingIndex({ maxAgeMs: 5_000, now: () => clock });
    const started: string[] = [];
    const releases = new Map<string, () => void>();
    const readOf = (key: string) => () =>
      new Promise<{ ids: Int32Array; categoryIds: null }>((resolve) => {
        started.push(key);
        releases.set(key, () => resolve({ ids: Int32Array.of(started.length), categoryIds: null }));
      });
    const keys = ['a', 'b', 'c'];
    const first = keys.map((key) => index.get(key, readOf(key)));
    keys.forEach((key) => releases.get(key)!());
    const old = await Promise.all(first);
    started.length = 0;
    clock = 5_000;
    expect(await Promise.all(keys.map((key) => index.get(key, readOf(key))))).toEqual(old);
    await vi.waitFor(() => expect(started).toEqual(['a']), background);
    releases.get('a')!();
    await vi.waitFor(() => expect(started).toEqual(['a', 'b']), background);
    expect(await index.get('c', readOf('c'))).toBe(old[2]);
    releases.get('b')!();
    await vi.waitFor(() => expect(started).toEqual(['a', 'b', 'c']), background);
    releases.get('c')!();
    await vi.waitFor(async () => expect([...(await index.get('c', readOf('c'))).ids]).toEqual([3]), background);
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('keeps answering an aged listing when its renewal fails, tells of the failure, and tries again later', async () => {
    let clock = 0;
    let reads = 0;
    let failing = false;
    const errors: [unknown, string][] = [];
    const index = new ListingIndex({ maxAgeMs: 5_000, now: () => clock, onError: (error, key) => errors.push([error, key]) });
    const read = async () => {
      reads += 1;
      await Promise.resolve();
      if (failing) throw new Error('the database went away');
      return { ids: Int32Array.of(reads), categoryIds: null };
    };
    const old = await index.get('k', read);
    failing = true;
    clock = 5_000;
    expect(await index.get('k', read)).toBe(old);
    await vi.waitFor(() => expect(errors).toHaveLength(1), background);
    expect(errors[0]![1]).toBe('k');
    expect(String(errors[0]![0])).toContain('the database went away');
    expect(reads).toBe(2);
    // Not tried again at once: the aged listing answers meanwhile.
    clock = 5_000 + LISTING_RETRY_MS - 1;
    expect(await index.get('k', read)).toBe(old);
    expect(reads).toBe(2);
    clock = 5_000 + LISTING_RETRY_MS;
    expect(await index.get('k', read)).toBe(old);
    await vi.waitFor(() => expect(errors).toHaveLength(2), background);
    expect(reads).toBe(3);
    failing = false;
    clock = 5_000 + 2 * LISTING_RETRY_MS;
    expect(await index.get('k', read)).toBe(old);
    await vi.waitFor(async () => expect([...(await index.get('k', read)).ids]).toEqual([4]), background);
    expect(errors).toHaveLength(2);
  });

  it('makes a request wait when the listing is missing or the catalogue changed, and fails that request if its read fails', async () => {
    const index = new ListingIndex();
    const failed = async (): Promise<{ ids: Int32Array; categoryIds: null }> => {
      await Promise.resolve();
      throw new Error('the database went away');
    };
    await expect(index.get('k', failed)).rejects.toThrow('the database went away');
    expect([...(await index.get('k', async () => ({ ids: Int32Array.of(7), categoryIds: null }))).ids]).toEqual([7]);
    noteCatalogueChanged();
    await expect(index.get('k', failed)).rejects.toThrow('the database went away');
  });

  it('answers the waiting requests with a listing read across a shop change, but keeps it for none after', async () => {
    let reads = 0;
    const index = new ListingIndex();
    let release: () => void = () => {};
    const slow = () =>
      new Promise<{ ids: Int32Array; categoryIds: null }>((resolve) => {
        reads += 1;
        release = () => resolve({ ids: Int32Array.of(1, 2), categoryIds: null });
      });
    const first = index.get('k', slow);
    noteCatalogueChanged();
    // A request after the change does not wait for the read that began before it.
    const second = index.get('k', async () => {
      reads += 1;
      return { ids: Int32Array.of(1, 2, 3), categoryIds: null };
    });
    release();
    expect([...(await first).ids]).toEqual([1, 2]);
    expect([...(await second).ids]).toEqual([1, 2, 3]);
    expect(reads).toBe(2);
    expect([...(await index.get('k', slow)).ids]).toEqual([1, 2, 3]);
    expect(reads).toBe(2);
  });
});

describe('GET /api/products with kept listings', () => {
  const listUrl = (categoryId: number, pageNumber = 1) =>
    `/api/products?companyId=1&branchId=${branchIds[0]}&categoryId=${categoryId}&pageNumber=${pageNumber}&pageSize=50`;

  async function list(url: string, auth: Record<string, string>): Promise<{ totalCount: number; ids: number[]; products: Product[] }> {
    const res = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { Data: Product[]; TotalCount: number };
    return { totalCount: body.TotalCount, ids: body.Data.map((p) => p.productId), products: body.Data };
  }

  it('keeps a category’s listing through orders reserving and releasing stock, and lists a product the shop adds once it says so', async () => {
    const customer = await createCustomer(t.app);
    const categoryId = categoryIds[0]!;
    const before = await list(listUrl(categoryId), customer.auth);
    expect(before.totalCount).toBeGreaterThan(0);
    // Added behind the server's back, as another process writing the database would.
    const added = nextProductId;
    nextProductId += 1;
    await insertProduct(added, { categoryId, sortOrder: -1 });
    await insertStock(branchIds[0]!, added, 0, { active: 1, available: 4 });
    const onShelf = before.products.find((p) => p.stockQty > 1)!;
    const line = { branchId: branchIds[0]!, productId: onShelf.productId, variantId: onShelf.variantId, qty: 1 };
    expect(await reserveStock(t.app.db, line)).toBe(true);
    const reserved = await list(listUrl(categoryId), customer.auth);
    // Stock moved: the units show at once, and the listing (which does not depend on them) stays.
    expect(reserved.products.find((p) => p.productId === onShelf.productId)?.stockQty).toBe(onShelf.stockQty - 1);
    expect(reserved.totalCount).toBe(before.totalCount);
    expect(reserved.ids).not.toContain(added);
    await releaseReserved(t.app.db, line);
    t.app.live.catalogueChanged({ companyId: 1, branchId: branchIds[0]!, type: 'Product', ids: [added] });
    const after = await list(listUrl(categoryId), customer.auth);
    expect(after.totalCount).toBe(before.totalCount + 1);
    expect(after.ids[0]).toBe(added);
  });

  it('stops listing a product the shop switches off, on the page and in the count', async () => {
    const categoryId = categoryIds[1]!;
    const anonymous = {};
    const before = await list(listUrl(categoryId), anonymous);
    const gone = before.ids[0]!;
    await t.app.db.updateTable('products').set({ active: 0 }).where('id', '=', gone).execute();
    t.app.live.catalogueChanged({ companyId: 1, branchId: null, type: 'Product', ids: [gone] });
    const after = await list(listUrl(categoryId), anonymous);
    expect(after.totalCount).toBe(before.totalCount - 1);
    expect(after.ids).toEqual(before.ids.slice(1, 1 + after.ids.length));
    const plain = await listProducts(t.app.db, { companyId: 1, branchId: branchIds[0]!, categoryId, pageNumber: 1, pageSize: 50 });
    expect(after.ids).toEqual(plain.items.map((p) => p.productId));
  });

  it('answers a page past the end with no products and the count', async () => {
    const categoryId = categoryIds[2]!;
    const first = await list(listUrl(categoryId), {});
    const past = await list(listUrl(categoryId, Math.ceil(first.totalCount / 50) + 1), {});
    expect(past).toEqual({ totalCount: first.totalCount, ids: [], products: [] });
  });
});
