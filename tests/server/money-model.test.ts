import crypto from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancelAbandonedOrders } from '../../server/jobs/abandoned-orders.js';
import { webhookSignature } from '../../server/payments/signature.js';
import type { SandboxDelivery } from '../../server/payments/sandbox/sandbox-webhooks.js';
import { offeredSlots } from '../../server/services/delivery-slots.js';
import { checkInvariants, stockTotals, type StockBaseline } from '../../server/services/invariants.js';
import { UNPAID_ORDER_WAITING } from '../../server/services/order-creation-service.js';
import { NEXT_SHOP_STATUS, isOrderStatus } from '../../server/services/order-lifecycle.js';
import { moveOrderStatus } from '../../server/services/order-service.js';
import { recordPackedWeight } from '../../server/services/catch-weight-service.js';
import { paisePerLoyaltyPoint } from '../../server/services/loyalty-value.js';
import { storeUpload } from '../../server/services/upload-service.js';
import { createCustomer } from '../helpers/customers.js';
import { PNG_1PX } from '../helpers/upload-fixtures.js';
import {
  addAddress,
  addCoupon,
  addProduct,
  createOrder,
  orderRow,
  payInSandbox,
  processOrder,
  sign,
  standardSettings,
  startOrderApp,
  verifyPayment,
  type Customer,
  type ProductFixture,
} from './order-fixtures.js';

/**
 * No sequence of customer actions creates money, points or stock. Several customers act at
 * random (add to cart, place online or cash on delivery with wallet, points and a coupon, pay,
 * decline, close the window, cancel, return), the shop weighs what it packs, moves orders, refunds happen at the
 * payment provider, webhooks arrive late, twice or forged, and abandoned orders are swept.
 * After every step the shop's invariants (server/services/invariants.ts) must hold: money in
 * equals money kept plus money given back per order, points exist only for delivered orders and
 * are reversed exactly, wallets and points equal their ledgers, stock and slots are conserved,
 * and every paid online order has a captured provider payment of its amount. Runs on SQLite and,
 * in the PostgreSQL pass, on PostgreSQL.
 */

type OrderApp = Awaited<ReturnType<typeof startOrderApp>>;

interface Shopper {
  customer: Customer;
  addressId: number;
  photo: string;
}

interface OrderRef {
  id: number;
  shopper: number;
  providerOrderId: string | null;
}

interface Model {
  shoppers: Shopper[];
  products: ProductFixture[];
  slotId: number;
  orders: OrderRef[];
  /** Captured provider payments: what a forger could name. */
  payments: { paymentId: string; providerOrderId: string }[];
  /** Webhooks delivered so far, for replays. */
  seen: SandboxDelivery[];
}

interface World {
  t: OrderApp;
  baseline: StockBaseline;
}

type Command = fc.AsyncCommand<Model, World>;

const FAR_FUTURE_MS = 24 * 3600 * 1000;

async function openShop(): Promise<{ model: Model; world: World }> {
  const t = await startOrderApp();
  await standardSettings(t.app);
  t.app.sandboxWebhooks!.hold();
  const slots = await offeredSlots(t.app.db, { companyId: 1, branchId: 1 });
  const slotId = await openSlot(t, slots.length - 1);
  const products = [
    await addProduct(t.app, { name: 'Seer fish steaks', sRate: 450, stock: 200 }),
    await addProduct(t.app, { name: 'Tiger prawns', sRate: 120, oRate: 99, stock: 200 }),
    await addProduct(t.app, { name: 'Whole yellowfin tuna', sRate: 1200, stock: 3 }),
  ];
  // Two of them are sold by weight, so the shop's packing settles differences (catch-weight-service.ts).
  for (const [product, net] of [
    [products[0]!, 450],
    [products[1]!, 300],
  ] as const) {
    await t.app.db.updateTable('products').set({ gross_grams: 500, net_grams: net }).where('id', '=', product.productId).execute();
  }
  await addCoupon(t.app, { code: 'MODEL10', type: 'PERCENT', value: 10, maxDiscount: 100, limit: 2 });
  const openings = [{ walletPaise: 30_000 }, { loyaltyPoints: 5 }];
  const shoppers: Shopper[] = [];
  for (const opening of openings) {
    const customer = await createCustomer(t.app, opening);
    const photo = await storeUpload(t.app.db, t.config.dataDir, customer.id, PNG_1PX, { mime: 'image/png', ext: 'png' });
    shoppers.push({ customer, addressId: await addAddress(t.app, customer), photo: photo.Url });
  }
  const world = { t, baseline: await stockTotals(t.app.db) };
  const model: Model = { shoppers, products, slotId, orders: [], payments: [], seen: [] };
  await expectHealthy(world, model, 'opening');
  return { model, world };
}

