import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { F, seedCartFixtures } from './cart-fixtures.js';

let t: TestApp;
let me: Awaited<ReturnType<typeof createCustomer>>;
let neighbour: Awaited<ReturnType<typeof createCustomer>>;

const day = 24 * 3600 * 1000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

beforeAll(async () => {
  t = await buildTestApp();
  await seedCartFixtures(t.app);
  // A shop of its own, so the demo shop's coupons do not mix in.
  me = await createCustomer(t.app, { companyId: F.otherCompany });
  neighbour = await createCustomer(t.app, { companyId: F.otherCompany });
  const coupon = (code: string, over: Record<string, unknown> = {}) => ({
    company_id: F.otherCompany,
    code,
    title: `${code} title`,
    description: `${code} description`,
    discount_type: 'PERCENT' as const,
    discount_value: 10,
    max_discount: 15000,
    min_order: 50000,
    per_customer_limit: 1,
    valid_from: iso(-day),
    valid_to: iso(7 * day),
    active: 1,
    ...over,
  });
  await t.app.db
    .insertInto('coupons')
    .values([
      coupon('TENOFF'),
      coupon('FLAT75', { discount_type: 'FLAT', discount_value: 7500, max_discount: null, min_order: 0, valid_to: iso(2 * day) }),
      coupon('EXPIRED', { valid_to: iso(-1000) }),
      coupon('LATER', { valid_from: iso(day) }),
      coupon('PAUSED', { active: 0 }),
      coupon('ONCE'),
      coupon('TWICE', { per_customer_limit: 2 }),
      coupon('HELD'),
      { ...coupon('ELSEWHERE'), company_id: 1 },
    ])
    .execute();
  const idOf = async (code: string) =>
    (await t.app.db.selectFrom('coupons').select('id').where('code', '=', code).where('company_id', '=', F.otherCompany).executeTakeFirstOrThrow()).id;
  const now = new Date().toISOString();
  await t.app.db
    .insertInto('coupon_redemptions')
    .values([
      { coupon_id: await idOf('ONCE'), customer_id: me.id, order_id: 1, status: 'USED', created_at: now },
      { coupon_id: await idOf('TWICE'), customer_id: me.id, order_id: 2, status: 'USED', created_at: now },
      { coupon_id: await idOf('HELD'), customer_id: me.id, order_id: 3, status: 'RESERVED', created_at: now },
      { coupon_id: await idOf('TENOFF'), customer_id: me.id, order_id: 4, status: 'RELEASED', created_at: now },
    ])
    .execute();
});
afterAll(async () => {
  await t.close();
});

const codes = (data: { Code: string }[]) => data.map((c) => c.Code);

describe('GET /api/Coupon/customer/{companyId}', () => {
  it('lists active, valid coupons the caller has not used up, soonest to expire first, in rupees', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Coupon/customer/${F.otherCompany}`, headers: me.auth });
    expect(res.statusCode).toBe(200);
    expect(codes(res.json().Data)).toEqual(['FLAT75', 'TENOFF', 'TWICE']);
    expect(res.json().Data[0]).toMatchObject({ DiscountType: 'FLAT', DiscountValue: 75, MaxDiscount: null, MinOrder: 0 });
    expect(res.json().Data[1]).toMatchObject({ DiscountType: 'PERCENT', DiscountValue: 10, MaxDiscount: 150, MinOrder: 500 });
  });

  it('counts redemptions per customer', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Coupon/customer/${F.otherCompany}`, headers: neighbour.auth });
    expect(codes(res.json().Data)).toEqual(['FLAT75', 'TENOFF', 'ONCE', 'TWICE', 'HELD']);
  });

  it.each([
    ['another company', '/api/Coupon/customer/1', 403],
    ['a bad company id', '/api/Coupon/customer/abc', 400],
  ])('refuses %s', async (_name, url, status) => {
    const res = await t.app.inject({ method: 'GET', url, headers: me.auth });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ Success: false, Data: null });
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/Coupon/customer/${F.otherCompany}` })).statusCode).toBe(401);
  });
});
