import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';
import { apiLogin, setBrowserSession } from '../helpers/login.js';

let server: ShopServer;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  ({ server, browser } = await openShop());
  ({ page, errors } = await newPhonePage(browser, server.url));
});

afterAll(() => closeShop({ server, browser }));

const h1 = () => page.locator('main h1');
/** The visible search box (the header has one laid out for phones and one for wide screens). */
const searchBox = () => page.getByRole('combobox', { name: 'Search products' }).locator('visible=true');

async function price(): Promise<string> {
  return (await page.getByTestId('product-price').first().innerText()).replace(/\s+/g, ' ');
}

describe('browsing the shop', () => {
  it('opens the home page and picks a category', async () => {
    await page.goto('/');
    await expect.poll(() => h1().innerText()).toContain('Today’s catch');
    const categories = page.getByRole('region', { name: 'Shop by category' });
    await categories.getByRole('link', { name: 'Sea Fish' }).click();
    await page.waitForURL(/\/product\?categoryId=1$/);
    await expect.poll(() => h1().innerText()).toBe('Sea Fish');
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /products?$/ })
          .innerText(),
      )
      .toMatch(/^\d+ products$/);
    expect(await page.locator('main article').count()).toBeGreaterThan(1);
    expect(await page.evaluate(() => sessionStorage.getItem('lastCategoryId'))).toBe('1');
  });

  it('styles the page from the theme CSS that comes in the HTML, not from a copy built in the browser', async () => {
    await page.goto('/');
    await expect.poll(() => h1().innerText()).toContain('Today’s catch');
    const styles = await page.evaluate(() => ({
      shipped: document.querySelectorAll('head style[data-chakra-global]').length,
      // Global styles emotion built and inserted itself; it adopts the shipped ones instead.
      builtInBrowser: document.querySelectorAll('style[data-emotion^="css-global"]:not([data-chakra-global])').length,
      brand: getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-brand-700').trim(),
      boxSizing: getComputedStyle(document.body).boxSizing,
      // Rules that declare token variables, wherever they came from: the shipped sheets alone, the copy kept for the
      // whole visit and the one a Chakra provider adopts when a page that uses Chakra opens (decision 026).
      tokenSheets: [...document.styleSheets].filter((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes('--chakra-colors-brand-700:'))).length,
    }));
    expect(styles).toEqual({ shipped: 4, builtInBrowser: 0, brand: '#1565C0', boxSizing: 'border-box', tokenSheets: 2 });
  });

  it('opening on /product shows the first page the HTML brought without asking for it; a search asks once', async () => {
    const { context, page: fresh } = await newPhonePage(browser, server.url);
    const listRequests: string[] = [];
    fresh.on('request', (request) => {
      if (/\/api\/products\?.*pageSize=20/.test(request.url())) listRequests.push(request.url());
    });
    const opened = await fresh.goto('/product?categoryId=1');
    expect(await opened?.text()).toContain('id="shoal-opening-list"');
    await expect.poll(() => fresh.locator('main h1').innerText()).toBe('Sea Fish');
    await expect.poll(() => fresh.locator('main article').count()).toBeGreaterThan(1);
    expect(await fresh.locator('main article h2').first().innerText()).toBe('Kingfish (Seer) – Neymeen');
    expect(listRequests).toEqual([]);
    // The categories came with the HTML too; home's own lists are asked for only after the page has loaded.
    expect(await fresh.getByRole('navigation', { name: 'Filter by category' }).getByRole('link', { name: 'Sea Fish' }).count()).toBe(1);
    const homeListAsked = () =>
      fresh.evaluate(() => {
        const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/special-categories'));
        const loadEnd = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd;
        return entry ? { afterLoad: entry.startTime >= loadEnd && loadEnd > 0 } : null;
      });
    await expect.poll(homeListAsked, { timeout: 8000 }).toEqual({ afterLoad: true });
    await fresh.getByRole('link', { name: 'Home' }).first().click();
    await expect.poll(() => fresh.getByRole('region', { name: 'Fresh today' }).locator('article').count()).toBeGreaterThan(1);

    await fresh.goto('/product?search=pomfret');
    await expect.poll(() => fresh.locator('main article').count()).toBeGreaterThan(0);
    expect(listRequests, JSON.stringify(listRequests)).toHaveLength(1);
    expect(listRequests[0]).toContain('search=pomfret');
    await context.close();
  });

  it('opening on a product’s page draws the product the HTML brought, with no loading state and its picture asked for from the head; a later visit asks again', async () => {
    const { context, page: fresh } = await newPhonePage(browser, server.url);
    await fresh.addInitScript(() => {
      (window as unknown as { seenLoading: boolean }).seenLoading = false;
      new MutationObserver(() => {
        if (document.querySelector('[aria-label="Loading product"]')) (window as unknown as { seenLoading: boolean }).seenLoading = true;
      }).observe(document, { childList: true, subtree: true });
    });
    const detailRequests: string[] = [];
    fresh.on('request', (request) => {
      if (request.url().includes('/api/Product/detail/')) detailRequests.push(request.url());
    });
    const opened = await fresh.goto('/product/product_detail?productId=1');
    expect(await opened?.text()).toContain('id="shoal-opening-detail"');
    await expect.poll(() => fresh.locator('main h1').innerText()).toBe('Kingfish (Seer) – Neymeen');
    const api = (await (await fresh.request.get('/api/Product/detail/1?branchId=1')).json()) as { Data: { image: string } };
    const picture = fresh.locator('main img[alt="Kingfish (Seer) – Neymeen"]');
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await picture.getAttribute('src')).toBe(`${api.Data.image}?noCache=1`);
    const pictureAsked = await fresh.evaluate(
      (src) => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => e.name.endsWith(src))?.initiatorType,
      `${api.Data.image}?noCache=1`,
    );
    expect(pictureAsked).toBe('link');
    expect(await fresh.evaluate(() => (window as unknown as { seenLoading: boolean }).seenLoading)).toBe(false);
    expect(detailRequests).toEqual([]);

    // Away and back in the app: the product is asked for, not taken from the HTML the visit opened with.
    await fresh.locator('nav[aria-label="Breadcrumb"]').getByRole('link', { name: 'Sea Fish' }).click();
    await expect.poll(() => fresh.locator('main h1').innerText()).toBe('Sea Fish');
    await fresh.locator('main article').filter({ hasText: 'Kingfish (Seer)' }).getByRole('link').first().click();
    await expect.poll(() => fresh.locator('main h1').innerText()).toBe('Kingfish (Seer) – Neymeen');
    expect(detailRequests).toHaveLength(1);
    await context.close();
  });

  it('a signed-in visitor’s product page carries no product in its HTML and asks with the session', async () => {
    const session = await apiLogin(server.url, server.dataDir);
    const { context, page: fresh } = await newPhonePage(browser, server.url);
    await setBrowserSession(context, server.url, session);
    const detailRequests: string[] = [];
    fresh.on('request', (request) => {
      if (request.url().includes('/api/Product/detail/1')) detailRequests.push(request.headers().authorization ?? '');
    });
    const opened = await fresh.goto('/product/product_detail?productId=1');
    expect(await opened?.text()).not.toContain('id="shoal-opening-detail"');
    await expect.poll(() => fresh.locator('main h1').innerText()).toBe('Kingfish (Seer) – Neymeen');
    expect(detailRequests).toEqual([`Bearer ${session.token}`]);
    await context.close();
  });

  it('searches, trims the words and says when nothing matches', async () => {
    await searchBox().fill('  prawn  ');
    await searchBox().press('Enter');
    await page.waitForURL(/\/product\?search=prawn$/);
    await expect.poll(() => h1().innerText()).toBe('Results for “prawn”');
    await expect.poll(() => page.getByText(/\d+ results? for “prawn”/).count()).toBe(1);
    await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(0);
    const names = await page.locator('main article h2').allInnerTexts();
    expect(names.some((n) => /prawn/i.test(n))).toBe(true);

    await searchBox().fill('no such fish anywhere');
    await searchBox().press('Enter');
    await expect.poll(() => page.getByRole('heading', { name: 'No products found' }).count()).toBe(1);
  });

  it('drops an invalid category id instead of asking the server for it', async () => {
    await page.goto('/product?categoryId=abc');
    await expect.poll(() => page.getByRole('heading', { name: 'No products found' }).count()).toBe(1);
  });

  it('opens a product with variants and switching variant changes the price', async () => {
    await page.goto('/product?categoryId=1');
    await page.locator('main article').filter({ hasText: 'Kingfish' }).getByRole('link').first().click();
    await page.waitForURL(/product_detail\?productId=\d+/);
    await expect.poll(() => h1().innerText()).toContain('Kingfish');
    const picker = page.getByRole('group', { name: 'Choose weight / cut' });
    const buttons = picker.getByRole('button');
    expect(await buttons.count()).toBeGreaterThan(1);
    const before = await price();
    const target = buttons.filter({ hasText: '1 kg' }).first();
    await target.click();
    await expect.poll(() => target.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(price).not.toBe(before);
    expect(page.url()).toMatch(/variantId=\d+/);
  });

  it('follows an offer from the home page', async () => {
    await page.goto('/');
    const offers = page.getByRole('region', { name: 'Offers' });
    const first = offers.getByRole('link').first();
    // textContent: the offers strip may sit below the fold, where content-visibility leaves innerText empty.
    const title = ((await first.locator('span').first().textContent()) ?? '').trim();
    expect(title).not.toBe('');
    await first.click();
    await page.waitForURL(/\/product\/offer_products\?offerId=\d+/);
    await expect.poll(() => h1().innerText()).toBe(title);
    await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(0);
  });

  it.each([
    ['FAQ', 'Frequently asked questions', /fresh/i],
    ['Contact us', 'Contact Us', /Phone/],
    ['Privacy policy', 'Privacy Policy', /data/],
    ['Terms and conditions', 'Terms and Conditions', /order/i],
    ['Return and refund policy', 'Return and Refund Policy', /refund/i],
  ])('opens the %s page from the footer', async (link, title, body) => {
    await page.getByRole('navigation', { name: 'Information' }).getByRole('link', { name: link, exact: true }).click();
    await expect.poll(() => h1().innerText()).toBe(title);
    await expect.poll(() => page.locator('main').innerText()).toMatch(body);
    expect(await page.evaluate(() => sessionStorage.getItem('lastCategoryId'))).toBeNull();
  });

  it('shows Not Found on a bad path', async () => {
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Not Found');
  });

  it('pins the header after 200 px and offers back-to-top after 300 px on a product list, not on home', async () => {
    const header = page.locator('header');
    const backToTop = page.getByRole('button', { name: 'Back to top' });
    await page.goto('/product');
    await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(4);
    expect(await header.getAttribute('data-sticky')).toBe('false');
    // Where the list sits in the page: pinning the header must not move it (a tap would land elsewhere).
    const listTop = () =>
      page
        .locator('main article')
        .first()
        .evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));
    const before = await listTop();
    await page.evaluate(() => window.scrollTo(0, 250));
    await expect.poll(() => header.getAttribute('data-sticky')).toBe('true');
    expect(await listTop()).toBe(before);
    expect(await backToTop.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => backToTop.isVisible()).toBe(true);
    // Pinned to the top of the viewport once its slide-in finishes.
    await expect.poll(async () => Math.round((await header.boundingBox())?.y ?? -1)).toBe(0);
    await backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goto('/');
    await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(4);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => backToTop.isVisible()).toBe(true);
    expect(await header.getAttribute('data-sticky')).toBe('false');
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