async function openSlot(t: OrderApp, index: number): Promise<number> {
  const slots = await offeredSlots(t.app.db, { companyId: 1, branchId: 1 });
  const slot = slots[index];
  if (!slot) throw new Error('no delivery slot offered');
  await t.app.db.updateTable('delivery_slots').set({ capacity: 1000 }).where('id', '=', slot.DeliveryId).execute();
  return slot.DeliveryId;
}

async function expectHealthy(w: World, m: Model, step: string): Promise<void> {
  const held = w.t.app.sandboxWebhooks!.held.map((d) => (JSON.parse(d.body) as { payload: { payment: { entity: { id: string } } } }).payload.payment.entity.id);
  const report = await checkInvariants(w.t.app.db, { stockBaseline: w.baseline, unreportedPayments: new Set(held) });
  expect(report.violations, `the shop's invariants after ${step}`).toEqual([]);
  for (const shopper of m.shoppers) {
    const waiting = await w.t.app.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', shopper.customer.id)
      .where('status', '=', 'AWAITING_PAYMENT')
      .execute();
    expect(waiting.length, `orders customer ${shopper.customer.id} has awaiting payment after ${step}`).toBeLessThanOrEqual(1);
  }
}

async function deliverHeld(w: World, m: Model): Promise<number[]> {
  const held = w.t.app.sandboxWebhooks!.held.splice(0);
  const statuses: number[] = [];
  for (const delivery of held) {
    statuses.push(await w.t.app.sandboxWebhooks!.deliver(delivery));
    m.seen.push(delivery);
  }
  return statuses;
}

async function cartOf(w: World, shopper: Shopper): Promise<Map<number, number>> {
  const lines = await w.t.app.db.selectFrom('cart_items').select(['product_id', 'qty']).where('customer_id', '=', shopper.customer.id).execute();
  return new Map(lines.map((l) => [l.product_id, l.qty]));
}

async function itemsOf(w: World, orderId: number): Promise<{ product_id: number; qty: number }[]> {
  return w.t.app.db.selectFrom('order_items').select(['product_id', 'qty']).where('order_id', '=', orderId).execute();
}

/** After an unpaid order is cancelled its items are back in the basket. */
async function expectBasketBack(w: World, shopper: Shopper, items: { product_id: number; qty: number }[], step: string): Promise<void> {
  const cart = await cartOf(w, shopper);
  for (const item of items) expect(cart.get(item.product_id) ?? 0, `basket after ${step}`).toBeGreaterThanOrEqual(item.qty);
}

const pick = <T>(list: readonly T[], index: number): T | undefined => (list.length ? list[index % list.length] : undefined);

/** One of the run's orders (those paid online only, when asked), among those in the given statuses (any status when none are given). */
async function pickOrder(w: World, m: Model, index: number, statuses?: readonly string[], online = false): Promise<OrderRef | undefined> {
  const candidates = m.orders.filter((o) => !online || o.providerOrderId);
  if (!statuses) return pick(candidates, index);
  const rows = candidates.length
    ? await w.t.app.db
        .selectFrom('orders')
        .select(['id', 'status'])
        .where(
          'id',
          'in',
          candidates.map((o) => o.id),
        )
        .execute()
    : [];
  const wanted = new Set(rows.filter((r) => statuses.includes(r.status)).map((r) => r.id));
  return pick(
    candidates.filter((o) => wanted.has(o.id)),
    index,
  );
}

async function addToCart(w: World, shopper: Shopper, product: ProductFixture, qty: number): Promise<number> {
  const res = await w.t.app.inject({ method: 'PUT', url: `/api/Cart/1/${product.productId}/0?qtyChange=${qty}`, headers: shopper.customer.auth });
  expect([200, 400], res.body).toContain(res.statusCode);
  return res.statusCode;
}

