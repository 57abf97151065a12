/**
 * Ratings on a phone (390×844): once a customer reviews a delivered order, the product's card on
 * an open product list shows its rating live, and its page shows it too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, type LoginSession } from '../helpers/login.js';
import { closePathPage, openPathPage, startWorld, stopWorld, visible, type World } from '../paths/browser-world.js';
import { shopCommand } from '../helpers/shop-command.js';
import { LiveLine } from '../paths/live-line.js';
import { ShopApi } from '../paths/shop-fixtures.js';
import { LIST_PAGE_SIZE } from '../../contract/product-list.rules.js';

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

describe('product ratings on a phone', () => {
  it('shows a rating on the open list as soon as a delivered order is reviewed, and on the product page', async () => {
    const listed = await api.call<{ productId: number; variantId: number; name: string; isStockAvailable: boolean; stockQty: number; ratingCount?: number }[]>(
      'GET',
      `products?companyId=1&branchId=1&pageNumber=1&pageSize=${LIST_PAGE_SIZE}`,
    );
    const product = listed.find((p) => p.isStockAvailable && p.stockQty >= 2 && !p.ratingCount);
    if (!product) throw new Error('the first page has no unrated product in stock');

    await api.call('PUT', `Cart/1/${product.productId}/${product.variantId}?qtyChange=1&id=0&pageNumber=1&pageSize=10`);
    const order = await api.placeCodOrder();
    for (let step = 0; step < 3; step += 1) await shop('order-next', '--order', String(order.OrderId));
    expect(await api.orderStatus(order.OrderId)).toBe('DELIVERED');

    const phone = await openPathPage(world, session);
    const { page } = phone;
    const line = await LiveLine.on(phone.context, page);
    try {
      await page.goto('/product/');
      const card = page.locator('main article').filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
      await visible(card);
      expect(await card.getByRole('img', { name: /^Rated / }).count()).toBe(0);
      // The live connection is up before the review, so the change must come by push.
      // The live connection has joined the shop's group: a change from now on is pushed to this page.
      await line.joined(1);

      await api.call('PUT', `Order/review/${order.OrderId}?rating=4&review=${encodeURIComponent('Fresh and well cleaned')}`);
      await visible(card.getByRole('img', { name: 'Rated 4 out of 5 by 1 customer' }), 5_000);
      expect(await card.innerText()).toContain('★ 4.0 (1)');

      await card.getByRole('link', { name: product.name }).click();
      await visible(page.getByRole('heading', { level: 1, name: product.name }));
      await visible(page.getByRole('img', { name: 'Rated 4 out of 5 by 1 customer' }));
      expect(phone.errors).toEqual([]);
    } finally {
      await line.close();
      await closePathPage(phone);
    }
  });
});
