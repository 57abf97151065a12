import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';

let server: ShopServer;
let browser: Browser;
let page: Page;
let errors: string[];
const suggestionRequests: string[] = [];

beforeAll(async () => {
  ({ server, browser } = await openShop());
  ({ page, errors } = await newPhonePage(browser, server.url));
  page.on('request', (request) => {
    if (request.url().includes('/api/search/suggestions')) suggestionRequests.push(new URL(request.url()).searchParams.get('q') ?? '');
  });
});

afterAll(() => closeShop({ server, browser }));

const h1 = () => page.locator('main h1');
/** The visible search box of the phone layout. */
const searchBox = () => page.getByRole('combobox', { name: 'Search products' }).locator('visible=true');
const listbox = () => page.getByRole('listbox', { name: 'Search suggestions' }).locator('visible=true');
const options = () => listbox().getByRole('option');

async function typeSlowly(text: string): Promise<void> {
  await searchBox().click();
  await searchBox().fill('');
  await searchBox().pressSequentially(text, { delay: 40 });
}

describe('search suggestions on a phone', () => {
  it('suggests prawns for "prw" in a listbox under the box, asking once for the typed word', async () => {
    await page.goto('/');
    await expect.poll(() => h1().innerText()).toContain('Today’s catch');
    suggestionRequests.length = 0;
    await typeSlowly('prw');
    await expect.poll(() => options().count()).toBeGreaterThan(2);
    const names = await options().allInnerTexts();
    expect(names[0]).toMatch(/Did you mean prawn\?/);
    expect(names.some((n) => n.includes('Prawns & Shellfish') && n.includes('Category'))).toBe(true);
    expect(names.some((n) => n.includes('Tiger Prawns – Kaara Chemmeen'))).toBe(true);
    // Typed 40 ms apart, the three keys made one request, for the whole word.
    expect(suggestionRequests).toEqual(['prw']);
    // The combobox names its list, says it is open, and the list fits the 390 px screen.
    const box = searchBox();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await box.getAttribute('aria-controls')).toBe(await listbox().getAttribute('id'));
    const bounds = await listbox().boundingBox();
    expect(bounds?.x).toBeGreaterThanOrEqual(0);
    expect((bounds?.x ?? 0) + (bounds?.width ?? 999)).toBeLessThanOrEqual(390);
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /\d+ suggestions/ })
          .count(),
      )
      .toBe(1);
  });

  it('moves through the suggestions with the arrow keys and closes them with Escape', async () => {
    await searchBox().press('ArrowDown');
    const first = options().first();
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await searchBox().getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    await searchBox().press('ArrowDown');
    expect(await options().nth(1).getAttribute('aria-selected')).toBe('true');
    await searchBox().press('ArrowUp');
    expect(await first.getAttribute('aria-selected')).toBe('true');
    await searchBox().press('Escape');
    await expect.poll(() => listbox().count()).toBe(0);
    expect(await searchBox().getAttribute('aria-expanded')).toBe('false');
    expect(await searchBox().inputValue()).toBe('prw');
  });

  it('opens a product picked from the suggestions', async () => {
    await typeSlowly('prw');
    await expect.poll(() => options().filter({ hasText: 'Tiger Prawns' }).count()).toBe(1);
    await options().filter({ hasText: 'Tiger Prawns' }).click();
    await page.waitForURL(/\/product\/product_detail\?productId=\d+$/);
    await expect.poll(() => h1().innerText()).toBe('Tiger Prawns – Kaara Chemmeen');
    expect(await searchBox().inputValue()).toBe('');
  });

  it('opens a category picked with the keyboard', async () => {
    await typeSlowly('crab');
    await expect.poll(() => options().filter({ hasText: 'Category' }).count()).toBe(1);
    const texts = await options().allInnerTexts();
    const index = texts.findIndex((t) => t.includes('Category'));
    for (let i = 0; i <= index; i += 1) await searchBox().press('ArrowDown');
    await searchBox().press('Enter');
    await page.waitForURL(/\/product\?categoryId=4$/);
    await expect.poll(() => h1().innerText()).toBe('Crabs');
  });

  it('runs the full search for a typo with Enter and shows prawns', async () => {
    await typeSlowly('prwn');
    await searchBox().press('Enter');
    await page.waitForURL(/\/product\?search=prwn$/);
    await expect.poll(() => h1().innerText()).toBe('Results for “prwn”');
    await expect.poll(() => page.locator('main article h2').allInnerTexts()).toContain('Tiger Prawns – Kaara Chemmeen');
    const names = await page.locator('main article h2').allInnerTexts();
    expect(names.slice(0, 3).every((n) => /prawn/i.test(n))).toBe(true);
    expect(names).toContain('Tiger Prawns – Kaara Chemmeen');
    // The page offers the spelling the shop knows.
    const didYouMean = page.getByRole('main').getByRole('link', { name: 'prawn', exact: true });
    await expect
      .poll(() =>
        page
          .getByRole('main')
          .getByText(/Did you mean/)
          .innerText(),
      )
      .toBe('Did you mean prawn?');
    await didYouMean.click();
    await page.waitForURL(/\/product\?search=prawn$/);
    await expect.poll(() => h1().innerText()).toBe('Results for “prawn”');
    await expect
      .poll(() =>
        page
          .getByRole('main')
          .getByText(/Did you mean/)
          .count(),
      )
      .toBe(0);
  });

  it('finds fish by their local names', async () => {
    await typeSlowly('neymeen');
    await searchBox().press('Enter');
    await page.waitForURL(/\/product\?search=neymeen$/);
    await expect.poll(() => page.locator('main article h2').allInnerTexts()).toContain('Kingfish (Seer) – Neymeen');
  });

  it('says when there is nothing to suggest, and Enter still searches', async () => {
    await typeSlowly('xyzzy');
    await expect.poll(() => listbox().innerText()).toBe('No suggestions. Press Enter to search.');
    await searchBox().press('Enter');
    await page.waitForURL(/\/product\?search=xyzzy$/);
    await expect.poll(() => page.getByRole('heading', { name: 'No products found' }).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
