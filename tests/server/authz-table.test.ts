import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { insertOrder } from '../helpers/order-fixtures.js';
import { cancelOrder } from '../../server/services/order-service.js';
import { PNG_1PX, multipart } from '../helpers/upload-fixtures.js';

/**
 * Every authenticated endpoint, called with every kind of credential that is not the victim's
 * own: none of them may ever see or change the victim's data. Add a row for each new
 * authenticated route; the victim's own token is tried too, to prove the row reaches a real route.
 */
interface Victim {
  customerId: number;
  companyId: number;
  branchId: number;
  addressId: number;
  /** An address only the DELETE row uses, so the owner's own delete leaves the others theirs. */
  spareAddressId: number;
  deliveryId: number;
  productId: number;
  /** One order per row that changes an order, so the owner's call in one row leaves the others intact. */
  orders: {
    placed: number;
    toCancel: number;
    delivered: number;
    reviewed: number;
    awaitingOnline: number;
    awaitingCod: number;
    awaitingToCancel: number;
    /** A paid order cancelled and refunded to the wallet, so its detail carries a refund. */
    refunded: number;
  };
  providerOrderId: string;
  uploadUrl: string;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (victim: Victim) => string;
  body?: (victim: Victim) => unknown;
  /** A request that is not JSON (multipart). */
  raw?: () => { payload: Buffer; headers: Record<string, string> };
  /** Statuses the victim's own token may get (default [200]). */
  ownerStatus?: number[];
  /**
   * The route carries no victim id: it answers the caller's own records, so another customer
   * gets 200 with their own data (and still nothing of the victim's).
   */
  callerScoped?: boolean;
  /** Statuses another customer may get, when not the default (for example a 400 for their own empty cart). */
  strangerStatus?: number[];
}

const VICTIM = { name: 'Vidya Victim', email: 'vidya.victim@example.in', mobile: '9812300001', house: 'VICTIM-HOUSE-7/311' };
const ADDRESS = {
  Name: 'Vidya Victim',
  Phone: '9812300001',
  House: VICTIM.house,
  Street: 'Beach Road',
  Landmark: '',
  City: 'Kochi',
  State: 'Kerala',
  Pincode: '682001',
};

