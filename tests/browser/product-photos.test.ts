/**
 * Product photographs on a phone (390×844, density 2): after the shop gives a product a photo
 * with its command line, the open product list shows it live, the phone fetching the AVIF width
 * its card needs, and the product page shows it large; taken away, the drawing comes back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePathPage, openPathPage, startWorld, stopWorld, visible, type World } from '../paths/browser-world.js';
import { shopCommand } from '../helpers/shop-command.js';
import { LiveLine } from '../paths/live-line.js';
import { ShopApi } from '../paths/shop-fixtures.js';
import { LIST_PAGE_SIZE } from '../../contract/product-list.rules.js';

let world: World;
let folder: string;

beforeAll(async () => {
  world = await startWorld();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shoal-photo-'));
});

afterAll(async () => {
  await stopWorld(world);
  fs.rmSync(folder, { recursive: true, force: true });
});

const shop = (...args: string[]) => shopCommand(world.server)(...args);

/** The picture the <img> shows now, and whether it has loaded. */
const shown = (img: Locator) => img.evaluate((el: HTMLImageElement) => ({ src: new URL(el.currentSrc).pathname, loaded: el.complete && el.naturalWidth > 0 }));

describe('product photos on a phone', () => {
  it('shows a new photo live on the open list in AVIF at the width the card needs, large on the product page, and the drawing again once it is taken away', async () => {
    const listed = await new ShopApi(world.server.url, null).call<{ productId: number; name: string; image: string }[]>(
      'GET',
      `products?companyId=1&branchId=1&pageNumber=1&pageSize=${LIST_PAGE_SIZE}`,
    );
    const product = listed[1];
    if (!product) throw new Error('the first page has too few products');
    const file = path.join(folder, 'catch.jpg');
    await sharp({ create: { width: 1400, height: 1050, channels: 3, background: '#2a7' } })
      .jpeg()
      .toFile(file);

    const phone = await openPathPage(world, null);
    const { page } = phone;
    const line = await LiveLine.on(phone.context, page);
    try {
      await page.goto('/product/');
      const card = page.locator('main article').filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
      const img = card.getByRole('img', { name: product.name, exact: true });
      await visible(img);
      expect((await shown(img)).src).toBe(product.image);
      // The live connection has joined the shop's group: a change from now on is pushed to this page.
      await line.joined(1);

      await shop('photo', '--product', String(product.productId), '--file', file);
      // Half the phone's width (195 px) at density 2 wants 390 px: the 640 px AVIF is the first that covers it.
      await expect.poll(() => shown(img), { timeout: 10_000 }).toEqual({ src: expect.stringMatching(/^\/photos\/[0-9a-f]{16}-640\.avif$/), loaded: true });

      await card.getByRole('link', { name: product.name }).click();
      const large = page.locator('main').getByRole('img', { name: product.name, exact: true }).first();
      await visible(page.getByRole('heading', { level: 1, name: product.name }));
      // The whole phone width (390 px) at density 2 wants 780 px: the 960 px AVIF.
      await expect.poll(() => shown(large)).toEqual({ src: expect.stringMatching(/^\/photos\/[0-9a-f]{16}-960\.avif$/), loaded: true });

      await shop('photo', '--product', String(product.productId), '--remove');
      await expect.poll(() => shown(large), { timeout: 10_000 }).toEqual({ src: product.image, loaded: true });
      expect(phone.errors).toEqual([]);
    } finally {
      await line.close();
      await closePathPage(phone);
    }
  });
});