class AddToCart implements Command {
  constructor(readonly a: { shopper: number; product: number; qty: number }) {}
  check = () => true;
  async run(m: Model, w: World) {
    await addToCart(w, pick(m.shoppers, this.a.shopper)!, pick(m.products, this.a.product)!, this.a.qty);
    await expectHealthy(w, m, this.toString());
  }
  toString = () => `AddToCart(${JSON.stringify(this.a)})`;
}

class Place implements Command {
  constructor(
    readonly a: { shopper: number; product: number; qty: number; method: 'ONLINE' | 'COD'; wallet: boolean; points: boolean; coupon: boolean; retry: boolean },
  ) {}
  check = () => true;
  async run(m: Model, w: World) {
    const shopper = pick(m.shoppers, this.a.shopper)!;
    await addToCart(w, shopper, pick(m.products, this.a.product)!, this.a.qty);
    const waiting = await w.t.app.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', shopper.customer.id)
      .where('status', '=', 'AWAITING_PAYMENT')
      .execute();
    const cartBefore = await cartOf(w, shopper);
    const body = {
      deliveryId: m.slotId,
      addressId: shopper.addressId,
      paymentMethod: this.a.method,
      isWalletAmount: this.a.wallet,
      isWalletLoyality: this.a.points,
      ...(this.a.coupon ? { couponCode: 'MODEL10' } : {}),
    };
    const key = { 'idempotency-key': crypto.randomUUID() };
    const created = await createOrder(w.t.app, shopper.customer, body, key);
    if (waiting.length > 0) {
      expect(created.statusCode, created.body).toBe(409);
      expect(created.json().Message).toBe(UNPAID_ORDER_WAITING);
      expect(await cartOf(w, shopper), 'a refused order leaves the basket alone').toEqual(cartBefore);
    } else if (created.statusCode !== 200) {
      expect([400, 409], created.body).toContain(created.statusCode);
      expect(await cartOf(w, shopper), 'a refused order leaves the basket alone').toEqual(cartBefore);
    } else {
      const orderId = created.json().Data.OrderId as number;
      if (this.a.retry) {
        const again = await createOrder(w.t.app, shopper.customer, body, key);
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json().Data.OrderId).toBe(orderId);
      }
      const processed = await processOrder(w.t.app, shopper.customer, orderId);
      expect(processed.statusCode, processed.body).toBe(200);
      const providerOrderId = (processed.json().Data.Data as string) || null;
      m.orders.push({ id: orderId, shopper: m.shoppers.indexOf(shopper), providerOrderId });
    }
    await expectHealthy(w, m, this.toString());
  }
  toString = () => `Place(${JSON.stringify(this.a)})`;
}

class Pay implements Command {
  constructor(readonly a: { order: number; confirm: 'callback' | 'webhook' | 'poll' | 'lost'; late: boolean }) {}
  check = (m: Readonly<Model>) => m.orders.some((o) => o.providerOrderId);
  async run(m: Model, w: World) {
    // Usually an order awaiting its payment; sometimes any online order, so money also arrives late.
    const order =
      (await pickOrder(w, m, this.a.order, this.a.late ? undefined : ['AWAITING_PAYMENT'], true)) ?? (await pickOrder(w, m, this.a.order, undefined, true))!;
    const shopper = m.shoppers[order.shopper]!;
    const paid = await payInSandbox(w.t, order.providerOrderId!);
    if (paid.statusCode === 200) {
      const { razorpay_payment_id: paymentId, razorpay_signature: signature } = paid.json() as { razorpay_payment_id: string; razorpay_signature: string };
      m.payments.push({ paymentId, providerOrderId: order.providerOrderId! });
      if (this.a.confirm === 'callback') {
        const res = await verifyPayment(w.t, shopper.customer, paid.json());
        expect(res.statusCode, res.body).toBe(200);
        expect(['CAPTURED', 'FAILED']).toContain(res.json().Data.Status);
        expect(sign(w.t, order.providerOrderId!, paymentId)).toBe(signature);
      } else if (this.a.confirm === 'webhook') {
        for (const status of await deliverHeld(w, m)) expect(status).toBe(200);
      } else if (this.a.confirm === 'poll') {
        const res = await w.t.app.inject({ method: 'GET', url: `/api/Order/status/checkPayment/${order.id}`, headers: shopper.customer.auth });
        expect(res.statusCode, res.body).toBe(200);
      }
    } else {
      expect(paid.statusCode, paid.body).toBe(400);
    }
    await expectHealthy(w, m, this.toString());
  }
  toString = () => `Pay(${JSON.stringify(this.a)})`;
}

