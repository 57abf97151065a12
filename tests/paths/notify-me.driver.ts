/**
 * Carries out the events of the notify-me path model in Chromium and checks, in each model
 * state, what the customer sees and which notices the server holds. The shop sold out a product
 * without variants with its command line; each path starts with no notice waiting.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { NOTIFY_ME_TEXT } from '../../machines/notify-me.machine';
import type { LoginSession } from '../helpers/login.js';
import { closePathPage, openPathPage, type PathPage, toast, visible, type World } from './browser-world.js';
import { GateSet } from './gate-set.js';
import { ShopApi, shopCommand } from './shop-fixtures.js';

interface Notice {
  NoticeId: number;
  ProductId: number;
  Status: string;
}

export interface NotifyShop {
  world: World;
  session: LoginSession;
  api: ShopApi;
  product: { productId: number; name: string };
}

export async function prepareNotifyShop(world: World, session: LoginSession): Promise<NotifyShop> {
  const api = new ShopApi(world.server.url, session);
  const product = await api.productPriced(100, 2000, 1);
  await shopCommand(world.server, ['stock', '--product', String(product.productId), '--branch', '1', '--qty', '0']);
  return { world, session, api, product };
}

export function notifyMeDriver(shop: NotifyShop) {
  const { api, product } = shop;
  let phone: PathPage | null = null;
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gates = new GateSet<'read' | 'ask' | 'cancel'>(page);

  const notices = async () => (await api.call<Notice[]>('GET', 'StockNotice')).filter((n) => n.ProductId === product.productId);
  const pressButton = () => page().getByRole('button', { name: `Notify me when ${product.name} is back in stock` });
  const cancelButton = () => page().getByRole('button', { name: `Cancel the notice for ${product.name}` });
  const retryButton = () => page().locator('main').getByRole('button', { name: NOTIFY_ME_TEXT.retry, exact: true });
  const busy = () => page().locator('main button[aria-busy="true"], main button[data-loading]');
  const expectIdle = async () => {
    await visible(pressButton());
    expect(await notices(), 'no notice waiting').toEqual([]);
  };
  const expectWaiting = async () => {
    await visible(page().locator('main').getByText(NOTIFY_ME_TEXT.waiting, { exact: true }));
    await visible(cancelButton());
    expect(
      (await notices()).map((n) => n.Status),
      'one notice waiting',
    ).toEqual(['WAITING']);
  };
  const expectFailed = async () => {
    await visible(retryButton(), 15_000);
    await visible(page().locator('main').getByRole('alert').first());
  };

  const states = {
    checking: async () => {
      expect(gates.the('read').holding, 'the notices are on their way').toBe(1);
      await visible(page().getByRole('heading', { level: 1, name: product.name }));
      expect(await pressButton().count(), 'the button waits for the notices').toBeLessThanOrEqual(1);
      expect(await cancelButton().count()).toBe(0);
    },
    idle: expectIdle,
    asking: async () => {
      expect(gates.the('ask').holding).toBe(1);
      await expect.poll(() => busy().count()).toBeGreaterThan(0);
      expect(await notices(), 'nothing stored yet').toEqual([]);
    },
    waiting: async () => {
      await visible(toast(page(), NOTIFY_ME_TEXT.asked));
      await expectWaiting();
    },
    waitingAfterReload: expectWaiting,
    askFailed: async () => {
      await expectFailed();
      expect(await notices(), 'nothing stored').toEqual([]);
    },
    waitingAfterRetry: expectWaiting,
    cancelling: async () => {
      expect(gates.the('cancel').holding).toBe(1);
      await expect.poll(() => busy().count()).toBeGreaterThan(0);
      expect((await notices()).length, 'still stored').toBe(1);
    },
    cancelled: async () => {
      await visible(toast(page(), NOTIFY_ME_TEXT.cancelled));
      await expectIdle();
    },
    cancelFailed: async () => {
      await expectFailed();
      expect((await notices()).length, 'still stored').toBe(1);
    },
    cancelledAfterRetry: expectIdle,
  };

  const events = {
    'xstate.init': async () => {
      for (const notice of await notices()) await api.call('DELETE', `StockNotice/${notice.NoticeId}`);
      phone = await openPathPage(shop.world, shop.session);
      await gates.open('read', 'GET', /\/api\/StockNotice$/);
      await gates.open('ask', 'POST', /\/api\/StockNotice$/, 'hold');
      await gates.open('cancel', 'DELETE', /\/api\/StockNotice\/\d+$/, 'hold');
      await page().goto(`/product/product_detail?productId=${product.productId}`);
      await gates.the('read').arrived();
    },
    NOTICES_ARRIVE: () => gates.the('read').release(),
    PRESS: async () => {
      await pressButton().click();
      await gates.the('ask').arrived();
    },
    ASK_ANSWERS: () => gates.the('ask').release(),
    ASK_FAILS: () => gates.the('ask').fail('pass'),
    RELOAD: () => page().reload(),
    CANCEL: async () => {
      await cancelButton().click();
      await gates.the('cancel').arrived();
    },
    CANCEL_ANSWERS: () => gates.the('cancel').release(),
    CANCEL_FAILS: () => gates.the('cancel').fail('pass'),
    TRY_AGAIN: () => retryButton().click(),
  };

  return {
    states,
    events,
    async close() {
      await gates.close();
      await closePathPage(phone);
    },
  };
}
