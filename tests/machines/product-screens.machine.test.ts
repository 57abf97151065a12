import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { productListMachine, type PageRequest, type ProductListEvent } from '../../machines/product-list.machine';
import { productDetailMachine, type DetailRequest, type ProductDetailEvent, type ProductDetailInput } from '../../machines/product-detail.machine';
import { withVariant } from '../../machines/catalogue-items';
import type { Paged, Product } from '../../contract/catalogue.schemas';
import { fishProduct as product } from './product-fixture';

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => product(from + i));

function startList(fetch: (request: PageRequest) => Promise<Paged<Product>>, firstPage?: Paged<Product>) {
  const fetchPage = vi.fn(fetch);
  let push: ((event: ProductListEvent) => void) | undefined;
  const actor = createActor(
    productListMachine.provide({
      actors: {
        fetchPage: fromPromise(({ input }: { input: PageRequest }) => fetchPage(input)),
        liveUpdates: fromCallback<ProductListEvent>(({ sendBack }) => {
          push = sendBack;
        }),
      },
    }),
    { input: { query: { categoryId: 1 }, pageSize: 2, firstPage } },
  ).start();
  return { actor, fetchPage, live: (event: ProductListEvent) => push?.(event) };
}

const pages =
  (total: number) =>
  async ({ pageNumber, pageSize }: PageRequest): Promise<Paged<Product>> => ({
    items: range((pageNumber - 1) * pageSize + 1, Math.max(0, Math.min(pageSize, total - (pageNumber - 1) * pageSize))),
    totalCount: total,
    pageNumber,
    pageSize,
  });

describe('product list machine', () => {
  it('loads the first page, then more pages until all are shown', async () => {
    const { actor, fetchPage } = startList(pages(5));
    await waitFor(actor, (s) => s.matches('fetched'));
    expect(actor.getSnapshot().context.items.map((p) => p.productId)).toEqual([1, 2]);
    actor.send({ type: 'list.loadMore' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('fetched'));
    actor.send({ type: 'list.loadMore' });
    await waitFor(actor, (s) => s.matches('fetched') && s.context.items.length === 5);
    actor.send({ type: 'list.loadMore' });
    expect(actor.getSnapshot().matches('fetched')).toBe(true);
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(fetchPage).toHaveBeenLastCalledWith({ query: { categoryId: 1 }, pageNumber: 3, pageSize: 2 });
  });

  it('shows a first page it starts with at once, without asking for it, and loads the next page on Load more', async () => {
    const first = await pages(5)({ query: { categoryId: 1 }, pageNumber: 1, pageSize: 2 });
    const { actor, fetchPage } = startList(pages(5), first);
    expect(actor.getSnapshot().matches('fetched')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ pageNumber: 1, totalCount: 5 });
    expect(actor.getSnapshot().context.items.map((p) => p.productId)).toEqual([1, 2]);
    expect(fetchPage).not.toHaveBeenCalled();
    actor.send({ type: 'list.loadMore' });
    await waitFor(actor, (s) => s.matches('fetched') && s.context.items.length === 4);
    expect(fetchPage).toHaveBeenCalledExactlyOnceWith({ query: { categoryId: 1 }, pageNumber: 2, pageSize: 2 });
    actor.send({ type: 'list.load', query: { search: 'prawn' } });
    await waitFor(actor, (s) => s.matches('fetched'));
    expect(fetchPage).toHaveBeenLastCalledWith({ query: { search: 'prawn' }, pageNumber: 1, pageSize: 2 });
  });

  it('starts over for a new query and ignores the same query', async () => {
    const { actor, fetchPage } = startList(pages(3));
    await waitFor(actor, (s) => s.matches('fetched'));
    actor.send({ type: 'list.load', query: { categoryId: 1 } });
    expect(fetchPage).toHaveBeenCalledTimes(1);
    actor.send({ type: 'list.load', query: { search: 'prawn' } });
    expect(actor.getSnapshot().context.items).toEqual([]);
    await waitFor(actor, (s) => s.matches('fetched'));
    expect(fetchPage).toHaveBeenLastCalledWith({ query: { search: 'prawn' }, pageNumber: 1, pageSize: 2 });
  });

  it('shows the error of a failed first page and retries', async () => {
    let fail = true;
    const { actor } = startList(async (request) => {
      if (fail) throw new Error('Products are resting');
      return pages(1)(request);
    });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.error).toBe('Products are resting');
    fail = false;
    actor.send({ type: 'list.retry' });
    await waitFor(actor, (s) => s.matches('fetched'));
    expect(actor.getSnapshot().context.items).toHaveLength(1);
  });

  it('keeps shown products when a further page fails', async () => {
    let calls = 0;
    const { actor } = startList(async (request) => {
      calls += 1;
      if (calls === 2) throw new Error('Network down');
      return pages(4)(request);
    });
    await waitFor(actor, (s) => s.matches('fetched'));
    actor.send({ type: 'list.loadMore' });
    await waitFor(actor, (s) => s.matches('fetched') && s.context.error !== null);
    expect(actor.getSnapshot().context.items).toHaveLength(2);
    expect(actor.getSnapshot().context.error).toBe('Network down');
  });

  it('replaces live-updated products in place and adds none', async () => {
    const { actor, live } = startList(pages(2));
    await waitFor(actor, (s) => s.matches('fetched'));
    live({ type: 'list.productUpdate', items: [product(2, { sRate: 90, active: false }), product(9)] });
    const items = actor.getSnapshot().context.items;
    expect(items.map((p) => p.productId)).toEqual([1, 2]);
    expect(items[1]).toMatchObject({ sRate: 90, active: false });
  });
});

