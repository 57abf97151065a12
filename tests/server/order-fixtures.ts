import { sql } from 'kysely';
import type { App } from '../../server/app.js';
import type { CustomerChange } from '../../server/hub/live-updates.js';
import { offeredSlots } from '../../server/services/delivery-slots.js';
import { paymentSignature } from '../../server/payments/signature.js';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import type { DatabaseOptions } from '../../server/db/database.js';
import { freePort } from '../helpers/shop-server.js';
import { noteCatalogueChanged } from '../../server/repositories/catalogue-cache.js';
import { createCustomer } from '../helpers/customers.js';

/**
 * Fixtures for the money-path tests: a listening app (the Razorpay gateway talks to the
 * sandbox over real HTTP), products with known prices and stock, slots, addresses, coupons.
 */

export type Customer = Awaited<ReturnType<typeof createCustomer>>;

/** Builds the app on a fresh database and listens on a free loopback port, pointing the gateway at its own sandbox. */
export async function startOrderApp(databaseOptions: Parameters<typeof buildTestApp>[2] = {}): Promise<TestApp & { base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await buildTestApp({ publicUrl: base, razorpayBaseUrl: `${base}/sandbox/razorpay`, paymentProvider: 'sandbox' }, {}, databaseOptions);
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, base };
}

/**
 * The money tests' shop: a listening app with the standard pricing (standardSettings), one roomy
 * delivery slot, and every push to a customer's browsers recorded in `pushes`.
 */
export async function startMoneyShop(
  options: { capacity?: number; onQuery?: DatabaseOptions['onQuery'] } = {},
): Promise<{ t: TestApp & { base: string }; slotId: number; pushes: CustomerChange[] }> {
  const t = await startOrderApp({ onQuery: options.onQuery });
  await standardSettings(t.app);
  const slotId = await openSlot(t.app, { capacity: options.capacity ?? 200 });
  const pushes: CustomerChange[] = [];
  t.app.live.onCustomer((change) => pushes.push(change));
  return { t, slotId, pushes };
}

let nextId = 800_000 + Math.floor(Math.random() * 100_000);

/** Settings the prices depend on, set to known values (rupees, as the shop enters them). */
export async function setSettings(app: App, values: Record<string, string | null>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    await app.db.deleteFrom('settings').where('company_id', '=', 1).where('key_code', '=', key).execute();
    if (value !== null) {
      await app.db.insertInto('settings').values({ company_id: 1, key_code: key, value, active: 1, description: key }).execute();
    }
  }
}

/** The default pricing of these tests: ₹49 delivery, free from ₹999, a point worth ₹1, no minimum order. */
export async function standardSettings(app: App): Promise<void> {
  await setSettings(app, { 'DELIVERY CHARGE': '49', 'DELIVERY OFFER AMOUNT': '999', 'LOYALTY POINT VALUE': '100', 'MIN ORDER AMOUNT': null });
}

export interface ProductFixture {
  productId: number;
  variantId: number;
  name: string;
}

