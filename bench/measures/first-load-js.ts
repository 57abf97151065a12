import zlib from 'node:zlib';
import { row, type BenchRow } from '../bench-row.js';
import { launchBrowser } from '../../tests/helpers/browser.js';
import type { ShopServer } from '../../tests/helpers/shop-server.js';

const TARGET_BYTES = 170 * 1024;

/**
 * Gzip bytes of every script the browser loads before the home page is interactive: the
 * scripts requested until the page's load event and the network going idle, each gzipped at
 * level 9 as a static host would serve it.
 */
export async function measureFirstLoadJs(shop: ShopServer): Promise<BenchRow> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script') return;
      try {
        const body = await response.body();
        scripts.set(response.url(), zlib.gzipSync(body, { level: 9 }).length);
      } catch {
        // a script that failed to load counts nothing
      }
    });
    await page.goto(`${shop.url}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    return row({
      name: 'First-load JavaScript of /',
      value: Math.round(total / 1024),
      unit: 'KB gzip',
      baseline: TARGET_BYTES / 1024,
      baselineLabel: 'budget',
      target: '<= 170 KB gzip; every other route lazy',
      pass: total <= TARGET_BYTES,
      details: { scripts: scripts.size },
    });
  } finally {
    await browser.close();
  }
}
