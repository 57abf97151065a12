import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';
import { boxesOf, expectSameBoxes, holdMainScript, markPage } from '../helpers/first-paint.js';

/** The first paints of home and of the product list (their first screen in the HTML), and the app's first render that takes their place. */
let server: ShopServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openShop());
});

afterAll(() => closeShop({ server, browser }));

/** Where the header, the hero's heading and its first button are on screen. */
function homeLayout(page: Page) {
  return boxesOf(page, { header: 'header', heading: 'main h1', button: 'main a[href="/product"]' });
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
    // The main script waits until the first paint has been measured.
    const release = await holdMainScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.locator('[data-opening-shell] main h1').waitFor();
    const before = await homeLayout(page);
    release();
    await page.locator('main a[href*="/product/product_detail"]').first().waitFor();
    expect(await page.locator('[data-opening-shell]').count()).toBe(0);
    const after = await homeLayout(page);
    expectSameBoxes(before, after);
    await expect.poll(() => page.locator('header').innerText()).toMatch(/Shoal Fresh[\s\S]*Login/);
    // The app's own links work: the hero's button opens the list without reloading the page.
    const stillThere = await markPage(page);
    await page.getByRole('link', { name: 'Shop all products' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/product');
    expect(await stillThere()).toBe(true);
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

/** Where the header, the title, the count, the chips and the first screen's cards are on screen. */
function listLayout(page: Page) {
  return boxesOf(page, {
    header: 'header',
    title: 'main h1',
    count: 'main p[role="status"]',
    chips: 'main nav, main ul:not([aria-label="Products"])',
    card1: 'main ul[aria-label="Products"] > li >> nth=0',
    card2: 'main ul[aria-label="Products"] > li >> nth=1',
    card3: 'main ul[aria-label="Products"] > li >> nth=2',
    card4: 'main ul[aria-label="Products"] > li >> nth=3',
    add: 'main ul[aria-label="Products"] button >> nth=0',
  });
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
    const release = await holdMainScript(page);
    await page.goto('/product?categoryId=1', { waitUntil: 'commit' });
    await page.locator('[data-opening-shell] main ul[aria-label="Products"] > li').nth(3).waitFor();
    const before = await listLayout(page);
    release();
    await page.locator('[data-opening-shell]').waitFor({ state: 'detached' });
    await page.locator('main ul[aria-label="Products"] > li').nth(3).waitFor();
    const after = await listLayout(page);
    expectSameBoxes(before, after);
    const stillThere = await markPage(page);
    const name = await page.locator('main ul[aria-label="Products"] h2').first().innerText();
    await page.locator('main ul[aria-label="Products"] h2 a').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/product/product_detail');
    await expect.poll(() => page.locator('main h1').innerText()).toBe(name);
    expect(await stillThere()).toBe(true);
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

/** Where the header, the breadcrumb, the picture, the name, the price, the variants and the Add button of a product's page are on screen. */
function detailLayout(page: Page) {
  return boxesOf(page, {
    header: 'header',
    crumbs: 'main nav[aria-label="Breadcrumb"]',
    picture: 'main img[alt]',
    name: 'main h1',
    price: 'main [data-testid="product-price"]',
    weights: 'main [data-testid="pack-weights"]',
    variants: 'main [role="group"][aria-labelledby="variant-label"]',
    add: 'main button[aria-label^="Add "]',
  });
}

interface DetailAnswer {
  Data: { name: string; categoryName: string; variantId: number; variants: { variantId: number; name: string }[] };
}

describe('a product’s page before its code has arrived', () => {
  it('shows the header, the breadcrumb and the product with its picture from the HTML alone, inert until the app takes over', async () => {
    const { context, page } = await newPhonePage(browser, server.url);
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/product/product_detail?productId=1');
    const api = (await (await page.request.get('/api/Product/detail/1?branchId=1')).json()) as DetailAnswer;
    await expect.poll(() => page.locator('main h1').innerText()).toBe(api.Data.name);
    expect(await page.locator('main nav[aria-label="Breadcrumb"] li').allInnerTexts()).toEqual(['Home', '/', api.Data.categoryName, '/', api.Data.name]);
    expect(await page.locator('main [data-testid="product-price"]').innerText()).toMatch(/₹[\d,]+\.\d\d/);
    expect(await page.locator('main button[aria-pressed="true"]').innerText()).toContain(
      api.Data.variants.find((v) => v.variantId === api.Data.variantId)!.name,
    );
    await expect.poll(() => page.locator('main button[aria-label^="Add "]').innerText()).toBe('Add');
    // The picture is drawn: the page's largest paint needs no code.
    await expect.poll(() => page.locator('main img[alt]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.locator('[data-opening-shell]').getAttribute('inert')).toBe('');
    // Inert: a tap on the breadcrumb's category goes nowhere (the app's own link will).
    await page.locator('main nav[aria-label="Breadcrumb"] a').nth(1).dispatchEvent('click');
    expect(new URL(page.url()).pathname).toBe('/product/product_detail');
    await context.close();
  });

  it('is replaced by the app’s first render in the same place, the variant the address names chosen, and Add then works', async () => {
    const { context, page, errors } = await newPhonePage(browser, server.url);
    const api = (await (await page.request.get('/api/Product/detail/1?branchId=1')).json()) as DetailAnswer;
    const other = api.Data.variants.find((v) => v.variantId !== api.Data.variantId)!;
    await page.route(/\/api\/DeliverySlot\/earliest\//, (route) => route.abort());
    const release = await holdMainScript(page);
    await page.goto(`/product/product_detail?productId=1&variantId=${other.variantId}`, { waitUntil: 'commit' });
    await page.locator('[data-opening-shell] main button[aria-label^="Add "]').waitFor();
    expect(await page.locator('main button[aria-pressed="true"]').innerText()).toContain(other.name);
    const before = await detailLayout(page);
    release();
    await page.locator('[data-opening-shell]').waitFor({ state: 'detached' });
    await page.locator('main button[aria-label^="Add "]').waitFor();
    const after = await detailLayout(page);
    expectSameBoxes(before, after);
    expect(await page.locator('main button[aria-pressed="true"]').innerText()).toContain(other.name);
    await page.locator('main button[aria-label^="Add "]').click();
    await expect.poll(() => page.locator('main [data-testid="cart-qty"]').innerText()).toBe('1');
    expect(errors).toEqual([]);
    await context.close();
  });
});
