import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhonePage } from '../helpers/browser.js';
import { startShopServer, type ShopServer } from '../helpers/shop-server.js';
import { apiLogin, setBrowserSession } from '../helpers/login.js';
import type { Product } from '../../contract/catalogue.schemas.js';

// The local machine inspector (/__machines) in a production build made with VITE_INSPECT=1: a
// shopper's tab records its actors, a second tab of the same origin shows them live and steps
// back through the recording. A normal build has no inspector (bench/measures/first-load-js.ts).

const root = path.resolve(import.meta.dirname, '..', '..');
/** UI waits: server round trips and the channel between the tabs, on a 2-core machine. */
const soon = { timeout: 10_000 };
const temporary: string[] = [];
let server: ShopServer;
let browser: Browser;

/** The client built with the inspector, in a folder of its own (MACHINE_INSPECTOR_CLIENT_DIR reuses one). */
function inspectorBuild(): string {
  const reuse = process.env.MACHINE_INSPECTOR_CLIENT_DIR;
  if (reuse) return reuse;
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoal-inspector-client-'));
  temporary.push(outDir);
  const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    env: { ...process.env, VITE_INSPECT: '1' },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`The client build failed:\n${build.stdout}${build.stderr}`);
  return outDir;
}

beforeAll(async () => {
  server = await startShopServer({ env: { CLIENT_DIR: inspectorBuild() } });
  temporary.push(server.dataDir);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

async function plainProduct(): Promise<Product> {
  const res = await fetch(`${server.url}/api/products?companyId=1&branchId=1&pageSize=100`);
  const products = ((await res.json()) as { Data: Product[] }).Data;
  const product = products.find((p) => p.active && p.isStockAvailable && p.stockQty >= 5 && !p.isVariantEnabled);
  expect(product, 'a product without variants in stock').toBeDefined();
  return product!;
}

const shownState = (inspector: Page) => inspector.getByTestId('inspector-state').textContent();
const litState = (inspector: Page) => inspector.locator('[data-testid="machine-chart"] rect[data-active="state"]').getAttribute('data-state');
const newestEvent = (inspector: Page) => inspector.getByTestId('inspector-log').locator('button').first().getAttribute('data-event');

describe('Machine inspector', () => {
  it('shows the cart machine of a shopper’s tab live in a second tab, and steps back through the recording', async () => {
    const product = await plainProduct();
    const { context, page: shop, errors } = await newPhonePage(browser, server.url);
    await setBrowserSession(context, server.url, await apiLogin(server.url, server.dataDir));
    await shop.goto(`/product/product_detail?productId=${product.productId}`);
    const add = shop.getByRole('button', { name: `Add ${product.name} to cart` });
    await add.waitFor(soon);

    // The shop tab offers the inspector; it opens in a tab of its own.
    const [inspector] = await Promise.all([context.waitForEvent('page'), shop.getByRole('link', { name: 'Machines', exact: true }).click()]);
    inspector.on('pageerror', (error) => errors.push(`inspector: ${error.message}`));
    await inspector.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => new URL(inspector.url()).pathname).toBe('/__machines');
    await inspector.getByRole('heading', { level: 1, name: 'Machine inspector' }).waitFor(soon);

    // The shopper's tab is the one shown; its cart actor is running, logged in and idle.
    await expect.poll(() => inspector.getByLabel('Shop tab').locator('option:checked').textContent(), soon).toMatch(/^Tab \w+: \/product\/product_detail/);
    const cart = inspector.locator('nav button[data-actor="cart"]');
    await cart.waitFor(soon);
    await cart.focus();
    await inspector.keyboard.press('Enter');
    await expect(inspector.getByRole('heading', { level: 2, name: 'cart · cart machine' }).isVisible()).resolves.toBe(true);
    await expect.poll(() => shownState(inspector), soon).toBe('customer.idle');
    await expect.poll(() => litState(inspector), soon).toBe('customer.idle');
    await expect(inspector.locator('rect[data-state="customer"]').getAttribute('data-active')).resolves.toBe('within');
    expect(await inspector.getByTestId('inspector-context').textContent()).toContain('"lines": []');
    const stepsBefore = await inspector.getByTestId('inspector-log').locator('button').count();

    // The shopper adds the product: the inspector logs the event and follows the cart through updating, back to idle.
    await add.click();
    await expect.poll(() => inspector.getByTestId('inspector-log').locator('button[data-event="cart.changeQty"]').count(), soon).toBe(1);
    const changed = inspector.getByTestId('inspector-log').locator('button[data-event="cart.changeQty"]');
    await expect(changed.textContent()).resolves.toContain('→ customer.updating');
    await expect.poll(() => newestEvent(inspector), soon).toMatch(/^xstate\.done\.actor\./);
    await expect(inspector.getByTestId('inspector-log').locator('button').first().textContent()).resolves.toContain('sendChange done → customer.idle');
    await expect.poll(() => shownState(inspector), soon).toBe('customer.idle');
    await expect.poll(() => inspector.getByTestId('inspector-context').textContent(), soon).toContain(`"productId": ${product.productId}`);
    expect(await inspector.getByTestId('inspector-log').locator('button').count()).toBeGreaterThanOrEqual(stepsBefore + 2);
    expect(await inspector.getByTestId('inspector-moment').textContent()).toMatch(/ · live$/);

    // Stepping back shows the moment before: the cart sending the change, lit up on the chart.
    const previous = inspector.getByRole('button', { name: 'Previous', exact: true });
    while ((await newestEventShown(inspector)) !== 'cart.changeQty') await previous.click();
    await expect.poll(() => shownState(inspector), soon).toBe('customer.updating');
    await expect.poll(() => litState(inspector), soon).toBe('customer.updating');
    await expect(inspector.getByTestId('inspector-moment').textContent()).resolves.not.toMatch(/live/);
    // One more: idle with the cart still empty.
    await previous.click();
    await expect.poll(() => litState(inspector), soon).toBe('customer.idle');
    expect(await inspector.getByTestId('inspector-context').textContent()).toContain('"lines": []');

    // And forward again, to now.
    await inspector.getByRole('button', { name: 'Live', exact: true }).click();
    await expect.poll(() => litState(inspector), soon).toBe('customer.idle');
    await expect.poll(() => inspector.getByTestId('inspector-moment').textContent(), soon).toMatch(/ · live$/);

    // The recording saved as a file opens again, the cart at the same moment.
    const [download] = await Promise.all([inspector.waitForEvent('download'), inspector.getByRole('button', { name: 'Save recording' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^machines-\w+-[\dT-]+Z\.json$/);
    await inspector.getByLabel('Open a recording').setInputFiles(await download.path());
    await expect.poll(() => inspector.getByLabel('Shop tab').locator('option:checked').textContent(), soon).toMatch(/^Saved recording [\w-]+: \/product/);
    await expect.poll(() => litState(inspector), soon).toBe('customer.idle');
    expect(await inspector.getByTestId('inspector-log').locator('button[data-event="cart.changeQty"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The event whose moment the inspector shows (the log entry marked current). */
function newestEventShown(inspector: Page): Promise<string | null> {
  return inspector.getByTestId('inspector-log').locator('button[aria-current="step"]').getAttribute('data-event');
}
