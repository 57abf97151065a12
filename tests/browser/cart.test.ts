import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';
import { readOutboxCode, uniqueMobile } from '../helpers/login.js';
import type { Product } from '../../contract/catalogue.schemas.js';

let server: ShopServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openShop());
});

afterAll(() => closeShop({ server, browser }));

const THRESHOLD = 999;
/** UI waits: server round trips on a 2-core machine. */
const soon = { timeout: 5000 };
const rate = (p: Pick<Product, 'oRate' | 'sRate'>) => (p.oRate !== null && p.oRate > 0 ? p.oRate : p.sRate);
const rupees = (n: number) => n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const label = (p: Product) => (p.isVariantEnabled ? `${p.name} (${p.variantName})` : p.name);

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}/api/${path}`);
  expect(res.ok, path).toBe(true);
  return ((await res.json()) as { Data: T }).Data;
}

/**
 * Three products from the demo catalogue: two without variants and one variant, together
 * under the free-delivery amount, where adding more of the first crosses it within its stock.
 */
async function pickProducts(): Promise<{ plain: [Product, Product]; variant: Product; extra: number }> {
  const products = await api<Product[]>('products?companyId=1&branchId=1&pageSize=100');
  const buyable = products.filter((p) => p.active && p.isStockAvailable && p.stockQty >= 8 && rate(p) >= 60);
  const plain = buyable.filter((p) => !p.isVariantEnabled).sort((a, b) => rate(b) - rate(a));
  const variantProduct = buyable.find((p) => p.isVariantEnabled && p.variantId > 0 && p.variantActive && rate(p) < 450);
  expect(variantProduct, 'a variant product under ₹450').toBeDefined();
  const variant = variantProduct!;
  for (const first of plain) {
    for (const second of plain) {
      if (second === first) continue;
      const total = rate(first) + rate(second) + rate(variant);
      const extra = Math.ceil((THRESHOLD - total) / rate(first));
      if (total < THRESHOLD - 50 && extra >= 1 && extra <= 4 && first.stockQty > extra + 1) return { plain: [first, second], variant, extra };
    }
  }
  throw new Error('No three demo products fit under the free-delivery amount');
}

async function addFromDetail(page: Page, product: Product) {
  const query = product.isVariantEnabled ? `productId=${product.productId}&variantId=${product.variantId}` : `productId=${product.productId}`;
  await page.goto(`/product/product_detail?${query}`);
  await page.getByRole('button', { name: `Add ${label(product)} to cart` }).click();
  await expect
    .poll(
      () =>
        page
          .getByRole('group', { name: `Quantity of ${label(product)}` })
          .getByTestId('cart-qty')
          .textContent(),
      soon,
    )
    .toBe('1');
}

const bannerText = (page: Page) =>
  page
    .getByTestId('free-delivery-banner')
    .textContent({ timeout: 500 })
    .catch(() => null);

describe('Cart', () => {
  it('keeps a visitor’s cart through login, counts towards free delivery, and takes a slot', async () => {
    const { plain, variant, extra } = await pickProducts();
    const [first, second] = plain;
    const { page, errors } = await newPhonePage(browser, server.url);

    // A visitor adds three products, one of them a variant; no banner without a login.
    await addFromDetail(page, first);
    await addFromDetail(page, second);
    await addFromDetail(page, variant);
    const local = await page.evaluate(() => JSON.parse(localStorage.getItem('localCart') ?? '[]') as { productId: number; variantId: number; qty: number }[]);
    expect(local.map((i) => [i.productId, i.variantId, i.qty]).sort()).toEqual(
      [
        [first.productId, 0, 1],
        [second.productId, 0, 1],
        [variant.productId, variant.variantId, 1],
      ].sort(),
    );
    expect(await page.getByTestId('free-delivery-banner').count()).toBe(0);

    // The cart needs a login; the real one-time password flow brings the visitor back.
    await page.goto('/cart');
    await page.waitForURL('**/auth/login?user_not_authentication=cart');
    const mobile = uniqueMobile();
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByRole('button', { name: 'Get code' }).click();
    await expect.poll(() => page.getByLabel('Login code').isVisible(), soon).toBe(true);
    await page.getByLabel('Login code').fill(await readOutboxCode(server.dataDir, mobile));
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/cart');

    // Synced: the three lines are on the server, the local cart is empty.
    await expect.poll(() => page.getByText('Cart updated').isVisible(), soon).toBe(true);
    await expect.poll(() => page.getByTestId('cart-line').count(), soon).toBe(3);
    expect(await page.evaluate(() => localStorage.getItem('localCart'))).toBe('[]');
    const total = rate(first) + rate(second) + rate(variant);
    expect(await page.getByTestId('cart-total-qty').textContent()).toBe('3');
    await expect.poll(() => page.getByText(variant.variantName).first().isVisible(), soon).toBe(true);

    // The banner shows what is left (once the sync notification has gone, on a phone).
    const partway = `FREE DELIVERY shop for ₹ ${rupees(THRESHOLD - total)} more to unlock`;
    await expect.poll(() => bannerText(page), { timeout: 8000 }).toBe(partway);

    // More of the first product crosses the amount: UNLOCKED flashes, then the banner goes.
    const firstLine = page.getByRole('group', { name: `Quantity of ${label(first)}` });
    for (let i = 0; i < extra; i += 1) await firstLine.getByRole('button', { name: `Increase quantity of ${label(first)}` }).click();
    await expect.poll(() => bannerText(page), { interval: 50, timeout: 3000 }).toBe('FREE DELIVERY UNLOCKED!');
    await expect.poll(() => firstLine.getByTestId('cart-qty').textContent(), soon).toBe(String(1 + extra));
    await expect.poll(() => page.getByTestId('cart-total-qty').textContent(), soon).toBe(String(3 + extra));
    await expect.poll(() => page.getByTestId('free-delivery-banner').count(), { timeout: 4000 }).toBe(0);

    // A delivery slot is picked (a time of the day shown) and kept for checkout.
    const slot = page.getByRole('radiogroup', { name: 'Delivery time' }).getByRole('radio', { disabled: false }).first();
    await expect.poll(() => slot.count(), soon).toBe(1);
    await slot.click({ force: true });
    await expect
      .poll(
        () =>
          page
            .getByTestId('chosen-slot')
            .textContent({ timeout: 500 })
            .catch(() => null),
        soon,
      )
      .toMatch(/^Chosen: \w{3}, \d+ \w{3} · /);
    const slotLabel = ((await page.getByTestId('chosen-slot').textContent()) ?? '').replace(/^Chosen: /, '');
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('delivery-slot') ?? 'null') as { state: { Label: string } } | null);
    expect(stored?.state.Label).toBe(slotLabel);

    // Removing the first line drops the cart below the amount again: the banner counts again.
    await page.getByRole('button', { name: `Remove ${label(first)}` }).click();
    await expect.poll(() => page.getByTestId('cart-line').count(), soon).toBe(2);
    await expect.poll(() => page.getByTestId('cart-total-qty').textContent(), soon).toBe('2');
    const left = THRESHOLD - rate(second) - rate(variant);
    await expect.poll(() => bannerText(page), { timeout: 4000 }).toBe(`FREE DELIVERY shop for ₹ ${rupees(left)} more to unlock`);

    // The server agrees after a reload.
    await page.reload();
    await expect.poll(() => page.getByTestId('cart-line').count(), soon).toBe(2);
    expect(errors).toEqual([]);
  });
});
