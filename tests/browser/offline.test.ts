import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';
import { apiLogin, setBrowserSession } from '../helpers/login.js';
import type { Category, Product } from '../../contract/catalogue.schemas.js';
import { GET_RETRIES, OFFLINE_MESSAGE, UNREACHABLE_MESSAGE } from '../../src/lib/http.js';
import { BACK_ONLINE_TEXT, OFFLINE_TEXT } from '../../src/components/connectivity-status.js';
import { CODE_RETRY_DELAYS_MS } from '../../src/lib/code-download.js';

let server: ShopServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openShop());
});

afterAll(() => closeShop({ server, browser }));

/** UI waits: server round trips on a 2-core machine. */
const soon = { timeout: 8000 };

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}/api/${path}`);
  expect(res.ok, path).toBe(true);
  return ((await res.json()) as { Data: T }).Data;
}

/** Two categories with products, and a plain product of the second one that can be bought. */
async function pickCatalogue(): Promise<{ first: Category; second: Category; product: Product }> {
  const categories = await api<Category[]>('categories?companyId=1');
  const products = await api<Product[]>('products?companyId=1&branchId=1&pageSize=100');
  const buyable = (p: Product) => p.active && p.isStockAvailable && !p.isVariantEnabled && p.stockQty >= 3;
  const withProducts = categories.filter((c) => products.some((p) => p.categoryId === c.categoryId));
  const second = withProducts.find((c, i) => i > 0 && products.some((p) => p.categoryId === c.categoryId && buyable(p)));
  const product = products.find((p) => p.categoryId === second?.categoryId && buyable(p));
  if (!withProducts[0] || !second || !product) throw new Error('The demo catalogue has no two categories with buyable products');
  return { first: withProducts[0], second, product };
}

/** Every API request the page makes from now on, with the time it was made. */
function recordApiRequests(page: Page): { path: string; at: number }[] {
  const seen: { path: string; at: number }[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push({ path: `${request.method()} ${url.pathname}${url.search}`, at: Date.now() });
  });
  return seen;
}

const statusText = (page: Page) => page.getByTestId('connectivity-status').textContent();
const sameDocument = (page: Page) => page.evaluate(() => (window as { offlineTestMarker?: boolean }).offlineTestMarker === true);
const productsOf = (page: Page, category: Category) => `${category.name}`;

/** The list of one category on screen: its chip marked current and a product card of it shown. */
async function showsList(page: Page, category: Category, product: Product) {
  await expect
    .poll(
      () =>
        page
          .getByRole('navigation', { name: 'Filter by category' })
          .getByRole('link', { name: productsOf(page, category) })
          .getAttribute('aria-current'),
      soon,
    )
    .toBe('page');
  await expect.poll(() => page.getByRole('link', { name: product.name, exact: true }).first().isVisible(), soon).toBe(true);
}

/** Waits until the app's deferred code (notifications, live connection) has loaded, as it has on a phone after the first seconds. */
async function settled(page: Page) {
  await expect.poll(() => page.locator('.Toastify').count(), { timeout: 10_000 }).toBeGreaterThan(0);
}

describe('Offline and slow networks', () => {
  it('says the phone is offline instead of spinning, asks once, and recovers by itself when the network returns', async () => {
    const { first, second, product } = await pickCatalogue();
    const { context, page, errors } = await newPhonePage(browser, server.url);
    await setBrowserSession(context, server.url, await apiLogin(server.url, server.dataDir));

    // Online: the first category's list, then the product's page and back, so the code of both pages is here.
    await page.goto(`/product?categoryId=${first.categoryId}`);
    await page.getByRole('navigation', { name: 'Filter by category' }).getByRole('link', { name: second.name }).click();
    await showsList(page, second, product);
    await page.getByRole('navigation', { name: 'Filter by category' }).getByRole('link', { name: first.name }).click();
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Filter by category' }).getByRole('link', { name: first.name }).getAttribute('aria-current'), soon)
      .toBe('page');
    await settled(page);
    await page.evaluate(() => ((window as { offlineTestMarker?: boolean }).offlineTestMarker = true));
    expect(await statusText(page)).toBe('');

    // The network goes; the shopper opens another category.
    await context.setOffline(true);
    const requests = recordApiRequests(page);
    await page.getByRole('navigation', { name: 'Filter by category' }).getByRole('link', { name: second.name }).click();

    await expect.poll(() => statusText(page), soon).toBe(OFFLINE_TEXT);
    const problem = page.getByRole('alert').filter({ hasText: 'We could not load the products' });
    await expect.poll(() => problem.isVisible(), soon).toBe(true);
    expect(await problem.textContent()).toContain(OFFLINE_MESSAGE);
    expect(await problem.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    expect(await page.locator('main [aria-busy="true"]').count()).toBe(0);

    // Asked once (the phone knows it is offline: no retries), and nothing keeps asking.
    const listRequests = () => requests.filter((r) => r.path.startsWith('GET /api/products') && r.path.includes(`categoryId=${second.categoryId}`));
    const seenAtError = requests.length;
    await page.waitForTimeout(5000);
    expect(listRequests()).toHaveLength(1);
    expect(requests.length, requests.map((r) => r.path).join('\n')).toBe(seenAtError);
    expect(await problem.isVisible()).toBe(true);

    // The network returns: the list loads without a tap and without reloading the page.
    await context.setOffline(false);
    await showsList(page, second, product);
    await expect.poll(() => statusText(page), soon).toBe(BACK_ONLINE_TEXT);
    await expect.poll(() => statusText(page), soon).toBe('');
    expect(await sameDocument(page)).toBe(true);
    expect(listRequests()).toHaveLength(2);

    // An action that fails: adding to the cart while offline says so and changes nothing.
    await page.getByRole('link', { name: product.name, exact: true }).first().click();
    await page.waitForURL(`**/product/product_detail?productId=${product.productId}*`);
    // The list's card has the same button: wait for the product's own page before the network goes.
    await expect.poll(() => page.getByRole('heading', { level: 1, name: product.name }).isVisible(), soon).toBe(true);
    const add = page.getByRole('button', { name: `Add ${product.name} to cart` });
    await expect.poll(() => add.isVisible(), soon).toBe(true);
    await context.setOffline(true);
    await add.click();
    await expect.poll(() => page.getByText(OFFLINE_MESSAGE).isVisible(), { timeout: 5000, interval: 50 }).toBe(true);
    await expect.poll(() => statusText(page), soon).toBe(OFFLINE_TEXT);
    await expect.poll(() => add.isVisible(), soon).toBe(true);
    expect(requests.filter((r) => r.path.startsWith('PUT /api/Cart'))).toHaveLength(1);

    // Back online, the same tap works.
    await context.setOffline(false);
    await expect.poll(() => statusText(page), soon).not.toBe(OFFLINE_TEXT);
    await add.click();
    const quantity = page.getByRole('group', { name: `Quantity of ${product.name}` }).getByTestId('cart-qty');
    await expect.poll(() => quantity.textContent(), soon).toBe('1');
    expect(await sameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('retries a read that gets no answer twice, 1 s and 2 s apart, then says the shop is out of reach until it answers', async () => {
    const { first, second, product } = await pickCatalogue();
    const { context, page, errors } = await newPhonePage(browser, server.url);
    await page.goto(`/product?categoryId=${first.categoryId}`);
    await showsList(page, first, (await api<Product[]>(`products?companyId=1&branchId=1&categoryId=${first.categoryId}&pageSize=1`))[0]!);
    await settled(page);

    // The phone has a network, but the shop's product list gets no answer (a dropped connection, a dead proxy).
    const requests = recordApiRequests(page);
    const listPath = `categoryId=${second.categoryId}`;
    await page.route(`**/api/products?*${listPath}*`, (route) => route.abort('connectionreset'));
    await page.getByRole('navigation', { name: 'Filter by category' }).getByRole('link', { name: second.name }).click();
    const problem = page.getByRole('alert').filter({ hasText: 'We could not load the products' });
    await expect.poll(() => problem.isVisible(), soon).toBe(true);
    expect(await problem.textContent()).toContain(UNREACHABLE_MESSAGE);
    expect(await statusText(page)).toBe(OFFLINE_TEXT);

    const attempts = requests.filter((r) => r.path.startsWith('GET /api/products') && r.path.includes(listPath));
    expect(attempts).toHaveLength(1 + GET_RETRIES);
    const gaps = attempts.slice(1).map((a, i) => a.at - attempts[i]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(900);
    expect(gaps[1]).toBeGreaterThanOrEqual(1900);

    // The shop answers again: the list comes back by itself.
    await page.unroute(`**/api/products?*${listPath}*`);
    await showsList(page, second, product);
    await expect.poll(() => statusText(page), soon).not.toBe(OFFLINE_TEXT);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gets the code left out of the first load once the network returns, when the phone lost it as that code was asked for', async () => {
    const { context, page, errors } = await newPhonePage(browser, server.url);
    const failedCode: string[] = [];
    page.on('requestfailed', (request) => {
      if (new URL(request.url()).pathname.startsWith('/assets/')) failedCode.push(request.url());
    });
    const hubSockets: string[] = [];
    page.on('websocket', (socket) => hubSockets.push(socket.url()));

    // The app has started; its deferred code (live connection, notifications, offline bar) is asked for a moment later, with no network.
    await page.goto('/');
    await page.locator('[data-opening-shell]').waitFor({ state: 'detached' });
    await context.setOffline(true);
    await expect.poll(() => failedCode.some((url) => url.includes('/hub-client-')), { timeout: 10_000 }).toBe(true);
    expect(hubSockets).toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => hubSockets.filter((url) => new URL(url).pathname === '/catalogueHub').length, soon).toBe(1);
    await settled(page);
    // The home page's reads that failed with the network load again without a tap.
    await expect.poll(() => page.locator('main').getByRole('alert').count(), soon).toBe(0);
    await expect.poll(() => page.locator('main a[href*="product_detail"]').count(), soon).toBeGreaterThan(0);
    // The offline bar's code arrived too: the next loss of the network is announced.
    await context.setOffline(true);
    await expect.poll(() => statusText(page), soon).toBe(OFFLINE_TEXT);
    await context.setOffline(false);
    await expect.poll(() => statusText(page), soon).toBe(BACK_ONLINE_TEXT);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks again, after a wait, for deferred code the shop did not serve while the network stayed up', async () => {
    const { context, page, errors } = await newPhonePage(browser, server.url);
    const asked: number[] = [];
    await page.route('**/assets/hub-client-*.js', (route) => {
      asked.push(Date.now());
      return asked.length <= 2 ? route.abort('connectionreset') : route.continue();
    });
    const hubSockets: string[] = [];
    page.on('websocket', (socket) => hubSockets.push(socket.url()));

    await page.goto('/');
    await expect.poll(() => hubSockets.filter((url) => new URL(url).pathname === '/catalogueHub').length, { timeout: 20_000 }).toBe(1);
    expect(asked).toHaveLength(3);
    const gaps = asked.slice(1).map((at, i) => at - asked[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(CODE_RETRY_DELAYS_MS[0] * 0.9);
    expect(gaps[1]).toBeGreaterThanOrEqual(CODE_RETRY_DELAYS_MS[1] * 0.9);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the cart and the checkout choices (slot, coupon, wallet, points) through a reload', async () => {
    const { product } = await pickCatalogue();
    const detail = `/product/product_detail?productId=${product.productId}`;
    const quantityOf = (page: Page) => page.getByRole('group', { name: `Quantity of ${product.name}` }).getByTestId('cart-qty');

    // A visitor's cart is in the browser.
    const visitor = await newPhonePage(browser, server.url);
    await visitor.page.goto(detail);
    await visitor.page.getByRole('button', { name: `Add ${product.name} to cart` }).click();
    await expect.poll(() => quantityOf(visitor.page).textContent(), soon).toBe('1');
    await visitor.page.reload();
    await expect.poll(() => quantityOf(visitor.page).textContent(), soon).toBe('1');
    await visitor.context.close();

    // A customer's cart is on the server; the slot and coupon chosen on the cart page are kept for the tab.
    const { context, page, errors } = await newPhonePage(browser, server.url);
    await setBrowserSession(context, server.url, await apiLogin(server.url, server.dataDir));
    await page.goto(detail);
    await page.getByRole('button', { name: `Add ${product.name} to cart` }).click();
    await expect.poll(() => quantityOf(page).textContent(), soon).toBe('1');
    await page.goto('/cart');
    await expect.poll(() => page.getByTestId('cart-line').count(), soon).toBe(1);
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
    const apply = page.getByRole('button', { name: /^Apply coupon / }).first();
    await expect.poll(() => apply.isVisible(), soon).toBe(true);
    const code = ((await apply.getAttribute('aria-label')) ?? '').replace('Apply coupon ', '');
    await apply.click();
    await expect.poll(() => page.getByRole('button', { name: `Remove coupon ${code}` }).isVisible(), soon).toBe(true);

    await page.reload();
    await expect.poll(() => page.getByTestId('cart-line').count(), soon).toBe(1);
    await expect.poll(() => page.getByTestId('chosen-slot').textContent(), soon).toBe(`Chosen: ${slotLabel}`);
    await expect.poll(() => page.getByRole('button', { name: `Remove coupon ${code}` }).isVisible(), soon).toBe(true);

    // On the checkout page the customer also turns on wallet money and points; a reload keeps all of it.
    await page.goto('/user_account/check_out');
    const slotField = page.getByRole('combobox', { name: 'Delivery slot' });
    const selectedSlot = () => slotField.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '');
    await expect.poll(selectedSlot, soon).toBe(slotLabel);
    await expect.poll(() => page.getByLabel('Coupon code').inputValue(), soon).toBe(code);
    const wallet = page.getByRole('checkbox', { name: /^Use wallet balance/ });
    const points = page.getByRole('checkbox', { name: /^Use loyalty points/ });
    await page.getByText(/^Use wallet balance/).click();
    await page.getByText(/^Use loyalty points/).click();
    await expect.poll(() => wallet.isChecked(), soon).toBe(true);
    await expect.poll(() => points.isChecked(), soon).toBe(true);

    await page.reload();
    await expect.poll(selectedSlot, soon).toBe(slotLabel);
    await expect.poll(() => page.getByLabel('Coupon code').inputValue(), soon).toBe(code);
    await expect.poll(() => wallet.isChecked(), soon).toBe(true);
    await expect.poll(() => points.isChecked(), soon).toBe(true);
    await page.goto('/cart');
    await expect.poll(() => page.getByTestId('cart-line').count(), soon).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('can be added to the home screen: the manifest is linked, allowed by the page policy, and its icons load', async () => {
    const { context, page, errors } = await newPhonePage(browser, server.url);
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    await page.goto('/');
    await settled(page);
    const cdp = await context.newCDPSession(page);
    const { url, errors: manifestErrors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(url).toBe(`${server.url}/manifest.webmanifest`);
    expect(manifestErrors).toEqual([]);
    // Chromium's own check; a test browser's context is incognito, which is the one thing it may say.
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

    const res = await fetch(`${server.url}/manifest.webmanifest`);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await res.json()) as {
      short_name: string;
      theme_color: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ short_name: 'Shoal Fresh', theme_color: '#1565C0', display: 'standalone' });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const answer = await page.request.get(icon.src);
      expect(answer.status(), icon.src).toBe(200);
    }
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
