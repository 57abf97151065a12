import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhonePage } from '../helpers/browser.js';
import { startShopServer, type ShopServer } from '../helpers/shop-server.js';
import { PAGE_CODE_ATTEMPTS } from '../../machines/page-code.machine.js';

// A tab whose page file cannot be downloaded: after a deploy removed it, or with no connection.
// Each shop here serves its own copy of the production build (CLIENT_DIR), so a test can take a
// file away, put it back, or deploy a changed build while tabs opened on the old one stay open.

const dist = path.resolve(import.meta.dirname, '..', '..', 'dist');
const temporary: string[] = [];
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of the production build, and a shop serving it. */
async function shopOnCopy(): Promise<{ server: ShopServer; clientDir: string }> {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoal-client-'));
  temporary.push(clientDir);
  fs.cpSync(dist, clientDir, { recursive: true });
  const server = await startShopServer({ env: { CLIENT_DIR: clientDir } });
  temporary.push(server.dataDir);
  return { server, clientDir };
}

/** The built file whose name starts so, e.g. 'faq-page-' → 'faq-page-D3r4Z40_.js'. */
function assetNamed(clientDir: string, prefix: string): string {
  const found = fs.readdirSync(path.join(clientDir, 'assets')).find((name) => name.startsWith(prefix) && name.endsWith('.js'));
  if (!found) throw new Error(`no ${prefix}*.js in the build`);
  return found;
}

/** Where the server may find a file: the build and the earlier builds' files it keeps. */
function assetFolders(server: ShopServer, clientDir: string): string[] {
  return [path.join(clientDir, 'assets'), path.join(server.dataDir, 'assets-history')];
}

/** Takes a file (and its compressed copies) away from the server; the returned function puts it back. */
function hide(folders: string[], file: string): () => void {
  const moved: string[] = [];
  for (const folder of folders) {
    for (const variant of [file, `${file}.br`, `${file}.gz`]) {
      const full = path.join(folder, variant);
      if (!fs.existsSync(full)) continue;
      fs.renameSync(full, `${full}.hidden`);
      moved.push(full);
    }
  }
  return () => moved.forEach((full) => fs.renameSync(`${full}.hidden`, full));
}

/** Counts a tab's downloads of one file, its full page loads, and its questions for the deployed build. */
function watch(page: Page, file: string) {
  const seen = { downloads: 0, pageLoads: 0, buildChecks: 0 };
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === `/assets/${file}`) seen.downloads += 1;
    if (pathname === '/version.json') seen.buildChecks += 1;
  });
  page.on('load', () => (seen.pageLoads += 1));
  return seen;
}

const errorHeading = (page: Page) => page.getByRole('heading', { name: 'Something went wrong!' });
const faqHeading = (page: Page) => page.getByRole('heading', { name: 'Frequently asked questions' });
const footerLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Information' }).getByRole('link', { name });
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Home shown, with its footer (whose code loads once the page is shown), so the footer's links can be followed. */
async function openHome(context: { page: Page }): Promise<void> {
  await context.page.goto('/');
  await expect.poll(() => context.page.locator('main h1').innerText()).toContain('Today’s catch');
  await footerLink(context.page, 'FAQ').waitFor();
}

/** Home with everything it loads after showing (the live connection's code) arrived, so a restart then catches no download half-way. */
async function openHomeAndSettle(context: { page: Page }): Promise<void> {
  const connected = context.page.waitForResponse((response) => /\/catalogueHub\/negotiate/.test(response.url()));
  await openHome(context);
  await connected;
}

