import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { row, type BenchRow } from '../bench-row.js';
import { launchBrowser } from '../../tests/helpers/browser.js';
import type { ShopServer } from '../../tests/helpers/shop-server.js';

const TARGET_BYTES = 140 * 1024;
/** The home page is interactive when its heading and its first products are on screen. */
const HOME_READY = 'main h1';
const PRODUCT_LINK = 'main a[href*="/product/product_detail"]';

/** File names of the pages other than home, as Vite names their chunks (`cart-page-<hash>.js`). */
function otherPages(): string[] {
  const pages = path.resolve(import.meta.dirname, '..', '..', 'src', 'pages');
  const names: string[] = [];
  for (const entry of fs.readdirSync(pages, { recursive: true, encoding: 'utf8' })) {
    const name = path.basename(entry).replace(/\.tsx$/, '');
    if (entry.endsWith('-page.tsx') && name !== 'home-page') names.push(name);
  }
  return names;
}

/**
 * Gzip bytes of every script the browser requests before the home page is interactive: from
 * navigation until the load event has fired and the home page shows its heading and products.
 * Each script is gzipped at level 9, as a static host would serve it. Scripts requested after
 * that (the live-update client, dialogs, notifications) are reported in the details.
 */
export async function measureFirstLoadJs(shop: ShopServer): Promise<BenchRow> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const requested: string[] = [];
    const sizes = new Map<string, number>();
    const bodies: Promise<void>[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requested.push(request.url());
    });
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      bodies.push(
        response
          .body()
          .then((body) => void sizes.set(response.url(), zlib.gzipSync(body, { level: 9 }).length))
          .catch(() => undefined),
      );
    });
    await page.goto(`${shop.url}/`, { waitUntil: 'load' });
    await page.locator(HOME_READY).first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.locator(PRODUCT_LINK).first().waitFor({ state: 'visible', timeout: 30_000 });
    const beforeInteractive = [...new Set(requested)];
    await page.waitForLoadState('networkidle');
    await Promise.all(bodies);
    const later = [...new Set(requested)].filter((url) => !beforeInteractive.includes(url));
    const total = beforeInteractive.reduce((sum, url) => sum + (sizes.get(url) ?? 0), 0);
    const laterBytes = later.reduce((sum, url) => sum + (sizes.get(url) ?? 0), 0);
    const pages = otherPages();
    const eager = beforeInteractive.filter((url) => pages.some((name) => new RegExp(`/${name}-[\\w-]+\\.js$`).test(url)));
    return row({
      name: 'First-load JavaScript of /',
      value: Math.round(total / 1024),
      unit: 'KB gzip',
      baseline: TARGET_BYTES / 1024,
      baselineLabel: 'budget',
      target: '<= 140 KB gzip; every other route lazy',
      pass: total <= TARGET_BYTES && eager.length === 0,
      details: {
        bytes: total,
        scripts: beforeInteractive.length,
        otherRoutesLoaded: eager.length,
        loadedAfterInteractive: later.length,
        afterInteractiveKB: Math.round(laterBytes / 1024),
      },
    });
  } finally {
    await browser.close();
  }
}
