/**
 * Carries out the events of the order-list path model in Chromium and checks, in each model
 * state, what the customer sees and what the server holds. The customer has twelve orders, the
 * oldest out for delivery; each path that needs it has the shop pack the newest order still Placed.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LoginSession } from '../helpers/login.js';
import { ORDER_LIST_MESSAGES } from '../../machines/order-list.machine';
import { UNREACHABLE } from './address-book.driver.js';
import { closePathPage, gone, openPathPage, type PathPage, visible, type World } from './browser-world.js';
import { GateSet } from './gate-set.js';
import { HUB_NOTE } from './hub.driver.js';
import { LiveLine } from './live-line.js';
import { placeCashOrder, type PlacedOrder, ShopApi, shopCommand } from './shop-fixtures.js';

export interface OrderListShop {
  world: World;
  session: LoginSession;
  api: ShopApi;
  orders: PlacedOrder[];
  outForDelivery: PlacedOrder;
}

const ORDERS = 12;

export async function prepareOrderListShop(world: World, session: LoginSession): Promise<OrderListShop> {
  const api = new ShopApi(world.server.url, session);
  const product = await api.productPriced(250, 2000, 2 * ORDERS + 10);
  const addressId = await api.addAddress();
  const orders: PlacedOrder[] = [];
  for (let i = 0; i < ORDERS; i++) orders.push(await placeCashOrder(api, product, addressId));
  const outForDelivery = orders[0];
  if (!outForDelivery) throw new Error('No orders');
  for (let i = 0; i < 2; i++) await shopCommand(world.server, ['order-next', '--order', String(outForDelivery.OrderId)]);
  return { world, session, api, orders, outForDelivery };
}

/** Today in the shop's time zone, as a date field holds it (YYYY-MM-DD). */
function shopDate(offsetDays = 0): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
}

