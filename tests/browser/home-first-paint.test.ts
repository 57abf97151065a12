import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';

/** Home's first paint (the header and the hero in the HTML) and the app's first render that takes its place. */
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

/** Where the header, the hero's heading and its first button are on screen. */
async function layout(page: Page): Promise<Record<'header' | 'heading' | 'button', Box>> {
  const box = async (selector: string) => {
    const found = await page.locator(selector).first().boundingBox();
    if (!found) throw new Error(`${selector} is not on screen`);
    return found;
  };
  return { header: await box('header'), heading: await box('main h1'), button: await box('main a[href="/product"]') };
}

describe('home before its code has arrived', () => {
  it('shows the shop’s header and the hero from the HTML alone, inert until the app takes over', async () => {
    const { context, page } = await newPhonePage(browser, server.url);
    // The app's code never arrives: what shows is what the HTML brought.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/');
    await expect.poll(() => page.locator('main h1').innerText()).toBe('Today’s catch, cleaned and cut to order');
    await expect.poll(() => page.locator('header').innerText()).toMatch(/Shoal Fresh[\s\S]*Login/);
    expect(await page.locator('header img').getAttribute('src')).toMatch(/^\/images\/logo\.svg\?noCache=1$/);
    const categories = (await (await page.request.get('/api/categories?companyId=1')).json()) as { Data: { name: string }[] };
    expect(await page.locator('header nav[aria-label="Shop by category"] li').allInnerTexts()).toEqual(categories.Data.map((c) => c.name));
    expect(await page.locator('[data-opening-shell]').getAttribute('inert')).toBe('');
    // Styled as the app styles it: the header's deep blue and the hero's large heading.
    expect(await page.locator('header').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(15, 76, 148)');
    expect(await page.locator('main h1').evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(24);
    // Inert: a tap on the hero's button goes nowhere (the app's own link will).
    await page.locator('main a[href="/product"]').dispatchEvent('click');
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('is replaced by the app’s first render in the same place, with the same name', async () => {
    const { context, page, errors } = await newPhonePage(browser, server.url);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The main script waits until the first paint has been measured.
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.locator('[data-opening-shell] main h1').waitFor();
    const before = await layout(page);
    release();
    await page.locator('main a[href*="/product/product_detail"]').first().waitFor();
    expect(await page.locator('[data-opening-shell]').count()).toBe(0);
    const after = await layout(page);
    for (const part of ['header', 'heading', 'button'] as const) {
      for (const side of ['x', 'y', 'width', 'height'] as const)
        expect(Math.abs(after[part][side] - before[part][side]), `${part} ${side}`).toBeLessThanOrEqual(1);
    }
    await expect.poll(() => page.locator('header').innerText()).toMatch(/Shoal Fresh[\s\S]*Login/);
    // The app's own links work: the hero's button opens the list without reloading the page.
    await page.evaluate(() => ((window as unknown as { stillThere: boolean }).stillThere = true));
    await page.getByRole('link', { name: 'Shop all products' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/product');
    expect(await page.evaluate(() => (window as unknown as { stillThere?: boolean }).stillThere)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a signed-in visitor their account link', async () => {
    const { context, page } = await newPhonePage(browser, server.url);
    await context.addCookies([{ name: 'token', value: 'not-checked-by-the-first-paint', url: server.url }]);
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/');
    await expect.poll(() => page.locator('header').innerText()).toContain('My account');
    await context.close();
  });
});
