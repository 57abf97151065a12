import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { PNG_1PX, multipart } from '../helpers/upload-fixtures.js';
import { MAX_UPLOAD_BYTES, detectImageType } from '../../server/services/upload-service.js';

type Customer = Awaited<ReturnType<typeof createCustomer>>;

const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const WEBP_HEAD = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

let t: TestApp;
let customer: Customer;
beforeAll(async () => {
  t = await buildTestApp();
  customer = await createCustomer(t.app);
});
afterAll(async () => {
  await t.close();
});

const upload = (file: Buffer, name: string, type: string, auth: Record<string, string> = customer.auth) => {
  const body = multipart(file, name, type);
  return t.app.inject({ method: 'POST', url: '/api/Product/images', payload: body.payload, headers: { ...body.headers, ...auth } });
};

describe('Photo upload', () => {
  it('stores a PNG under the data directory with a random name and serves it back with its type', async () => {
    const res = await upload(PNG_1PX, 'damaged-fish.png', 'image/png');
    expect(res.statusCode).toBe(200);
    const { Url, FileName } = res.json().Data as { Url: string; FileName: string };
    expect(FileName).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(FileName).not.toContain('damaged');
    expect(Url).toBe(`/uploads/${FileName}`);
    expect(fs.readFileSync(path.join(t.config.dataDir, 'uploads', FileName)).equals(PNG_1PX)).toBe(true);
    const row = await t.app.db.selectFrom('uploads').selectAll().where('file_name', '=', FileName).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ customer_id: customer.id, mime: 'image/png', size: PNG_1PX.length });

    const served = await t.app.inject({ method: 'GET', url: Url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
  });

  it.each([
    ['JPEG', JPEG_HEAD, 'image/jpeg'],
    ['WebP', WEBP_HEAD, 'image/webp'],
  ])('accepts a %s by its content', async (_name, head, mime) => {
    const res = await upload(Buffer.concat([head, Buffer.alloc(64)]), 'photo.bin', 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.json().Data.Url });
    expect(served.headers['content-type']).toBe(mime);
  });

  it.each([
    ['a PDF renamed to .jpg', Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'), 'receipt.jpg', 'image/jpeg'],
    ['an HTML page claiming to be PNG', Buffer.from('<html><script>alert(1)</script></html>'), 'x.png', 'image/png'],
    ['a GIF (not an accepted type)', Buffer.from('GIF89a\x01\x00\x01\x00'), 'x.gif', 'image/gif'],
  ])('refuses %s', async (_case, bytes, name, type) => {
    const before = fs.existsSync(path.join(t.config.dataDir, 'uploads')) ? fs.readdirSync(path.join(t.config.dataDir, 'uploads')).length : 0;
    const res = await upload(bytes, name, type);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ Success: false, Message: 'Only JPEG, PNG or WebP photos can be uploaded.' });
    const after = fs.existsSync(path.join(t.config.dataDir, 'uploads')) ? fs.readdirSync(path.join(t.config.dataDir, 'uploads')).length : 0;
    expect(after).toBe(before);
  });

  it('refuses a photo over the size limit and keeps nothing', async () => {
    const rowsBefore = await t.app.db.selectFrom('uploads').select('id').execute();
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const res = await upload(big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().Message).toBe('The photo is larger than 2 MB. Please choose a smaller one.');
    expect(await t.app.db.selectFrom('uploads').select('id').execute()).toHaveLength(rowsBefore.length);
  });

  it('accepts a photo of exactly the limit', async () => {
    const exact = Buffer.concat([PNG_1PX, Buffer.alloc(MAX_UPLOAD_BYTES - PNG_1PX.length)]);
    const res = await upload(exact, 'exact.png', 'image/png');
    expect(res.statusCode).toBe(200);
  });

  it('needs a token and a multipart body', async () => {
    expect((await upload(PNG_1PX, 'a.png', 'image/png', {})).statusCode).toBe(401);
    const json = await t.app.inject({ method: 'POST', url: '/api/Product/images', headers: customer.auth, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().Message).toBe('Send the photo as multipart form data.');
  });

  it('serves nothing for names that are not stored uploads', async () => {
    for (const url of ['/uploads/../shoal.db', '/uploads/%2e%2e%2fshoal.db', `/uploads/${'a'.repeat(32)}.png`, '/uploads/readme.txt']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('detects types by magic bytes only', () => {
    expect(detectImageType(PNG_1PX)?.mime).toBe('image/png');
    expect(detectImageType(JPEG_HEAD)?.mime).toBe('image/jpeg');
    expect(detectImageType(WEBP_HEAD)?.mime).toBe('image/webp');
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});
