/**
 * Chakra's code, theme and provider arrive with the first page that uses them, never with home
 * (docs/decisions/026-chakra-off-the-first-load.md), and a provider that leaves the page takes
 * none of the page-wide styles with it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';
import { PAGES } from '../../contract/pages.table.js';

let server: ShopServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openShop());
});

afterAll(() => closeShop({ server, browser }));

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

function readManifest(): Record<string, ManifestChunk> {
  return JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '..', '..', 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
}

/** A chunk and every chunk it imports, by manifest key. */
function reach(manifest: Record<string, ManifestChunk>, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) reach(manifest, imported, into);
  return into;
}

/** The build's scripts that carry Chakra: the provider's chunk and what it imports, less what the main script already has. */
function chakraScripts(): string[] {
  const manifest = readManifest();
  const scope = Object.keys(manifest).find((key) => /(^|\/)_?chakra-scope/.test(key));
  if (!scope) throw new Error('the build has no chunk for src/app/chakra-scope.tsx');
  const first = reach(manifest, 'index.html');
  return [...reach(manifest, scope)].filter((key) => !first.has(key)).map((key) => `/${manifest[key]?.file ?? key}`);
}

/** Every script the page asks for, by path. */
function scriptsOf(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') asked.push(new URL(request.url()).pathname);
  });
  return asked;
}

/** The style elements of the page that declare the token variables. */
function tokenSheets(page: Page): Promise<number> {
  return page.evaluate(() => [...document.querySelectorAll('style')].filter((style) => style.textContent?.includes('--chakra-colors-brand-700:')).length);
}

const HEADER_BLUE = 'rgb(15, 76, 148)';
/** The brand palette's solid colour: the current category chip. */
const SOLID_BLUE = 'rgb(21, 101, 192)';

describe('Chakra off the first load', () => {
  it('home asks for no Chakra code, before or after it is shown', async () => {
    const chakra = chakraScripts();
    expect(chakra.length).toBeGreaterThan(0);
    const { context, page, errors } = await newPhonePage(browser, server.url);
    try {
      const asked = scriptsOf(page);
      await page.goto('/');
      await page.locator('main a[href*="/product/product_detail"]').first().waitFor();
      // The footer's code is asked for once the page is shown; what loads after it comes by then.
      await page.getByRole('contentinfo').getByRole('heading', { name: 'Information' }).waitFor({ timeout: 10_000 });
      await page.waitForTimeout(1500);
      expect(asked.filter((script) => chakra.includes(script))).toEqual([]);
      expect(await page.locator('header').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(HEADER_BLUE);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the product list and a product are drawn without Chakra: opening on them or going there from home asks for no Chakra code', async () => {
    const chakra = chakraScripts();
    for (const opening of ['/product/', '/product/product_detail?productId=1']) {
      const html = await (await fetch(`${server.url}${opening}`)).text();
      const hinted = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1] ?? '');
      expect(hinted.length, opening).toBeGreaterThan(0);
      expect(
        hinted.filter((script) => chakra.includes(script)),
        opening,
      ).toEqual([]);
    }
    const { context, page, errors } = await newPhonePage(browser, server.url);
    try {
      const asked = scriptsOf(page);
      await page.goto('/product/');
      await page.locator('main a[href*="/product/product_detail"]').first().click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Kingfish (Seer) – Neymeen');
      await page.getByRole('button', { name: /^1 kg · Fillet/ }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('variantId')).not.toBeNull();
      // The variant replaced the product's address: one step back is the list.
      await page.goBack();
      await page.locator('main').getByRole('link', { name: 'Sea Fish' }).click();
      await expect.poll(() => new URL(page.url()).search).toBe('?categoryId=1');
      await page.locator('main').getByRole('link', { name: 'Home', exact: true }).click();
      await page.getByRole('link', { name: 'Shop all products' }).click();
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      expect(await heading.evaluate((el) => getComputedStyle(el).fontWeight)).toBe('600');
      await page.waitForTimeout(1500);
      expect(asked.filter((script) => chakra.includes(script))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a page drawn without Chakra names its own style sheets in its HTML, and the frame pages share brings none', async () => {
    const manifest = readManifest();
    const first = reach(manifest, 'index.html');
    const ownSheets = (module: string) => [...reach(manifest, module)].filter((key) => !first.has(key)).flatMap((key) => manifest[key]?.css ?? []);
    for (const [module, opening] of [
      ['src/pages/product-list-page.tsx', '/product/'],
      ['src/pages/product-detail-page.tsx', '/product/product_detail?productId=1'],
    ] as const) {
      expect(PAGES.find((entry) => entry.module === module)?.chakra, module).toBe(false);
      const sheets = ownSheets(module);
      expect(sheets.length, module).toBeGreaterThan(0);
      // Named with the HTML, Vite's loader finds them there and the page's code waits for no style download.
      const html = await (await fetch(`${server.url}${opening}`)).text();
      for (const sheet of sheets) expect(html, opening).toContain(`<link rel="stylesheet" crossorigin href="/${sheet}">`);
    }
    // The frame (page-shell.tsx) comes with the entry's styles: the FAQ, which uses it, brings no style sheet.
    expect(ownSheets('src/pages/faq-page.tsx')).toEqual([]);
  });

  it('the first page that uses Chakra brings it, and the list and home keep their look when that page is left', async () => {
    const chakra = chakraScripts();
    const { context, page, errors } = await newPhonePage(browser, server.url);
    try {
      const asked = scriptsOf(page);
      await page.goto('/product/');
      const card = page.locator('main a[href*="/product/product_detail"]').first();
      await card.waitFor();
      for (let round = 0; round < 2; round++) {
        await page.getByRole('navigation', { name: 'Information' }).getByRole('link', { name: 'FAQ', exact: true }).click();
        await expect.poll(() => new URL(page.url()).pathname).toBe('/FAQ');
        await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Frequently asked questions');
        // The FAQ's questions are Chakra's accordion, styled by its recipe.
        await expect.poll(() => page.locator('main [class*="chakra-accordion"]').count()).toBeGreaterThan(0);
        await page.goBack();
        await expect.poll(() => new URL(page.url()).pathname).toBe('/product/');
        await card.waitFor();
        // The provider left with the FAQ; the token variables the list's own styles read stayed.
        expect(await page.locator('header').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(HEADER_BLUE);
        expect(await page.getByRole('heading', { level: 1 }).evaluate((el) => getComputedStyle(el).fontWeight)).toBe('600');
        expect(
          await page
            .locator('main')
            .getByRole('link', { name: 'All', exact: true })
            .evaluate((el) => getComputedStyle(el).backgroundColor),
        ).toBe(SOLID_BLUE);
        expect(await tokenSheets(page)).toBeGreaterThanOrEqual(1);
      }
      expect(chakra.filter((script) => !asked.includes(script))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a visit that opens on a page that uses Chakra asks for its code from the HTML, and its provider adopts the shipped token variables instead of building them', async () => {
    const { context, page, errors } = await newPhonePage(browser, server.url);
    try {
      // The page's HTML names Chakra's scripts with the page's own, so they arrive alongside the main script.
      const html = await (await fetch(`${server.url}/FAQ`)).text();
      const hinted = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
      expect(chakraScripts().filter((script) => !hinted.includes(script))).toEqual([]);
      await page.goto('/FAQ');
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      expect(await heading.evaluate((el) => getComputedStyle(el).fontWeight)).toBe('600');
      // The copy kept for the whole visit and the one the provider took over: none built in the browser.
      expect(await tokenSheets(page)).toBe(2);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