const endpoints: Row[] = [
  // Profile (auth)
  { method: 'GET', url: (v) => `/api/Customer/info/${v.customerId}` },
  { method: 'PUT', url: (v) => `/api/Customer/${v.customerId}`, body: () => ({ name: VICTIM.name, email: VICTIM.email }) },
  // Signing out ends the caller's own sessions only (auth).
  { method: 'POST', url: () => '/api/Auth/logout', callerScoped: true },
  // Cart (cart)
  { method: 'GET', url: (v) => `/api/Cart?branchId=${v.branchId}`, callerScoped: true },
  { method: 'DELETE', url: (v) => `/api/Cart/${v.branchId}/1/0`, callerScoped: true, ownerStatus: [200, 404] },
  {
    method: 'POST',
    url: (v) => `/api/Cart?branchId=${v.branchId}`,
    body: (v) => [
      {
        CustomerCartId: 0,
        CompanyId: v.companyId,
        BranchId: v.branchId,
        CartAddDate: new Date().toISOString(),
        CustomerId: v.customerId,
        ProductId: 1,
        VariantId: 0,
        Qty: 1,
      },
    ],
    ownerStatus: [200, 400, 404],
  },
  { method: 'PUT', url: (v) => `/api/Cart/${v.branchId}/${v.productId}/0?qtyChange=1&id=0&pageNumber=1&pageSize=10`, callerScoped: true },
  // Coupons (cart)
  { method: 'GET', url: (v) => `/api/Coupon/customer/${v.companyId}`, callerScoped: true },
  // Addresses and location search (account)
  { method: 'GET', url: () => '/api/Address/customer', callerScoped: true },
  // The caller's own new address: nothing in it is the victim's, so an echo of it is no leak.
  { method: 'POST', url: () => '/api/Address', body: () => ({ ...ADDRESS, Name: 'Caller Own', Phone: '9876500000', House: '1/1' }), callerScoped: true },
  { method: 'PUT', url: (v) => `/api/Address/${v.addressId}`, body: () => ({ ...ADDRESS, Street: 'Changed Street' }) },
  { method: 'DELETE', url: (v) => `/api/Address/${v.spareAddressId}` },
  { method: 'GET', url: () => '/api/Geocode/search?q=Fort%20Kochi&format=json', callerScoped: true },
  { method: 'POST', url: () => '/api/Product/images', raw: () => multipart(PNG_1PX, 'photo.png', 'image/png'), callerScoped: true },
  // Orders after buying (account)
  { method: 'GET', url: (v) => `/api/Order/customer/${v.customerId}?filterType=all` },
  { method: 'GET', url: (v) => `/api/Order/reasons/${v.companyId}?type=RETURN`, callerScoped: true },
  { method: 'GET', url: (v) => `/api/Order/${v.orders.placed}` },
  { method: 'GET', url: (v) => `/api/Order/${v.orders.refunded}` },
  { method: 'GET', url: (v) => `/api/Order/invoice/${v.orders.delivered}` },
  { method: 'GET', url: () => '/api/StockNotice', callerScoped: true },
  { method: 'PUT', url: (v) => `/api/Order/cancel/${v.orders.toCancel}` },
  { method: 'POST', url: (v) => `/api/Order/reorder/${v.orders.placed}` },
  {
    method: 'PUT',
    url: (v) =>
      `/api/Order/return/${v.orders.delivered}?returnRemark=${encodeURIComponent('The fish was not fresh')}&returnImage=${encodeURIComponent(v.uploadUrl)}`,
  },
  { method: 'PUT', url: (v) => `/api/Order/review/${v.orders.reviewed}?review=Fresh&rating=5` },
  { method: 'DELETE', url: (v) => `/api/Order/review/${v.orders.reviewed}` },
  // Checkout and payment (orders)
  {
    method: 'GET',
    url: (v) => `/api/Order/checkout?branchId=${v.branchId}&deliveryId=${v.deliveryId}&isWalletLoyality=true&isWalletAmount=true`,
    callerScoped: true,
    strangerStatus: [400],
  },
  {
    method: 'POST',
    url: (v) => `/api/Order/summary?branchId=${v.branchId}`,
    body: (v) => ({ deliveryId: v.deliveryId, addressId: v.addressId, couponCode: null, isWalletLoyality: true, isWalletAmount: true, paymentMethod: 'COD' }),
    // The victim has orders awaiting payment, so the route itself refuses a new one.
    ownerStatus: [409],
    strangerStatus: [400, 403, 404],
  },
  { method: 'POST', url: (v) => `/api/Order/placeOrder/${v.orders.awaitingCod}/Proccess?settled=true` },
  { method: 'POST', url: (v) => `/api/Order/placeOrder/${v.orders.awaitingToCancel}/Cancel` },
  {
    method: 'POST',
    url: () => '/api/Order/payment/verify',
    body: (v) => ({ razorpay_order_id: v.providerOrderId, razorpay_payment_id: 'pay_authz0000001', razorpay_signature: 'f'.repeat(64) }),
    ownerStatus: [400],
  },
  { method: 'GET', url: (v) => `/api/Order/status/checkPayment/${v.orders.awaitingOnline}?razropayOrderId=${v.providerOrderId}` },
  { method: 'GET', url: () => '/api/Order/checkPayment', callerScoped: true },
  { method: 'POST', url: (v) => `/api/Order/customer/pending/${v.customerId}`, body: (v) => ({ OrderIds: [v.orders.awaitingOnline, v.orders.awaitingCod] }) },
];

let t: TestApp;
let victim: Victim;
/** Texts only the victim's records hold: none may reach another caller. */
let secrets: string[];
let geocoder: http.Server;
/** A stranger's token is signed for each call: a row that signs the caller out ends the ones signed before. */
let credentials: { name: string; authorization: string | undefined | (() => Promise<string>); kind: 'anonymous' | 'stranger' }[];

