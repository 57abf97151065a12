/**
 * Carries out the events of the home path model in Chromium and checks, in each model state,
 * what the customer sees and what the server holds. The customer is signed in, so home's lists
 * are asked for at start-up; the request watched is the fresh-today products (pageSize=12). The
 * shop changes the price of the first of them with its command line.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LoginSession } from '../helpers/login.js';
import { closePathPage, gone, openPathPage, type PathPage, visible, type World } from './browser-world.js';
import { GateSet } from './gate-set.js';
import { HUB_NOTE } from './hub.driver.js';
import { LiveLine } from './live-line.js';
import { ShopApi, shopCommand } from './shop-fixtures.js';

interface ListedProduct {
  productId: number;
  name: string;
  isVariantEnabled: boolean;
  variantId: number;
  sRate: number;
}

interface ListedCategory {
  name: string;
}

export interface HomeShop {
  world: World;
  session: LoginSession;
  api: ShopApi;
  first: ListedProduct;
  categories: ListedCategory[];
}

const FEATURED = 12;
const FRESH_TODAY = /\/api\/products\?.*pageSize=12(&|$)/;

export async function prepareHomeShop(world: World, session: LoginSession): Promise<HomeShop> {
  const api = new ShopApi(world.server.url, session);
  const listed = await api.call<ListedProduct[]>('GET', `products?companyId=1&branchId=1&pageNumber=1&pageSize=${FEATURED}`);
  const first = listed[0];
  if (!first || listed.length < FEATURED) throw new Error('The demo shop lists too few products for home');
  const categories = await api.call<ListedCategory[]>('GET', 'categories?companyId=1');
  if (categories.length === 0) throw new Error('The demo shop has no categories');
  return { world, session, api, first, categories };
}

const rupees = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function homeDriver(shop: HomeShop) {
  const { api } = shop;
  let phone: PathPage | null = null;
  let line: LiveLine | null = null;
  let newRate = 0;
  let askedBeforeCatchUp = 0;
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gates = new GateSet<'fresh'>(page);
  const the = () => gates.the('fresh');

  const freshToday = () => page().getByRole('list', { name: 'Fresh today' });
  const cards = () => freshToday().getByRole('listitem');
  const card = (name: string) =>
    freshToday()
      .getByRole('listitem')
      .filter({ has: page().getByRole('heading', { name, exact: true }) });
  const categoryLink = (name: string) => page().getByRole('region', { name: 'Shop by category' }).getByRole('link', { name, exact: false });
  const failedHome = () =>
    page()
      .getByRole('alert')
      .filter({ has: page().getByRole('heading', { name: 'We could not load the products' }) });
  const expectHome = async () => {
    await visible(page().getByRole('heading', { name: 'Fresh today' }));
    await expect.poll(() => cards().count()).toBe(FEATURED);
    await visible(card(shop.first.name));
    const firstCategory = shop.categories[0]?.name ?? '(none)';
    await visible(categoryLink(firstCategory));
    expect(await failedHome().count()).toBe(0);
  };
  const expectNoReload = async () => expect(await page().evaluate(() => 'samePage' in window), 'no reload').toBe(true);
  const listedRate = async () => {
    const listed = await api.call<ListedProduct[]>('GET', `products?companyId=1&branchId=1&pageNumber=1&pageSize=${FEATURED}`);
    return listed.find((p) => p.productId === shop.first.productId)?.sRate;
  };
  const changePrice = async () => {
    const rate = (await listedRate()) ?? shop.first.sRate;
    newRate = rate + 111;
    const variant = shop.first.isVariantEnabled ? ['--variant', String(shop.first.variantId)] : [];
    await shopCommand(shop.world.server, [
      'price',
      '--product',
      String(shop.first.productId),
      ...variant,
      '--branch',
      '1',
      '--rate',
      String(newRate),
      '--no-offer',
    ]);
  };
  const expectNewPrice = async () => {
    await visible(card(shop.first.name).getByText(rupees(newRate)), 5000);
    expect(await listedRate(), 'the server holds the new rate').toBe(newRate);
  };

  const states = {
    loading: async () => {
      expect(the().holding, 'the fresh-today products are on their way').toBe(1);
      await visible(page().getByRole('heading', { name: 'Shop by category' }));
      expect(await freshToday().count(), 'no product cards yet').toBe(0);
    },
    loadFailed: async () => {
      await visible(failedHome(), 15_000);
      await visible(failedHome().getByRole('button', { name: 'Try again' }));
      expect(await freshToday().count()).toBe(0);
      // The categories the page already had stay on screen above the error.
      await visible(categoryLink(shop.categories[0]?.name ?? '(none)'));
    },
    readyAfterRetry: expectHome,
    ready: async () => {
      await expectHome();
      expect(the().count, 'home was asked for once').toBe(1);
    },
    priceChanged: async () => {
      await expectNewPrice();
      await expectNoReload();
    },
    catchingUp: async () => {
      expect(the().holding, 'the read again is under way').toBe(1);
      expect(await cards().count(), 'no skeleton: the cards stay').toBe(FEATURED);
    },
    caughtUp: async () => {
      await gone(page().getByText(HUB_NOTE));
      await expectHome();
      expect(the().count, 'home read once more').toBe(askedBeforeCatchUp + 1);
      await expectNoReload();
    },
    pushedDuringRead: async () => {
      await expectNewPrice();
      expect(the().holding, 'the read again still under way').toBe(1);
    },
    readAgainAfterPush: async () => {
      await the().arrived(askedBeforeCatchUp + 2);
      await expectHome();
      await expectNewPrice();
      await expectNoReload();
    },
  };

  const events = {
    'xstate.init': async () => {
      phone = await openPathPage(shop.world, shop.session);
      line = await LiveLine.on(phone.context, phone.page);
      await gates.open('fresh', 'GET', FRESH_TODAY);
      await page().goto('/');
      await the().arrived();
    },
    HOME_ARRIVES: async () => {
      await the().release();
      await page().evaluate(() => Object.assign(window, { samePage: true }));
    },
    // The server fails the fresh-today read (an answer, not a lost network: the connectivity actor stays online and retries nothing by itself).
    HOME_FAILS: () => the().answerServerError('serverError'),
    TRY_AGAIN: async () => {
      the().setMode('pass');
      await page().evaluate(() => Object.assign(window, { samePage: true }));
      const retry = failedHome().getByRole('button', { name: 'Try again' });
      if (await retry.isVisible()) await retry.click();
    },
    SHOP_CHANGES_A_PRICE: async () => {
      await line?.joined(1);
      await changePrice();
    },
    CONNECTION_DROPS_AND_RETURNS: async () => {
      await line?.joined(1);
      askedBeforeCatchUp = the().count;
      await line?.cut();
      await visible(page().getByText(HUB_NOTE));
      the().setMode('hold');
      await line?.negotiate.release();
      await line?.joined(2);
      await the().arrived(askedBeforeCatchUp + 1);
    },
    SHOP_CHANGES_A_PRICE_DURING_THE_READ: () => changePrice(),
    CATCH_UP_ANSWERS: () => the().release(),
  };

  return {
    states,
    events,
    async close() {
      await gates.close();
      await line?.close();
      await closePathPage(phone);
    },
  };
}
