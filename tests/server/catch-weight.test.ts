import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordPackedWeight } from '../../server/services/catch-weight-service.js';
import { checkInvariants } from '../../server/services/invariants.js';
import { moveOrderStatus } from '../../server/services/order-service.js';
import { storeUpload } from '../../server/services/upload-service.js';

import { cliEnv, cliRunner } from '../helpers/shop-cli.js';
import { PNG_1PX } from '../helpers/upload-fixtures.js';
import {
  addProduct,
  createOrder,
  customerBalances,
  onlineOrder,
  payInSandbox,
  processOrder,
  readyCustomer,
  startMoneyShop,
  verifyPayment,
  type Customer,
  type ProductFixture,
} from './order-fixtures.js';

/**
 * Fish sold by weight: the catalogue carries gross and net weight, pieces, servings and the price
 * per kg; the shop records what it packed per order line and the difference is settled once.
 */

let t: Awaited<ReturnType<typeof startMoneyShop>>['t'];
let slotId: number;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  ({ t, slotId } = await startMoneyShop());
  // The callback confirms payments; held webhooks keep the server from writing while the command line does.
  t.app.sandboxWebhooks!.hold();
  env = await cliEnv(t.app.db, t.config.dataDir, t.base);
});
afterAll(async () => {
  await t?.close();
});

const shop = cliRunner(() => env);

/** A fish of ₹500 a pack (offer ₹480) whose pack is 500 g gross, 400 g net. */
async function fish(): Promise<ProductFixture> {
  const product = await addProduct(t.app, { sRate: 500, oRate: 480, stock: 50 });
  await t.app.db.updateTable('products').set({ gross_grams: 500, net_grams: 400, pieces: '6-8', serves: '2-3' }).where('id', '=', product.productId).execute();
  return product;
}

/** An online order of `qty` packs, ₹100 of it from the wallet, paid with a card. */
async function paidOnline(product: ProductFixture, qty: number): Promise<{ customer: Customer; orderId: number }> {
  const { customer, addressId } = await readyCustomer(t.app, { product, qty, slotId, walletPaise: 10_000 });
  const { orderId, providerOrderId } = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId, isWalletAmount: true });
  const paid = (await payInSandbox(t, providerOrderId)).json();
  expect((await verifyPayment(t, customer, paid)).json().Data.Status).toBe('CAPTURED');
  return { customer, orderId };
}

async function cashOnDelivery(product: ProductFixture, qty: number): Promise<{ customer: Customer; orderId: number }> {
  const { customer, addressId } = await readyCustomer(t.app, { product, qty, slotId });
  const created = await createOrder(t.app, customer, { deliveryId: slotId, addressId, paymentMethod: 'COD' });
  const orderId = created.json().Data.OrderId as number;
  expect((await processOrder(t.app, customer, orderId)).statusCode).toBe(200);
  return { customer, orderId };
}

