import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { addCoupon, addProduct, openSlot, putInCart, setSettings, standardSettings, type ProductFixture } from './order-fixtures.js';

let t: TestApp;
let slotId: number;
let salmon: ProductFixture; // ₹400, offer ₹350
let prawns: ProductFixture; // ₹250, no offer
let soldOut: ProductFixture;
let retired: ProductFixture;

beforeAll(async () => {
  t = await buildTestApp();
  await standardSettings(t.app);
  slotId = await openSlot(t.app);
  salmon = await addProduct(t.app, { name: 'Salmon steak', sRate: 400, oRate: 350, stock: 50 });
  prawns = await addProduct(t.app, { name: 'Tiger prawns', sRate: 250, stock: 50 });
  soldOut = await addProduct(t.app, { name: 'Seer fish', sRate: 900, stock: 0 });
  retired = await addProduct(t.app, { name: 'Old stock', sRate: 100, stock: 10, active: false });
  const day = 24 * 3600 * 1000;
  await addCoupon(t.app, { code: 'FRESH10', type: 'PERCENT', value: 10, maxDiscount: 5_000 });
  await addCoupon(t.app, { code: 'FLAT100', type: 'FLAT', value: 10_000, minOrder: 100_000 });
  await addCoupon(t.app, { code: 'BIG50', type: 'PERCENT', value: 50, maxDiscount: 20_000 });
  await addCoupon(t.app, { code: 'OLD', type: 'FLAT', value: 5_000, to: new Date(Date.now() - day).toISOString() });
  await addCoupon(t.app, { code: 'SOON', type: 'FLAT', value: 5_000, from: new Date(Date.now() + day).toISOString() });
  await addCoupon(t.app, { code: 'OFF', type: 'FLAT', value: 5_000, active: false });
  await addCoupon(t.app, { code: 'ONCE', type: 'FLAT', value: 5_000, limit: 1 });
});
afterAll(async () => {
  await t?.close();
});

async function quote(customer: { auth: { authorization: string } }, query: Record<string, string | number | boolean> = {}) {
  const search = new URLSearchParams(Object.entries({ branchId: 1, deliveryId: slotId, ...query }).map(([k, v]) => [k, String(v)]));
  return t.app.inject({ method: 'GET', url: `/api/Order/checkout?${search}`, headers: customer.auth });
}