/** The checkout's failure path: a declined card or a closed window, then the client's Cancel call. */
class GiveUp implements Command {
  constructor(readonly a: { order: number; how: 'declined' | 'closed' }) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model, w: World) {
    const order = (await pickOrder(w, m, this.a.order, ['AWAITING_PAYMENT'])) ?? pick(m.orders, this.a.order)!;
    const shopper = m.shoppers[order.shopper]!;
    const before = await orderRow(w.t.app, order.id);
    if (this.a.how === 'declined' && order.providerOrderId) {
      const declined = await payInSandbox(w.t, order.providerOrderId, '4000 0000 0000 0002');
      expect(declined.statusCode, declined.body).toBe(400);
    }
    const res = await w.t.app.inject({ method: 'POST', url: `/api/Order/placeOrder/${order.id}/Cancel`, headers: shopper.customer.auth });
    if (before.status === 'AWAITING_PAYMENT' && res.statusCode === 200) {
      expect((await orderRow(w.t.app, order.id)).status).toBe('CANCELLED');
      await expectBasketBack(w, shopper, await itemsOf(w, order.id), this.toString());
    } else if (before.status === 'AWAITING_PAYMENT') {
      // The provider had captured a payment the shop had not yet heard of: the order is placed, not cancelled.
      expect(res.statusCode, res.body).toBe(400);
      expect((await orderRow(w.t.app, order.id)).status).toBe('PLACED');
    } else {
      expect([200, 400], res.body).toContain(res.statusCode);
    }
    await expectHealthy(w, m, this.toString());
  }
  toString = () => `GiveUp(${JSON.stringify(this.a)})`;
}

class CustomerCancel implements Command {
  constructor(readonly a: { order: number }) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model, w: World) {
    const order = pick(m.orders, this.a.order)!;
    const res = await w.t.app.inject({ method: 'PUT', url: `/api/Order/cancel/${order.id}`, headers: m.shoppers[order.shopper]!.customer.auth });
    expect([200, 409], res.body).toContain(res.statusCode);
    await expectHealthy(w, m, this.toString());
  }
  toString = () => `CustomerCancel(${JSON.stringify(this.a)})`;
}

/** The shop packs, dispatches, delivers, takes a return back or refunds it, or cancels (npm run shop). */
class ShopMove implements Command {
  constructor(readonly a: { order: number; cancel: boolean; steps: number }) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model, w: World) {
    const order = (await pickOrder(w, m, this.a.order, this.a.cancel ? undefined : Object.keys(NEXT_SHOP_STATUS))) ?? pick(m.orders, this.a.order)!;
    for (let step = 0; step < (this.a.cancel ? 1 : this.a.steps); step += 1) {
      const { status } = await orderRow(w.t.app, order.id);
      const to = this.a.cancel ? 'CANCELLED' : isOrderStatus(status) ? NEXT_SHOP_STATUS[status] : undefined;
      if (!to) break;
      try {
        await moveOrderStatus(w.t.app, { orderId: order.id, to, actor: 'shop', note: 'Moved by the shop' });
      } catch (error) {
        expect((error as { statusCode?: number }).statusCode, String(error)).toBe(400);
      }
      await expectHealthy(w, m, `${this.toString()} step ${step + 1}`);
    }
    await expectHealthy(w, m, this.toString());
  }
  toString = () => `ShopMove(${JSON.stringify(this.a)})`;
}

class RequestReturn implements Command {
  constructor(readonly a: { order: number }) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model, w: World) {
    const order = (await pickOrder(w, m, this.a.order, ['DELIVERED'])) ?? pick(m.orders, this.a.order)!;
    const shopper = m.shoppers[order.shopper]!;
    const query = new URLSearchParams({ returnRemark: 'The fish was not fresh.', returnImage: shopper.photo });
    const res = await w.t.app.inject({ method: 'PUT', url: `/api/Order/return/${order.id}?${query}`, headers: shopper.customer.auth });
    expect([200, 409], res.body).toContain(res.statusCode);
    await expectHealthy(w, m, this.toString());
  }
  toString = () => `RequestReturn(${JSON.stringify(this.a)})`;
}

