import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordPackedWeight } from '../../server/services/catch-weight-service.js';
import { checkInvariants } from '../../server/services/invariants.js';
import { NEXT_SHOP_STATUS, isOrderStatus } from '../../server/services/order-lifecycle.js';
import { moveOrderStatus } from '../../server/services/order-service.js';
import { storeUpload } from '../../server/services/upload-service.js';
import { createCustomer } from '../helpers/customers.js';
import { PNG_1PX } from '../helpers/upload-fixtures.js';
import {
  addAddress,
  addProduct,
  createOrder,
  payInSandbox,
  processOrder,
  putInCart,
  startMoneyShop,
  verifyPayment,
  type Customer,
  type ProductFixture,
} from './order-fixtures.js';

/**
 * Packing by weight never creates money. Customers order fish sold by weight (online, cash on
 * delivery, part from the wallet); the shop packs lines lighter or heavier, packs them again at
 * the same or another weight, moves orders along, cancels them; customers cancel and return.
 * After every step: the shop's invariants hold, no order has given back more than was paid for
 * it (card, cash at the door, wallet), and no wallet holds more than its opening balance plus
 * the money its owner actually paid.
 */

let t: Awaited<ReturnType<typeof startMoneyShop>>['t'];
let slotId: number;
let products: ProductFixture[];

/** A fresh shop for each run, so whatever one run leaves cannot be blamed on the next. */
async function openShop(): Promise<void> {
  ({ t, slotId } = await startMoneyShop({ capacity: 5000 }));
  t.app.sandboxWebhooks!.hold();
  products = [];
  for (const [sRate, oRate, net] of [
    [500, 480, 400],
    [300, null, 250],
  ] as const) {
    const product = await addProduct(t.app, { sRate, oRate, stock: 100_000 });
    await t.app.db.updateTable('products').set({ gross_grams: 500, net_grams: net }).where('id', '=', product.productId).execute();
    products.push(product);
  }
}

interface Shopper {
  customer: Customer;
  addressId: number;
  photo: string;
  opening: number;
}
interface Model {
  shoppers: Shopper[];
  orders: { id: number; shopper: number }[];
}
type Command = fc.AsyncCommand<Model, object>;

const pick = <T>(list: readonly T[], index: number): T | undefined => (list.length ? list[index % list.length] : undefined);

/** Money the customer put into an order other than from the wallet: the card, and cash at the door once delivered. */
async function moneyPaidIn(orderId: number): Promise<{ customerId: number; paid: number; wallet: number; credited: number }> {
  const order = await t.app.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const items = await t.app.db.selectFrom('order_items').select(['weight_due']).where('order_id', '=', orderId).execute();
  const door = order.delivered_at !== null ? items.reduce((sum, i) => sum + i.weight_due, 0) : 0;
  const card = order.payment_method === 'ONLINE' && order.provider_payment_id !== null ? order.net_amount : 0;
  const cash = order.payment_method === 'COD' && order.delivered_at !== null ? order.net_amount : 0;
  const credits = await t.app.db.selectFrom('wallet_ledger').select('amount').where('order_id', '=', orderId).where('amount', '>', 0).execute();
  return { customerId: order.customer_id, paid: card + cash + door, wallet: order.wallet_amount, credited: credits.reduce((sum, c) => sum + c.amount, 0) };
}

async function expectNoMoneyCreated(m: Model, step: string): Promise<void> {
  expect((await checkInvariants(t.app.db)).violations, `invariants after ${step}`).toEqual([]);
  const paidBy = new Map<number, number>();
  for (const order of m.orders) {
    const money = await moneyPaidIn(order.id);
    expect(money.credited, `order ${order.id} gave back more than was paid for it, after ${step}`).toBeLessThanOrEqual(money.paid + money.wallet);
    paidBy.set(money.customerId, (paidBy.get(money.customerId) ?? 0) + money.paid);
  }
  for (const shopper of m.shoppers) {
    const { wallet_balance: balance } = await t.app.db
      .selectFrom('customers')
      .select('wallet_balance')
      .where('id', '=', shopper.customer.id)
      .executeTakeFirstOrThrow();
    expect(balance, `wallet of customer ${shopper.customer.id} after ${step}`).toBeLessThanOrEqual(shopper.opening + (paidBy.get(shopper.customer.id) ?? 0));
  }
}

class Place implements Command {
  constructor(readonly a: { shopper: number; product: number; qty: number; method: 'ONLINE' | 'COD'; wallet: boolean }) {}
  check = () => true;
  async run(m: Model) {
    const shopper = pick(m.shoppers, this.a.shopper)!;
    await putInCart(t.app, shopper.customer, pick(products, this.a.product)!, this.a.qty);
    const created = await createOrder(t.app, shopper.customer, {
      deliveryId: slotId,
      addressId: shopper.addressId,
      paymentMethod: this.a.method,
      isWalletAmount: this.a.wallet,
    });
    expect(created.statusCode, created.body).toBe(200);
    const orderId = created.json().Data.OrderId as number;
    const processed = await processOrder(t.app, shopper.customer, orderId);
    expect(processed.statusCode, processed.body).toBe(200);
    const providerOrderId = processed.json().Data.Data as string;
    if (providerOrderId) {
      const paid = await payInSandbox(t, providerOrderId);
      expect((await verifyPayment(t, shopper.customer, paid.json())).json().Data.Status).toBe('CAPTURED');
      t.app.sandboxWebhooks!.held.splice(0);
    }
    m.orders.push({ id: orderId, shopper: m.shoppers.indexOf(shopper) });
    await expectNoMoneyCreated(m, this.toString());
  }
  toString = () => `Place(${JSON.stringify(this.a)})`;
}

