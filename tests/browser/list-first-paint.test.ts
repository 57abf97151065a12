import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';

/** The product list's first paint (its first screen in the HTML) and the app's first render that takes its place. */
let server: ShopServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openShop());
});

afterAll(() => closeShop({ server, browser }));

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the header, the title, the count, the chips and the first screen's cards are on screen. */
async function layout(page: Page): Promise<Record<string, Box>> {
  const parts: Record<string, string> = {
    header: 'header',
    title: 'main h1',
    count: 'main p[role="status"]',
    chips: 'main nav, main ul:not([aria-label="Products"])',
    card1: 'main ul[aria-label="Products"] > li >> nth=0',
    card2: 'main ul[aria-label="Products"] > li >> nth=1',
    card3: 'main ul[aria-label="Products"] > li >> nth=2',
    card4: 'main ul[aria-label="Products"] > li >> nth=3',
    add: 'main ul[aria-label="Products"] button >> nth=0',
  };
  const boxes: Record<string, Box> = {};
  for (const [name, selector] of Object.entries(parts)) {
    const found = await page.locator(selector).first().boundingBox();
    if (!found) throw new Error(`${name} (${selector}) is not on screen`);
    boxes[name] = found;
  }
  return boxes;
}

describe('the product list before its code has arrived', () => {
  it('shows the header, the title and the first cards from the HTML alone, inert until the app takes over', async () => {
    const { context, page } = await newPhonePage(browser, server.url);
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/product');
    await expect.poll(() => page.locator('main h1').innerText()).toBe('All products');
    const api = (await (await page.request.get('/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=20')).json()) as {
      Data: { name: string }[];
      TotalCount: number;
    };
    expect(await page.locator('main p[role="status"]').innerText()).toBe(`${api.TotalCount} products`);
    expect(await page.locator('main ul[aria-label="Products"] h2').allInnerTexts()).toEqual(api.Data.slice(0, 4).map((p) => p.name));
    // The first row's pictures are drawn: the page's largest paint needs no code.
    await expect
      .poll(() =>
        page
          .locator('main ul[aria-label="Products"] img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    expect(await page.locator('[data-opening-shell]').getAttribute('inert')).toBe('');
    // Inert: a tap on a card goes nowhere (the app's own link will).
    await page.locator('main ul[aria-label="Products"] h2 a').first().dispatchEvent('click');
    expect(new URL(page.url()).pathname).toBe('/product');
    await context.close();
  });

  it('is replaced by the app’s first render in the same place, and the app’s links then work', async () => {
    const { context, page, errors } = await newPhonePage(browser, server.url);
    // The earliest delivery would add a line to every card once it arrives: kept out, the first render is compared alone.
    await page.route(/\/api\/DeliverySlot\/earliest\//, (route) => route.abort());
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/product?categoryId=1', { waitUntil: 'commit' });
    await page.locator('[data-opening-shell] main ul[aria-label="Products"] > li').nth(3).waitFor();
    const before = await layout(page);
    release();
    await page.locator('[data-opening-shell]').waitFor({ state: 'detached' });
    await page.locator('main ul[aria-label="Products"] > li').nth(3).waitFor();
    const after = await layout(page);
    for (const [part, box] of Object.entries(before)) {
      for (const side of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(after[part]![side] - box[side]), `${part} ${side}`).toBeLessThanOrEqual(1);
    }
    await page.evaluate(() => ((window as unknown as { stillThere: boolean }).stillThere = true));
    const name = await page.locator('main ul[aria-label="Products"] h2').first().innerText();
    await page.locator('main ul[aria-label="Products"] h2 a').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/product/product_detail');
    await expect.poll(() => page.locator('main h1').innerText()).toBe(name);
    expect(await page.evaluate(() => (window as unknown as { stillThere?: boolean }).stillThere)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hands over to the app, whose Add then puts the product in the cart', async () => {
    const { context, page, errors } = await newPhonePage(browser, server.url);
    await page.goto('/product');
    await page.locator('[data-opening-shell]').waitFor({ state: 'detached' });
    await page.locator('main ul[aria-label="Products"] button', { hasText: 'Add' }).first().click();
    await expect.poll(() => page.locator('main [data-testid="cart-qty"]').first().innerText()).toBe('1');
    expect(errors).toEqual([]);
    await context.close();
  });
});
