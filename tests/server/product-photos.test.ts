/**
 * Product photographs through the shop's command line: made in AVIF and WebP at each width the
 * picture allows, cropped square, stripped of the camera's metadata, answered with the products
 * as `photo` srcsets, served from the database with a year's caching, replaced and removed; and
 * every bad picture refused with a clear message and nothing changed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.js';
import { loadConfig } from '../../server/config/env.js';
import { createTestDatabase, type TestDatabase } from '../helpers/server-app.js';
import { cliEnv, cliRunner } from '../helpers/shop-cli.js';
import { plainProduct } from './hub-test-kit.js';

let database: TestDatabase;
let app: App;
let env: NodeJS.ProcessEnv;
let folder: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({}, { dataDir: database.dataDir, serveClient: false, logLevel: 'silent', redisUrl: undefined });
  app = await buildApp({ config, database: database.handle, logger: false });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  env = await cliEnv(database.handle.db, database.dataDir, baseUrl);
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shoal-photos-'));
});

afterAll(async () => {
  await app.close();
  await database.dispose();
  fs.rmSync(folder, { recursive: true, force: true });
});

const shop = cliRunner(() => env);

/** A camera picture: `width`×`height`, a gradient so the crop has something to find, with GPS metadata. */
async function picture(name: string, width: number, height: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#0a4"/><stop offset="1" stop-color="#fc3"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#c22"/></svg>`;
  const image = sharp(Buffer.from(svg)).withExif({ IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '9/1 58/1 0/1' } });
  const file = path.join(folder, `${name}.${format === 'jpeg' ? 'jpg' : 'png'}`);
  await (format === 'jpeg' ? image.jpeg() : image.png()).toFile(file);
  return file;
}

interface Photo {
  avif: string;
  webp: string;
  src: string;
}

async function photoOf(productId: number): Promise<{ detail?: Photo; listed?: Photo }> {
  const detail = await app.inject({ method: 'GET', url: `/api/Product/detail/${productId}?branchId=1` });
  expect(detail.statusCode, detail.body).toBe(200);
  const list = await app.inject({ method: 'GET', url: '/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=100' });
  const listed = (list.json().Data as { productId: number; photo?: Photo }[]).find((p) => p.productId === productId);
  return { detail: detail.json().Data.photo as Photo | undefined, listed: listed?.photo };
}

const urlsOf = (srcset: string) => srcset.split(', ').map((entry) => entry.split(' ')[0] ?? '');

describe('product photos from the shop command line', () => {
  it('makes AVIF and WebP at 320, 640 and 960 px, square and without the camera metadata, and answers them with the product', async () => {
    const { productId } = await plainProduct(app);
    const file = await picture('seer-fish', 1600, 1200);
    const result = await shop('photo', '--product', String(productId), '--file', file);
    expect(result, result.err.join('\n')).toMatchObject({ code: 0, err: [] });
    expect(result.out[0]).toMatch(/has a new photo, 320, 640, 960 px wide in AVIF and WebP\.$/);

    const { detail, listed } = await photoOf(productId);
    expect(listed).toEqual(detail);
    expect(detail?.avif).toMatch(/^\/photos\/[0-9a-f]{16}-320\.avif 320w, \/photos\/[0-9a-f]{16}-640\.avif 640w, \/photos\/[0-9a-f]{16}-960\.avif 960w$/);
    expect(detail?.src).toMatch(/^\/photos\/[0-9a-f]{16}-640\.webp$/);
    for (const [format, srcset] of [
      ['avif', detail?.avif ?? ''],
      ['webp', detail?.webp ?? ''],
    ] as const) {
      for (const url of urlsOf(srcset)) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe(`image/${format}`);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(res.rawPayload).metadata();
        const width = Number(/-(\d+)\./.exec(url)?.[1]);
        expect([meta.format === 'heif' ? 'avif' : meta.format, meta.width, meta.height]).toEqual([format, width, width]);
        expect(meta.exif, 'no camera metadata').toBeUndefined();
      }
    }
  });

  it('makes only the widths a smaller picture allows, and a new photo replaces the old one and its files', async () => {
    const { productId } = await plainProduct(app);
    expect((await shop('photo', '--product', String(productId), '--file', await picture('first', 1200, 1200))).code).toBe(0);
    const before = (await photoOf(productId)).detail;
    const second = await shop('photo', '--product', String(productId), '--file', await picture('second', 700, 500, 'png'));
    expect(second.out[0]).toMatch(/320 px wide in AVIF and WebP\.$/);
    const after = (await photoOf(productId)).detail;
    expect(urlsOf(after?.webp ?? '')).toHaveLength(1);
    expect(after?.src).toMatch(/-320\.webp$/);
    for (const url of urlsOf(before?.avif ?? '')) expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });

  it('takes a photo away, and the product shows its drawing again', async () => {
    const { productId } = await plainProduct(app);
    await shop('photo', '--product', String(productId), '--file', await picture('gone', 800, 800));
    const { detail } = await photoOf(productId);
    expect((await shop('photo', '--product', String(productId), '--remove')).out).toEqual([expect.stringMatching(/shows its drawing again\.$/)]);
    expect(await photoOf(productId)).toEqual({ detail: undefined, listed: undefined });
    expect((await app.inject({ method: 'GET', url: detail?.src ?? '' })).statusCode).toBe(404);
    expect(await shop('photo', '--product', String(productId), '--remove')).toMatchObject({ code: 1, err: [expect.stringMatching(/has no photo\./)] });
  });

  it('refuses a bad picture with a clear message and changes nothing', async () => {
    const { productId } = await plainProduct(app);
    const notAPicture = path.join(folder, 'notes.jpg');
    fs.writeFileSync(notAPicture, 'these are notes, not a picture');
    const cases: [string[], RegExp][] = [
      [['--file', await picture('tiny', 300, 900)], /needs at least 320 on each side/],
      [['--file', notAPicture], /not a picture the shop can read/],
      [['--file', path.join(folder, 'missing.jpg')], /could not be read/],
      [[], /Give --file <picture> or --remove/],
      [['--file', await picture('both', 800, 800), '--remove'], /Give one of --file or --remove/],
    ];
    for (const [args, message] of cases) {
      const result = await shop('photo', '--product', String(productId), ...args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.err.join('\n')).toMatch(message);
    }
    expect((await shop('photo', '--product', '987654', '--file', notAPicture)).err.join('\n')).toMatch(/Product 987654 was not found/);
    expect(await photoOf(productId)).toEqual({ detail: undefined, listed: undefined });
    expect(await database.handle.db.selectFrom('product_photo_files').select('name').where('product_id', '=', productId).execute()).toEqual([]);
  });

  it('answers a photo address that names no file with 404, and a malformed one with 400', async () => {
    expect((await app.inject({ method: 'GET', url: '/photos/0123456789abcdef-640.webp' })).statusCode).toBe(404);
    for (const url of ['/photos/..%2F..%2Fetc%2Fpasswd', '/photos/abc.webp', '/photos/0123456789abcdef-640.gif']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ Success: false });
    }
  });
});
