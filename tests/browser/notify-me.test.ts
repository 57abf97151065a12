import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';
import { shopCommand } from '../helpers/shop-command.js';
import { apiLogin, readOutboxCode, setBrowserSession, uniqueMobile } from '../helpers/login.js';

let server: ShopServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openShop());
});

afterAll(() => closeShop({ server, browser }));

interface Detail {
  productId: number;
  name: string;
  variantId: number;
  variants: { variantId: number; name: string; active: boolean; isStockAvailable: boolean }[];
}

async function outbox(): Promise<{ to: string; text: string }[]> {
  const text = await fs.readFile(path.join(server.dataDir, 'outbox', 'sms.jsonl'), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { to: string; text: string });
}

describe('Notify me on a phone (390 × 844)', () => {
  it('a guest logs in from a sold-out variant, asks to be told, and the shop’s restock arrives live and by text message', async () => {
    const shop = shopCommand(server);
    const listed = await fetch(`${server.url}/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=50`);
    const variantProduct = ((await listed.json()) as { Data: { productId: number; isVariantEnabled: boolean; isStockAvailable: boolean }[] }).Data.find(
      (p) => p.isVariantEnabled && p.isStockAvailable,
    );
    if (!variantProduct) throw new Error('the demo shop lists no variant product in stock');
    const detail = (
      (await (await fetch(`${server.url}/api/Product/detail/${variantProduct.productId}?branchId=1`)).json()) as {
        Data: Detail;
      }
    ).Data;
    const variant = detail.variants.find((v) => v.active && v.isStockAvailable);
    if (!variant) throw new Error('no variant in stock');
    const productArgs = ['--product', String(detail.productId), '--variant', String(variant.variantId), '--branch', '1'];
    expect(await shop('stock', ...productArgs, '--qty', '0')).toContain('(out of stock)');

    const { page, errors } = await newPhonePage(browser, server.url);
    const productPath = `/product/product_detail?productId=${detail.productId}&variantId=${variant.variantId}`;
    await page.goto(productPath);
    const notifyMe = page.getByRole('button', { name: `Notify me when ${detail.name} (${variant.name}) is back in stock` });
    await notifyMe.click();

    // A guest is asked to log in, and comes back to the product after the one-time code.
    await page.waitForURL('**/auth/login?return_to=*');
    const mobile = uniqueMobile();
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByRole('button', { name: 'Get code' }).click();
    await expect.poll(() => page.getByText(/Resend code in \d+ s/).isVisible()).toBe(true);
    await page.getByLabel('Login code').fill(await readOutboxCode(server.dataDir, mobile));
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === productPath);

    // Signed in: the press is stored, and the button says so, with a way to cancel.
    await notifyMe.click();
    await page.getByText('We’ll tell you', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Cancel the notice for ${detail.name} (${variant.name})` }).waitFor();
    // The live connection is open before the shop restocks (its status note is gone).
    await expect.poll(() => page.evaluate(() => document.querySelector('[data-testid="hub-status"]') === null)).toBe(true);

    // Its confirmation goes after its 2 s (a pointer resting on a notification keeps it, so the pointer moves away).
    await page.mouse.move(5, 5);
    await page.getByRole('alert').filter({ hasText: 'We’ll tell you when it is back in stock.' }).waitFor({ state: 'detached', timeout: 5_000 });
    const before = (await outbox()).length;
    const said = await shop('stock', ...productArgs, '--qty', '6');
    expect(said).toContain('Told 1 customer who asked to be notified.');

    const message = `${detail.name} ${variant.name} is back in stock`;
    const toast = page.getByRole('alert').filter({ hasText: message });
    await toast.waitFor({ timeout: 5_000 });
    expect(await toast.getByRole('link', { name: 'View' }).getAttribute('href')).toBe(productPath);

    const texts = (await outbox()).slice(before);
    expect(texts).toEqual([
      {
        to: expect.stringContaining(mobile) as unknown,
        text: `${message}. Order it in the shop: ${server.url}${productPath}`,
        at: expect.any(String) as unknown,
      },
    ]);

    // Back in stock, the page offers the cart again instead of the notice.
    await page.getByRole('button', { name: `Add ${detail.name} (${variant.name}) to cart` }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('Notify me on a product card', () => {
  it('a signed-in customer asks from the sold-out card in the list, and cancels', async () => {
    const shop = shopCommand(server);
    const listed = await fetch(`${server.url}/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=50`);
    const plain = ((await listed.json()) as { Data: { productId: number; name: string; isVariantEnabled: boolean; isStockAvailable: boolean }[] }).Data.find(
      (p) => !p.isVariantEnabled && p.isStockAvailable,
    );
    if (!plain) throw new Error('the demo shop lists no product without variants in stock');
    expect(await shop('stock', '--product', String(plain.productId), '--branch', '1', '--qty', '0')).toContain('(out of stock)');
    const session = await apiLogin(server.url, server.dataDir);
    const { context, page, errors } = await newPhonePage(browser, server.url);
    await setBrowserSession(context, server.url, session);
    await page.goto(`/product?search=${encodeURIComponent(plain.name)}`);
    const card = page.locator('main article').filter({ has: page.getByRole('heading', { name: plain.name, exact: true }) });
    await card.getByText('Out of stock').first().waitFor();
    await card.getByRole('button', { name: `Notify me when ${plain.name} is back in stock` }).click();
    await card.getByText('We’ll tell you', { exact: true }).waitFor();
    const stored = await fetch(`${server.url}/api/StockNotice`, { headers: { authorization: `Bearer ${session.token}` } });
    expect(((await stored.json()) as { Data: { ProductId: number; VariantId: number }[] }).Data).toEqual([
      expect.objectContaining({ ProductId: plain.productId, VariantId: 0, Status: 'WAITING' }),
    ]);

    await card.getByRole('button', { name: `Cancel the notice for ${plain.name}` }).click();
    await card.getByRole('button', { name: `Notify me when ${plain.name} is back in stock` }).waitFor();
    const after = await fetch(`${server.url}/api/StockNotice`, { headers: { authorization: `Bearer ${session.token}` } });
    expect(((await after.json()) as { Data: unknown[] }).Data).toEqual([]);
    expect(errors).toEqual([]);
  });
});
