import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { homeMachine, type HomeData, type HomeEvent, type HomeStore } from '../../machines/home.machine';
import type { Category, Product, SpecialCategory } from '../../contract/catalogue.schemas';

function product(productId: number, overrides: Partial<Product> = {}): Product {
  return {
    productId,
    name: `Fish ${productId}`,
    description: '',
    image: `/images/p${productId}.svg`,
    categoryId: 1,
    categoryName: 'Sea fish',
    unitLabel: '500 g',
    active: true,
    isVariantEnabled: false,
    variantId: 0,
    variantName: '',
    variantActive: true,
    isStockAvailable: true,
    stockQty: 10,
    sRate: 300,
    oRate: null,
    cartQty: 0,
    variants: [],
    ...overrides,
  };
}

const category = (categoryId: number, name: string): Category => ({ categoryId, name, description: '', image: '', productCount: 3 });
const section = (specialCategoryId: number, name: string): SpecialCategory => ({ specialCategoryId, name, description: '', image: '' });

const homeData: HomeData = {
  categoryData: [category(1, 'Sea fish'), category(2, 'Prawns')],
  productData: [product(1), product(2)],
  specialCategories: [section(1, 'Catch of the day')],
  rails: [{ specialCategoryId: 1, products: [product(2)] }],
  offers: [],
};

function start(options: { fetchHome?: (input: { companyId: number; branchId: number }) => Promise<HomeData>; cached?: HomeStore } = {}) {
  const persisted: HomeStore[] = [];
  const logged: unknown[] = [];
  const fetchHome = vi.fn(options.fetchHome ?? (async () => homeData));
  let pushLive: ((event: HomeEvent) => void) | undefined;
  const actor = createActor(
    homeMachine.provide({
      actors: {
        fetchHome: fromPromise(({ input }: { input: { companyId: number; branchId: number } }) => fetchHome(input)),
        liveUpdates: fromCallback<HomeEvent>(({ sendBack }) => {
          pushLive = sendBack;
          return () => (pushLive = undefined);
        }),
      },
      actions: {
        persist: (_, store) => persisted.push(store),
        logError: (_, error) => logged.push(error),
      },
    }),
    { input: { companyId: 1, branchId: 1, cached: options.cached ?? null } },
  ).start();
  return { actor, persisted, logged, fetchHome, live: (event: HomeEvent) => pushLive?.(event) };
}

describe('home machine', () => {
  it('loads categories, products and special categories and persists the session store', async () => {
    const { actor, persisted, fetchHome } = start();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('fetched'));
    const { context } = actor.getSnapshot();
    expect(context.categoryData.map((c) => c.name)).toEqual(['Sea fish', 'Prawns']);
    expect(context.productData).toHaveLength(2);
    expect(context.rails[0]?.products[0]?.productId).toBe(2);
    expect(fetchHome).toHaveBeenCalledWith({ companyId: 1, branchId: 1 });
    expect(persisted.at(-1)).toStrictEqual({
      categoryData: homeData.categoryData,
      productData: homeData.productData,
      specialCategories: homeData.specialCategories,
    });
  });

  it('shows the cached store while it refreshes', () => {
    const cached: HomeStore = { categoryData: [category(9, 'Dry fish')], productData: [product(9)], specialCategories: [] };
    const { actor } = start({ cached, fetchHome: () => new Promise(() => {}) });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context.categoryData[0]?.name).toBe('Dry fish');
  });

  it('keeps the lists it held when a load brings the same ones, and takes a changed list', async () => {
    const cached: HomeStore = {
      categoryData: [category(1, 'Sea fish'), category(2, 'Prawns')],
      productData: [product(1), product(2)],
      specialCategories: [section(1, 'Old name')],
    };
    const fresh = structuredClone(homeData);
    const { actor } = start({ cached, fetchHome: async () => fresh });
    const before = actor.getSnapshot().context;
    await waitFor(actor, (s) => s.matches('fetched'));
    const after = actor.getSnapshot().context;
    // The same content: the screens' selectors see the same value and do not draw again.
    expect(after.categoryData).toBe(before.categoryData);
    expect(after.productData).toBe(before.productData);
    // A changed list is taken as loaded.
    expect(after.specialCategories).toBe(fresh.specialCategories);
    expect(after.specialCategories[0]?.name).toBe('Catch of the day');
  });

  it('logs a load failure, keeps what was shown and retries on home.fetch', async () => {
    let fail = true;
    const { actor, logged, fetchHome } = start({
      fetchHome: async () => {
        if (fail) throw new Error('Network down');
        return homeData;
      },
    });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.error).toBe('Network down');
    expect(logged).toHaveLength(1);
    fail = false;
    actor.send({ type: 'home.fetch' });
    await waitFor(actor, (s) => s.matches('fetched'));
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(fetchHome).toHaveBeenCalledTimes(2);
  });

  it('reloads for another company and branch', async () => {
    const { actor, fetchHome } = start();
    await waitFor(actor, (s) => s.matches('fetched'));
    actor.send({ type: 'home.fetch', companyId: 2, branchId: 3 });
    await waitFor(actor, (s) => s.matches('fetched'));
    expect(fetchHome).toHaveBeenLastCalledWith({ companyId: 2, branchId: 3 });
  });

  it('replaces live-updated products in place, in the featured list and the rails, without adding new ones', async () => {
    const { actor, live, persisted } = start();
    await waitFor(actor, (s) => s.matches('fetched'));
    live({ type: 'home.productUpdate', items: [product(2, { sRate: 250, isStockAvailable: false }), product(77)] });
    const { context } = actor.getSnapshot();
    expect(context.productData.map((p) => p.productId)).toEqual([1, 2]);
    expect(context.productData[1]).toMatchObject({ sRate: 250, isStockAvailable: false });
    expect(context.rails[0]?.products[0]).toMatchObject({ sRate: 250, isStockAvailable: false });
    expect(persisted.at(-1)?.productData[1]?.sRate).toBe(250);
  });

  it('updates categories and special categories by id and appends new ones', async () => {
    const { actor, live } = start();
    await waitFor(actor, (s) => s.matches('fetched'));
    live({ type: 'category.update', items: [category(2, 'Prawns & shellfish'), category(3, 'Crabs')] });
    live({ type: 'home.sectionUpdate', items: [section(1, 'Today only')] });
    const { context } = actor.getSnapshot();
    expect(context.categoryData.map((c) => c.name)).toEqual(['Sea fish', 'Prawns & shellfish', 'Crabs']);
    expect(context.specialCategories.map((s) => s.name)).toEqual(['Today only']);
  });
});
