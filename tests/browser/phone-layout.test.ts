import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';
import { apiLogin, setBrowserSession } from '../helpers/login.js';

let server: ShopServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openShop());
});

afterAll(() => closeShop({ server, browser }));

/** The cart badge's digits lie inside its disc (not pushed below it onto the header's own colour). */
async function badgeDigitsInside(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const badge = document.querySelector('a[href="/cart"] span[aria-hidden="true"]');
    const text = badge?.firstChild;
    if (!badge || !text) return false;
    const range = document.createRange();
    range.selectNodeContents(text);
    const digits = range.getBoundingClientRect();
    const disc = badge.getBoundingClientRect();
    return digits.height > 0 && digits.top >= disc.top - 1 && digits.bottom <= disc.bottom + 1;
  });
}

describe('phone layout', () => {
  it('shows the cart count inside the badge, keeps cart lines within the screen, and announces the banner', async () => {
    const { context, page, errors } = await newPhonePage(browser, server.url);
    const session = await apiLogin(server.url, server.dataDir);
    await setBrowserSession(context, server.url, session);
    const products = (await (await fetch(`${server.url}/api/products?companyId=1&branchId=1&pageSize=40`)).json()) as {
      Data: { productId: number; variantId: number | null; active: boolean; isStockAvailable: boolean; stockQty: number }[];
    };
    const buyable = products.Data.filter((p) => p.active && p.isStockAvailable && p.stockQty >= 2).slice(0, 2);
    for (const p of buyable) {
      const res = await fetch(`${server.url}/api/Cart/1/${p.productId}/${p.variantId ?? 0}?qtyChange=2&id=0&pageNumber=1&pageSize=10`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${session.token}` },
      });
      expect(res.status).toBe(200);
    }

    await page.goto('/cart/');
    await page.getByTestId('cart-line').first().waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByRole('link', { name: 'Cart, 4 items' }).count(), { timeout: 5000 }).toBe(1);
    expect(await badgeDigitsInside(page)).toBe(true);

    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      lines: [...document.querySelectorAll('[data-testid="cart-line"]')].map((l) => l.getBoundingClientRect().right),
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    for (const right of widths.lines) expect(right).toBeLessThanOrEqual(widths.viewport);

    // The banner's text reaches screen readers through a polite status region.
    const live = page.getByTestId('free-delivery-announcement');
    expect(await live.getAttribute('aria-live')).toBe('polite');
    await expect.poll(() => live.textContent(), { timeout: 5000 }).toMatch(/^FREE DELIVERY/);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
