import type { Browser, BrowserContext, Page } from 'playwright-core';
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

const soon = { timeout: 10_000 };

interface Violation {
  frame: string;
  directive: string;
  blocked: string;
  source: string;
}

/**
 * Everything the shop's policies refuse while the customer uses the page: the
 * securitypolicyviolation events of every frame (reported through a binding, installed before
 * any of the page's own code runs) and Chromium's console lines about Content Security Policy.
 */
async function watchPolicy(context: BrowserContext): Promise<{ violations: Violation[]; consoleLines: string[] }> {
  const violations: Violation[] = [];
  const consoleLines: string[] = [];
  await context.exposeBinding('reportPolicyViolation', ({ frame }, found: Omit<Violation, 'frame'>) => {
    violations.push({ frame: frame.url(), ...found });
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { reportPolicyViolation(v: Omit<Violation, 'frame'>): void }).reportPolicyViolation;
    document.addEventListener('securitypolicyviolation', (event) => {
      void report({ directive: event.effectiveDirective, blocked: event.blockedURI, source: `${event.sourceFile}:${event.lineNumber}` });
    });
  });
  context.on('console', (message) => {
    if (/content security policy/i.test(message.text())) consoleLines.push(message.text());
  });
  return { violations, consoleLines };
}

async function firstListedProduct(): Promise<Product> {
  const res = await fetch(`${server.url}/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=20`);
  const products = ((await res.json()) as { Data: Product[] }).Data;
  const product = products.find((p) => p.active && p.isStockAvailable && p.stockQty >= 5);
  if (!product) throw new Error('The first page of the demo catalogue has no product in stock');
  return product;
}

async function saveAddress(context: BrowserContext): Promise<void> {
  const token = (await context.cookies()).find((c) => c.name === 'token')?.value;
  const res = await fetch(`${server.url}/api/Address`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      Name: 'Asha Menon',
      Phone: '9847012345',
      House: '4, Sea View Apartments',
      Street: 'Beach Road',
      City: 'Kochi',
      State: 'Kerala',
      Pincode: '682001',
      IsDefault: true,
    }),
  });
  expect(res.status).toBe(200);
}

async function logIn(page: Page): Promise<void> {
  const mobile = uniqueMobile();
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect.poll(() => page.getByLabel('Login code').isVisible(), soon).toBe(true);
  await page.getByLabel('Login code').fill(await readOutboxCode(server.dataDir, mobile));
  await page.getByRole('button', { name: 'Verify and log in' }).click();
}

describe('Content Security Policy in the browser', () => {
  it('lets a customer browse, log in, pay in the sandbox window and see the order without one violation', async () => {
    const product = await firstListedProduct();
    const { context, page, errors } = await newPhonePage(browser, server.url);
    const { violations, consoleLines } = await watchPolicy(context);
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(new URL(socket.url()).pathname));

    const home = await page.goto('/');
    expect(home?.headers()['content-security-policy']).toMatch(/script-src 'self';/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), soon).toBe('Today’s catch, cleaned and cut to order');
    // The live connection starts once the page is shown: a WebSocket to the hub on this origin.
    await expect.poll(() => sockets, soon).toContain('/catalogueHub');

    // The list's HTML carries its first page and categories as JSON blocks from the server.
    await page.goto('/product');
    expect(await page.locator('script#shoal-opening-list').count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), soon).toBe('All products');
    const card = page.locator('main article').filter({ hasText: product.name }).first();
    await expect.poll(() => card.isVisible(), soon).toBe(true);
    await expect
      .poll(
        () =>
          card
            .locator('img')
            .first()
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        soon,
      )
      .toBe(true);

    await card.getByRole('link').first().click();
    await page.waitForURL(/product_detail\?productId=\d+/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), soon).toBe(product.name);
    const label = product.isVariantEnabled ? `${product.name} (${product.variantName})` : product.name;
    await page.getByRole('button', { name: `Add ${label} to cart` }).click();
    await expect
      .poll(
        () =>
          page
            .getByRole('group', { name: `Quantity of ${label}` })
            .getByTestId('cart-qty')
            .textContent(),
        soon,
      )
      .toBe('1');

    await page.goto('/cart');
    await page.waitForURL('**/auth/login?user_not_authentication=cart');
    await expect.poll(() => page.getByText('Please log in to view your cart.').isVisible(), soon).toBe(true);
    await logIn(page);
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/cart');
    await expect.poll(() => page.getByTestId('cart-line').count(), soon).toBe(1);
    expect(await page.getByTestId('cart-line').innerText()).toContain(product.name);

    await saveAddress(context);
    await page.getByRole('button', { name: 'Proceed to checkout' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Checkout' }).isVisible(), soon).toBe(true);
    const slot = page.getByLabel('Delivery slot');
    await slot.waitFor();
    if (!(await slot.inputValue())) await slot.selectOption((await slot.locator('option').nth(1).getAttribute('value')) ?? '');
    await expect.poll(() => page.getByText('To pay').isVisible(), soon).toBe(true);

    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    const cardWindow = page.frameLocator('iframe[title="Sandbox checkout"]');
    await expect.poll(() => cardWindow.getByText('SANDBOX · no real money').isVisible(), soon).toBe(true);
    // Its script and style sheet ran under the window's own policy: the header has the shop's colour, not the default.
    const header = cardWindow.locator('header');
    await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor), soon).toBe('rgb(29, 78, 216)');
    await cardWindow.getByLabel('Card number').fill('4111 1111 1111 1111');
    await cardWindow.getByLabel('Expiry').fill('12/34');
    await cardWindow.getByLabel('CVV').fill('123');
    await cardWindow.locator('#pay').click();

    const popup = page.getByTestId('payment-success');
    await popup.waitFor(soon);
    expect(await popup.getByText('Payment Successful!').isVisible()).toBe(true);
    const orderNo = /^Order ID: (\S+)/.exec(await popup.getByText(/^Order ID: \S+/).innerText())?.[1] ?? '';
    expect(orderNo).not.toBe('');

    await page.waitForURL('**/user_account/my_order**', soon);
    const order = page.getByTestId('order-card').filter({ hasText: orderNo });
    await expect.poll(() => order.isVisible(), soon).toBe(true);
    await order.getByRole('link', { name: orderNo }).click();
    await page.waitForURL('**/user_account/my_order/order-detail?id=*');
    await expect.poll(() => page.getByText(orderNo).first().isVisible(), soon).toBe(true);

    expect(violations).toEqual([]);
    expect(consoleLines).toEqual([]);
    expect(errors).toEqual([]);

    // The policy is in force and the watch sees it: a script written into the page does not run.
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineScriptRan = true';
      document.head.append(script);
      return (window as { inlineScriptRan?: boolean }).inlineScriptRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.map((v) => v.directive)).toEqual(['script-src-elem']);
    await context.close();
  });

  it('shows the API reference at /api/docs within its own policy', async () => {
    const { context, page, errors } = await newPhonePage(browser, server.url);
    const { violations, consoleLines } = await watchPolicy(context);
    await page.goto('/api/docs');
    await expect.poll(() => page.getByRole('heading', { name: /Shoal storefront API/ }).isVisible(), soon).toBe(true);
    await expect.poll(() => page.getByText('/api/products').first().isVisible(), soon).toBe(true);
    expect(violations).toEqual([]);
    expect(consoleLines).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
