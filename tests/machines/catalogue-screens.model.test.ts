/**
 * Model-based tests of the browsing machines: home store, product list and product detail.
 * Every shortest path of each model is replayed on the real machine (model-harness.ts).
 */
import { expect, vi } from 'vitest';
import { createActor, fromCallback, setup } from 'xstate';
import { homeMachine, type HomeData } from '../../machines/home.machine';
import { productDetailMachine } from '../../machines/product-detail.machine';
import { productListMachine } from '../../machines/product-list.machine';
import { Deferred, describeModel, httpError } from './model-harness';
import { fishProduct as product } from './product-fixture';

const at = (real: string, description: string) => ({ meta: { real, description } });

const HOME: HomeData = {
  categoryData: [{ categoryId: 1, name: 'Sea fish' } as HomeData['categoryData'][number]],
  productData: [product(1), product(2)],
  specialCategories: [],
  rails: [],
  offers: [],
};

describeModel('home machine, every shortest path (section 3: home-store)', {
  machine: homeMachine,
  model: setup({}).createMachine({
    id: 'homeModel',
    initial: 'loading',
    states: {
      loading: { ...at('loading', 'categories and products loading'), on: { HOME_ARRIVES: 'fetched', HOME_FAILS: 'failed' } },
      fetched: {
        ...at('fetched', 'the home lists, stored for the session'),
        on: { PRICE_PUSHED: 'repriced', OTHER_SHOP: 'otherShop', CONNECTION_REOPENS: 'catchingUp' },
      },
      repriced: at('fetched', 'a live price change applied in place'),
      catchingUp: { ...at('catchingUp', 'the home read again, no spinner'), on: { CATCH_UP_ARRIVES: 'caughtUp', PRICE_PUSHED: 'pushedDuringCatchUp' } },
      caughtUp: at('fetched', 'the lists as they are now, stored'),
      pushedDuringCatchUp: { ...at('catchingUp', 'a push during the read, applied at once'), on: { CATCH_UP_ARRIVES: 'askedAgain' } },
      askedAgain: at('catchingUp', 'the answer, maybe older than the push, dropped and the read asked again'),
      otherShop: { ...at('loading', 'loading for the company and branch of the link'), on: { HOME_FAILS: 'failedKeepingLists' } },
      failed: { ...at('error', 'the failure logged, nothing shown'), on: { RETRY: 'loading', CONNECTION_REOPENS: 'loading' } },
      failedKeepingLists: at('error', 'a failed reload keeps the lists shown'),
    },
  }),
  start() {
    const deferred = new Deferred();
    const persist = vi.fn();
    const logError = vi.fn();
    const actor = createActor(homeMachine.provide({ actors: deferred.actors('fetchHome'), actions: { persist: (_, store) => persist(store), logError } }), {
      input: { companyId: 1, branchId: 1 },
    }).start();
    return { actor, deferred, persist, logError };
  },
  events: ({ actor, deferred }) => ({
    HOME_ARRIVES: () => deferred.settle('fetchHome', { output: HOME }),
    HOME_FAILS: () => deferred.settle('fetchHome', { error: new Error('Network error') }),
    PRICE_PUSHED: () => actor.send({ type: 'home.productUpdate', items: [product(2, { sRate: 90 })] }),
    OTHER_SHOP: () => actor.send({ type: 'home.fetch', companyId: 2, branchId: 3 }),
    RETRY: () => actor.send({ type: 'home.fetch' }),
    CONNECTION_REOPENS: () => actor.send({ type: 'home.catchUp' }),
    CATCH_UP_ARRIVES: () => deferred.settle('fetchHome', { output: { ...HOME, productData: [HOME.productData[0], product(2, { sRate: 95 })] } }),
  }),
  states: ({ actor, deferred, persist, logError }) => ({
    loading: () => expect(deferred.open('fetchHome').map((c) => c.input)).toEqual([{ companyId: 1, branchId: 1 }]),
    fetched: () => {
      expect(actor.getSnapshot().context.productData).toEqual(HOME.productData);
      expect(persist).toHaveBeenLastCalledWith({ categoryData: HOME.categoryData, productData: HOME.productData, specialCategories: [] });
    },
    repriced: () => {
      expect(actor.getSnapshot().context.productData.map((p) => p.sRate)).toEqual([100, 90]);
      expect(persist).toHaveBeenCalledTimes(2);
    },
    otherShop: () => expect(deferred.open('fetchHome').map((c) => c.input)).toEqual([{ companyId: 2, branchId: 3 }]),
    catchingUp: () => {
      expect(deferred.open('fetchHome').map((c) => c.input)).toEqual([{ companyId: 1, branchId: 1 }]);
      expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    },
    caughtUp: () => {
      expect(actor.getSnapshot().context.productData.map((p) => p.sRate)).toEqual([100, 95]);
      expect(persist).toHaveBeenLastCalledWith(expect.objectContaining({ productData: actor.getSnapshot().context.productData }));
    },
    pushedDuringCatchUp: () => expect(actor.getSnapshot().context.productData.map((p) => p.sRate)).toEqual([100, 90]),
    askedAgain: () => {
      expect(actor.getSnapshot().context.productData.map((p) => p.sRate)).toEqual([100, 90]);
      expect(deferred.open('fetchHome')).toHaveLength(1);
    },
    failed: () => {
      expect(logError).toHaveBeenCalled();
      expect(actor.getSnapshot().context.productData).toEqual([]);
    },
    failedKeepingLists: () => expect(actor.getSnapshot().context.productData).toEqual(HOME.productData),
  }),
});