export function orderListDriver(shop: OrderListShop) {
  const { api } = shop;
  let phone: PathPage | null = null;
  let line: LiveLine | null = null;
  const packed: PlacedOrder[] = [];
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gates = new GateSet<'list'>(page);
  const the = () => gates.the('list');

  const cards = () => page().getByTestId('order-card');
  const card = (o: PlacedOrder) => page().getByRole('article', { name: `Order ${o.OrderNo}`, exact: true });
  const cardStatus = (o: PlacedOrder) => card(o).getByTestId('order-status');
  const showing = (shown: number, total: number) => page().getByText(`Showing ${shown} of ${total} orders`, { exact: true });
  const loadMore = () => page().getByRole('button', { name: 'Load more' });
  const statusOf = async (o: PlacedOrder) => api.orderStatus(o.OrderId);
  const lastPacked = () => {
    const o = packed.at(-1);
    if (!o) throw new Error('No order was packed in this path');
    return o;
  };
  const listAnswered = () => page().waitForResponse((r) => r.url().includes('/api/Order/customer/') && r.request().method() === 'GET');
  /** The shop packs the newest order still Placed. */
  const shopPacksOne = async () => {
    const placed = (await api.orderStatuses()).find((o) => o.StatusCode === 'PLACED');
    const o = shop.orders.find((x) => x.OrderId === placed?.OrderId);
    if (!o) throw new Error('No placed order left');
    await shopCommand(shop.world.server, ['order-next', '--order', String(o.OrderId)]);
    expect(await statusOf(o)).toBe('PACKED');
    packed.push(o);
    return o;
  };
  const expectNewestTen = async () => {
    await visible(showing(10, ORDERS));
    expect(await cards().count()).toBe(10);
    const newest = shop.orders.at(-1);
    if (newest) await visible(card(newest));
    await visible(loadMore());
  };
  const expectNoReload = async () => expect(await page().evaluate(() => 'samePage' in window), 'no reload').toBe(true);

  const states = {
    loading: async () => {
      await visible(page().getByText('Loading your orders…'));
      const asked = new URL(the().seen[0]?.request.url() ?? '').searchParams;
      expect([asked.get('pageNumber'), asked.get('pageSize'), asked.get('filterType')]).toEqual(['1', '10', 'all']);
    },
    loadFailed: async () => {
      const error = page()
        .getByRole('alert')
        .filter({ has: page().getByRole('heading', { name: 'We could not load your orders' }) });
      await visible(error, 15_000);
      await visible(error.getByText(UNREACHABLE));
      await visible(error.getByRole('button', { name: 'Try again' }));
    },
    readyAfterRetry: expectNewestTen,
    ready: async () => {
      await expectNewestTen();
      expect((await api.orderStatuses()).length, 'the server holds twelve').toBe(ORDERS);
      expect(line?.joins, 'the live connection is not open yet').toBe(0);
    },
    loadingMore: async () => {
      await expect
        .poll(() =>
          page()
            .getByRole('button', { name: /Loading/ })
            .isDisabled(),
        )
        .toBe(true);
      expect(await cards().count()).toBe(10);
      expect(new URL(the().seen.at(-1)?.request.url() ?? '').searchParams.get('pageNumber')).toBe('2');
    },
    allShown: async () => {
      await visible(showing(ORDERS, ORDERS));
      await visible(card(shop.outForDelivery));
      expect(await cards().count()).toBe(ORDERS);
      expect(await loadMore().count()).toBe(0);
    },
    filtered: async () => {
      await expect.poll(() => cards().count()).toBe(1);
      await expect.poll(() => cardStatus(shop.outForDelivery).textContent()).toBe('Out for Delivery');
      await visible(page().getByText('Showing 1 of 1 order', { exact: true }));
      expect(await statusOf(shop.outForDelivery)).toBe('OUT_FOR_DELIVERY');
    },
    filteredThisWeek: async () => {
      await expect.poll(() => new URL(the().seen.at(-1)?.request.url() ?? '').searchParams.get('filterType')).toBe('week');
      expect(new URL(the().seen.at(-1)?.request.url() ?? '').searchParams.get('orderStatus')).toBe('OUT_FOR_DELIVERY');
      await expect.poll(() => cards().count()).toBe(1);
      await visible(card(shop.outForDelivery));
      await visible(page().getByText('Showing 1 of 1 order', { exact: true }));
    },
    needsRange: async () => {
      await visible(page().getByText(ORDER_LIST_MESSAGES.needsRange));
      expect(await cards().count()).toBe(0);
      expect(the().count, 'nothing asked of the server').toBe(1);
    },
    reversed: async () => {
      await visible(page().getByText(ORDER_LIST_MESSAGES.startAfterEnd));
      expect(await cards().count()).toBe(0);
      expect(the().count, 'nothing asked of the server').toBe(1);
    },
    ranged: async () => {
      await expectNewestTen();
      const asked = new URL(the().seen.at(-1)?.request.url() ?? '').searchParams;
      expect([asked.get('filterType'), asked.get('startDate'), asked.get('endDate')]).toEqual(['custom', shopDate(), shopDate()]);
    },
    catchingUp: async () => {
      expect(the().holding, 'the read again is under way').toBe(1);
      expect(await page().getByText('Loading your orders…').count(), 'no spinner').toBe(0);
      expect(await cardStatus(lastPacked()).textContent()).toBe('Placed');
      expect(line?.joins).toBe(1);
    },
    caughtUp: async () => {
      await expect.poll(() => cardStatus(lastPacked()).textContent()).toBe('Packed');
      await visible(showing(10, ORDERS));
      await expectNoReload();
    },
    movedLive: async () => {
      await expect.poll(() => cardStatus(lastPacked()).textContent(), { timeout: 3000 }).toBe('Packed');
      expect(the().count, 'the push alone, no read').toBe(2);
      await expectNoReload();
    },
    away: async () => {
      await visible(page().getByText(HUB_NOTE));
      await page().waitForTimeout(300);
      expect(await cardStatus(lastPacked()).textContent()).toBe('Placed');
      expect(await statusOf(lastPacked())).toBe('PACKED');
    },
    caughtUpAgain: async () => {
      await gone(page().getByText(HUB_NOTE));
      await expect.poll(() => cardStatus(lastPacked()).textContent()).toBe('Packed');
      expect(line?.joins).toBe(2);
      await expectNoReload();
    },
  };

  const events = {
    'xstate.init': async () => {
      phone = await openPathPage(shop.world, shop.session);
      line = await LiveLine.on(phone.context, phone.page, { held: true });
      await gates.open('list', 'GET', /\/api\/Order\/customer\/\d+/);
      await page().goto('/user_account/my_order/');
      await page().evaluate(() => Object.assign(window, { samePage: true }));
      await the().arrived();
    },
    ORDERS_ARRIVE: () => the().release(),
    ORDERS_FAIL: () => the().fail('abort'),
    TRY_AGAIN: async () => {
      the().setMode('pass');
      const retry = page().getByRole('button', { name: 'Try again' });
      if (await retry.isVisible()) await retry.click();
    },
    LOAD_MORE: async () => {
      the().setMode('hold');
      await loadMore().click();
      await the().arrived(2);
    },
    MORE_ARRIVE: () => the().release(),
    FILTER_OUT_FOR_DELIVERY: () => page().getByLabel('Status').selectOption({ label: 'Out for Delivery' }),
    CHOOSE_THIS_WEEK: () => page().getByLabel('Period').selectOption({ label: 'This week' }),
    CHOOSE_CUSTOM_RANGE: () => page().getByLabel('Period').selectOption({ label: 'Custom range' }),
    ENTER_REVERSED_DATES: async () => {
      await page().getByLabel('From').fill(shopDate());
      await page().getByLabel('To').fill(shopDate(-1));
    },
    FIX_THE_END_DATE: () => page().getByLabel('To').fill(shopDate()),
    SHOP_PACKS_ONE_THEN_CONNECTION_OPENS: async () => {
      await shopPacksOne();
      the().setMode('hold');
      await line?.open();
      await the().arrived(2);
    },
    CATCH_UP_ANSWERS: () => the().release(),
    SHOP_PACKS_ANOTHER: () => shopPacksOne(),
    CONNECTION_DROPS_WHILE_SHOP_PACKS_ANOTHER: async () => {
      await line?.cut();
      await shopPacksOne();
    },
    CONNECTION_RETURNS: async () => {
      const answered = listAnswered();
      await line?.negotiate.release();
      await line?.joined(2);
      await answered;
    },
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
