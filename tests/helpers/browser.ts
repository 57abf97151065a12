import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startShopServer, type ShopServer, type StartOptions } from './shop-server.js';

/** Debian's Chromium, started the way this machine's closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** A phone-sized page (the customers' usual screen) with console errors collected. */
export async function newPhonePage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** The real shop server and a browser for one test file; close both with closeShop. */
export async function openShop(options?: StartOptions): Promise<{ server: ShopServer; browser: Browser }> {
  const server = await startShopServer(options);
  try {
    return { server, browser: await launchBrowser() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

export async function closeShop(shop: { server?: ShopServer; browser?: Browser }): Promise<void> {
  await shop.browser?.close();
  await shop.server?.stop();
}