const PAGE_SIZE = 2;
const page = (pageNumber: number, totalCount: number) => ({
  items: [product(pageNumber * 10 + 1), product(pageNumber * 10 + 2)].slice(0, Math.min(PAGE_SIZE, totalCount - (pageNumber - 1) * PAGE_SIZE)),
  totalCount,
  pageNumber,
  pageSize: PAGE_SIZE,
});

describeModel('product list machine, every shortest path (load more, retry, live updates)', {
  machine: productListMachine,
  transient: { opening: 'left at once: to fetched when the list starts with its first page, else to loading' },
  model: setup({}).createMachine({
    id: 'productListModel',
    initial: 'loading',
    states: {
      loading: {
        ...at('loading', 'the first page loading'),
        on: { PAGE_ARRIVES: 'firstPage', PAGE_FAILS: 'failed', LAST_PAGE_ARRIVES: 'allShown', LIST_UNKNOWN: 'unknownList' },
      },
      unknownList: at('notFound', 'Not Found for a special category or offer the shop does not have, no retry'),
      firstPage: { ...at('fetched', '2 of 3 products, Load more'), on: { LOAD_MORE: 'loadingMore', NEW_SEARCH: 'searching' } },
      allShown: { ...at('fetched', 'every product shown: Load more does nothing'), on: { LOAD_MORE: 'allShown' } },
      loadingMore: { ...at('loadingMore', 'the next page loading'), on: { PAGE_ARRIVES: 'secondPage', PAGE_FAILS: 'moreFailed' } },
      secondPage: { ...at('fetched', 'all 3 products'), on: { PRICE_PUSHED: 'repriced', CONNECTION_REOPENS: 'catchingUp' } },
      repriced: at('fetched', 'a live price applied in place'),
      catchingUp: {
        ...at('catchingUp', 'both shown pages read again in one request, no spinner'),
        on: { CATCH_UP_ARRIVES: 'caughtUp', PRICE_PUSHED: 'catchUpAskedAgain', CATCH_UP_FAILS: 'catchUpFailed' },
      },
      caughtUp: at('fetched', 'the fresh list: a product taken off sale while away is gone'),
      catchUpAskedAgain: at('catchingUp', 'a push during the read: applied, and the read asked again'),
      catchUpFailed: at('fetched', 'all 3 products kept when the read fails'),
      moreFailed: at('fetched', 'the shown page kept, with the error'),
      failed: { ...at('error', 'the error with retry'), on: { RETRY: 'loading', CONNECTION_REOPENS: 'loading' } },
      searching: at('loading', 'a new search starts from page 1'),
    },
  }),
  start() {
    const deferred = new Deferred();
    const actor = createActor(productListMachine.provide({ actors: { ...deferred.actors('fetchPage'), liveUpdates: fromCallback(() => () => {}) } }), {
      input: { query: { categoryId: 1 }, pageSize: PAGE_SIZE },
    }).start();
    return { actor, deferred };
  },
  events: ({ actor, deferred }) => ({
    PAGE_ARRIVES: () => {
      const pageNumber = (deferred.open('fetchPage')[0]?.input as { pageNumber: number }).pageNumber;
      return deferred.settle('fetchPage', { output: page(pageNumber, 3) });
    },
    LAST_PAGE_ARRIVES: () => deferred.settle('fetchPage', { output: page(1, 2) }),
    PAGE_FAILS: () => deferred.settle('fetchPage', { error: new Error('Could not load products') }),
    LIST_UNKNOWN: () => deferred.settle('fetchPage', { error: Object.assign(new Error('Special category 9 was not found.'), { status: 404 }) }),
    LOAD_MORE: () => actor.send({ type: 'list.loadMore' }),
    NEW_SEARCH: () => actor.send({ type: 'list.load', query: { search: 'prawn' } }),
    PRICE_PUSHED: () => actor.send({ type: 'list.productUpdate', items: [product(21, { oRate: 80 })] }),
    RETRY: () => actor.send({ type: 'list.retry' }),
    CONNECTION_REOPENS: () => actor.send({ type: 'list.catchUp' }),
    CATCH_UP_ARRIVES: () =>
      deferred.settle('fetchPage', { output: { items: [product(11), product(21)], totalCount: 2, pageNumber: 1, pageSize: 2 * PAGE_SIZE } }),
    CATCH_UP_FAILS: () => deferred.settle('fetchPage', { error: new Error('Network error') }),
  }),
  states: ({ actor, deferred }) => ({
    loading: () => expect(deferred.open('fetchPage').map((c) => c.input)).toEqual([{ query: { categoryId: 1 }, pageNumber: 1, pageSize: PAGE_SIZE }]),
    catchingUp: () => {
      expect(deferred.open('fetchPage').map((c) => c.input)).toEqual([{ query: { categoryId: 1 }, pageNumber: 1, pageSize: 2 * PAGE_SIZE }]);
      expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    },
    caughtUp: () => expect(actor.getSnapshot().context).toMatchObject({ items: [product(11), product(21)], totalCount: 2, error: null }),
    catchUpAskedAgain: () => {
      expect(deferred.open('fetchPage'), 'the first read is left unanswered, a second one asked').toHaveLength(2);
      expect(actor.getSnapshot().context.items.find((p) => p.productId === 21)?.oRate).toBe(80);
    },
    catchUpFailed: () => expect(actor.getSnapshot().context.items.map((p) => p.productId)).toEqual([11, 12, 21]),
    firstPage: () => expect(actor.getSnapshot().context.items.map((p) => p.productId)).toEqual([11, 12]),
    allShown: () => {
      expect(actor.getSnapshot().context.items).toHaveLength(2);
      expect(deferred.open('fetchPage')).toHaveLength(0);
    },
    loadingMore: () => expect(deferred.open('fetchPage').map((c) => (c.input as { pageNumber: number }).pageNumber)).toEqual([2]),
    secondPage: () => expect(actor.getSnapshot().context.items.map((p) => p.productId)).toEqual([11, 12, 21]),
    repriced: () => expect(actor.getSnapshot().context.items.find((p) => p.productId === 21)?.oRate).toBe(80),
    moreFailed: () => expect(actor.getSnapshot().context).toMatchObject({ error: 'Could not load products', pageNumber: 1 }),
    failed: () => expect(actor.getSnapshot().context.error).toBe('Could not load products'),
    unknownList: () => {
      expect(actor.getSnapshot().context.items).toEqual([]);
      actor.send({ type: 'list.retry' });
      expect(actor.getSnapshot().matches('notFound')).toBe(true);
    },
    searching: () => {
      expect(actor.getSnapshot().context.items).toEqual([]);
      expect(deferred.open('fetchPage').map((c) => c.input)).toEqual([{ query: { search: 'prawn' }, pageNumber: 1, pageSize: PAGE_SIZE }]);
    },
  }),
});