/** A product (without variants) in branch 1 with a selling rate, an optional offer rate (rupees) and stock. */
export async function addProduct(
  app: App,
  options: { name?: string; sRate: number; oRate?: number | null; stock: number; active?: boolean },
): Promise<ProductFixture> {
  const id = nextId++;
  const now = new Date().toISOString();
  const name = options.name ?? `Test fish ${id}`;
  await app.db
    .insertInto('categories')
    .values({ id, company_id: 1, name: `Category ${id}`, description: '', image: '', sort_order: 0, active: 1 })
    .execute();
  await app.db
    .insertInto('products')
    .values({
      id,
      company_id: 1,
      category_id: id,
      name,
      description: '',
      image: '/images/test.jpg',
      unit_label: '500 g',
      is_variant_enabled: 0,
      active: options.active === false ? 0 : 1,
      search_text: name.toLowerCase(),
      sort_order: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await app.db
    .insertInto('branch_stock')
    .values({
      branch_id: 1,
      product_id: id,
      variant_id: 0,
      s_rate: Math.round(options.sRate * 100),
      o_rate: options.oRate == null ? null : Math.round(options.oRate * 100),
      available: options.stock,
      reserved: 0,
      sold: 0,
      active: 1,
      updated_at: now,
    })
    .execute();
  // As the shop's own writes do: lists kept in memory are read again.
  noteCatalogueChanged();
  return { productId: id, variantId: 0, name };
}

export async function stockOf(app: App, product: ProductFixture) {
  return app.db
    .selectFrom('branch_stock')
    .select(['available', 'reserved', 'sold'])
    .where('branch_id', '=', 1)
    .where('product_id', '=', product.productId)
    .where('variant_id', '=', product.variantId)
    .executeTakeFirstOrThrow();
}

export async function putInCart(app: App, customer: Customer, product: Pick<ProductFixture, 'productId' | 'variantId'>, qty: number): Promise<void> {
  const now = new Date().toISOString();
  await app.db
    .insertInto('cart_items')
    .values({
      customer_id: customer.id,
      company_id: 1,
      branch_id: 1,
      product_id: product.productId,
      variant_id: product.variantId,
      qty,
      added_at: now,
      updated_at: now,
    })
    .execute();
}

export async function cartCount(app: App, customer: Customer): Promise<number> {
  const row = await app.db
    .selectFrom('cart_items')
    .select(sql<number>`count(*)`.as('n'))
    .where('customer_id', '=', customer.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function addAddress(app: App, customer: Customer): Promise<number> {
  const now = new Date().toISOString();
  const row = await app.db
    .insertInto('addresses')
    .values({
      customer_id: customer.id,
      name: 'Asha Menon',
      phone: customer.mobile,
      house: '12/4 Rose Villa',
      street: 'Beach Road',
      landmark: 'Near the lighthouse',
      city: 'Kochi',
      state: 'Kerala',
      pincode: '682001',
      latitude: null,
      longitude: null,
      is_default: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An offered delivery slot of branch 1, with its capacity set when asked. */
export async function openSlot(app: App, options: { capacity?: number; index?: number } = {}): Promise<number> {
  const slots = await offeredSlots(app.db, { companyId: 1, branchId: 1 });
  const slot = slots[options.index ?? 0];
  if (!slot) throw new Error('no delivery slot offered');
  if (options.capacity !== undefined) {
    await app.db.updateTable('delivery_slots').set({ capacity: options.capacity, booked: 0 }).where('id', '=', slot.DeliveryId).execute();
  }
  return slot.DeliveryId;
}

export async function addCoupon(
  app: App,
  options: {
    code: string;
    type: 'PERCENT' | 'FLAT';
    value: number;
    maxDiscount?: number | null;
    minOrder?: number;
    limit?: number;
    from?: string;
    to?: string;
    active?: boolean;
  },
): Promise<void> {
  const day = 24 * 3600 * 1000;
  await app.db
    .insertInto('coupons')
    .values({
      company_id: 1,
      code: options.code,
      title: options.code,
      description: '',
      discount_type: options.type,
      discount_value: options.value,
      max_discount: options.maxDiscount ?? null,
      min_order: options.minOrder ?? 0,
      per_customer_limit: options.limit ?? 1,
      valid_from: options.from ?? new Date(Date.now() - day).toISOString(),
      valid_to: options.to ?? new Date(Date.now() + 30 * day).toISOString(),
      active: options.active === false ? 0 : 1,
    })
    .execute();
}

export async function customerBalances(app: App, customer: Customer) {
  return app.db.selectFrom('customers').select(['wallet_balance', 'loyalty_points']).where('id', '=', customer.id).executeTakeFirstOrThrow();
}

export async function orderRow(app: App, orderId: number) {
  return app.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

export interface SummaryBody {
  deliveryId: number;
  addressId: number;
  couponCode?: string;
  isWalletLoyality?: boolean;
  isWalletAmount?: boolean;
  paymentMethod: 'ONLINE' | 'COD';
}

export async function createOrder(app: App, customer: Customer, body: SummaryBody, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'POST', url: '/api/Order/summary?branchId=1', headers: { ...customer.auth, ...headers }, payload: body });
  return res;
}

export async function processOrder(app: App, customer: Customer, orderId: number) {
  return app.inject({ method: 'POST', url: `/api/Order/placeOrder/${orderId}/Proccess`, headers: customer.auth });
}

/** A customer with one product in the cart, an address and a slot, ready to order. */
export async function readyCustomer(
  app: App,
  options: { product: ProductFixture; qty: number; walletPaise?: number; loyaltyPoints?: number; slotId: number; email?: string },
): Promise<{ customer: Customer; addressId: number }> {
  const customer = await createCustomer(app, { walletPaise: options.walletPaise, loyaltyPoints: options.loyaltyPoints });
  if (options.email) await app.db.updateTable('customers').set({ email: options.email }).where('id', '=', customer.id).execute();
  await putInCart(app, customer, options.product, options.qty);
  return { customer, addressId: await addAddress(app, customer) };
}

/** Creates an online order and starts its payment; answers the shop order id and the provider order id. */
export async function onlineOrder(
  app: App,
  customer: Customer,
  body: Omit<SummaryBody, 'paymentMethod'>,
): Promise<{ orderId: number; providerOrderId: string; orderNo: string }> {
  const created = await createOrder(app, customer, { ...body, paymentMethod: 'ONLINE' });
  if (created.statusCode !== 200) throw new Error(`summary failed: ${created.body}`);
  const orderId = created.json().Data.OrderId as number;
  const processed = await processOrder(app, customer, orderId);
  if (processed.statusCode !== 200) throw new Error(`Proccess failed: ${processed.body}`);
  return { orderId, providerOrderId: processed.json().Data.Data as string, orderNo: created.json().Data.OrderNo as string };
}

/** Pays a provider order in the sandbox's checkout window with a test card, as the browser would. */
export async function payInSandbox(t: TestApp, providerOrderId: string, card = '4111 1111 1111 1111') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/sandbox/checkout/pay',
    payload: {
      key_id: t.config.razorpayKeyId,
      order_id: providerOrderId,
      card_number: card,
      expiry: '12/39',
      cvv: '123',
      email: 'asha@example.com',
      contact: '9876543210',
    },
  });
  return res;
}

/** The checkout window's success callback, as the browser posts it with what the window handed over. */
export async function verifyPayment(
  t: TestApp,
  customer: Customer,
  paid: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
) {
  return t.app.inject({ method: 'POST', url: '/api/Order/payment/verify', headers: customer.auth, payload: paid });
}

export function sign(t: TestApp, providerOrderId: string, paymentId: string): string {
  return paymentSignature(t.config.razorpayKeySecret, providerOrderId, paymentId);
}

/** Waits (briefly, polling) for a condition that another request settles, such as a webhook. */
export async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}
