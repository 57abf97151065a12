import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { insertOrder } from '../helpers/order-fixtures.js';
import { PNG_1PX, multipart } from '../helpers/upload-fixtures.js';
import { ABANDONED_REASON } from '../../server/jobs/abandoned-orders.js';
import { ORDER_STATUSES } from '../../server/services/order-lifecycle.js';
import { cancelOrder, moveOrderStatus } from '../../server/services/order-service.js';

type Customer = Awaited<ReturnType<typeof createCustomer>>;
interface Step {
  StatusCode: string;
  Title: string;
  Detail: string;
}

let t: TestApp;
let asha: Customer;

beforeAll(async () => {
  t = await buildTestApp();
  asha = await createCustomer(t.app, { walletPaise: 100_000 });
});
afterAll(async () => {
  await t.close();
});

const call = async <T>(method: 'GET' | 'PUT' | 'POST', url: string): Promise<T> => {
  const res = await t.app.inject({ method, url: `/api/${url}`, headers: asha.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Data as T;
};
const timeline = async (orderId: number) => (await call<{ Timeline: Step[] }>('GET', `Order/${orderId}`)).Timeline;
const shopMove = (orderId: number, to: 'PACKED' | 'OUT_FOR_DELIVERY' | 'DELIVERED' | 'RETURNED' | 'REFUNDED' | 'CANCELLED') =>
  moveOrderStatus(t.app, { orderId, to, actor: 'shop', note: 'Moved by the shop' });

/** Words of the shop's machinery that a shopper must never read in their order's history. */
const INTERNAL = [/callback/i, /webhook/i, /moved by the shop/i, /\bpay_\w+/, /\brfnd_\w+/, /paise/i, ...ORDER_STATUSES.map((s) => new RegExp(`\\b${s}\\b`))];

function expectShopperWords(steps: Step[]) {
  for (const step of steps) for (const word of INTERNAL) expect(`${step.Title} ${step.Detail}`).not.toMatch(word);
}

describe('Order list payment state', () => {
  it('gives each row the payment state of its order, whatever the method chosen', async () => {
    const unpaid = await insertOrder(t.app, { customerId: asha.id, status: 'AWAITING_PAYMENT' });
    const paid = await insertOrder(t.app, { customerId: asha.id, status: 'PLACED' });
    const cash = await insertOrder(t.app, { customerId: asha.id, status: 'PLACED', paymentMethod: 'COD' });
    const fromWallet = await insertOrder(t.app, { customerId: asha.id, status: 'PLACED', walletPaise: 20_000, netPaise: 0 });
    const declined = await insertOrder(t.app, { customerId: asha.id, status: 'AWAITING_PAYMENT' });
    // The checkout cancels an order whose card was declined.
    await call('POST', `Order/placeOrder/${declined.id}/Cancel`);
    const rows = await call<{ OrderId: number; PaymentMethod: string; PaymentStatus: string }[]>('GET', `Order/customer/${asha.id}?filterType=all&pageSize=50`);
    const state = (id: number) => rows.find((r) => r.OrderId === id);
    expect(state(unpaid.id)).toMatchObject({ PaymentMethod: 'ONLINE', PaymentStatus: 'PENDING' });
    expect(state(paid.id)).toMatchObject({ PaymentMethod: 'ONLINE', PaymentStatus: 'CAPTURED' });
    expect(state(cash.id)).toMatchObject({ PaymentMethod: 'COD', PaymentStatus: 'PENDING' });
    expect(state(fromWallet.id)).toMatchObject({ PaymentMethod: 'ONLINE', PaymentStatus: 'NOT_REQUIRED' });
    expect(state(declined.id)).toMatchObject({ PaymentMethod: 'ONLINE', PaymentStatus: 'FAILED' });
  });

  it('sends the payment state with each live status push', async () => {
    const cash = await insertOrder(t.app, { customerId: asha.id, status: 'OUT_FOR_DELIVERY', paymentMethod: 'COD' });
    const unpaid = await insertOrder(t.app, { customerId: asha.id, status: 'AWAITING_PAYMENT' });
    const pushes: { type: string; data: unknown }[] = [];
    const stop = t.app.live.onCustomer((c) => pushes.push(c));
    await shopMove(cash.id, 'DELIVERED');
    await call('PUT', `Order/cancel/${unpaid.id}`);
    stop();
    const statusPushes = pushes.filter((p) => p.type === 'OrderStatus').map((p) => p.data);
    expect(statusPushes).toContainEqual(expect.objectContaining({ OrderId: cash.id, StatusCode: 'DELIVERED', PaymentStatus: 'CAPTURED' }));
    expect(statusPushes).toContainEqual(expect.objectContaining({ OrderId: unpaid.id, StatusCode: 'CANCELLED', PaymentStatus: 'FAILED' }));
  });
});

describe('Order timeline in the shopper’s words', () => {
  it('tells a cash order from placing to refund', async () => {
    const order = await insertOrder(t.app, { customerId: asha.id, status: 'AWAITING_PAYMENT', paymentMethod: 'COD' });
    await call('POST', `Order/placeOrder/${order.id}/Proccess`);
    for (const to of ['PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED'] as const) await shopMove(order.id, to);
    const photo = multipart(PNG_1PX, 'photo.png', 'image/png');
    const upload = await t.app.inject({ method: 'POST', url: '/api/Product/images', payload: photo.payload, headers: { ...photo.headers, ...asha.auth } });
    const image = upload.json().Data.Url as string;
    await call('PUT', `Order/return/${order.id}?${new URLSearchParams({ returnRemark: 'The prawns were not fresh.', returnImage: image })}`);
    await shopMove(order.id, 'RETURNED');
    await shopMove(order.id, 'REFUNDED');
    const steps = await timeline(order.id);
    expect(steps.map((s) => [s.Title, s.Detail])).toEqual([
      ['Order placed', ''],
      ['Order confirmed', 'You pay in cash when it arrives.'],
      ['Packed', 'Your order is packed and ready to go out.'],
      ['Out for delivery', 'Your order is on its way.'],
      ['Delivered', ''],
      ['Return requested', 'The prawns were not fresh.'],
      ['Returned', 'The shop has taken the items back.'],
      ['Refunded', 'What you paid is back in your wallet.'],
    ]);
    expectShopperWords(steps);
  });

  it('tells an online payment as received, however the shop heard of it', async () => {
    const order = await insertOrder(t.app, { customerId: asha.id, status: 'PLACED' });
    await t.app.db
      .updateTable('order_events')
      .set({ note: 'Payment pay_Q1w2e3 captured (webhook).' })
      .where('order_id', '=', order.id)
      .where('status', '=', 'PLACED')
      .execute();
    const steps = await timeline(order.id);
    expect(steps.map((s) => [s.Title, s.Detail])).toEqual([
      ['Order placed', 'Waiting for your payment.'],
      ['Payment received', 'Your order is confirmed.'],
    ]);
    expectShopperWords(steps);
  });

  it.each([
    ['by the customer with no reason', 'PLACED', 'cancel', 'Cancelled by you', 'What you paid is back in your wallet.'],
    ['by the customer while unpaid', 'AWAITING_PAYMENT', 'cancel', 'Cancelled by you', 'Your items are back in your basket.'],
    [
      'by the checkout after a declined card',
      'AWAITING_PAYMENT',
      'checkout',
      'Cancelled: payment not completed',
      'The payment did not go through. Your items are back in your basket.',
    ],
    [
      'when the payment never came',
      'AWAITING_PAYMENT',
      'abandoned',
      'Cancelled: payment not completed',
      'We did not receive your payment in time. Your items are back in your basket.',
    ],
    ['by the shop', 'PACKED', 'shop', 'Cancelled by the shop', 'What you paid is back in your wallet.'],
  ] as const)('tells a cancel %s', async (_name, from, how, title, detail) => {
    const order = await insertOrder(t.app, { customerId: asha.id, status: from });
    if (how === 'cancel') await call('PUT', `Order/cancel/${order.id}`);
    if (how === 'checkout') await call('POST', `Order/placeOrder/${order.id}/Cancel`);
    if (how === 'abandoned') await cancelOrder(t.app, { orderId: order.id, actor: 'system', reason: ABANDONED_REASON, onlyUnpaid: true });
    if (how === 'shop') await shopMove(order.id, 'CANCELLED');
    const steps = await timeline(order.id);
    expect(steps.at(-1)).toMatchObject({ StatusCode: 'CANCELLED', Title: title, Detail: detail });
    expectShopperWords(steps);
  });

  it('names the reason a customer chose for a cancel', async () => {
    const [reason] = await call<{ ReasonId: number; Reason: string }[]>('GET', 'Order/reasons/1?type=CANCEL');
    if (!reason) throw new Error('the seeded shop has no cancellation reason');
    const order = await insertOrder(t.app, { customerId: asha.id, status: 'PLACED' });
    await call('PUT', `Order/cancel/${order.id}?reasonId=${reason.ReasonId}`);
    expect((await timeline(order.id)).at(-1)).toMatchObject({
      Title: 'Cancelled by you',
      Detail: `Reason: ${reason.Reason}. What you paid is back in your wallet.`,
    });
  });

  it('tells money sent back to the card as a refund, not as a repeated status', async () => {
    const order = await insertOrder(t.app, { customerId: asha.id, status: 'CANCELLED' });
    await t.app.db
      .insertInto('order_events')
      .values({
        order_id: order.id,
        status: 'CANCELLED',
        note: 'Payment received after the order was cancelled. Payment pay_X refunded (rfnd_Y).',
        actor: 'system',
        created_at: new Date().toISOString(),
      })
      .execute();
    const steps = await timeline(order.id);
    expect(steps.at(-1)).toMatchObject({ Title: 'Payment refunded', Detail: 'Your payment was refunded to the card or account you paid with.' });
    expectShopperWords(steps);
  });
});
