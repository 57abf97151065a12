import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { seedDemoShop } from '../../server/db/seed/demo-seed.js';
import { shopDate, shopInstant } from '../../contract/time-zone.rules.js';
import { SLOT_CAPACITY, SLOT_CUTOFF_MINUTES, findOfferedSlot, offeredSlots, slotLabel, topUpDeliverySlots } from '../../server/services/delivery-slots.js';
import { bookSlot } from '../../server/repositories/slot-repository.js';
import type { DeliverySlot } from '../../contract/catalogue.schemas.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;

async function slots(url = '/api/DeliverySlot/web/1?branchId=1'): Promise<DeliverySlot[]> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json().Data;
}

/** Adds a one-off slot starting `minutes` from now (odd seconds keep it clear of template slots). */
async function addSlot(minutes: number, fields: { booked?: number; active?: number; capacity?: number } = {}): Promise<number> {
  const startsAt = new Date(Date.now() + minutes * MINUTE + 17_000);
  const row = await t.app.db
    .insertInto('delivery_slots')
    .values({
      company_id: 1,
      branch_id: 1,
      slot_date: shopDate(startsAt),
      start_time: '13:07',
      end_time: '14:07',
      starts_at: startsAt.toISOString(),
      ends_at: new Date(startsAt.getTime() + 60 * MINUTE).toISOString(),
      capacity: fields.capacity ?? 5,
      booked: fields.booked ?? 0,
      active: fields.active ?? 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('GET /api/DeliverySlot/web/{companyId}', () => {
  it('offers the coming slots of 7 days, earliest first, none inside the cut-off', async () => {
    const offered = await slots();
    expect(offered.length).toBeGreaterThan(20);
    const dates = [...new Set(offered.map((s) => s.SlotDate))];
    expect(dates.at(-1)).toBe(shopDate(new Date(), 6));
    expect(dates.length).toBeGreaterThanOrEqual(6);
    const starts = offered.map((s) => shopInstant(s.SlotDate, s.StartTime));
    expect(starts).toEqual([...starts].sort());
    expect(starts.every((iso) => Date.parse(iso) > Date.now() + SLOT_CUTOFF_MINUTES * MINUTE - 5000)).toBe(true);
    const last = offered.at(-1);
    expect(last).toMatchObject({ StartTime: '18:00', EndTime: '20:00', Available: SLOT_CAPACITY, Label: expect.stringMatching(/6:00 PM – 8:00 PM$/) });
  });

  it('keeps exactly one row per template window however often it is asked', async () => {
    await slots();
    await slots();
    const rows = await t.app.db.selectFrom('delivery_slots').select(['starts_at']).where('branch_id', '=', 1).where('start_time', '!=', '13:07').execute();
    expect(rows).toHaveLength(7 * 4);
    expect(new Set(rows.map((r) => r.starts_at)).size).toBe(rows.length);
  });

  it('hides slots that started, start within the cut-off, are full or are switched off', async () => {
    const started = await addSlot(-30);
    const tooSoon = await addSlot(SLOT_CUTOFF_MINUTES - 10);
    const full = await addSlot(24 * 60, { booked: 5 });
    const off = await addSlot(25 * 60, { active: 0 });
    const lastPlace = await addSlot(26 * 60, { booked: 4 });
    const offered = await slots();
    const ids = offered.map((s) => s.DeliveryId);
    for (const hidden of [started, tooSoon, full, off]) expect(ids).not.toContain(hidden);
    expect(offered.find((s) => s.DeliveryId === lastPlace)).toMatchObject({ Available: 1, StartTime: '13:07' });
  });

  it('lists full slots too, marked Full, only when asked with includeFull; the fields of the spec stay as they are', async () => {
    const full = await addSlot(27 * 60, { booked: 5 });
    const roomy = await addSlot(28 * 60, { booked: 2 });
    const plain = await slots();
    expect(plain.map((s) => s.DeliveryId)).not.toContain(full);
    expect(plain.find((s) => s.DeliveryId === roomy)).toMatchObject({ Available: 3, Capacity: 5, Full: false });
    const all = await slots('/api/DeliverySlot/web/1?branchId=1&includeFull=true');
    const listed = all.find((s) => s.DeliveryId === full);
    expect(listed).toEqual({
      DeliveryId: full,
      SlotDate: expect.any(String),
      StartTime: '13:07',
      EndTime: '14:07',
      Label: expect.stringMatching(/1:07 PM – 2:07 PM$/),
      Available: 0,
      Capacity: 5,
      Full: true,
    });
    // Everything the plain answer offers is in the full one, in the same order.
    expect(all.filter((s) => !s.Full).map((s) => s.DeliveryId)).toEqual(plain.map((s) => s.DeliveryId));
    // A full slot still cannot be ordered for.
    expect(await findOfferedSlot(t.app.db, { companyId: 1, branchId: 1, deliveryId: full })).toBeUndefined();
  });

  it('books a slot until it is full, after which it is no longer offered', async () => {
    const id = await addSlot(48 * 60, { capacity: 2 });
    expect(await bookSlot(t.app.db, id)).toBe(true);
    expect(await findOfferedSlot(t.app.db, { companyId: 1, branchId: 1, deliveryId: id })).toMatchObject({ Available: 1 });
    expect(await bookSlot(t.app.db, id)).toBe(true);
    expect(await bookSlot(t.app.db, id)).toBe(false);
    expect(await findOfferedSlot(t.app.db, { companyId: 1, branchId: 1, deliveryId: id })).toBeUndefined();
    expect(await findOfferedSlot(t.app.db, { companyId: 1, branchId: 2, deliveryId: id + 0 })).toBeUndefined();
  });

  it('keeps branches apart', async () => {
    const one = new Set((await slots('/api/DeliverySlot/web/1?branchId=1')).map((s) => s.DeliveryId));
    const two = await slots('/api/DeliverySlot/web/1?branchId=2');
    expect(two.length).toBeGreaterThan(20);
    expect(two.some((s) => one.has(s.DeliveryId))).toBe(false);
  });

  it('tops up new days as time passes', async () => {
    const later = new Date(Date.now() + 3 * 24 * 60 * MINUTE);
    const offered = await offeredSlots(t.app.db, { companyId: 1, branchId: 2, now: later });
    expect(offered.at(-1)?.SlotDate).toBe(shopDate(later, 6));
    expect((offered[0]?.SlotDate ?? '') >= shopDate(later)).toBe(true);
    await topUpDeliverySlots(t.app.db, { companyId: 1, branchId: 2, now: later });
    const rows = await t.app.db.selectFrom('delivery_slots').select('id').where('branch_id', '=', 2).execute();
    expect(rows).toHaveLength((7 + 3) * 4);
  });

  it.each([
    ['/api/DeliverySlot/web/abc', 400, 'companyId must be a whole number.'],
    ['/api/DeliverySlot/web/1?branchId=-1', 400, 'branchId must be at least 1.'],
    ['/api/DeliverySlot/web/1?branchId=3', 404, 'Branch 3 was not found for company 1.'],
    ['/api/DeliverySlot/web/999', 404, 'Company 999 was not found.'],
  ])('%s answers %i', async (url, status, message) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { Success: false, Message: message, Data: null } });
  });

  it.each([
    ['2026-11-22', '07:00', '09:00', 'Sun, 22 Nov · 7:00 AM – 9:00 AM', '2026-11-22T01:30:00.000Z'],
    ['2027-01-01', '16:00', '18:00', 'Fri, 1 Jan · 4:00 PM – 6:00 PM', '2027-01-01T10:30:00.000Z'],
    ['2026-12-31', '00:30', '12:00', 'Thu, 31 Dec · 12:30 AM – 12:00 PM', '2026-12-30T19:00:00.000Z'],
  ])('labels %s %s-%s as %j in Kochi time', (date, start, end, label, instant) => {
    expect(slotLabel(date, start, end)).toBe(label);
    expect(shopInstant(date, start)).toBe(instant);
  });
});