async function detail(customer: Customer, orderId: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/Order/${orderId}`, headers: customer.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Data;
}

async function healthy(): Promise<void> {
  expect((await checkInvariants(t.app.db)).violations).toEqual([]);
}

describe('weights in the catalogue', () => {
  it('the demo Seer fish curry cut of 500 g is 400 g net, 6-8 pieces, serves 2-3, priced per kg at its offer rate', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Product/detail/1?branchId=1' });
    const product = res.json().Data;
    const curryCut = product.variants.find((v: { name: string }) => v.name === '500 g · Curry cut');
    expect(curryCut).toMatchObject({ grossGrams: 500, netGrams: 400, pieces: '6-8', serves: '2-3' });
    const charged = curryCut.oRate ?? curryCut.sRate;
    expect(curryCut.pricePerKg).toBeCloseTo((charged * 1000) / 400, 2);
    const selected = product.variants.find((v: { variantId: number }) => v.variantId === product.variantId);
    expect(product).toMatchObject({ grossGrams: selected.grossGrams, netGrams: selected.netGrams, pricePerKg: selected.pricePerKg });
  });

  it('a product not sold by weight carries none of the fields', async () => {
    const plain = await addProduct(t.app, { sRate: 90, stock: 5 });
    const res = await t.app.inject({ method: 'GET', url: `/api/Product/detail/${plain.productId}?branchId=1` });
    const product = res.json().Data;
    for (const field of ['grossGrams', 'netGrams', 'pieces', 'serves', 'pricePerKg']) expect(product).not.toHaveProperty(field);
  });

  it('the shop sets weights from the command line and the list shows them with the price per kg', async () => {
    const product = await addProduct(t.app, { sRate: 600, stock: 5 });
    const set = await shop('weights', '--product', String(product.productId), '--gross', '1000', '--net', '750', '--pieces', '12-16', '--serves', '4-6');
    expect(set.code, set.err.join('\n')).not.toBe(1);
    expect(set.out[0]).toContain('1 kg · Net 750 g · 12-16 pcs · serves 4-6 · ₹800.00/kg');
    const res = await t.app.inject({ method: 'GET', url: `/api/Product/detail/${product.productId}?branchId=1` });
    expect(res.json().Data).toMatchObject({ grossGrams: 1000, netGrams: 750, pieces: '12-16', serves: '4-6', pricePerKg: 800 });
  });

  it('a product sold in variants takes its weights per variant', async () => {
    const result = await shop('weights', '--product', '1', '--net', '400');
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toContain('is sold in variants; name one with --variant');
  });

  it.each([
    [['--net', '0.5'], '--net must be a whole number of grams'],
    [['--pieces', 'many'], '--pieces must be a number or a range'],
    [['--gross', '300', '--net', '400'], 'cannot be above the gross weight'],
    [[], 'Give at least one of'],
  ])('refuses weights %j', async (args, message) => {
    const product = await addProduct(t.app, { sRate: 100, stock: 5 });
    const result = await shop('weights', '--product', String(product.productId), ...args);
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toContain(message);
  });
});

describe('catch-weight settlement', () => {
  it('a lighter pack refunds the difference at the price per kg charged to the wallet, once', async () => {
    const product = await fish();
    const { customer, orderId } = await paidOnline(product, 2); // 2 × ₹480 = ₹960 for 800 g net
    const before = (await customerBalances(t.app, customer)).wallet_balance;
    const packed = await shop('pack', '--order', String(orderId), '--line', '1', '--grams', '760');
    expect(packed.code, packed.err.join('\n')).not.toBe(1);
    // 40 g of 800 g of ₹960 is ₹48.
    expect(packed.out[0]).toContain("packed 760 g of 800 g ordered; ₹48.00 refunded to the customer's wallet");
    expect((await customerBalances(t.app, customer)).wallet_balance).toBe(before + 4_800);
    const lines = await shop('order-lines', '--order', String(orderId));
    expect(lines.out[1]).toMatch(/^ {2}1\. 2 × Test fish \d+ {2}₹960\.00 {2}ordered 800 g, packed 760 g$/);
    const again = await shop('pack', '--order', String(orderId), '--line', '1', '--grams', '760');
    expect(again.out[0]).toContain('Already settled earlier');
    const changed = await shop('pack', '--order', String(orderId), '--line', '1', '--grams', '700');
    expect(changed.code).toBe(1);
    expect(changed.err[0]).toContain('a packed weight is final');
    expect((await customerBalances(t.app, customer)).wallet_balance).toBe(before + 4_800);
    const order = await detail(customer, orderId);
    expect(order.Items[0]).toMatchObject({ OrderedGrams: 800, PackedGrams: 760, WeightRefund: 48, WeightDue: 0 });
    expect(order).toMatchObject({ WeightRefund: 48, WeightDue: 0 });
    expect(order.Refunds).toEqual([expect.objectContaining({ Amount: 48, Destination: 'WALLET' })]);
    const history = await t.app.db.selectFrom('wallet_ledger').select(['amount', 'reason']).where('order_id', '=', orderId).where('amount', '>', 0).execute();
    expect(history).toEqual([{ amount: 4_800, reason: expect.stringContaining('Lighter pack of') }]);
    await healthy();
  });

  it('cancelling after a lighter pack gives back only what was not refunded already', async () => {
    const product = await fish();
    const { customer, orderId } = await paidOnline(product, 1); // ₹480 + ₹49 delivery = ₹529, ₹100 from the wallet
    const start = (await customerBalances(t.app, customer)).wallet_balance; // ₹0 left after the order
    await recordPackedWeight(t.app, { orderId, line: 1, grams: 300 }); // 100 g of 400 g: ₹120 back
    const cancel = await t.app.inject({ method: 'PUT', url: `/api/Order/cancel/${orderId}`, headers: customer.auth });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // Paid ₹429 by card and ₹100 from the wallet: ₹529 in all comes back, ₹120 of it earlier.
    expect((await customerBalances(t.app, customer)).wallet_balance - start).toBe(52_900);
    await healthy();
  });

  it('a heavier pack adds at most 10% of the line to pay on delivery, charges nothing, and is given back with a return', async () => {
    const product = await fish();
    const { customer, orderId } = await paidOnline(product, 1);
    const before = (await customerBalances(t.app, customer)).wallet_balance;
    const small = await recordPackedWeight(t.app, { orderId, line: 1, grams: 600 }); // +200 g = ₹240, capped at ₹48
    expect(small).toMatchObject({ refundedToWallet: 0, dueOnDelivery: 4_800, shopBears: 19_200 });
    expect((await customerBalances(t.app, customer)).wallet_balance).toBe(before);
    expect(await detail(customer, orderId)).toMatchObject({ WeightDue: 48, Items: [expect.objectContaining({ PackedGrams: 600, WeightDue: 48 })] });
    for (const to of ['PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED'] as const) await moveOrderStatus(t.app, { orderId, to, actor: 'shop', note: 'test' });
    await healthy();
    const photo = await storeUpload(t.app.db, t.config.dataDir, customer.id, PNG_1PX, { mime: 'image/png', ext: 'png' });
    const query = new URLSearchParams({ returnRemark: 'Too much for us.', returnImage: photo.Url });
    const asked = await t.app.inject({ method: 'PUT', url: `/api/Order/return/${orderId}?${query}`, headers: customer.auth });
    expect(asked.statusCode, asked.body).toBe(200);
    await moveOrderStatus(t.app, { orderId, to: 'RETURNED', actor: 'shop', note: 'test' });
    await moveOrderStatus(t.app, { orderId, to: 'REFUNDED', actor: 'shop', note: 'test' });
    const { earned_points: earned } = await t.app.db.selectFrom('orders').select('earned_points').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(earned).toBe(4); // one point per full ₹100 of the ₹429 net amount
    // ₹429 card + ₹100 wallet + ₹48 at the door.
    expect((await customerBalances(t.app, customer)).wallet_balance - before).toBe(57_700);
    await healthy();
  });

  it('cash on delivery: a lighter pack lowers the cash to collect and puts nothing in the wallet', async () => {
    const product = await fish();
    const { customer, orderId } = await cashOnDelivery(product, 1);
    const before = (await customerBalances(t.app, customer)).wallet_balance;
    const packed = await shop('pack', String(orderId), '1', '350');
    expect(packed.out[0]).toContain('₹60.00 less to collect on delivery');
    expect((await customerBalances(t.app, customer)).wallet_balance).toBe(before);
    expect(await detail(customer, orderId)).toMatchObject({ WeightRefund: 0, WeightDue: -60 });
    for (const to of ['PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED'] as const) await moveOrderStatus(t.app, { orderId, to, actor: 'shop', note: 'test' });
    await healthy();
  });

  it.each([
    ['an unknown line', { line: 5, grams: 400 }, 'has 1 line; name one from 1 to 1'],
    ['a weight far above the order', { line: 1, grams: 5_000 }, 'more than 3 times'],
    ['no weight at all', { line: 1, grams: 0 }, 'whole number of grams above 0'],
  ])('refuses %s', async (_case, input, message) => {
    const product = await fish();
    const { orderId } = await paidOnline(product, 1);
    await expect(recordPackedWeight(t.app, { orderId, ...input })).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining(message) });
  });

  it('refuses a line not sold by weight, an order not yet paid and one already out for delivery', async () => {
    const plain = await addProduct(t.app, { sRate: 300, stock: 5 });
    const { orderId: plainOrder } = await paidOnline(plain, 1);
    await expect(recordPackedWeight(t.app, { orderId: plainOrder, line: 1, grams: 400 })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('is not sold by weight'),
    });
    const product = await fish();
    const { customer, addressId } = await readyCustomer(t.app, { product, qty: 1, slotId });
    const { orderId: unpaid } = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId });
    const refused = await shop('pack', '--order', String(unpaid), '--line', '1', '--grams', '380');
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toContain('is Awaiting Payment; a packed weight is recorded while the order is Placed or Packed');
    const { orderId: shipped } = await paidOnline(product, 1);
    for (const to of ['PACKED', 'OUT_FOR_DELIVERY'] as const) await moveOrderStatus(t.app, { orderId: shipped, to, actor: 'shop', note: 'test' });
    await expect(recordPackedWeight(t.app, { orderId: shipped, line: 1, grams: 380 })).rejects.toMatchObject({ statusCode: 400 });
    expect((await shop('pack', '--order', '99999999', '--line', '1', '--grams', '380')).code).toBe(1);
  });

  it('two packings racing for a line settle it once', async () => {
    const product = await fish();
    const { customer, orderId } = await paidOnline(product, 1);
    const before = (await customerBalances(t.app, customer)).wallet_balance;
    const results = await Promise.allSettled([
      recordPackedWeight(t.app, { orderId, line: 1, grams: 360 }),
      recordPackedWeight(t.app, { orderId, line: 1, grams: 360 }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled' && !r.value.alreadySettled)).toHaveLength(1);
    expect((await customerBalances(t.app, customer)).wallet_balance - before).toBe(4_800);
    await healthy();
  });
});