describe('GET /api/Order/checkout prices the server cart', () => {
  it('values lines at the offer rate, else the selling rate, and leaves out lines that cannot be bought', async () => {
    const c = await createCustomer(t.app);
    await putInCart(t.app, c, salmon, 2);
    await putInCart(t.app, c, prawns, 1);
    await putInCart(t.app, c, soldOut, 1);
    await putInCart(t.app, c, retired, 3);
    const res = await quote(c);
    expect(res.statusCode).toBe(200);
    const data = res.json().Data;
    expect(data.Lines).toEqual([
      { ProductId: salmon.productId, VariantId: 0, ItemName: 'Salmon steak', VariantName: '', Quantity: 2, Rate: 350, Value: 700 },
      { ProductId: prawns.productId, VariantId: 0, ItemName: 'Tiger prawns', VariantName: '', Quantity: 1, Rate: 250, Value: 250 },
    ]);
    expect(data).toMatchObject({
      GrossAmount: 950,
      CouponCode: null,
      CouponDiscount: 0,
      DeliveryCharge: 49,
      FreeDeliveryAbove: 999,
      NetAmount: 999,
      DeliveryId: slotId,
    });
    expect(data.SlotLabel).toMatch(/AM|PM/);
  });

  it.each([
    // coupon, items (salmon qty), expected discount, delivery, net
    ['FRESH10', 2, 50, 49, 699],
    ['fresh10', 2, 50, 49, 699],
    ['BIG50', 4, 200, 0, 1200],
    ['FLAT100', 3, 100, 49, 999],
  ])('applies coupon %s on %i salmon: discount ₹%i, delivery ₹%i, net ₹%i', async (code, qty, discount, delivery, net) => {
    const c = await createCustomer(t.app);
    await putInCart(t.app, c, salmon, qty);
    const res = await quote(c, { couponCode: code });
    expect(res.statusCode).toBe(200);
    expect(res.json().Data).toMatchObject({ CouponCode: code.toUpperCase(), CouponDiscount: discount, DeliveryCharge: delivery, NetAmount: net });
  });

  it('charges delivery when the coupon takes the order below the free-delivery amount', async () => {
    const c = await createCustomer(t.app);
    await putInCart(t.app, c, salmon, 3); // ₹1,050: free delivery before the coupon
    expect((await quote(c)).json().Data).toMatchObject({ GrossAmount: 1050, DeliveryCharge: 0, NetAmount: 1050 });
    expect((await quote(c, { couponCode: 'FLAT100' })).json().Data).toMatchObject({ CouponDiscount: 100, DeliveryCharge: 49, NetAmount: 999 });
  });

  it.each([
    ['OLD', 'This coupon has expired.'],
    ['SOON', 'This coupon is not active yet.'],
    ['OFF', 'This coupon is not valid.'],
    ['NOPE', 'This coupon is not valid.'],
    ['FLAT100', 'Add items worth ₹650 more to use this coupon.'],
  ])('refuses coupon %s with "%s"', async (code, message) => {
    const c = await createCustomer(t.app);
    await putInCart(t.app, c, salmon, 1);
    const res = await quote(c, { couponCode: code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Success: false, Message: message, Data: null });
  });

  it('counts reserved and used redemptions against the per-customer limit, but not released ones', async () => {
    const c = await createCustomer(t.app);
    await putInCart(t.app, c, salmon, 1);
    const coupon = await t.app.db.selectFrom('coupons').select('id').where('code', '=', 'ONCE').executeTakeFirstOrThrow();
    const redemption = await t.app.db
      .insertInto('coupon_redemptions')
      .values({ coupon_id: coupon.id, customer_id: c.id, order_id: 0, status: 'RELEASED', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await quote(c, { couponCode: 'ONCE' })).statusCode).toBe(200);
    for (const status of ['RESERVED', 'USED'] as const) {
      await t.app.db.updateTable('coupon_redemptions').set({ status }).where('id', '=', redemption.id).execute();
      const res = await quote(c, { couponCode: 'ONCE' });
      expect(res.statusCode).toBe(400);
      expect(res.json().Message).toBe('You have already used this coupon.');
    }
  });

  it('uses the wallet, then loyalty points, each only up to what is left to pay', async () => {
    const c = await createCustomer(t.app, { walletPaise: 30_000, loyaltyPoints: 1_000 });
    await putInCart(t.app, c, salmon, 2); // ₹700 + ₹49
    const wallet = (await quote(c, { isWalletAmount: true })).json().Data;
    expect(wallet).toMatchObject({ WalletBalance: 300, WalletAmount: 300, LoyaltyPoints: 0, NetAmount: 449 });
    const both = (await quote(c, { isWalletAmount: true, isWalletLoyality: true })).json().Data;
    expect(both).toMatchObject({ WalletAmount: 300, LoyaltyPointsBalance: 1000, LoyaltyPoints: 449, LoyaltyAmount: 449, NetAmount: 0 });
    const points = (await quote(c, { isWalletLoyality: true })).json().Data;
    expect(points).toMatchObject({ WalletAmount: 0, LoyaltyPoints: 749, LoyaltyAmount: 749, NetAmount: 0 });
  });

  it('prices points at the LOYALTY POINT VALUE setting (paise per point)', async () => {
    await setSettings(t.app, { 'LOYALTY POINT VALUE': '25' });
    try {
      const c = await createCustomer(t.app, { loyaltyPoints: 100 });
      await putInCart(t.app, c, prawns, 1); // ₹250 + ₹49
      expect((await quote(c, { isWalletLoyality: true })).json().Data).toMatchObject({ LoyaltyPoints: 100, LoyaltyAmount: 25, NetAmount: 274 });
    } finally {
      await standardSettings(t.app);
    }
  });

  it('has no free-delivery amount when the offer setting is off, and enforces an active minimum order', async () => {
    await setSettings(t.app, { 'DELIVERY OFFER AMOUNT': null, 'MIN ORDER AMOUNT': '300' });
    try {
      const c = await createCustomer(t.app);
      await putInCart(t.app, c, salmon, 4);
      expect((await quote(c)).json().Data).toMatchObject({ FreeDeliveryAbove: null, DeliveryCharge: 49, NetAmount: 1449 });
      const small = await createCustomer(t.app);
      await putInCart(t.app, small, prawns, 1);
      const res = await quote(small);
      expect(res.statusCode).toBe(400);
      expect(res.json().Message).toBe('Add items worth ₹50 more to place an order.');
    } finally {
      await standardSettings(t.app);
    }
  });

  it.each([
    ['an empty cart', async () => createCustomer(t.app), {}, 'Your cart is empty.'],
    [
      'a cart of unavailable lines',
      async () => {
        const c = await createCustomer(t.app);
        await putInCart(t.app, c, soldOut, 1);
        return c;
      },
      {},
      'None of the items in your cart can be ordered right now.',
    ],
    [
      'an unknown slot',
      async () => {
        const c = await createCustomer(t.app);
        await putInCart(t.app, c, salmon, 1);
        return c;
      },
      { deliveryId: 999_999 },
      'That delivery slot is no longer available.',
    ],
  ] as const)('answers 400 for %s', async (_name, make, query, message) => {
    const c = await make();
    const res = await quote(c, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe(message);
  });

  it('refuses a full slot and an anonymous caller', async () => {
    const c = await createCustomer(t.app);
    await putInCart(t.app, c, salmon, 1);
    const full = await openSlot(t.app, { index: 1 });
    await t.app.db.updateTable('delivery_slots').set({ capacity: 1, booked: 1 }).where('id', '=', full).execute();
    expect((await quote(c, { deliveryId: full })).json().Message).toBe('That delivery slot is no longer available.');
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/Order/checkout?branchId=1&deliveryId=${slotId}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
