/**
 * Carries out the events of the cart path model in Chromium and checks, in each model state,
 * what the shopper sees (the cart page, the header's count, toasts), what the browser keeps
 * and what the server holds. Every path is a new shopper: a visitor who adds a product, then
 * logs in through the login page with the code texted to the server's outbox.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { readOutboxCode, uniqueMobile } from '../helpers/login.js';
import { UNREACHABLE } from './address-book.driver.js';
import { closePathPage, gone, openPathPage, type PathPage, toast, visible, type World } from './browser-world.js';
import { GateSet } from './gate-set.js';
import { HUB_NOTE } from './hub.driver.js';
import { LiveLine } from './live-line.js';
import { ShopApi, shopCommand, type ShopProduct } from './shop-fixtures.js';

export interface CartShop {
  world: World;
  product: ShopProduct;
}

export async function prepareCartShop(world: World): Promise<CartShop> {
  const product = await new ShopApi(world.server.url, null).productPriced(250, 2000, 10);
  return { world, product };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function cartDriver(shop: CartShop) {
  const { world, product } = shop;
  let phone: PathPage | null = null;
  let line: LiveLine | null = null;
  let customer: ShopApi | null = null;
  const mobile = uniqueMobile();
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gates = new GateSet<'merge' | 'read' | 'change'>(page);
  const the = (name: Parameters<typeof gates.the>[0]) => gates.the(name);
  const api = (): ShopApi => {
    if (!customer) throw new Error('The shopper has not logged in yet');
    return customer;
  };

  const headerCart = (label: string) => page().getByRole('link', { name: label, exact: true });
  const cartLine = () => page().getByTestId('cart-line').filter({ hasText: product.name });
  const shownQty = () => cartLine().getByTestId('cart-qty').textContent();
  const serverQty = async () => (await api().cart()).lines.find((l) => l.productId === product.productId)?.cartQty ?? 0;
  const localCart = () => page().evaluate(() => window.localStorage.getItem('localCart'));
  const expectNoReload = async () => expect(await page().evaluate(() => 'samePage' in window), 'no reload').toBe(true);
  const otherDeviceAddsOne = () => api().call('PUT', `Cart/1/${product.productId}/${product.variantId}?qtyChange=1&id=0&pageNumber=1&pageSize=10`);
  const expectLine = async (qty: number) => {
    await expect.poll(shownQty).toBe(String(qty));
    await visible(headerCart(`Cart, ${qty} ${qty === 1 ? 'item' : 'items'}`));
  };
  const expectEmptyCart = async () => {
    await visible(page().getByRole('heading', { name: 'Your cart is empty' }));
    await visible(headerCart('Cart, empty'));
    expect(await serverQty()).toBe(0);
  };

  const states = {
    productPage: async () => {
      await visible(page().getByRole('heading', { name: product.name }));
      await visible(
        page()
          .getByRole('button', { name: `Add ${product.name} to cart` })
          .first(),
      );
      await visible(headerCart('Cart, empty'));
    },
    visitorCart: async () => {
      await visible(headerCart('Cart, 1 item'));
      expect(JSON.parse((await localCart()) ?? '[]')).toMatchObject([{ productId: product.productId, qty: 1 }]);
      expect((await page().context().cookies()).map((c) => c.name)).not.toContain('token');
    },
    merging: async () => {
      expect(the('merge').holding).toBe(1);
      const sent = the('merge').seen[0]?.request.postDataJSON() as { ProductId: number; Qty: number }[];
      expect(sent.map((l) => [l.ProductId, l.Qty])).toEqual([[product.productId, 1]]);
      expect(await serverQty(), 'nothing on the server yet').toBe(0);
    },
    merged: async () => {
      await visible(toast(page(), 'Cart updated'));
      await page().waitForURL((url) => url.pathname.replace(/\/$/, '') === '/cart');
      await expectLine(1);
      expect(await serverQty()).toBe(1);
      expect(JSON.parse((await localCart()) ?? '[]'), 'the browser forgets the visitor cart').toEqual([]);
    },
    readingAfterMergeFailed: async () => {
      await visible(toast(page(), 'Failed to sync local cart'));
      expect(the('read').holding).toBeGreaterThanOrEqual(1);
      await visible(page().getByText('Loading your cart…'));
    },
    mergeFailed: async () => {
      await expectEmptyCart();
      expect(JSON.parse((await localCart()) ?? '[]'), 'the visitor cart is kept for the next attempt').toMatchObject([{ productId: product.productId }]);
    },
    loadFailed: async () => {
      const error = page()
        .getByRole('alert')
        .filter({ has: page().getByRole('heading', { name: 'We could not load your cart' }) });
      await visible(error, 15_000);
      await visible(error.getByText(UNREACHABLE));
      await visible(error.getByRole('button', { name: 'Try again' }));
    },
    cartAfterRetry: expectEmptyCart,
    updating: async () => {
      await expect.poll(shownQty, { message: 'shown at once' }).toBe('2');
      expect(the('change').holding).toBe(1);
      expect(await serverQty()).toBe(1);
    },
    increased: async () => {
      await expectLine(2);
      expect(await serverQty()).toBe(2);
    },
    refused: async () => {
      const said = await api()
        .call('PUT', `Cart/1/${product.productId}/${product.variantId}?qtyChange=1&id=0&pageNumber=1&pageSize=10`)
        .then(
          () => '',
          (error: Error) => error.message.replace(/^.*answered \d+: /, ''),
        );
      expect(said).toBe('Only 1 left in stock.');
      await visible(toast(page(), said));
      await expectLine(1);
      expect(await serverQty()).toBe(1);
    },
    removed: async () => {
      await expectEmptyCart();
    },
    pushedLive: async () => {
      await expectLine(2);
      expect(await serverQty()).toBe(2);
      await expectNoReload();
    },
    away: async () => {
      await visible(page().getByText(HUB_NOTE));
      expect(await serverQty()).toBe(3);
      await page().waitForTimeout(300);
      expect(await shownQty()).toBe('2');
    },
    catchingUp: async () => {
      expect(the('read').holding).toBe(1);
      expect(await shownQty()).toBe('2');
      expect(await page().getByText('Loading your cart…').count(), 'no spinner over a known cart').toBe(0);
    },
    caughtUp: async () => {
      await gone(page().getByText(HUB_NOTE));
      await expectLine(3);
      expect(await serverQty()).toBe(3);
      await expectNoReload();
    },
  };

  const events = {
    'xstate.init': async () => {
      // The shelf as it was before any path sold it down.
      await shopCommand(world.server, ['stock', '--product', String(product.productId), '--branch', '1', '--qty', String(product.stockQty)]);
      phone = await openPathPage(world, null);
      line = await LiveLine.on(phone.context, phone.page);
      await page().goto(`/product/product_detail?productId=${product.productId}`);
      await page().evaluate(() => Object.assign(window, { samePage: true }));
    },
    ADD_AS_VISITOR: () =>
      page()
        .getByRole('button', { name: new RegExp(`^Add ${escape(product.name)} to cart$`) })
        .first()
        .click(),
    LOG_IN_FROM_THE_CART: async () => {
      await gates.open('merge', 'POST', /\/api\/Cart\?/);
      // A read of the server cart started before the merge is held too, so the merge decides what shows.
      await gates.open('read', 'GET', /\/api\/Cart\?/);
      await headerCart('Cart, 1 item').click();
      await visible(page().getByText('Please log in to view your cart.'));
      await page().getByLabel('Mobile number').fill(mobile);
      await page().getByRole('button', { name: 'Get code' }).click();
      await visible(page().getByLabel('Login code'));
      await page()
        .getByLabel('Login code')
        .fill(await readOutboxCode(world.server.dataDir, mobile));
      await page().getByRole('button', { name: 'Verify and log in' }).click();
      await the('merge').arrived();
      const cookies = Object.fromEntries((await page().context().cookies()).map((c) => [c.name, c.value]));
      customer = new ShopApi(world.server.url, { token: cookies.token ?? '', customerId: Number(cookies.CustomerId), name: '', mobile });
      await page().evaluate(() => Object.assign(window, { samePage: true }));
    },
    MERGE_ANSWERS: async () => {
      await the('read').release();
      await the('merge').release();
    },
    MERGE_FAILS: async () => {
      const reads = the('read').count;
      await the('merge').fail('pass');
      await the('read').arrived(reads + 1);
    },
    CART_ARRIVES: () => the('read').release(),
    CART_FAILS_TOO: () => the('read').fail('abort'),
    TRY_AGAIN: async () => {
      the('read').setMode('pass');
      const retry = page().getByRole('button', { name: 'Try again' });
      if (await retry.isVisible()) await retry.click();
    },
    INCREASE: async () => {
      await gates.open('change', 'PUT', new RegExp(`/api/Cart/1/${product.productId}/`));
      await cartLine()
        .getByRole('button', { name: `Increase quantity of ${product.name}` })
        .click();
      await the('change').arrived();
    },
    SERVER_ACCEPTS: () => the('change').release(),
    SHOP_SELLS_OUT_MEANWHILE: async () => {
      await shopCommand(world.server, ['stock', '--product', String(product.productId), '--branch', '1', '--qty', '1']);
      await the('change').release();
    },
    REMOVE: () =>
      cartLine()
        .getByRole('button', { name: `Remove ${product.name}` })
        .click(),
    OTHER_DEVICE_ADDS_ONE: async () => {
      await line?.joined();
      await otherDeviceAddsOne();
    },
    CONNECTION_DROPS_WHILE_OTHER_DEVICE_ADDS_ONE: async () => {
      await line?.cut();
      await otherDeviceAddsOne();
    },
    CONNECTION_RETURNS: async () => {
      await gates.open('read', 'GET', /\/api\/Cart\?/);
      await line?.negotiate.release();
      await the('read').arrived();
    },
    CATCH_UP_ANSWERS: () => the('read').release(),
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
