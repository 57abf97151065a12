/**
 * Carries out the events of the product-list path model in Chromium and checks, in each model
 * state, what the customer sees and what the server holds. The customer is signed in, so the
 * first page is asked for at start-up rather than sent with the HTML; the shop changes the
 * price of the first listed product with its command line.
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
  oRate: number | null;
}

export interface ProductListShop {
  world: World;
  session: LoginSession;
  api: ShopApi;
  first: ListedProduct;
  total: number;
}

const PAGE = 20;

export async function prepareProductListShop(world: World, session: LoginSession): Promise<ProductListShop> {
  const api = new ShopApi(world.server.url, session);
  const listed = await api.call<ListedProduct[]>('GET', 'products?companyId=1&branchId=1&pageNumber=1&pageSize=100');
  const first = listed[0];
  if (!first) throw new Error('The demo shop lists no products');
  if (listed.length <= PAGE) throw new Error('The demo shop has too few products for a second page');
  return { world, session, api, first, total: listed.length };
}

const rupees = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function productListDriver(shop: ProductListShop) {
  const { api } = shop;
  let phone: PathPage | null = null;
  let line: LiveLine | null = null;
  let newRate = 0;
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gates = new GateSet<'list'>(page);
  const the = () => gates.the('list');

  const cards = () => page().getByRole('list', { name: 'Products' }).getByRole('listitem');
  const card = (name: string) =>
    page()
      .locator('main article')
      .filter({ has: page().getByRole('heading', { name, exact: true }) });
  const count = () =>
    page()
      .getByRole('status')
      .filter({ hasText: `${shop.total} products` });
  const loadMore = () => page().getByRole('button', { name: `Load more (${shop.total - PAGE} more)` });
  const failedList = () =>
    page()
      .getByRole('alert')
      .filter({ has: page().getByRole('heading', { name: 'We could not load the products' }) });
  const askedPage = (i: number) => new URL(the().seen[i]?.request.url() ?? 'http://x/').searchParams;
  const expectFirstPage = async () => {
    await visible(count());
    await visible(card(shop.first.name));
    await expect.poll(() => cards().count()).toBe(PAGE);
    await visible(loadMore());
  };
  const expectNoReload = async () => expect(await page().evaluate(() => 'samePage' in window), 'no reload').toBe(true);
  const listedRate = async () => {
    const listed = await api.call<ListedProduct[]>('GET', 'products?companyId=1&branchId=1&pageNumber=1&pageSize=100');
    const found = listed.find((p) => p.productId === shop.first.productId);
    return found?.sRate;
  };

  const states = {
    loading: async () => {
      expect(the().holding, 'the first page is on its way').toBe(1);
      expect(await cards().count()).toBe(0);
      expect([askedPage(0).get('pageNumber'), askedPage(0).get('pageSize')]).toEqual(['1', String(PAGE)]);
    },
    loadFailed: async () => {
      await visible(failedList(), 15_000);
      await visible(failedList().getByRole('button', { name: 'Try again' }));
      expect(await cards().count()).toBe(0);
    },
    readyAfterRetry: expectFirstPage,
    ready: async () => {
      await expectFirstPage();
      expect(the().count, 'the first page was asked for once').toBe(1);
    },
    moreFailed: async () => {
      await visible(page().locator('main').getByRole('alert'));
      expect(await cards().count()).toBe(PAGE);
      await visible(loadMore());
      expect(askedPage(1).get('pageNumber')).toBe('2');
    },
    loadingMore: async () => {
      await expect
        .poll(() =>
          page()
            .getByRole('button', { name: /Loading/ })
            .isDisabled(),
        )
        .toBe(true);
      expect(the().holding).toBe(1);
      expect(await cards().count()).toBe(PAGE);
    },
    moreShown: async () => {
      await expect.poll(() => cards().count()).toBe(Math.min(shop.total, 2 * PAGE));
      expect(await page().locator('main').getByRole('alert').count(), 'the error is gone').toBe(0);
      await expectNoReload();
    },
    priceChanged: async () => {
      await visible(card(shop.first.name).getByText(rupees(newRate)), 3000);
      expect(await listedRate(), 'the server holds the new rate').toBe(newRate);
      await expectNoReload();
    },
    catchingUp: async () => {
      expect(the().holding, 'the read again is under way').toBe(1);
      expect([askedPage(1).get('pageNumber'), askedPage(1).get('pageSize')]).toEqual(['1', String(PAGE)]);
      expect(await cards().count(), 'no skeleton: the cards stay').toBe(PAGE);
    },
    caughtUp: async () => {
      await gone(page().getByText(HUB_NOTE));
      await expectFirstPage();
      expect(line?.joins).toBe(2);
      await expectNoReload();
    },
    notFound: async () => {
      await visible(page().getByRole('heading', { name: 'Not Found', level: 1 }));
      await visible(page().getByText('This collection is not in the shop.', { exact: false }));
      await expect.poll(() => page().title()).toBe('Not Found');
    },
  };

  const events = {
    'xstate.init': async () => {
      phone = await openPathPage(shop.world, shop.session);
      line = await LiveLine.on(phone.context, phone.page);
      // The list's own pages; the home screen's shorter strip (pageSize=12) passes.
      await gates.open('list', 'GET', /\/api\/products\?.*pageSize=20(&|$)/);
      await page().goto('/product');
      await the().arrived();
    },
    PAGE_ARRIVES: async () => {
      await the().release();
      await page().evaluate(() => Object.assign(window, { samePage: true }));
    },
    PAGE_FAILS: () => the().fail('abort'),
    TRY_AGAIN: async () => {
      the().setMode('pass');
      const retry = page().getByRole('button', { name: 'Try again' });
      if (await retry.isVisible()) await retry.click();
    },
    LOAD_MORE_FAILS: async () => {
      the().setMode('abort');
      await loadMore().click();
      await the().arrived(2);
    },
    LOAD_MORE_AGAIN: async () => {
      the().setMode('hold');
      const asked = the().count;
      await loadMore().click();
      await the().arrived(asked + 1);
    },
    MORE_ARRIVE: () => the().release(),
    SHOP_CHANGES_A_PRICE: async () => {
      await line?.joined(1);
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
    },
    CONNECTION_DROPS_AND_RETURNS: async () => {
      await line?.joined(1);
      await line?.cut();
      await visible(page().getByText(HUB_NOTE));
      the().setMode('hold');
      await line?.negotiate.release();
      await line?.joined(2);
      await the().arrived(2);
    },
    CATCH_UP_ANSWERS: () => the().release(),
    OPEN_AN_UNKNOWN_SPECIAL_CATEGORY: () => page().goto('/product/special_products?specialCategoryId=987654'),
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