describe('a page file that cannot be downloaded', () => {
  let server: ShopServer;
  let clientDir: string;
  let tab: { context: BrowserContext; page: Page; errors: string[] };

  beforeAll(async () => {
    ({ server, clientDir } = await shopOnCopy());
  });
  afterAll(() => server?.stop());

  it('is asked for a bounded number of times, then the error screen offers Try again, which loads the page once the file is back', async () => {
    tab = await newPhonePage(browser, server.url);
    const faqFile = assetNamed(clientDir, 'faq-page-');
    await openHome(tab);
    const restore = hide(assetFolders(server, clientDir), faqFile);
    const seen = watch(tab.page, faqFile);

    await footerLink(tab.page, 'FAQ').click();
    await tab.page.waitForURL(/\/FAQ$/);
    await expect.poll(() => errorHeading(tab.page).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(seen.downloads).toBe(PAGE_CODE_ATTEMPTS);
    // The server said which build is deployed: the same one, so there is nothing to reload onto.
    expect(seen.buildChecks).toBe(1);
    await settle(4000);
    expect(seen).toEqual({ downloads: PAGE_CODE_ATTEMPTS, pageLoads: 0, buildChecks: 1 });
    expect(await tab.page.getByRole('status').filter({ hasText: 'Loading the page' }).count()).toBe(0);

    // The reason is there for whoever needs it.
    await tab.page.getByRole('button', { name: 'Show Error' }).click();
    await expect.poll(() => tab.page.locator('main code').innerText()).toContain(faqFile);
    await tab.page.getByRole('button', { name: 'Hide Error' }).click();

    restore();
    const tryAgain = tab.page.getByRole('button', { name: 'Try again' });
    await tryAgain.focus();
    await tab.page.keyboard.press('Enter');
    await expect.poll(() => faqHeading(tab.page).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(seen.downloads).toBe(PAGE_CODE_ATTEMPTS + 1);
    expect(seen.pageLoads).toBe(0);
    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });

  it('with the connection down, ends on the error screen after the same few attempts, and Try again works once it is back', async () => {
    tab = await newPhonePage(browser, server.url);
    const infoFile = assetNamed(clientDir, 'info-pages-');
    await openHome(tab);
    const seen = watch(tab.page, infoFile);
    await tab.context.setOffline(true);

    await footerLink(tab.page, 'Contact us').click();
    await expect.poll(() => errorHeading(tab.page).isVisible(), { timeout: 15_000 }).toBe(true);
    await settle(4000);
    expect(seen.downloads).toBeLessThanOrEqual(PAGE_CODE_ATTEMPTS);
    expect(seen.pageLoads).toBe(0);
    expect(await errorHeading(tab.page).isVisible()).toBe(true);

    await tab.context.setOffline(false);
    await tab.page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => tab.page.locator('main h1').innerText(), { timeout: 10_000 }).toMatch(/contact/i);
    expect(seen.pageLoads).toBe(0);
    await tab.context.close();
  });

  it('when the server names a newer build but still sends this one, reloads once and then shows the error (no reload loop)', async () => {
    tab = await newPhonePage(browser, server.url);
    const faqFile = assetNamed(clientDir, 'faq-page-');
    await openHome(tab);
    const restore = hide(assetFolders(server, clientDir), faqFile);
    const versionFile = path.join(clientDir, 'version.json');
    const version = fs.readFileSync(versionFile, 'utf8');
    fs.writeFileSync(versionFile, JSON.stringify({ build: 'a-newer-build' }));
    try {
      const seen = watch(tab.page, faqFile);
      await footerLink(tab.page, 'FAQ').click();
      await expect.poll(() => seen.pageLoads, { timeout: 15_000 }).toBe(1);
      await expect.poll(() => errorHeading(tab.page).isVisible(), { timeout: 20_000 }).toBe(true);
      await settle(5000);
      expect(seen.pageLoads).toBe(1);
      expect(seen.buildChecks).toBe(2);
      expect(await errorHeading(tab.page).isVisible()).toBe(true);
      expect(await tab.page.evaluate(() => sessionStorage.getItem('reloadedForBuild'))).toContain('a-newer-build');
    } finally {
      fs.writeFileSync(versionFile, version);
      restore();
      await tab.context.close();
    }
  });
});

/**
 * Deploys a changed build into clientDir the way a real one differs: the FAQ page gets a new
 * hashed name, and so does every file that names a renamed one (the main script, the chunks that
 * import it, and so on, as content hashes do); index.html, the manifest and version.json name
 * the new files and a new build.
 */
function deployChangedBuild(clientDir: string): { oldFaq: string; newFaq: string } {
  const assets = path.join(clientDir, 'assets');
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const build = /<meta name="shoal-build" content="([^"]+)"/.exec(html)?.[1];
  if (!build) throw new Error('index.html names no build');
  const oldFaq = assetNamed(clientDir, 'faq-page-');
  const renamed = (name: string) => name.replace(/\.(js|css)$/, 'x2.$1');
  const renames = new Map([[oldFaq, renamed(oldFaq)]]);
  const texts = new Map<string, string>();
  for (const name of fs.readdirSync(assets)) {
    // Compressed copies would still hold the old text; the server sends the plain files instead.
    if (/\.(br|gz)$/.test(name)) fs.rmSync(path.join(assets, name));
    else if (/\.(js|css)$/.test(name)) texts.set(name, fs.readFileSync(path.join(assets, name), 'utf8'));
  }
  const rewrite = (text: string) => [...renames].reduce((result, [from, to]) => result.replaceAll(from, to), text);
  for (let grew = true; grew;) {
    grew = false;
    for (const [name, text] of texts) {
      if (!renames.has(name) && rewrite(text) !== text) {
        renames.set(name, renamed(name));
        grew = true;
      }
    }
  }
  for (const [name, text] of texts) {
    fs.writeFileSync(path.join(assets, name), rewrite(text));
    if (renames.has(name)) fs.renameSync(path.join(assets, name), path.join(assets, renames.get(name)!));
  }
  for (const variant of ['index.html.br', 'index.html.gz']) fs.rmSync(path.join(clientDir, variant), { force: true });
  for (const file of ['index.html', 'version.json', path.join('.vite', 'manifest.json')].map((name) => path.join(clientDir, name))) {
    fs.writeFileSync(file, rewrite(fs.readFileSync(file, 'utf8')).replaceAll(build, `${build}-2`));
  }
  return { oldFaq, newFaq: renames.get(oldFaq)! };
}

