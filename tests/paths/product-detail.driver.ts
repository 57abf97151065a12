/**
 * Carries out the events of the product-detail path model in Chromium and checks, in each model
 * state, what the customer sees and what the server holds. The product is one of the demo
 * catalogue with two weights or cuts in stock; the shop changes the second one's stock with its
 * command line.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LoginSession } from '../helpers/login.js';
import { closePathPage, gone, openPathPage, type PathPage, visible, type World } from './browser-world.js';
import { GateSet } from './gate-set.js';
import { HUB_NOTE } from './hub.driver.js';
import { LiveLine } from './live-line.js';
import { ShopApi, shopCommand } from './shop-fixtures.js';

interface DetailVariant {
  variantId: number;
  name: string;
  active: boolean;
  isStockAvailable: boolean;
  stockQty: number;
}

interface Detail {
  productId: number;
  name: string;
  variantId: number;
  variants: DetailVariant[];
}

export interface ProductDetailShop {
  world: World;
  session: LoginSession;
  api: ShopApi;
  product: Detail;
  first: DetailVariant;
  second: DetailVariant;
}

export async function prepareProductDetailShop(world: World, session: LoginSession): Promise<ProductDetailShop> {
  const api = new ShopApi(world.server.url, session);
  const listed = await api.call<{ productId: number; isVariantEnabled: boolean; active: boolean }[]>(
    'GET',
    'products?companyId=1&branchId=1&pageNumber=1&pageSize=100',
  );
  for (const row of listed.filter((p) => p.active && p.isVariantEnabled)) {
    const product = await api.call<Detail>('GET', `Product/detail/${row.productId}?branchId=1`);
    const inStock = product.variants.filter((v) => v.active && v.isStockAvailable && v.stockQty > 5);
    const first = inStock.find((v) => v.variantId === product.variantId);
    const second = inStock.find((v) => v.variantId !== product.variantId);
    if (first && second) return { world, session, api, product, first, second };
  }
  throw new Error('The demo catalogue has no product with two weights in stock');
}

export function productDetailDriver(shop: ProductDetailShop) {
  const { api, product, first, second } = shop;
  let phone: PathPage | null = null;
  let line: LiveLine | null = null;
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gates = new GateSet<'detail'>(page);
  const the = () => gates.the('detail');

  const heading = () => page().getByRole('heading', { name: product.name, level: 1 });
  const picker = () => page().getByRole('group', { name: 'Choose weight / cut' });
  const variantButton = (v: DetailVariant) => picker().getByRole('button', { name: new RegExp(`^${v.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  const skeleton = () => page().getByRole('status', { name: 'Loading product' });
  const expectProduct = async (chosen: DetailVariant) => {
    await visible(heading());
    await expect.poll(() => variantButton(chosen).getAttribute('aria-pressed')).toBe('true');
  };
  const expectNoReload = async () => expect(await page().evaluate(() => 'samePage' in window), 'no reload').toBe(true);
  const stored = async (v: DetailVariant) => {
    const detail = await api.call<Detail>('GET', `Product/detail/${product.productId}?branchId=1&variantId=${v.variantId}`);
    return detail.variants.find((x) => x.variantId === v.variantId)?.stockQty;
  };

  const states = {
    loading: async () => {
      await visible(skeleton());
      expect(the().holding, 'the product is on its way').toBe(1);
    },
    loadFailed: async () => {
      const error = page()
        .getByRole('alert')
        .filter({ has: page().getByRole('heading', { name: 'We could not load this product' }) });
      await visible(error, 15_000);
      await visible(error.getByRole('button', { name: 'Try again' }));
    },
    readyAfterRetry: () => expectProduct(first),
    ready: async () => {
      await expectProduct(first);
      await visible(page().getByText('In stock', { exact: true }));
      expect(await variantButton(second).getAttribute('aria-pressed')).toBe('false');
      expect(the().count).toBe(1);
    },
    otherVariant: async () => {
      await expectProduct(second);
      expect(await variantButton(first).getAttribute('aria-pressed')).toBe('false');
      expect(new URL(page().url()).searchParams.get('variantId')).toBe(String(second.variantId));
      expect(the().count, 'nothing asked of the server').toBe(1);
    },
    stockChanged: async () => {
      await visible(page().getByText('In stock: only 3 left'), 5000);
      await expectProduct(second);
      expect(await stored(second), 'the server holds three').toBe(3);
      await expectNoReload();
    },
    notFound: async () => {
      await visible(page().getByText('This product is not in our shop any more.'));
      await visible(page().getByRole('link', { name: 'See all products' }));
    },
    catchingUp: async () => {
      expect(the().holding, 'the read again is under way').toBe(1);
      expect(await skeleton().count(), 'no skeleton').toBe(0);
      await visible(heading());
    },
    caughtUp: async () => {
      await gone(page().getByText(HUB_NOTE));
      await expectProduct(first);
      expect(line?.joins).toBe(2);
      await expectNoReload();
    },
  };

  const events = {
    'xstate.init': async () => {
      phone = await openPathPage(shop.world, shop.session);
      line = await LiveLine.on(phone.context, phone.page);
      await gates.open('detail', 'GET', /\/api\/Product\/detail\/\d+/);
      await page().goto(`/product/product_detail?productId=${product.productId}`);
      await the().arrived();
    },
    PRODUCT_ARRIVES: async () => {
      await the().release();
      await visible(heading());
      await page().evaluate(() => Object.assign(window, { samePage: true }));
    },
    PRODUCT_FAILS: () => the().fail('abort'),
    TRY_AGAIN: async () => {
      the().setMode('pass');
      const retry = page().getByRole('button', { name: 'Try again' });
      if (await retry.isVisible()) await retry.click();
    },
    PICK_ANOTHER_VARIANT: () => variantButton(second).click(),
    SHOP_SETS_ITS_STOCK_TO_THREE: async () => {
      await line?.joined(1);
      await shopCommand(shop.world.server, [
        'stock',
        '--product',
        String(product.productId),
        '--variant',
        String(second.variantId),
        '--branch',
        '1',
        '--qty',
        '3',
      ]);
    },
    OPEN_AN_UNKNOWN_PRODUCT: () => page().goto('/product/product_detail?productId=987654'),
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
