/**
 * A delivered order's page on a phone (390×844) offers 'Download invoice'; the PDF the browser
 * saves is the GST tax invoice of that order, with the amounts the order stored.
 */
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { apiLogin, type LoginSession } from '../helpers/login.js';
import { closePathPage, openPathPage, startWorld, stopWorld, visible, type World } from '../paths/browser-world.js';
import { shopCommand } from '../helpers/shop-command.js';
import { ShopApi } from '../paths/shop-fixtures.js';

let world: World;
let session: LoginSession;
let api: ShopApi;

beforeAll(async () => {
  world = await startWorld();
  session = await apiLogin(world.server.url, world.server.dataDir);
  api = new ShopApi(world.server.url, session);
});

afterAll(() => stopWorld(world));

const shop = (...args: string[]) => shopCommand(world.server)(...args);

/** Rupees as the invoice writes them: 'Rs. 1,234.50'. */
const rs = (rupees: number) => `Rs. ${rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

interface OrderDetail {
  OrderNo: string;
  StatusCode: string;
  GrossAmount: number;
  DiscountAmount: number;
  DeliveryCharge: number;
  WalletAmount: number;
  LoyaltyAmount: number;
  NetAmount: number;
  Items: { ItemName: string; Qty: number }[];
}

describe('GST tax invoice on a phone', () => {
  it('downloads the invoice of a delivered order from its page, with the shop’s GSTIN, HSN codes and the order’s totals', async () => {
    const product = await api.productPriced(100, 900, 10);
    await api.setCart(product, 0);
    await api.call('PUT', `Cart/1/${product.productId}/${product.variantId}?qtyChange=2&id=0&pageNumber=1&pageSize=10`);
    const placed = await api.placeCodOrder();

    const phone = await openPathPage(world, session);
    const { page } = phone;
    try {
      await page.goto(`/user_account/my_order/order-detail?id=${placed.OrderId}`);
      await visible(page.getByRole('heading', { name: `Order ${placed.OrderNo}` }));
      // Not delivered yet: no invoice to offer.
      expect(await page.getByRole('button', { name: 'Download invoice' }).count()).toBe(0);

      for (let step = 0; step < 3; step++) await shop('order-next', '--order', String(placed.OrderId));
      await visible(page.getByTestId('order-status').filter({ hasText: 'Delivered' }));
      const order = await api.call<OrderDetail>('GET', `Order/${placed.OrderId}`);
      expect(order.StatusCode).toBe('DELIVERED');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download invoice' }).click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^INV-\\d{6}-${placed.OrderNo}\\.pdf$`));
      const file = await download.path();
      const pdf = await getDocumentProxy(new Uint8Array(await fs.readFile(file)));
      const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');

      const total = order.GrossAmount - order.DiscountAmount + order.DeliveryCharge;
      expect(text).toContain('TAX INVOICE');
      expect(text).toContain('GSTIN: 32AAACS0000D1Z0');
      expect(text).toContain(`Order: ${placed.OrderNo}`);
      expect(text).toMatch(/ 0302 | 0303 | 0305 | 0306 | 0910 | 1006 | 0709 | 2001 | 1513 | 1515 /);
      expect(text).toContain(`${product.name}`.slice(0, 20));
      expect(text).toContain(`Invoice total ${rs(total)}`);
      expect(text).toContain(`Paid online or on delivery ${rs(order.NetAmount)}`);
      expect(text).toContain('Invoice total in words: Rupees ');
      expect(phone.errors).toEqual([]);
    } finally {
      await closePathPage(phone);
    }
  });
});