beforeAll(async () => {
  // Location search answers from a local fake; payments go to an address that refuses connections.
  geocoder = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'));
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  const geocoderUrl = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}/search`;
  t = await buildTestApp({ geocoderUrl, razorpayBaseUrl: 'http://127.0.0.1:9/sandbox/razorpay' });
  const owner = await createCustomer(t.app, { mobile: VICTIM.mobile, name: VICTIM.name, walletPaise: 12_345, loyaltyPoints: 77 });
  await t.app.db.updateTable('customers').set({ email: VICTIM.email }).where('id', '=', owner.id).execute();
  victim = await victimRecords(owner);
  secrets = [VICTIM.name, VICTIM.email, VICTIM.mobile, VICTIM.house, victim.providerOrderId, victim.uploadUrl.replace('/uploads/', '')];
  const orderNos = await t.app.db.selectFrom('orders').select('order_no').where('customer_id', '=', owner.id).execute();
  secrets.push(...orderNos.map((o) => o.order_no));

  // Another shop with a customer of its own, whatever the demo seed already holds.
  const now = new Date().toISOString();
  const { maxId } = await t.app.db
    .selectFrom('companies')
    .select((eb) => eb.fn.max('id').as('maxId'))
    .executeTakeFirstOrThrow();
  const otherCompanyId = Number(maxId ?? 0) + 1;
  await t.app.db
    .insertInto('companies')
    .values({
      id: otherCompanyId,
      name: 'Other Shop',
      display_name: 'Other',
      currency_symbol: '₹',
      currency_code: 'INR',
      decimal_value: 2,
      phone: '',
      email: '',
      address: '',
      about: '',
      theme_color: '#000000',
      logo: '',
      return_window_hours: 48,
      created_at: now,
    })
    .execute();
  // The demo seed may or may not hold branch 1; the table needs it either way.
  await t.app.db
    .insertInto('branches')
    .values({ id: 1, company_id: 1, name: 'Main branch', address: '', phone: '', active: 1 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const neighbour = await createCustomer(t.app, { name: 'Nikhil Neighbour' });
  const foreigner = await createCustomer(t.app, { companyId: otherCompanyId, name: 'Farah Foreign' });

  const foreignSecret = new TextEncoder().encode(crypto.randomBytes(48).toString('base64url'));
  const forged = await new SignJWT({ cid: victim.companyId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(victim.customerId))
    .setIssuer('shoal')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(foreignSecret);
  const unsigned = [
    Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url'),
    Buffer.from(JSON.stringify({ sub: String(victim.customerId), cid: victim.companyId, iss: 'shoal', exp: Math.floor(Date.now() / 1000) + 3600 })).toString(
      'base64url',
    ),
    '',
  ].join('.');
  const expired = await t.app.tokens.sign({ customerId: victim.customerId, companyId: victim.companyId }, -60);

  credentials = [
    { name: 'no token', authorization: undefined, kind: 'anonymous' },
    { name: 'an empty bearer', authorization: 'Bearer ', kind: 'anonymous' },
    { name: 'a malformed token', authorization: 'Bearer not.a.token', kind: 'anonymous' },
    { name: 'the token without the Bearer scheme', authorization: owner.token, kind: 'anonymous' },
    { name: 'a token signed with another secret', authorization: `Bearer ${forged}`, kind: 'anonymous' },
    { name: 'an unsigned (alg none) token', authorization: `Bearer ${unsigned}`, kind: 'anonymous' },
    { name: 'an expired token of the victim', authorization: `Bearer ${expired}`, kind: 'anonymous' },
    { name: 'another customer’s token', authorization: () => signedAs(neighbour), kind: 'stranger' },
    { name: 'another company’s customer token', authorization: () => signedAs(foreigner), kind: 'stranger' },
  ];
});

async function signedAs(customer: { id: number; companyId: number }): Promise<string> {
  return `Bearer ${await t.app.tokens.sign({ customerId: customer.id, companyId: customer.companyId })}`;
}

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => geocoder.close(resolve));
});

/** The victim's records every row aims at: addresses, a cart line, an upload and orders in each state a row needs. */
async function victimRecords(owner: { id: number; companyId: number; auth: { authorization: string } }): Promise<Victim> {
  const headers = owner.auth;
  const address = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Address', headers, payload: ADDRESS });
    expect(res.statusCode).toBe(200);
    return res.json().Data.AddressId as number;
  };
  const addressId = await address();
  const spareAddressId = await address();
  const slots = await t.app.inject({ url: '/api/DeliverySlot/web/1?branchId=1' });
  const deliveryId = slots.json().Data[0].DeliveryId as number;
  const products = await t.app.inject({ url: '/api/products?companyId=1&branchId=1&pageSize=100' });
  const product = (products.json().Data as { productId: number; isVariantEnabled: boolean; isStockAvailable: boolean; active: boolean }[]).find(
    (p) => p.active && p.isStockAvailable && !p.isVariantEnabled,
  );
  const productId = product?.productId ?? 1;
  expect((await t.app.inject({ method: 'PUT', url: `/api/Cart/1/${productId}/0?qtyChange=2&id=0`, headers })).statusCode).toBe(200);
  const photo = multipart(PNG_1PX, 'p.png', 'image/png');
  const upload = await t.app.inject({ method: 'POST', url: '/api/Product/images', headers: { ...headers, ...photo.headers }, payload: photo.payload });
  expect(upload.statusCode).toBe(200);
  const uploadUrl = upload.json().Data.Url as string;
  const order = async (status: 'PLACED' | 'DELIVERED' | 'AWAITING_PAYMENT', paymentMethod: 'ONLINE' | 'COD' = 'ONLINE') =>
    (await insertOrder(t.app, { customerId: owner.id, status, paymentMethod })).id;
  const orders = {
    placed: await order('PLACED'),
    toCancel: await order('PLACED', 'COD'),
    delivered: await order('DELIVERED'),
    reviewed: await order('DELIVERED'),
    awaitingOnline: await order('AWAITING_PAYMENT'),
    awaitingCod: await order('AWAITING_PAYMENT', 'COD'),
    awaitingToCancel: await order('AWAITING_PAYMENT'),
    refunded: await order('PLACED'),
  };
  await cancelOrder(t.app, { orderId: orders.refunded, actor: 'customer', customerId: owner.id, reason: 'Cancelled by the customer' });
  const providerOrderId = `order_authz${orders.awaitingOnline}`;
  await t.app.db.updateTable('orders').set({ provider_order_id: providerOrderId }).where('id', '=', orders.awaitingOnline).execute();
  return {
    customerId: owner.id,
    companyId: owner.companyId,
    branchId: 1,
    addressId,
    spareAddressId,
    deliveryId,
    productId,
    orders,
    providerOrderId,
    uploadUrl,
  };
}

/** Everything of the victim's that a call could change. */
async function victimState(): Promise<string> {
  const id = victim.customerId;
  const db = t.app.db;
  const [customer, addresses, cart, orders, uploads, wallet] = await Promise.all([
    db.selectFrom('customers').select(['name', 'email', 'wallet_balance', 'loyalty_points', 'token_version']).where('id', '=', id).executeTakeFirstOrThrow(),
    db.selectFrom('addresses').selectAll().where('customer_id', '=', id).orderBy('id').execute(),
    db.selectFrom('cart_items').select(['branch_id', 'product_id', 'variant_id', 'qty']).where('customer_id', '=', id).orderBy('id').execute(),
    db
      .selectFrom('orders')
      .select(['id', 'status', 'payment_status', 'provider_order_id', 'review', 'rating', 'return_remark', 'net_amount'])
      .where('customer_id', '=', id)
      .orderBy('id')
      .execute(),
    db.selectFrom('uploads').select(['file_name']).where('customer_id', '=', id).orderBy('id').execute(),
    db.selectFrom('wallet_ledger').select(['amount']).where('customer_id', '=', id).orderBy('id').execute(),
  ]);
  return JSON.stringify({ customer, addresses, cart, orders, uploads, wallet });
}

async function call(row: Row, authorization: string | undefined) {
  const body = row.body?.(victim);
  const raw = row.raw?.();
  return t.app.inject({
    method: row.method,
    url: row.url(victim),
    headers: { ...raw?.headers, ...(authorization === undefined ? {} : { authorization }) },
    ...(raw ? { payload: raw.payload } : body === undefined ? {} : { payload: body as object }),
  });
}

function label(row: Row): string {
  const zero = { customerId: 0, companyId: 0, branchId: 0, addressId: 0, spareAddressId: 0, deliveryId: 0, productId: 0, providerOrderId: '', uploadUrl: '' };
  const orders = { placed: 0, toCancel: 0, delivered: 0, reviewed: 0, awaitingOnline: 0, awaitingCod: 0, awaitingToCancel: 0, refunded: 0 };
  return `${row.method} ${row
    .url({ ...zero, orders })
    .split('?')[0]
    ?.replace(/\b0\b/g, '{id}')}`;
}

describe.each(endpoints.map((row) => [label(row), row] as const))('%s', (_name, row) => {
  it('answers the victim’s own token (the row reaches a real route)', async () => {
    const owner = await t.app.tokens.sign({ customerId: victim.customerId, companyId: victim.companyId });
    const res = await call(row, `Bearer ${owner}`);
    expect(row.ownerStatus ?? [200]).toContain(res.statusCode);
  });

  it('never gives any other credential the victim’s data', async () => {
    const before = await victimState();
    for (const credential of credentials) {
      const res = await call(row, typeof credential.authorization === 'function' ? await credential.authorization() : credential.authorization);
      const strangers = row.strangerStatus
        ? [...row.strangerStatus, ...(row.callerScoped ? [200, 403, 404] : [])]
        : row.callerScoped
          ? [200, 403, 404]
          : [403, 404];
      const allowed = credential.kind === 'anonymous' ? [401] : strangers;
      expect({ credential: credential.name, status: res.statusCode }).toEqual({
        credential: credential.name,
        status: expect.toSatisfy((s: number) => allowed.includes(s)),
      });
      if (res.statusCode !== 200) expect(res.json()).toMatchObject({ Success: false, Data: null });
      for (const secret of secrets)
        expect({ credential: credential.name, leaked: res.body.includes(secret) ? secret : null }).toEqual({ credential: credential.name, leaked: null });
    }
    expect(await victimState()).toBe(before);
  });
});

describe('the expired-token answer', () => {
  it('tells the caller the session has expired', async () => {
    const expired = await t.app.tokens.sign({ customerId: victim.customerId, companyId: victim.companyId }, -1);
    const res = await t.app.inject({ method: 'GET', url: `/api/Customer/info/${victim.customerId}`, headers: { authorization: `Bearer ${expired}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().Message).toBe('Your session has expired. Please log in again.');
  });
});
