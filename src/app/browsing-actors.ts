import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { homeMachine, type HomeData, type HomeEvent, type HomeStore } from '../../machines/home.machine';
import { getCategories, getOffers, getProducts, getSpecialCategories, getSpecialProducts } from '../api/catalogue';
import type { Product } from '../api/types';
import { appEvents, type AppEventMap, type CatalogueItems } from '../lib/app-events';
import { readSession, writeSession } from '../lib/storage';
import { actorOptions } from './actor-options';
import { currentShop } from './shop-context';

/** How many products the home page shows as featured, and per special-category rail. */
const HOME_FEATURED_COUNT = 12;
const HOME_RAIL_COUNT = 10;
export const HOME_STORE_KEY = 'home-store';
export const HOME_STORE_VERSION = 1;

type CatalogueEventName = {
  [K in keyof AppEventMap]: AppEventMap[K] extends CatalogueItems<unknown> ? K : never;
}[keyof AppEventMap];

/**
 * Feeds hub app events into a machine. Updates for another branch are ignored; BranchId null
 * means the change holds for every branch (names, images, activity).
 */
export function liveFeed<E extends EventObject>(subscriptions: { [K in CatalogueEventName]?: (items: AppEventMap[K]['Items']) => E }) {
  return fromCallback<E>(({ sendBack }) => {
    const stops = (Object.keys(subscriptions) as CatalogueEventName[]).map((name) =>
      appEvents.on(name, (payload: CatalogueItems<unknown>) => {
        if (payload.BranchId !== null && payload.BranchId !== currentShop().branchId) return;
        const toEvent = subscriptions[name] as ((items: unknown[]) => E) | undefined;
        if (toEvent) sendBack(toEvent(payload.Items));
      }),
    );
    return () => stops.forEach((stop) => stop());
  });
}

function logged<T>(label: string, fallback: T) {
  return (error: unknown): T => {
    console.error(label, error);
    return fallback;
  };
}

/** One home load: the three store lists must arrive; offers and rails are extras that may fail alone. */
async function fetchHome({ companyId, branchId }: { companyId: number; branchId: number }): Promise<HomeData> {
  const [categoryData, products, specialCategories, offers] = await Promise.all([
    getCategories(companyId),
    getProducts({ companyId, branchId, pageNumber: 1, pageSize: HOME_FEATURED_COUNT }),
    getSpecialCategories(companyId),
    getOffers(companyId, branchId).catch(logged('Offers failed to load', [])),
  ]);
  const rails = await Promise.all(
    specialCategories.map(async (section) => ({
      specialCategoryId: section.specialCategoryId,
      products: await getSpecialProducts(section.specialCategoryId, { branchId, pageNumber: 1, pageSize: HOME_RAIL_COUNT })
        .then((page) => page.items)
        .catch(logged(`Special category ${section.specialCategoryId} failed to load`, [] as Product[])),
    })),
  );
  return { categoryData, productData: products.items, specialCategories, offers, rails };
}

/** The home data store, an app actor started with the others. */
export function createHomeActor() {
  const shop = currentShop();
  return createActor(
    homeMachine.provide({
      actors: {
        fetchHome: fromPromise(({ input }) => fetchHome(input)),
        liveUpdates: liveFeed<HomeEvent>({
          'home.productUpdate': (items) => ({ type: 'home.productUpdate', items }),
          'category.update': (items) => ({ type: 'category.update', items }),
          'home.sectionUpdate': (items) => ({ type: 'home.sectionUpdate', items }),
        }),
      },
      actions: {
        persist: (_, store) => writeSession(HOME_STORE_KEY, store, HOME_STORE_VERSION),
        logError: (_, error) => console.error('Home data failed to load', error),
      },
    }),
    actorOptions({ input: { ...shop, cached: readSession<HomeStore>(HOME_STORE_KEY, HOME_STORE_VERSION) } }),
  );
}