const kingfish = product(1, {
  isVariantEnabled: true,
  variantId: 11,
  variantName: '500 g',
  sRate: 600,
  oRate: 540,
  variants: [
    { variantId: 11, name: '500 g', active: true, sRate: 600, oRate: 540, isStockAvailable: true, stockQty: 4, cartQty: 0 },
    { variantId: 12, name: '1 kg', active: true, sRate: 1150, oRate: null, isStockAvailable: false, stockQty: 0, cartQty: 0 },
  ],
});

function startDetail(fetch: (request: DetailRequest) => Promise<Product>, input: ProductDetailInput = {}) {
  const fetchDetail = vi.fn(fetch);
  let push: ((event: ProductDetailEvent) => void) | undefined;
  const actor = createActor(
    productDetailMachine.provide({
      actors: {
        fetchDetail: fromPromise(({ input }: { input: DetailRequest }) => fetchDetail(input)),
        liveUpdates: fromCallback<ProductDetailEvent>(({ sendBack }) => {
          push = sendBack;
        }),
      },
    }),
    { input },
  ).start();
  return { actor, fetchDetail, live: (event: ProductDetailEvent) => push?.(event) };
}

describe('product detail machine', () => {
  it('loads a product and switches variant without another request', async () => {
    const { actor, fetchDetail } = startDetail(async () => kingfish);
    actor.send({ type: 'detail.load', productId: 1 });
    await waitFor(actor, (s) => s.matches('fetched'));
    actor.send({ type: 'detail.load', productId: 1, variantId: 12 });
    const { product: shown, variantId } = actor.getSnapshot().context;
    expect(fetchDetail).toHaveBeenCalledTimes(1);
    expect(withVariant(shown!, variantId)).toMatchObject({ variantId: 12, sRate: 1150, oRate: null, isStockAvailable: false });
  });

  it('starts from a product at hand with no request, keeps it when the page asks for it, and still reads it again on a reconnect', async () => {
    const fresher = { ...kingfish, sRate: 999 };
    const { actor, fetchDetail, live } = startDetail(async () => fresher, { opening: { productId: 1, variantId: 12, product: kingfish } });
    expect(actor.getSnapshot().value).toBe('fetched');
    expect(actor.getSnapshot().context).toMatchObject({ productId: 1, variantId: 12, product: kingfish });
    actor.send({ type: 'detail.load', productId: 1, variantId: 12 });
    expect(actor.getSnapshot().value).toBe('fetched');
    expect(fetchDetail).not.toHaveBeenCalled();
    live({ type: 'detail.update', items: [{ ...kingfish, name: 'Kingfish, fresh today' }] });
    expect(actor.getSnapshot().context.product?.name).toBe('Kingfish, fresh today');
    live({ type: 'detail.catchUp' });
    await waitFor(actor, (s) => s.matches('fetched'));
    expect(fetchDetail).toHaveBeenCalledWith({ productId: 1, variantId: 12 });
    expect(actor.getSnapshot().context.product?.sRate).toBe(999);
  });

  it('asks for another product than the one at hand', async () => {
    const other = product(2);
    const { actor, fetchDetail } = startDetail(async () => other, { opening: { productId: 1, variantId: 0, product: kingfish } });
    actor.send({ type: 'detail.load', productId: 2 });
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.matches('fetched'));
    expect(fetchDetail).toHaveBeenCalledWith({ productId: 2 });
    expect(actor.getSnapshot().context.product).toBe(other);
  });

  it('shows the weights and price per kg of the chosen variant, none the variant lacks', () => {
    const weighed = product(2, {
      isVariantEnabled: true,
      variantId: 21,
      grossGrams: 500,
      netGrams: 400,
      pieces: '6-8',
      serves: '2-3',
      pricePerKg: 1200,
      variants: [
        {
          variantId: 21,
          name: '500 g',
          active: true,
          sRate: 480,
          oRate: null,
          isStockAvailable: true,
          stockQty: 4,
          cartQty: 0,
          grossGrams: 500,
          netGrams: 400,
          pieces: '6-8',
          serves: '2-3',
          pricePerKg: 1200,
        },
        {
          variantId: 22,
          name: '1 kg',
          active: true,
          sRate: 900,
          oRate: null,
          isStockAvailable: true,
          stockQty: 4,
          cartQty: 0,
          grossGrams: 1000,
          netGrams: 800,
          pricePerKg: 1125,
        },
      ],
    });
    const kilo = withVariant(weighed, 22);
    expect(kilo).toMatchObject({ grossGrams: 1000, netGrams: 800, pricePerKg: 1125 });
    expect(kilo).not.toHaveProperty('pieces');
    expect(kilo).not.toHaveProperty('serves');
    expect(withVariant(weighed, 21)).toMatchObject({ netGrams: 400, pieces: '6-8', serves: '2-3', pricePerKg: 1200 });
  });

  it('ends in notFound for a missing id or a 404, and in error with retry otherwise', async () => {
    const missing = startDetail(async () => kingfish);
    missing.actor.send({ type: 'detail.load', productId: undefined });
    expect(missing.actor.getSnapshot().matches('notFound')).toBe(true);
    expect(missing.fetchDetail).not.toHaveBeenCalled();

    const gone = startDetail(async () => {
      throw Object.assign(new Error('Product 99 was not found.'), { status: 404 });
    });
    gone.actor.send({ type: 'detail.load', productId: 99 });
    await waitFor(gone.actor, (s) => s.matches('notFound'));

    let fail = true;
    const flaky = startDetail(async () => {
      if (fail) throw Object.assign(new Error('Server busy'), { status: 503 });
      return kingfish;
    });
    flaky.actor.send({ type: 'detail.load', productId: 1 });
    await waitFor(flaky.actor, (s) => s.matches('error'));
    expect(flaky.actor.getSnapshot().context.error).toBe('Server busy');
    fail = false;
    flaky.actor.send({ type: 'detail.retry' });
    await waitFor(flaky.actor, (s) => s.matches('fetched'));
  });

  it('takes a live detail update for the shown product and keeps the chosen variant', async () => {
    const { actor, live } = startDetail(async () => kingfish);
    actor.send({ type: 'detail.load', productId: 1, variantId: 12 });
    await waitFor(actor, (s) => s.matches('fetched'));
    const restocked = { ...kingfish, variants: kingfish.variants.map((v) => (v.variantId === 12 ? { ...v, isStockAvailable: true, stockQty: 6 } : v)) };
    live({ type: 'detail.update', items: [product(5), restocked] });
    const { product: shown, variantId } = actor.getSnapshot().context;
    expect(variantId).toBe(12);
    expect(withVariant(shown!, variantId)).toMatchObject({ isStockAvailable: true, stockQty: 6 });
  });
});
