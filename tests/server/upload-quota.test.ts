import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UPLOAD_QUOTA,
  UNREFERENCED_UPLOAD_GRACE_MS,
  removeUnreferencedUploads,
  storeUpload,
  uploadQuotaMessage,
} from '../../server/services/upload-service.js';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { PNG_1PX, multipart } from '../helpers/upload-fixtures.js';

type Customer = Awaited<ReturnType<typeof createCustomer>>;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const upload = (customer: Customer, file = PNG_1PX) => {
  const body = multipart(file, 'photo.png', 'image/png');
  return t.app.inject({ method: 'POST', url: '/api/Product/images', payload: body.payload, headers: { ...body.headers, ...customer.auth } });
};
const uploadsOf = async (customer: Customer) =>
  t.app.db.selectFrom('uploads').select(['file_name', 'size', 'created_at']).where('customer_id', '=', customer.id).execute();
const onDisk = (name: string) => fs.existsSync(path.join(t.config.dataDir, 'uploads', name));
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

/** A photo a customer uploaded `hours` ago, as its record and file. */
async function uploadedEarlier(customer: Customer, hours: number, size = PNG_1PX.length): Promise<string> {
  const stored = await storeUpload(t.app.db, t.config.dataDir, customer.id, PNG_1PX, { mime: 'image/png', ext: 'png' });
  await t.app.db
    .updateTable('uploads')
    .set({ created_at: hoursAgo(hours), size })
    .where('file_name', '=', stored.FileName)
    .execute();
  return stored.FileName;
}

describe('The daily upload quota', () => {
  it(`takes ${UPLOAD_QUOTA.files} photos a day from one customer, then refuses with when to come back, storing nothing`, async () => {
    const customer = await createCustomer(t.app);
    for (let i = 0; i < UPLOAD_QUOTA.files; i += 1) expect((await upload(customer)).statusCode).toBe(200);
    const refused = await upload(customer);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(24 * 3600 - 120);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(refused.json()).toEqual({ Success: false, Message: uploadQuotaMessage(retryAfter), Data: null });
    expect(await uploadsOf(customer)).toHaveLength(UPLOAD_QUOTA.files);
    // Every file on disk has its record: the refused photo left no file behind.
    const records = (await t.app.db.selectFrom('uploads').select('file_name').execute()).map((r) => r.file_name);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'uploads')).sort()).toEqual(records.sort());
    // Another customer has a quota of their own.
    expect((await upload(await createCustomer(t.app))).statusCode).toBe(200);
  });

  it('counts bytes as well as photos, over a rolling day', async () => {
    const customer = await createCustomer(t.app);
    await uploadedEarlier(customer, 30, UPLOAD_QUOTA.bytes); // over a day ago: no longer counted
    expect((await upload(customer)).statusCode).toBe(200);
    await uploadedEarlier(customer, 2, UPLOAD_QUOTA.bytes - 2 * PNG_1PX.length);
    const refused = await upload(customer, Buffer.concat([PNG_1PX, Buffer.alloc(PNG_1PX.length)]));
    expect(refused.statusCode).toBe(429);
    // Room comes back when the oldest upload still counted, two hours old, leaves the day.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(22 * 3600 - 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(22 * 3600);
    expect(await uploadsOf(customer)).toHaveLength(3);
  });

  it('holds when a customer sends many photos at once', async () => {
    const customer = await createCustomer(t.app);
    const answers = await Promise.all(Array.from({ length: UPLOAD_QUOTA.files + 10 }, () => upload(customer)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(UPLOAD_QUOTA.files);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(10);
    expect(await uploadsOf(customer)).toHaveLength(UPLOAD_QUOTA.files);
  });
});

describe('Photos no return names', () => {
  it('are removed, record and file, once their grace period is over; a photo a return names stays and is served', async () => {
    const customer = await createCustomer(t.app);
    const abandoned = await uploadedEarlier(customer, 30);
    const recent = await uploadedEarlier(customer, 1);
    const returned = await uploadedEarlier(customer, 30);
    const now = new Date().toISOString();
    const order = await t.app.db
      .insertInto('orders')
      .values({
        order_no: `SH-RETURN-${customer.id}`,
        company_id: 1,
        branch_id: 1,
        customer_id: customer.id,
        status: 'RETURN_REQUESTED',
        payment_method: 'COD',
        payment_status: 'CAPTURED',
        delivery_slot_id: null,
        slot_label: '',
        address_json: '{}',
        coupon_code: null,
        gross_amount: 10_000,
        discount_amount: 0,
        delivery_charge: 0,
        wallet_amount: 0,
        loyalty_points: 0,
        loyalty_amount: 0,
        net_amount: 10_000,
        refund_amount: 0,
        provider_order_id: null,
        provider_payment_id: null,
        created_at: now,
        updated_at: now,
        expires_at: null,
        paid_at: null,
        delivered_at: now,
        cancelled_at: null,
        cancel_reason: null,
        return_reason: '',
        return_remark: 'The fish was not fresh.',
        return_image: `/uploads/${returned}`,
        returned_at: null,
        review: null,
        rating: null,
        reviewed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const removed = await removeUnreferencedUploads(t.app.db, t.config.dataDir);
    expect(removed).toContain(abandoned);
    expect(removed).not.toContain(recent);
    expect(removed).not.toContain(returned);
    expect(onDisk(abandoned)).toBe(false);
    expect((await uploadsOf(customer)).map((u) => u.file_name).sort()).toEqual([recent, returned].sort());
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${returned}` });
    expect(served.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${abandoned}` })).statusCode).toBe(404);

    // A day later the recent one is past its grace period too; the returned one is kept for good.
    const later = new Date(Date.now() + UNREFERENCED_UPLOAD_GRACE_MS);
    expect(await removeUnreferencedUploads(t.app.db, t.config.dataDir, later)).toContain(recent);
    expect(onDisk(returned)).toBe(true);
    expect(await removeUnreferencedUploads(t.app.db, t.config.dataDir, later)).toEqual([]);
    await t.app.db.deleteFrom('orders').where('id', '=', order.id).execute();
  });

  it('are removed once when two instances sweep at the same moment', async () => {
    const customer = await createCustomer(t.app);
    const names = await Promise.all([1, 2, 3].map(() => uploadedEarlier(customer, 48)));
    const [first, second] = await Promise.all([removeUnreferencedUploads(t.app.db, t.config.dataDir), removeUnreferencedUploads(t.app.db, t.config.dataDir)]);
    const all = [...(first ?? []), ...(second ?? [])].filter((n) => names.includes(n));
    expect(all.sort()).toEqual([...names].sort());
    for (const name of names) expect(onDisk(name)).toBe(false);
  });
});