describe('the demo seed', () => {
  it('is a full shop: categories, products with pictures, variants, coupons, settings, pages and reasons', async () => {
    const db = t.app.db;
    const count = async (table: 'categories' | 'products' | 'variants' | 'offers' | 'faqs') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('categories')).toBeGreaterThanOrEqual(8);
    expect(await count('products')).toBeGreaterThanOrEqual(60);
    const products = await db.selectFrom('products').select(['image', 'search_text', 'name']).execute();
    for (const product of products) {
      expect(fs.existsSync(path.join(import.meta.dirname, '../../server/assets', product.image))).toBe(true);
      expect(product.search_text).toContain(product.name.toLowerCase());
    }
    const coupons = await db.selectFrom('coupons').selectAll().where('company_id', '=', 1).execute();
    expect(coupons.find((c) => c.code === 'WELCOME50')).toMatchObject({
      discount_type: 'FLAT',
      discount_value: 5000,
      min_order: 49900,
      per_customer_limit: 1,
      active: 1,
    });
    expect(coupons.find((c) => c.code === 'FISH10')).toMatchObject({ discount_type: 'PERCENT', discount_value: 10, max_discount: 15000 });
    expect(coupons.some((c) => c.valid_to < new Date().toISOString())).toBe(true);
    expect(coupons.some((c) => c.active === 0)).toBe(true);
    const settings = await db.selectFrom('settings').select(['key_code', 'value', 'active']).where('company_id', '=', 1).execute();
    expect(settings).toEqual(
      expect.arrayContaining([
        { key_code: 'DELIVERY OFFER AMOUNT', value: '999', active: 1 },
        { key_code: 'DELIVERY CHARGE', value: '49', active: 1 },
        { key_code: 'LOYALTY POINT VALUE', value: '100', active: 1 },
        expect.objectContaining({ key_code: 'MIN ORDER AMOUNT', active: 1 }),
      ]),
    );
    const pages = await db.selectFrom('company_pages').select('slug').where('company_id', '=', 1).execute();
    expect(pages.map((p) => p.slug).sort()).toEqual(['contact-us', 'privacy-policy', 'return-and-refund-policy', 'terms-and-condition']);
    const reasons = await db.selectFrom('return_reasons').select('type').where('company_id', '=', 1).execute();
    expect(new Set(reasons.map((r) => r.type))).toEqual(new Set(['RETURN', 'CANCEL']));
  });

  it('serves the pictures at /images/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/images/products/seer-fish.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.body).toMatch(/^<svg /);
    const missing = await t.app.inject({ method: 'GET', url: '/images/products/nothing.svg' });
    expect(missing.statusCode).toBe(404);
  });

  it('runs again without adding or changing anything', async () => {
    const before = await t.app.db.selectFrom('branch_stock').select(['id', 's_rate', 'available']).orderBy('id').execute();
    await seedDemoShop(t.app.db, t.app.dialect);
    const after = await t.app.db.selectFrom('branch_stock').select(['id', 's_rate', 'available']).orderBy('id').execute();
    expect(after).toEqual(before);
  });
});
