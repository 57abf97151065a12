import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { expectWalletMatchesHistory, insertOrder } from '../helpers/order-fixtures.js';
import { PNG_1PX, multipart } from '../helpers/upload-fixtures.js';
import { AFTERCARE_MESSAGES } from '../../server/services/order-aftercare-service.js';
import { ORDER_STATUSES, allMoves, canMove, type OrderActor, type OrderStatus } from '../../server/services/order-lifecycle.js';
import { moveOrderStatus } from '../../server/services/order-service.js';

type Customer = Awaited<ReturnType<typeof createCustomer>>;

let t: TestApp;
let meera: Customer;
let ravi: Customer;
const HOUR = 3600_000;
const hoursAgo = (n: number) => new Date(Date.now() - n * HOUR).toISOString();

async function uploadPhoto(who: Customer): Promise<string> {
  const body = multipart(PNG_1PX, 'photo.png', 'image/png');
  const res = await t.app.inject({ method: 'POST', url: '/api/Product/images', payload: body.payload, headers: { ...body.headers, ...who.auth } });
  expect(res.statusCode).toBe(200);
  return res.json().Data.Url as string;
}

let meeraPhoto: string;
let raviPhoto: string;
let returnReasonId: number;

beforeAll(async () => {
  t = await buildTestApp();
  meera = await createCustomer(t.app, { walletPaise: 50_000 });
  ravi = await createCustomer(t.app);
  await t.app.db.updateTable('customers').set({ email: 'meera@example.in' }).where('id', '=', meera.id).execute();
  meeraPhoto = await uploadPhoto(meera);
  raviPhoto = await uploadPhoto(ravi);
  const reasons = await t.app.inject({ method: 'GET', url: '/api/Order/reasons/1?type=RETURN', headers: meera.auth });
  returnReasonId = reasons.json().Data[0].ReasonId;
});
afterAll(async () => {
  await t.close();
});

const returnUrl = (id: number, remark: string, image: string, reasonId?: number) =>
  `/api/Order/return/${id}?${new URLSearchParams({ returnRemark: remark, returnImage: image, ...(reasonId ? { reasonId: String(reasonId) } : {}) })}`;

