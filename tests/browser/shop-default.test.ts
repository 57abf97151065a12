import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';

/** A shop deployed for its second branch: BRANCH_ID decides the branch every browser shops in. */
let server: ShopServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openShop({ env: { BRANCH_ID: '2' } }));
});

afterAll(() => closeShop({ server, browser }));

describe('the shop a deployment names (COMPANY_ID, BRANCH_ID)', () => {
  it('opens /product on that branch with the list the HTML brought, and keeps asking that branch', async () => {
    const { context, page } = await newPhonePage(browser, server.url);
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/products\?/.test(request.url())) listRequests.push(request.url());
    });
    const opened = await page.goto('/product?categoryId=1');
    expect(await opened?.text()).toContain('<meta name="shoal-shop" content="companyId=1&amp;branchId=2">');
    await expect.poll(() => page.locator('main h1').innerText()).toBe('Sea Fish');
    await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(1);
    expect(listRequests, JSON.stringify(listRequests)).toEqual([]);
    await page.goto('/product?search=tilapia');
    await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(0);
    // Every list asked for since (the search, and home's lists once the page has loaded) is the deployment's branch.
    expect(listRequests.some((url) => url.includes('search=tilapia'))).toBe(true);
    expect(listRequests.map((url) => new URL(url).searchParams.get('branchId'))).toEqual(listRequests.map(() => '2'));
    await context.close();
  });

  it('a visit whose address names another branch shops there, with that branch’s list from the HTML', async () => {
    const { context, page } = await newPhonePage(browser, server.url);
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/products\?/.test(request.url())) listRequests.push(request.url());
    });
    await page.goto('/product?categoryId=1&branchId=1');
    // The app's own list, once it has taken the place of the list the HTML painted.
    await page.locator('[data-opening-shell]').waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(1);
    expect(listRequests).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.getItem('shop-context'))).toBe(JSON.stringify({ companyId: 1, branchId: 1 }));
    await page.goto('/product?search=tilapia');
    await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(0);
    expect(listRequests.some((url) => url.includes('search=tilapia'))).toBe(true);
    expect(listRequests.map((url) => new URL(url).searchParams.get('branchId'))).toEqual(listRequests.map(() => '1'));
    await context.close();
  });
});
