import { fromPromise, type EventObject } from 'xstate';
import { homeMachine, type HomeData, type HomeEvent, type HomeStore } from '../../machines/home.machine';
import { getCategories, getOffers, getProducts, getSpecialCategories, getSpecialProducts } from '../api/catalogue';
import type { Category, Product } from '../../contract/catalogue.schemas';
import type { LiveEventMap } from '../../machines/hub.machine';
import { catchUpOnReconnect, liveUpdates } from './live-events';
import type { CatalogueItems } from '../../contract/hub-events';
import { afterPageShown } from '../lib/after-page-shown';
import { sentWithHtml } from '../lib/sent-with-html';
import { readSession, writeSession } from '../lib/storage';
import { joinApp } from './app-system';
import { currentShop } from './shop-context';

/** How many products the home page shows as featured, and per special-category rail. */
const HOME_FEATURED_COUNT = 12;
const HOME_RAIL_COUNT = 10;
export const HOME_STORE_KEY = 'home-store';
export const HOME_STORE_VERSION = 1;

type CatalogueEventName = {
  [K in keyof LiveEventMap]: LiveEventMap[K] extends CatalogueItems<unknown> ? K : never;
}[keyof LiveEventMap];

/**
 * The `liveUpdates` actor of a catalogue screen: the hub's catalogue pushes as the machine's
 * events. Updates for another branch are ignored; BranchId null means the change holds for
 * every branch (names, images, activity). A connection that comes back sends `catchUp`.
 */
export function liveFeed<E extends EventObject>(subscriptions: { [K in CatalogueEventName]?: (items: LiveEventMap[K]['Items']) => E }, catchUp: E) {
  const forThisBranch = (toEvent: (items: unknown[]) => E) => (payload: CatalogueItems<unknown>) =>
    payload.BranchId !== null && payload.BranchId !== currentShop().branchId ? null : toEvent(payload.Items);
  const entries = Object.entries(subscriptions) as Array<[CatalogueEventName, (items: unknown[]) => E]>;
  return liveUpdates<E>({ ...Object.fromEntries(entries.map(([name, toEvent]) => [name, forThisBranch(toEvent)])), ...catchUpOnReconnect(catchUp) });
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

/**
 * The categories the server sent with the HTML of the product list (server/spa/opening-page.ts),
 * for this company: the list's chips and the header's menu show them in the first paint.
 */
function categoriesSentWithHtml(companyId: number): Category[] | undefined {
  const sent = sentWithHtml<{ companyId?: string; body?: { Data?: unknown } }>('shoal-opening-categories');
  return sent?.companyId === String(companyId) && Array.isArray(sent.body?.Data) ? (sent.body.Data as Category[]) : undefined;
}

let homeOpened: () => void = () => {};
const homeOpening = new Promise<void>((resolve) => (homeOpened = resolve));

/** The home page is on screen: home's lists are wanted now (see createHomeActor). */
export function homePageOpened(): void {
  homeOpened();
}

/**
 * The home data store (system id 'home'), an app actor started with the others. A visit that opens on the product
 * list has its categories from the HTML; the home page's other lists (featured products,
 * sections, offers) then load once the list is shown, or as soon as the visitor opens home, so
 * a phone's first seconds of bandwidth go to the page it asked for.
 */
export function startHomeActor() {
  const shop = currentShop();
  const sentCategories = categoriesSentWithHtml(shop.companyId);
  let deferFirstLoad = sentCategories !== undefined;
  return joinApp(
    'home',
    homeMachine.provide({
      actors: {
        fetchHome: fromPromise(async ({ input }) => {
          if (deferFirstLoad) {
            deferFirstLoad = false;
            await Promise.race([afterPageShown(), homeOpening]);
          }
          return fetchHome(input);
        }),
        liveUpdates: liveFeed<HomeEvent>(
          {
            'home.productUpdate': (items) => ({ type: 'home.productUpdate', items }),
            'category.update': (items) => ({ type: 'category.update', items }),
            'home.sectionUpdate': (items) => ({ type: 'home.sectionUpdate', items }),
          },
          { type: 'home.catchUp' },
        ),
      },
      actions: {
        persist: (_, store) => writeSession(HOME_STORE_KEY, store, HOME_STORE_VERSION),
        logError: (_, error) => console.error('Home data failed to load', error),
      },
    }),
    {
      ...shop,
      cached:
        readSession<HomeStore>(HOME_STORE_KEY, HOME_STORE_VERSION) ??
        (sentCategories ? { categoryData: sentCategories, productData: [], specialCategories: [] } : null),
    },
  );
}
