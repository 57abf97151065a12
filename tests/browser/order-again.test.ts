/**
 * An order page on a phone (390×844) says what the offers saved. Order again puts its lines back
 * in the cart, the header's cart count follows at once, what is not available now is named under
 * the button, and Go to cart opens the cart with those lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, type LoginSession } from '../helpers/login.js';
import { closePathPage, openPathPage, startWorld, stopWorld, toast, visible, type World } from '../paths/browser-world.js';
import { shopCommand } from '../helpers/shop-command.js';
import { ShopApi, type ShopProduct } from '../paths/shop-fixtures.js';

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

/** A cash-on-delivery order of the lines, placed through the API; the cart is empty afterwards. */
async function placedOrder(lines: { product: ShopProduct; qty: number }[]): Promise<{ OrderId: number; OrderNo: string }> {
  const [first] = lines;
  if (!first) throw new Error('an order needs a line');
  await api.setCart(first.product, 0);
  for (const line of lines) {
    await api.call('PUT', `Cart/1/${line.product.productId}/${line.product.variantId}?qtyChange=${line.qty}&id=0&pageNumber=1&pageSize=10`);
  }
  const order = await api.placeCodOrder();
  expect((await api.cart()).totalQty).toBe(0);
  return order;
}

describe('Order again on a phone', () => {
  it('shows what the order saved, puts it back in the cart, names what is sold out, and the cart shows the rest', async () => {
    const cheap = await api.productPriced(100, 300, 10);
    const dear = await api.productPriced(301, 900, 10);
    // The cheap one is on offer, ₹20 under its selling rate.
    await shop('price', '--product', String(cheap.productId), '--branch', '1', '--rate', String(cheap.price + 20), '--offer', String(cheap.price));
    const order = await placedOrder([
      { product: cheap, qty: 2 },
      { product: dear, qty: 1 },
    ]);
    await shop('stock', '--product', String(dear.productId), '--branch', '1', '--qty', '0');

    const phone = await openPathPage(world, session);
    const { page } = phone;
    try {
      await page.goto(`/user_account/my_order/order-detail?id=${order.OrderId}`);
      await visible(page.getByRole('heading', { name: `Order ${order.OrderNo}` }));
      await visible(page.getByRole('link', { name: 'Cart, empty' }));
      await visible(page.getByText('You saved ₹40.00 on this order'));

      await page.getByRole('button', { name: 'Order again' }).click();
      await visible(toast(page, 'Added to your cart, except 1 item that is not available now.'));
      await visible(page.getByRole('link', { name: 'Cart, 2 items' }));
      await visible(page.getByText('Not available now:'));
      await visible(page.getByRole('listitem').filter({ hasText: dear.name }));

      const cart = await api.cart();
      expect(cart.lines.map((l) => [l.productId, l.cartQty])).toEqual([[cheap.productId, 2]]);

      // A second tap adds nothing twice.
      await page.getByRole('button', { name: 'Order again' }).click();
      await expect.poll(async () => (await api.cart()).totalQty).toBe(2);
      await visible(page.getByRole('link', { name: 'Cart, 2 items' }));

      await page.getByRole('link', { name: 'Go to cart' }).click();
      await page.waitForURL((url) => url.pathname === '/cart');
      await visible(page.getByText(cheap.name).first());
      expect(phone.errors).toEqual([]);
    } finally {
      await closePathPage(phone);
    }
  });
});