const SEER = product(5, { isVariantEnabled: true, variantId: 51, variants: [] });

describeModel('product detail machine, every shortest path (variants, 404, retry, live updates)', {
  machine: productDetailMachine,
  model: setup({}).createMachine({
    id: 'productDetailModel',
    initial: 'idle',
    states: {
      idle: { ...at('idle', 'nothing asked yet'), on: { OPEN_PRODUCT: 'loading', OPEN_WITHOUT_ID: 'noId' } },
      loading: { ...at('loading', 'the product loading'), on: { PRODUCT_ARRIVES: 'shown', NOT_FOUND: 'notFound', LOAD_FAILS: 'failed' } },
      shown: {
        ...at('fetched', 'the product with its variants'),
        on: { PICK_VARIANT: 'variantPicked', STOCK_PUSHED: 'restocked', CONNECTION_REOPENS: 'catchingUp' },
      },
      catchingUp: { ...at('catchingUp', 'the product read again, no spinner'), on: { CATCH_UP_ARRIVES: 'caughtUp', CATCH_UP_FAILS: 'catchUpFailed' } },
      caughtUp: at('fetched', 'the product as it is now: sold out while away'),
      catchUpFailed: at('fetched', 'the product kept when the read fails'),
      variantPicked: { ...at('fetched', 'another variant chosen, no new load'), on: { OPEN_SAME_PRODUCT: 'sameProduct' } },
      sameProduct: at('fetched', 'the same product opened again: no reload'),
      restocked: at('fetched', 'a live stock change applied, the choice kept'),
      notFound: at('notFound', 'Not Found for an unknown product'),
      noId: at('notFound', 'Not Found without a product id'),
      failed: { ...at('error', 'the error with retry'), on: { RETRY: 'loading', CONNECTION_REOPENS: 'loading' } },
    },
  }),
  start() {
    const deferred = new Deferred();
    const actor = createActor(productDetailMachine.provide({ actors: { ...deferred.actors('fetchDetail'), liveUpdates: fromCallback(() => () => {}) } }), {
      input: {},
    }).start();
    return { actor, deferred };
  },
  events: ({ actor, deferred }) => ({
    OPEN_PRODUCT: () => actor.send({ type: 'detail.load', productId: 5, variantId: 51 }),
    OPEN_WITHOUT_ID: () => actor.send({ type: 'detail.load', productId: undefined }),
    OPEN_SAME_PRODUCT: () => actor.send({ type: 'detail.load', productId: 5, variantId: 52 }),
    PRODUCT_ARRIVES: () => deferred.settle('fetchDetail', { output: SEER }),
    NOT_FOUND: () => deferred.settle('fetchDetail', { error: httpError(404, 'This product does not exist.') }),
    LOAD_FAILS: () => deferred.settle('fetchDetail', { error: httpError(0, 'Network error') }),
    PICK_VARIANT: () => actor.send({ type: 'detail.selectVariant', variantId: 52 }),
    STOCK_PUSHED: () => actor.send({ type: 'detail.update', items: [{ ...SEER, stockQty: 0, isStockAvailable: false }] }),
    RETRY: () => actor.send({ type: 'detail.retry' }),
    CONNECTION_REOPENS: () => actor.send({ type: 'detail.catchUp' }),
    CATCH_UP_ARRIVES: () => deferred.settle('fetchDetail', { output: { ...SEER, stockQty: 0, isStockAvailable: false } }),
    CATCH_UP_FAILS: () => deferred.settle('fetchDetail', { error: httpError(0, 'Network error') }),
  }),
  states: ({ actor, deferred }) => ({
    loading: () => expect(deferred.open('fetchDetail').map((c) => c.input)).toEqual([{ productId: 5, variantId: 51 }]),
    catchingUp: () => {
      expect(deferred.open('fetchDetail').map((c) => c.input)).toEqual([{ productId: 5, variantId: 51 }]);
      expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    },
    caughtUp: () => expect(actor.getSnapshot().context).toMatchObject({ product: { isStockAvailable: false }, variantId: 51, error: null }),
    catchUpFailed: () => expect(actor.getSnapshot().context).toMatchObject({ product: SEER, error: null }),
    shown: () => expect(actor.getSnapshot().context).toMatchObject({ product: SEER, variantId: 51 }),
    variantPicked: () => {
      expect(actor.getSnapshot().context.variantId).toBe(52);
      expect(deferred.calls.fetchDetail).toHaveLength(1);
    },
    sameProduct: () => expect(deferred.calls.fetchDetail).toHaveLength(1),
    restocked: () => expect(actor.getSnapshot().context.product?.isStockAvailable).toBe(false),
    notFound: () => expect(actor.getSnapshot().context.product).toBeNull(),
    noId: () => expect(deferred.calls.fetchDetail).toHaveLength(0),
    failed: () => expect(actor.getSnapshot().context.error).toBe('Network error'),
  }),
});
