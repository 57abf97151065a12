import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import { startShopServer, type ShopServer } from '../helpers/shop-server.js';
import { shopCommand } from '../helpers/shop-command.js';

let server: ShopServer;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  ({ server, browser } = await openShop());
  ({ page, errors } = await newPhonePage(browser, server.url));
});

afterAll(() => closeShop({ server, browser }));

/** The shop owner's command, pointed at the test server's data folder and port. */
const shop = (...args: string[]) => shopCommand(server)(...args);

interface ListedProduct {
  productId: number;
  name: string;
  isVariantEnabled: boolean;
  variantId: number;
  sRate: number;
  oRate: number | null;
}

describe('live prices', () => {
  it('shows a price changed with `npm run shop -- price` on the open product list within 1 s, without a reload', async () => {
    const res = await fetch(`${server.url}/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=20`);
    const listed = ((await res.json()) as { Data: ListedProduct[] }).Data;
    const product = listed[0];
    if (!product) throw new Error('the demo shop lists no products');
    // The card shows the selected variant's rate, so that is the one the shop changes.
    const variant = product.isVariantEnabled ? ['--variant', String(product.variantId)] : [];

    // The live connection starts once the page is shown; the shop's change is pushed to the company
    // group, so the page must have joined it (the hub's completion of JoinCompanyGroup) first.
    const joined = new Promise<void>((resolve) => {
      page.on('websocket', (socket) => {
        if (!socket.url().includes('/catalogueHub')) return;
        socket.on('framereceived', ({ payload }) => {
          if (String(payload).includes('"type":3')) resolve();
        });
      });
    });
    await page.goto('/product/');
    const card = page.locator('main article').filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
    await expect.poll(() => card.count()).toBe(1);
    await joined;
    await expect.poll(() => page.evaluate(() => document.querySelector('[data-testid="hub-status"]') === null)).toBe(true);
    let reloaded = false;
    page.on('framenavigated', () => (reloaded = true));

    const newRate = product.sRate + 111;
    const shown = `₹${newRate.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(await card.innerText()).not.toContain(shown);
    const said = await shop('price', '--product', String(product.productId), ...variant, '--branch', '1', '--rate', String(newRate), '--no-offer');
    const changedAt = Date.now();
    expect(said).toContain(shown);

    await card.getByText(shown).first().waitFor({ timeout: 1_000 });
    expect(Date.now() - changedAt).toBeLessThanOrEqual(1_000);
    expect(reloaded).toBe(false);
    expect(errors).toEqual([]);
  });

  it('shows the offline note while the server is away and clears it once the connection is back', async () => {
    const port = server.port;
    const dataDir = server.dataDir;
    await server.stop();
    await page.getByTestId('hub-status').waitFor({ timeout: 5_000 });
    expect(await page.getByTestId('hub-status').innerText()).toBe('Live updates paused — reconnecting…');
    expect(await page.locator('main article').count()).toBeGreaterThan(0);
    server = await startShopServer({ port, dataDir });
    await page.getByTestId('hub-status').waitFor({ state: 'detached', timeout: 40_000 });
  });
});