describe('a deploy while tabs are open', () => {
  let server: ShopServer;
  let clientDir: string;

  beforeAll(async () => {
    ({ server, clientDir } = await shopOnCopy());
  });
  afterAll(() => server?.stop());

  it('an open tab still gets its own build’s page file; once that is gone it reloads once onto the new build and shows the page', async () => {
    const keeps = await newPhonePage(browser, server.url);
    const reloads = await newPhonePage(browser, server.url);
    await openHomeAndSettle(keeps);
    await openHomeAndSettle(reloads);

    await server.stop();
    const { oldFaq, newFaq } = deployChangedBuild(clientDir);
    server = await startShopServer({ env: { CLIENT_DIR: clientDir }, dataDir: server.dataDir, port: server.port });

    // The previous build's file is kept: the tab opened before the deploy goes on working.
    const kept = watch(keeps.page, oldFaq);
    await footerLink(keeps.page, 'FAQ').click();
    await expect.poll(() => faqHeading(keeps.page).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(kept).toEqual({ downloads: 1, pageLoads: 0, buildChecks: 0 });
    expect(keeps.errors).toEqual([]);

    // Past the week the server keeps them, the old file is gone: the tab moves to the new build, once.
    hide([path.join(server.dataDir, 'assets-history')], oldFaq);
    const seen = watch(reloads.page, oldFaq);
    const newFaqDownloads: string[] = [];
    reloads.page.on('request', (request) => {
      if (request.url().endsWith(`/assets/${newFaq}`)) newFaqDownloads.push(request.url());
    });
    await footerLink(reloads.page, 'FAQ').click();
    await expect.poll(() => faqHeading(reloads.page).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(reloads.page.url()).toMatch(/\/FAQ$/);
    await settle(3000);
    expect(seen).toEqual({ downloads: PAGE_CODE_ATTEMPTS, pageLoads: 1, buildChecks: 1 });
    expect(newFaqDownloads.length).toBeGreaterThanOrEqual(1);
    expect(await reloads.page.locator('meta[name="shoal-build"]').getAttribute('content')).toMatch(/-2$/);
    await keeps.context.close();
    await reloads.context.close();
  });
});

describe('a page’s style sheet that fails on the visit that opens there', () => {
  let server: ShopServer;

  beforeAll(async () => {
    ({ server } = await shopOnCopy());
  });
  afterAll(() => server?.stop());

  /** The category chips' row is a row (display: flex) only with the list's own styles. */
  const chipsDrawnAsRow = (page: Page) =>
    expect
      .poll(
        () =>
          page
            .locator('main ul')
            .filter({ has: page.getByRole('link', { name: 'All', exact: true }) })
            .evaluate((el) => getComputedStyle(el).display),
        {
          timeout: 10_000,
        },
      )
      .toBe('flex');

  /** Opens `opening` with the first download of every style sheet but the entry's failing; returns the sheets that failed. */
  async function openWithSheetsFailingOnce(tab: { page: Page }, opening: string): Promise<string[]> {
    const failed: string[] = [];
    await tab.page.route(/\/assets\/[^/]+\.css$/, (route) => {
      const file = new URL(route.request().url()).pathname;
      if (/\/assets\/index-/.test(file) || failed.includes(file)) return route.continue();
      failed.push(file);
      return route.abort('connectionreset');
    });
    await tab.page.goto(opening);
    return failed;
  }

  it('the product list is asked for its style sheet again and is drawn with it', async () => {
    const tab = await newPhonePage(browser, server.url);
    const failed = await openWithSheetsFailingOnce(tab, '/product/');
    await tab.page.locator('main a[href*="/product/product_detail"]').first().waitFor();
    expect(failed.some((file) => file.includes('/product-list-view-'))).toBe(true);
    await chipsDrawnAsRow(tab.page);
    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });

  it('a list reached from home, whose style sheet fails once as its code loads, is drawn with it', async () => {
    const tab = await newPhonePage(browser, server.url);
    await openHome(tab);
    const sheet = /\/assets\/product-list-view-[^/?]+\.css$/;
    let asked = 0;
    await tab.page.route(sheet, (route) => {
      asked += 1;
      return asked === 1 ? route.abort('connectionreset') : route.continue();
    });
    await tab.page.getByRole('link', { name: 'Shop all products' }).click();
    await chipsDrawnAsRow(tab.page);
    expect(asked).toBe(1);
    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });

  it('a list whose style sheet keeps failing ends on the error screen, and Try again draws it styled once the sheet is back', async () => {
    const tab = await newPhonePage(browser, server.url);
    const sheet = /\/assets\/product-list-view-[^/?]+\.css(\?.*)?$/;
    let asked = 0;
    await tab.page.route(sheet, (route) => {
      asked += 1;
      return route.abort('connectionreset');
    });
    await tab.page.goto('/product/');
    await expect.poll(() => errorHeading(tab.page).isVisible(), { timeout: 15_000 }).toBe(true);
    // The HTML's own request, then one fresh copy per download of the page's code.
    expect(asked).toBe(1 + PAGE_CODE_ATTEMPTS);

    await tab.page.unroute(sheet);
    await tab.page.getByRole('button', { name: 'Try again' }).click();
    await chipsDrawnAsRow(tab.page);
    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });

  it('a product’s page is asked for its style sheet again and draws the product’s name at its size', async () => {
    const tab = await newPhonePage(browser, server.url);
    const failed = await openWithSheetsFailingOnce(tab, '/product/product_detail?productId=1');
    const name = tab.page.getByRole('heading', { level: 1 });
    await name.waitFor();
    expect(failed.some((file) => file.includes('/product-detail-page-'))).toBe(true);
    // 2xl (24 px) on a phone with the page's styles; the inherited 16 px without them.
    await expect.poll(() => name.evaluate((el) => getComputedStyle(el).fontSize), { timeout: 10_000 }).toBe('24px');
    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });
});