/**
 * Whether a full refund at the provider would leave a returned order's earned points, already
 * spent, worth more than its customer's wallet holds: the provider gives the card all its money
 * back, so the shop can take their value only from the wallet, and the rest is the shop's own loss
 * at the provider, which the checker reports (payment-refunds.test.ts).
 */
async function spentPointsUncovered(w: World, orderId: number): Promise<boolean> {
  const order = await w.t.app.db
    .selectFrom('orders')
    .select(['status', 'earned_points', 'customer_id', 'company_id'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  if (order.status !== 'RETURNED' || order.earned_points === 0) return false;
  const customer = await w.t.app.db
    .selectFrom('customers')
    .select(['wallet_balance', 'loyalty_points'])
    .where('id', '=', order.customer_id)
    .executeTakeFirstOrThrow();
  const spent = order.earned_points - Math.min(order.earned_points, customer.loyalty_points);
  return spent * (await paisePerLoyaltyPoint(w.t.app.db, order.company_id)) > customer.wallet_balance;
}

/**
 * A refund made at the payment provider (its dashboard or API) for an order the shop takes back:
 * one not yet out for delivery, or a returned one. The provider's webhook tells the shop. Refunds
 * of orders whose goods stay with the customer, or whose money the shop already gave back through
 * the wallet, are the shop's own gifts rather than anything a customer does; the checker reports
 * what they cost (payment-refunds.test.ts).
 */
class ProviderRefund implements Command {
  constructor(readonly a: { order: number; full: boolean }) {}
  check = (m: Readonly<Model>) => m.payments.length > 0;
  async run(m: Model, w: World) {
    const kept = await w.t.app.db
      .selectFrom('orders')
      .select(['id', 'provider_payment_id'])
      .where(
        'provider_payment_id',
        'in',
        m.payments.map((p) => p.paymentId),
      )
      .where('status', 'in', ['PLACED', 'PACKED', 'RETURNED'])
      // A lighter pack already gave part of the money back through the wallet: a provider refund on top is the shop's own gift.
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('order_items as i').select('i.id').whereRef('i.order_id', '=', 'orders.id').where('i.weight_refunded', '>', 0))),
      )
      .execute();
    const refundable: typeof kept = [];
    for (const order of kept) if (!this.a.full || !(await spentPointsUncovered(w, order.id))) refundable.push(order);
    const payment = pick(
      m.payments.filter((p) => refundable.some((k) => k.provider_payment_id === p.paymentId)),
      this.a.order,
    );
    if (!payment) return;
    const auth = Buffer.from(`${w.t.config.razorpayKeyId}:${w.t.config.razorpayKeySecret}`).toString('base64');
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/sandbox/razorpay/v1/payments/${payment.paymentId}/refund`,
      headers: { authorization: `Basic ${auth}` },
      payload: this.a.full ? {} : { amount: 100 },
    });
    expect([200, 400], res.body).toContain(res.statusCode);
    for (const status of await deliverHeld(w, m)) expect(status).toBe(200);
    await expectHealthy(w, m, this.toString());
  }
  toString = () => `ProviderRefund(${JSON.stringify(this.a)})`;
}

/** The shop weighs what it packed for an order line (npm run shop -- pack), sometimes the same weight again or another one. */
class Pack implements Command {
  constructor(readonly a: { order: number; line: number; permille: number; again: 'none' | 'same' | 'other' }) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model, w: World) {
    const order = (await pickOrder(w, m, this.a.order, ['PLACED', 'PACKED'])) ?? pick(m.orders, this.a.order)!;
    const lines = await w.t.app.db.selectFrom('order_items').select(['net_grams', 'qty']).where('order_id', '=', order.id).orderBy('id').execute();
    const line = (this.a.line % Math.max(1, lines.length)) + 1;
    const ordered = (lines[line - 1]?.net_grams ?? 400) * (lines[line - 1]?.qty ?? 1);
    const grams = Math.max(1, Math.round((ordered * this.a.permille) / 1000));
    const tries = this.a.again === 'none' ? [grams] : [grams, this.a.again === 'same' ? grams : grams + 10];
    for (const weight of tries) {
      try {
        await recordPackedWeight(w.t.app, { orderId: order.id, line, grams: weight });
      } catch (error) {
        expect((error as { statusCode?: number }).statusCode, String(error)).toBe(400);
      }
      await expectHealthy(w, m, `${this.toString()} at ${weight} g`);
    }
  }
  toString = () => `Pack(${JSON.stringify(this.a)})`;
}

class DeliverWebhooks implements Command {
  check = () => true;
  async run(m: Model, w: World) {
    for (const status of await deliverHeld(w, m)) expect(status).toBe(200);
    await expectHealthy(w, m, this.toString());
  }
  toString = () => 'DeliverWebhooks';
}

class ReplayWebhook implements Command {
  constructor(readonly a: { delivery: number }) {}
  check = (m: Readonly<Model>) => m.seen.length > 0;
  async run(m: Model, w: World) {
    const status = await w.t.app.sandboxWebhooks!.deliver(pick(m.seen, this.a.delivery)!);
    expect(status).toBe(200);
    await expectHealthy(w, m, this.toString());
  }
  toString = () => `ReplayWebhook(${JSON.stringify(this.a)})`;
}

/** Someone who knows the webhook secret signs events the provider never sent. */
class ForgeWebhook implements Command {
  constructor(readonly a: { order: number; kind: 'capture-unknown' | 'capture-other' | 'failed-unknown' | 'refund-unknown' }) {}
  check = (m: Readonly<Model>) => m.orders.some((o) => o.providerOrderId);
  async run(m: Model, w: World) {
    const order = pick(
      m.orders.filter((o) => o.providerOrderId),
      this.a.order,
    )!;
    const before = await orderRow(w.t.app, order.id);
    const other = m.payments.find((p) => p.providerOrderId !== order.providerOrderId);
    const paymentId = this.a.kind === 'capture-other' && other ? other.paymentId : `pay_Forged${crypto.randomBytes(4).toString('hex')}`;
    const payment = {
      id: paymentId,
      entity: 'payment',
      amount: before.net_amount,
      currency: 'INR',
      status: this.a.kind === 'failed-unknown' ? 'failed' : this.a.kind === 'refund-unknown' ? 'refunded' : 'captured',
      order_id: order.providerOrderId,
      method: 'card',
      amount_refunded: this.a.kind === 'refund-unknown' ? before.net_amount : 0,
      captured: this.a.kind !== 'failed-unknown',
    };
    const event = {
      'capture-unknown': 'payment.captured',
      'capture-other': 'payment.captured',
      'failed-unknown': 'payment.failed',
      'refund-unknown': 'refund.processed',
    }[this.a.kind];
    const payload: Record<string, { entity: unknown }> = { payment: { entity: payment } };
    if (this.a.kind === 'refund-unknown')
      payload.refund = {
        entity: { id: 'rfnd_Forged0001', entity: 'refund', amount: before.net_amount, currency: 'INR', payment_id: paymentId, status: 'processed' },
      };
    const body = JSON.stringify({ entity: 'event', event, contains: Object.keys(payload), payload, created_at: Math.floor(Date.now() / 1000) });
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/Payment/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': webhookSignature(w.t.config.razorpayWebhookSecret, body),
        'x-razorpay-event-id': `evt_Forged${crypto.randomBytes(6).toString('hex')}`,
      },
      payload: body,
    });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    const after = await orderRow(w.t.app, order.id);
    expect({ status: after.status, payment: after.payment_status }, 'a forged webhook changes nothing').toEqual({
      status: before.status,
      payment: before.payment_status,
    });
    await expectHealthy(w, m, this.toString());
  }
  toString = () => `ForgeWebhook(${JSON.stringify(this.a)})`;
}

class Poll implements Command {
  constructor(readonly a: { order: number }) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model, w: World) {
    const order = pick(m.orders, this.a.order)!;
    const res = await w.t.app.inject({ method: 'GET', url: `/api/Order/status/checkPayment/${order.id}`, headers: m.shoppers[order.shopper]!.customer.auth });
    expect(res.statusCode, res.body).toBe(200);
    await expectHealthy(w, m, this.toString());
  }
  toString = () => `Poll(${JSON.stringify(this.a)})`;
}

/** The abandoned-order sweep, run as if the payment window of every waiting order had passed. */
class Sweep implements Command {
  check = () => true;
  async run(m: Model, w: World) {
    const waiting = await w.t.app.db.selectFrom('orders').select(['id', 'customer_id']).where('status', '=', 'AWAITING_PAYMENT').execute();
    await cancelAbandonedOrders(w.t.app, new Date(Date.now() + FAR_FUTURE_MS));
    for (const order of waiting) {
      const row = await orderRow(w.t.app, order.id);
      expect(['CANCELLED', 'PLACED']).toContain(row.status);
      const shopper = m.shoppers.find((s) => s.customer.id === order.customer_id);
      if (shopper && row.status === 'CANCELLED') await expectBasketBack(w, shopper, await itemsOf(w, order.id), this.toString());
    }
    await expectHealthy(w, m, this.toString());
  }
  toString = () => 'Sweep';
}

const index = fc.nat({ max: 20 });
const shopper = fc.nat({ max: 1 });
const place = fc
  .record({
    shopper,
    product: fc.nat({ max: 2 }),
    qty: fc.integer({ min: 1, max: 3 }),
    method: fc.constantFrom('ONLINE' as const, 'COD' as const),
    wallet: fc.boolean(),
    points: fc.boolean(),
    coupon: fc.boolean(),
    retry: fc.boolean(),
  })
  .map((a) => new Place(a));
const commands = [
  fc.record({ shopper, product: fc.nat({ max: 2 }), qty: fc.integer({ min: 1, max: 3 }) }).map((a) => new AddToCart(a)),
  place,
  place,
  place,
  fc
    .record({ order: index, confirm: fc.constantFrom('callback' as const, 'webhook' as const, 'poll' as const, 'lost' as const), late: fc.boolean() })
    .map((a) => new Pay(a)),
  fc
    .record({ order: index, confirm: fc.constantFrom('callback' as const, 'webhook' as const, 'poll' as const), late: fc.constant(false) })
    .map((a) => new Pay(a)),
  fc.record({ order: index, how: fc.constantFrom('declined' as const, 'closed' as const) }).map((a) => new GiveUp(a)),
  fc.record({ order: index }).map((a) => new CustomerCancel(a)),
  fc.record({ order: index }).map((a) => new CustomerCancel(a)),
  fc.record({ order: index, cancel: fc.boolean(), steps: fc.integer({ min: 1, max: 3 }) }).map((a) => new ShopMove(a)),
  fc.record({ order: index, cancel: fc.constant(false), steps: fc.integer({ min: 1, max: 3 }) }).map((a) => new ShopMove(a)),
  fc.record({ order: index, cancel: fc.constant(false), steps: fc.integer({ min: 1, max: 3 }) }).map((a) => new ShopMove(a)),
  fc.record({ order: index }).map((a) => new RequestReturn(a)),
  fc
    .record({
      order: index,
      line: fc.nat({ max: 3 }),
      permille: fc.integer({ min: 500, max: 1600 }),
      again: fc.constantFrom('none' as const, 'same' as const, 'other' as const),
    })
    .map((a) => new Pack(a)),
  fc.record({ order: index, full: fc.boolean() }).map((a) => new ProviderRefund(a)),
  fc.constant(new DeliverWebhooks()),
  fc.record({ delivery: index }).map((a) => new ReplayWebhook(a)),
  fc
    .record({ order: index, kind: fc.constantFrom('capture-unknown' as const, 'capture-other' as const, 'failed-unknown' as const, 'refund-unknown' as const) })
    .map((a) => new ForgeWebhook(a)),
  fc.record({ order: index }).map((a) => new Poll(a)),
  fc.constant(new Sweep()),
];

describe('No sequence of customer actions creates money, points or stock', () => {
  it('holds every invariant after every step of random shopping by several customers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 60, size: 'max' }), async (cmds) => {
        const { model, world } = await openShop();
        try {
          await fc.asyncModelRun(() => Promise.resolve({ model, real: world }), cmds);
        } finally {
          await world.t.close();
        }
      }),
      { numRuns: 40 },
    );
  }, 600_000);
});