describe('Return', () => {
  it('moves a delivered order within the window to Return Requested, with reason, remark, photo, timeline and a mail', async () => {
    const order = await insertOrder(t.app, { customerId: meera.id, status: 'DELIVERED', deliveredAt: hoursAgo(47) });
    const detail = await t.app.inject({ method: 'GET', url: `/api/Order/${order.id}`, headers: meera.auth });
    expect(detail.json().Data).toMatchObject({ CanReturn: true, CanCancel: false, CanReview: true });
    const res = await t.app.inject({ method: 'PUT', url: returnUrl(order.id, '  The fish smelt off.  ', meeraPhoto, returnReasonId), headers: meera.auth });
    expect(res.statusCode).toBe(200);
    const d = res.json().Data;
    expect(d).toMatchObject({
      StatusCode: 'RETURN_REQUESTED',
      OrderStatus: 'Return Requested',
      CanReturn: false,
      Return: { Remark: 'The fish smelt off.', Image: meeraPhoto },
    });
    expect(d.Return.Reason).not.toBe('');
    expect(d.Timeline.at(-1)).toMatchObject({ StatusCode: 'RETURN_REQUESTED', Actor: 'customer' });
    expect(t.mail.sent.at(-1)).toMatchObject({ to: 'meera@example.in', subject: `Order ${order.orderNo}: Return Requested` });
    const again = await t.app.inject({ method: 'PUT', url: returnUrl(order.id, 'Asking twice', meeraPhoto), headers: meera.auth });
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe('A return has already been requested for this order.');
    await expectWalletMatchesHistory(t.app, meera);
  });

  it.each<[string, { status?: OrderStatus; deliveredAt?: string }, string, string, number, string]>([
    ['after the return window (49 h, window 48 h)', { deliveredAt: hoursAgo(49) }, 'The fish smelt off.', 'mine', 409, AFTERCARE_MESSAGES.windowClosed],
    ['a remark under 5 characters', {}, 'bad', 'mine', 400, AFTERCARE_MESSAGES.remarkLength],
    ['a remark over 500 characters', {}, 'x'.repeat(501), 'mine', 400, AFTERCARE_MESSAGES.remarkLength],
    ['another customer’s photo', {}, 'The fish smelt off.', 'ravi', 400, AFTERCARE_MESSAGES.imageNotYours],
    ['a photo that is not an upload', {}, 'The fish smelt off.', 'https://example.com/a.png', 400, AFTERCARE_MESSAGES.imageNotYours],
    ['an order that is not delivered yet', { status: 'OUT_FOR_DELIVERY' }, 'The fish smelt off.', 'mine', 409, AFTERCARE_MESSAGES.notDelivered],
  ])('refuses %s', async (_name, fixture, remark, image, code, message) => {
    const order = await insertOrder(t.app, { customerId: meera.id, status: 'DELIVERED', deliveredAt: hoursAgo(1), ...fixture });
    const photo = image === 'mine' ? meeraPhoto : image === 'ravi' ? raviPhoto : image;
    const res = await t.app.inject({ method: 'PUT', url: returnUrl(order.id, remark, photo), headers: meera.auth });
    expect(res.statusCode).toBe(code);
    expect(res.json().Message).toBe(message);
    const row = await t.app.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.status).toBe(fixture.status ?? 'DELIVERED');
  });

  it('refuses a cancellation reason for a return and another customer’s order', async () => {
    const order = await insertOrder(t.app, { customerId: meera.id, status: 'DELIVERED' });
    const cancelReasons = await t.app.inject({ method: 'GET', url: '/api/Order/reasons/1?type=CANCEL', headers: meera.auth });
    const wrongReason = await t.app.inject({
      method: 'PUT',
      url: returnUrl(order.id, 'The fish smelt off.', meeraPhoto, cancelReasons.json().Data[0].ReasonId),
      headers: meera.auth,
    });
    expect(wrongReason.statusCode).toBe(400);
    expect(wrongReason.json().Message).toBe(AFTERCARE_MESSAGES.unknownReason);
    const foreign = await t.app.inject({ method: 'PUT', url: returnUrl(order.id, 'The fish smelt off.', raviPhoto), headers: ravi.auth });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('Review', () => {
  it('is refused before delivery and accepted after, replaced, and deleted', async () => {
    const packed = await insertOrder(t.app, { customerId: meera.id, status: 'PACKED' });
    const early = await t.app.inject({ method: 'PUT', url: `/api/Order/review/${packed.id}?rating=5&review=Great`, headers: meera.auth });
    expect(early.statusCode).toBe(409);
    expect(early.json().Message).toBe(AFTERCARE_MESSAGES.reviewBeforeDelivery);

    const order = await insertOrder(t.app, { customerId: meera.id, status: 'DELIVERED' });
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/Order/review/${order.id}?rating=4&review=${encodeURIComponent('  Fresh and well cleaned  ')}`,
      headers: meera.auth,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().Data.Review).toMatchObject({ Rating: 4, Review: 'Fresh and well cleaned' });
    const replaced = await t.app.inject({ method: 'PUT', url: `/api/Order/review/${order.id}?rating=5&review=`, headers: meera.auth });
    expect(replaced.json().Data.Review).toMatchObject({ Rating: 5, Review: '' });

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/Order/review/${order.id}`, headers: meera.auth });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().Data.Review).toBeNull();
    const twice = await t.app.inject({ method: 'DELETE', url: `/api/Order/review/${order.id}`, headers: meera.auth });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().Message).toBe(AFTERCARE_MESSAGES.noReview);
  });

  it.each([
    ['rating 0', 'rating=0', AFTERCARE_MESSAGES.ratingRange],
    ['rating 6', 'rating=6', AFTERCARE_MESSAGES.ratingRange],
    ['rating 2.5', 'rating=2.5', /rating/],
    ['no rating', 'review=Nice', /rating is required/],
    ['a review over 1000 characters', `rating=3&review=${'x'.repeat(1001)}`, AFTERCARE_MESSAGES.reviewTooLong],
  ])('refuses %s', async (_name, query, message) => {
    const order = await insertOrder(t.app, { customerId: meera.id, status: 'DELIVERED' });
    const res = await t.app.inject({ method: 'PUT', url: `/api/Order/review/${order.id}?${query}`, headers: meera.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toMatch(message);
  });

  it('cannot review or delete the review of another customer’s order', async () => {
    const order = await insertOrder(t.app, { customerId: meera.id, status: 'DELIVERED' });
    await t.app.inject({ method: 'PUT', url: `/api/Order/review/${order.id}?rating=5&review=Mine`, headers: meera.auth });
    expect((await t.app.inject({ method: 'PUT', url: `/api/Order/review/${order.id}?rating=1&review=Spam`, headers: ravi.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/Order/review/${order.id}`, headers: ravi.auth })).statusCode).toBe(404);
    const row = await t.app.db.selectFrom('orders').select(['rating', 'review']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ rating: 5, review: 'Mine' });
  });
});

describe('Lifecycle moves by the shop', () => {
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => to !== from).map((to) => [from, to] as [OrderStatus, OrderStatus]));

  it.each(pairs)('%s → %s is allowed only when the lifecycle lists it for the shop', async (from, to) => {
    const order = await insertOrder(t.app, { customerId: meera.id, status: from, walletPaise: 1_000 });
    const allowed = canMove(from, to, 'shop');
    const attempt = moveOrderStatus(t.app, { orderId: order.id, to, actor: 'shop', note: 'test' });
    if (allowed) {
      await expect(attempt).resolves.toMatchObject({ status: to });
    } else {
      await expect(attempt).rejects.toThrow(/cannot be moved|placed by their payment/);
    }
    const row = await t.app.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.status).toBe(allowed ? to : from);
    await expectWalletMatchesHistory(t.app, meera);
  });

  it('lists every move with at least one actor, and customers only cancel or return', () => {
    const moves = allMoves();
    expect(moves.length).toBeGreaterThan(0);
    const customerMoves = moves.filter((m) => m.actors.includes('customer' as OrderActor)).map((m) => `${m.from}→${m.to}`);
    expect(customerMoves.sort()).toEqual(['AWAITING_PAYMENT→CANCELLED', 'DELIVERED→RETURN_REQUESTED', 'PACKED→CANCELLED', 'PLACED→CANCELLED']);
  });

  it('refunds a returned order to the wallet on REFUNDED and mails the status', async () => {
    const before = await expectWalletMatchesHistory(t.app, meera);
    const order = await insertOrder(t.app, { customerId: meera.id, status: 'RETURNED', walletPaise: 5_000, netPaise: 20_000 });
    await moveOrderStatus(t.app, { orderId: order.id, to: 'REFUNDED', actor: 'shop', note: 'Return accepted' });
    expect(await expectWalletMatchesHistory(t.app, meera)).toBe(before - 5_000 + 25_000);
    const { sendOrderStatusMail } = await import('../../server/senders/status-mail.js');
    expect(await sendOrderStatusMail(t.app, order.id)).toBe(true);
    expect(t.mail.sent.at(-1)).toMatchObject({ subject: `Order ${order.orderNo}: Refunded` });
    expect(t.mail.sent.at(-1)?.text).toContain('Refund: ₹250.00');
  });
});
