/**
 * Nothing is missed across a dropped connection. The phone's live connection is cut (as a
 * network drop does) and its way back held while the shop changes a price and a stock level,
 * the customer's other device changes the cart, and the shop moves an order on: all of it pushed
 * while the phone was away, so none of it reaches it live. Once the connection is back the page
 * shows every change, with no reload, as a phone that never dropped would.
 */
import type { WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, type LoginSession } from '../helpers/login.js';
import { closePathPage, gone, openPathPage, startWorld, stopWorld, visible, type PathPage, type World } from '../paths/browser-world.js';
import { RequestGate } from '../paths/network-gates.js';
import { shopCommand } from '../helpers/shop-command.js';
import { ShopApi, type ShopProduct } from '../paths/shop-fixtures.js';
import { HUB_NOTE } from '../paths/hub.driver.js';
import { LIST_PAGE_SIZE } from '../../contract/product-list.rules.js';

const RECORD_SEPARATOR = '\u001e';

let world: World;
let session: LoginSession;
let api: ShopApi;

beforeAll(async () => {
  world = await startWorld();
  session = await apiLogin(world.server.url, world.server.dataDir);
  api = new ShopApi(world.server.url, session);
});

/** The shop owner's command; the server is up, so its pushes go out. */
const shop = (...args: string[]) => shopCommand(world.server)(...args);

afterAll(() => stopWorld(world));

interface Listed extends ShopProduct {
  /** Every variant's id (the product's own 0 when it has none). */
  variantIds: number[];
}

/** Products in stock among the first page /product/ shows, with the variant each card shows. */
async function firstPageProducts(count: number): Promise<Listed[]> {
  const rows = await api.call<
    {
      productId: number;
      variantId: number;
      name: string;
      isStockAvailable: boolean;
      stockQty: number;
      sRate: number;
      oRate: number | null;
      variants: { variantId: number }[];
    }[]
  >('GET', `products?companyId=1&branchId=1&pageNumber=1&pageSize=${LIST_PAGE_SIZE}`);
  const inStock = rows.filter((p) => p.isStockAvailable && p.stockQty >= 5).slice(0, count);
  if (inStock.length < count) throw new Error(`The first page lists fewer than ${count} products in stock`);
  return inStock.map((p) => ({
    productId: p.productId,
    variantId: p.variantId,
    name: p.name,
    price: p.oRate ?? p.sRate,
    stockQty: p.stockQty,
    variantIds: p.variants.length > 0 ? p.variants.map((v) => v.variantId) : [0],
  }));
}

const variantArgs = (variantId: number) => (variantId ? ['--variant', String(variantId)] : []);

const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * A phone whose hub connection runs through the test: it can be cut like a dropped network, and
 * the way back (negotiate) held until the test lets it through. Counts the pushes that reach it.
 */
async function phoneWithCuttableHub(path: string) {
  const phone: PathPage = await openPathPage(world, session);
  const sockets: { client: WebSocketRoute; server: WebSocketRoute }[] = [];
  let joins = 0;
  let pushes = 0;
  await phone.context.routeWebSocket(/\/catalogueHub/, (client) => {
    const server = client.connectToServer();
    sockets.push({ client, server });
    server.onMessage((message) => {
      const records = typeof message === 'string' ? message.split(RECORD_SEPARATOR) : [];
      if (records.some((r) => r.startsWith('{"type":3'))) joins += 1;
      if (records.some((r) => r.includes('"ReceiveCatalogueUpdate"'))) pushes += 1;
      client.send(message);
    });
    client.onMessage((message) => server.send(message));
  });
  const negotiate = await RequestGate.on(phone.page, 'POST', /\/catalogueHub\/negotiate/, 'pass');
  await phone.page.goto(path);
  await expect.poll(() => joins, { timeout: 10_000 }).toBe(1);

  return {
    phone,
    pushes: () => pushes,
    /** Cuts the connection and holds its way back until `reconnect`. */
    async drop() {
      negotiate.setMode('hold');
      const before = negotiate.count;
      for (const { client, server } of sockets.splice(0)) {
        await server.close({ code: 4000, reason: 'network lost' }).catch(() => undefined);
        await client.close({ code: 4000, reason: 'network lost' }).catch(() => undefined);
      }
      await visible(phone.page.getByText(HUB_NOTE));
      await negotiate.arrived(before + 1);
    },
    async reconnect() {
      await negotiate.release();
      await expect.poll(() => joins, { timeout: 10_000 }).toBe(2);
      await gone(phone.page.getByText(HUB_NOTE));
    },
    async close() {
      await negotiate.close();
      await closePathPage(phone);
    },
  };
}

describe('a phone that dropped its live connection', () => {
  it('shows the price, stock and cart changed while it was away once it is back, without a reload', async () => {
    const [sold, priced] = await firstPageProducts(2);
    if (!sold || !priced) throw new Error('two products are needed');
    await api.setCart(sold, 1);
    const hub = await phoneWithCuttableHub('/product/');
    const { page } = hub.phone;
    try {
      const cardOf = (product: ShopProduct) => page.locator('main article').filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
      await visible(cardOf(sold));
      await visible(cardOf(priced));
      await visible(page.getByRole('link', { name: 'Cart, 1 item' }));
      let reloaded = false;
      page.on('framenavigated', () => (reloaded = true));

      await hub.drop();
      const pushesBefore = hub.pushes();
      const newRate = priced.price + 17;
      const said = await shop(
        'price',
        '--product',
        String(priced.productId),
        ...variantArgs(priced.variantId),
        '--branch',
        '1',
        '--rate',
        String(newRate),
        '--no-offer',
      );
      expect(said).toContain(rupees(newRate));
      for (const variantId of sold.variantIds)
        await shop('stock', '--product', String(sold.productId), ...variantArgs(variantId), '--branch', '1', '--qty', '0');
      await api.call('PUT', `Cart/1/${priced.productId}/${priced.variantId}?qtyChange=2&id=0&pageNumber=1&pageSize=10`);
      // Still away: nothing of it has reached the page.
      await page.waitForTimeout(300);
      expect(hub.pushes()).toBe(pushesBefore);
      expect(await cardOf(priced).innerText()).not.toContain(rupees(newRate));

      await hub.reconnect();
      await visible(cardOf(priced).getByText(rupees(newRate)), 5_000);
      await visible(cardOf(sold).getByText('Out of stock'), 5_000);
      // The sold-out line no longer counts: the two added on the other device do.
      await visible(page.getByRole('link', { name: 'Cart, 2 items' }), 5_000);
      expect(reloaded).toBe(false);
      expect(hub.phone.errors).toEqual([]);
    } finally {
      await hub.close();
    }
  });

  it('shows an order moved on by the shop while it was away in My Orders', async () => {
    const product = await api.productPriced(100, 2000, 5);
    await api.setCart(product, 1);
    const order = await api.placeCodOrder();
    expect(await api.orderStatus(order.OrderId)).toBe('PLACED');

    const hub = await phoneWithCuttableHub('/user_account/my_order');
    const { page } = hub.phone;
    try {
      const card = page.locator('article, li').filter({ hasText: order.OrderNo });
      await visible(card.getByText('Placed', { exact: true }));
      await hub.drop();
      await shop('order-next', '--order', String(order.OrderId));
      expect(await api.orderStatus(order.OrderId)).toBe('PACKED');
      await page.waitForTimeout(300);
      expect(await card.first().innerText()).not.toContain('Packed');

      await hub.reconnect();
      await visible(card.getByText('Packed', { exact: true }), 5_000);
      expect(hub.phone.errors).toEqual([]);
    } finally {
      await hub.close();
    }
  });
});