class Pack implements Command {
  constructor(readonly a: { order: number; permille: number; again: 'none' | 'same' | 'other' }) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model) {
    const order = pick(m.orders, this.a.order)!;
    const [line] = await t.app.db.selectFrom('order_items').select(['net_grams', 'qty']).where('order_id', '=', order.id).execute();
    const grams = Math.max(1, Math.round(((line?.net_grams ?? 400) * (line?.qty ?? 1) * this.a.permille) / 1000));
    const tries = this.a.again === 'none' ? [grams] : [grams, this.a.again === 'same' ? grams : grams + 25];
    for (const weight of tries) {
      try {
        await recordPackedWeight(t.app, { orderId: order.id, line: 1, grams: weight });
      } catch (error) {
        expect((error as { statusCode?: number }).statusCode, String(error)).toBe(400);
      }
      await expectNoMoneyCreated(m, `${this.toString()} at ${weight} g`);
    }
  }
  toString = () => `Pack(${JSON.stringify(this.a)})`;
}

class CustomerCancel implements Command {
  constructor(readonly a: { order: number }) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model) {
    const order = pick(m.orders, this.a.order)!;
    const res = await t.app.inject({ method: 'PUT', url: `/api/Order/cancel/${order.id}`, headers: m.shoppers[order.shopper]!.customer.auth });
    expect([200, 400, 409], res.body).toContain(res.statusCode);
    await expectNoMoneyCreated(m, this.toString());
  }
  toString = () => `CustomerCancel(${JSON.stringify(this.a)})`;
}

class ShopMove implements Command {
  constructor(readonly a: { order: number; cancel: boolean; steps: number }) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model) {
    const order = pick(m.orders, this.a.order)!;
    for (let step = 0; step < (this.a.cancel ? 1 : this.a.steps); step += 1) {
      const { status } = await t.app.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
      const to = this.a.cancel ? 'CANCELLED' : isOrderStatus(status) ? NEXT_SHOP_STATUS[status] : undefined;
      if (!to) break;
      try {
        await moveOrderStatus(t.app, { orderId: order.id, to, actor: 'shop', note: 'Moved by the shop' });
      } catch (error) {
        expect((error as { statusCode?: number }).statusCode, String(error)).toBe(400);
      }
      await expectNoMoneyCreated(m, `${this.toString()} step ${step + 1}`);
    }
  }
  toString = () => `ShopMove(${JSON.stringify(this.a)})`;
}

class RequestReturn implements Command {
  constructor(readonly a: { order: number }) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model) {
    const order = pick(m.orders, this.a.order)!;
    const shopper = m.shoppers[order.shopper]!;
    const query = new URLSearchParams({ returnRemark: 'Not what we ordered.', returnImage: shopper.photo });
    const res = await t.app.inject({ method: 'PUT', url: `/api/Order/return/${order.id}?${query}`, headers: shopper.customer.auth });
    expect([200, 400, 409], res.body).toContain(res.statusCode);
    await expectNoMoneyCreated(m, this.toString());
  }
  toString = () => `RequestReturn(${JSON.stringify(this.a)})`;
}

const index = fc.nat({ max: 20 });
const commands = [
  fc
    .record({
      shopper: fc.nat({ max: 1 }),
      product: fc.nat({ max: 1 }),
      qty: fc.integer({ min: 1, max: 3 }),
      method: fc.constantFrom('ONLINE' as const, 'COD' as const),
      wallet: fc.boolean(),
    })
    .map((a) => new Place(a)),
  fc
    .record({ order: index, permille: fc.integer({ min: 400, max: 1600 }), again: fc.constantFrom('none' as const, 'same' as const, 'other' as const) })
    .map((a) => new Pack(a)),
  fc.record({ order: index, permille: fc.integer({ min: 400, max: 999 }), again: fc.constant('none' as const) }).map((a) => new Pack(a)),
  fc.record({ order: index }).map((a) => new CustomerCancel(a)),
  fc.record({ order: index, cancel: fc.boolean(), steps: fc.integer({ min: 1, max: 4 }) }).map((a) => new ShopMove(a)),
  fc.record({ order: index, cancel: fc.constant(false), steps: fc.integer({ min: 1, max: 4 }) }).map((a) => new ShopMove(a)),
  fc.record({ order: index }).map((a) => new RequestReturn(a)),
];

async function openRun(): Promise<Model> {
  const shoppers: Shopper[] = [];
  for (const opening of [40_000, 0]) {
    const customer = await createCustomer(t.app, { walletPaise: opening });
    const photo = await storeUpload(t.app.db, t.config.dataDir, customer.id, PNG_1PX, { mime: 'image/png', ext: 'png' });
    shoppers.push({ customer, addressId: await addAddress(t.app, customer), photo: photo.Url, opening });
  }
  return { shoppers, orders: [] };
}

describe('Packing by weight never creates money', () => {
  it('refunds at most what was paid and keeps every wallet within what its owner paid, whatever the sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: 'max' }), async (cmds) => {
        await openShop();
        try {
          const model = await openRun();
          await fc.asyncModelRun(() => Promise.resolve({ model, real: {} }), cmds);
        } finally {
          await t.close();
        }
      }),
      { numRuns: 25 },
    );
  }, 600_000);
});
