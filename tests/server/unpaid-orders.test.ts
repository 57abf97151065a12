import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerChange } from '../../server/hub/live-updates.js';
import { cancelAbandonedOrders } from '../../server/jobs/abandoned-orders.js';
import { UNPAID_ORDER_WAITING } from '../../server/services/order-creation-service.js';
import {
  addProduct,
  createOrder,
  onlineOrder,
  orderRow,
  payInSandbox,
  processOrder,
  putInCart,
  readyCustomer,
  startMoneyShop,
  stockOf,
  verifyPayment,
  type Customer,
} from './order-fixtures.js';

let t: Awaited<ReturnType<typeof startMoneyShop>>['t'];
let slotId: number;
let pushes: CustomerChange[];

beforeAll(async () => {
  ({ t, slotId, pushes } = await startMoneyShop());
  t.app.sandboxWebhooks?.hold();
});
afterAll(async () => {
  await t?.close();
});

const basket = async (customer: Customer) =>
  (await t.app.db.selectFrom('cart_items').select(['product_id', 'qty']).where('customer_id', '=', customer.id).orderBy('product_id').execute()).map((l) => [
    l.product_id,
    l.qty,
  ]);
const cancelUnpaid = (customer: Customer, orderId: number) =>
  t.app.inject({ method: 'POST', url: `/api/Order/placeOrder/${orderId}/Cancel`, headers: customer.auth });

describe('An order awaiting payment blocks a new one', () => {
  it('refuses a second order while the first awaits payment, with a code the client acts on, and changes nothing', async () => {
    const fish = await addProduct(t.app, { name: 'Karimeen', sRate: 450, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 2, slotId });
    const first = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId });
    await putInCart(t.app, customer, fish, 3);
    const second = await createOrder(t.app, customer, { deliveryId: slotId, addressId, paymentMethod: 'COD' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ Success: false, Message: UNPAID_ORDER_WAITING, Data: null, Code: 'UNPAID_ORDER_WAITING' });
    expect(await stockOf(t.app, fish)).toEqual({ available: 8, reserved: 2, sold: 0 });
    expect(await basket(customer)).toEqual([[fish.productId, 3]]);

    // Paid, it no longer blocks.
    const paid = await payInSandbox(t, first.providerOrderId);
    expect((await verifyPayment(t, customer, paid.json())).json().Data.Status).toBe('CAPTURED');
    const third = await createOrder(t.app, customer, { deliveryId: slotId, addressId, paymentMethod: 'COD' });
    expect(third.statusCode).toBe(200);
  });

  it('lets one customer hold at most one unpaid order however fast they ask, so stock and slots stay free for others', async () => {
    const fish = await addProduct(t.app, { name: 'Sardines', sRate: 200, stock: 100 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 5, slotId });
    const attempts = await Promise.all(
      Array.from({ length: 8 }, async () => {
        await putInCart(t.app, customer, fish, 5).catch(() => undefined);
        return createOrder(t.app, customer, { deliveryId: slotId, addressId, paymentMethod: 'ONLINE' });
      }),
    );
    expect(attempts.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(attempts.filter((a) => a.statusCode === 409).every((a) => a.json().Code === 'UNPAID_ORDER_WAITING')).toBe(true);
    expect((await stockOf(t.app, fish)).reserved).toBe(5);
  });

  it('still answers a retried request with the Idempotency-Key of the waiting order', async () => {
    const fish = await addProduct(t.app, { sRate: 300, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    const body = { deliveryId: slotId, addressId, paymentMethod: 'ONLINE' as const };
    const key = { 'idempotency-key': 'retry-of-the-same-attempt' };
    const first = await createOrder(t.app, customer, body, key);
    const again = await createOrder(t.app, customer, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().Data.OrderId).toBe(first.json().Data.OrderId);
  });

  it('lists every order awaiting payment in the pending dialog, also one whose payment was never started', async () => {
    const fish = await addProduct(t.app, { name: 'Squid rings', sRate: 350, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    const created = await createOrder(t.app, customer, { deliveryId: slotId, addressId, paymentMethod: 'COD' });
    const orderId = created.json().Data.OrderId as number;
    const list = await t.app.inject({ method: 'GET', url: '/api/Order/checkPayment', headers: customer.auth });
    expect(list.json().Data).toEqual([{ OrderId: orderId, Data: '' }]);
    const details = await t.app.inject({
      method: 'POST',
      url: `/api/Order/customer/pending/${customer.id}`,
      headers: customer.auth,
      payload: { OrderIds: [orderId] },
    });
    expect(details.json().Data).toEqual([
      {
        OrderId: orderId,
        OrderNo: created.json().Data.OrderNo,
        OrderStatus: 'Awaiting Payment',
        NetAmount: 399,
        PaymentMethod: 'COD',
        Items: [{ ItemName: 'Squid rings', Quantity: 1 }],
      },
    ]);
    // Pay Now on it places a cash-on-delivery order.
    expect((await processOrder(t.app, customer, orderId)).json().Data.Status).toBe('PLACED');
  });
});

describe('The basket survives a payment that does not happen', () => {
  it('puts a declined order’s items back in the basket, added to what the customer put there since, and pushes the basket', async () => {
    const fish = await addProduct(t.app, { name: 'Seer fish', sRate: 900, stock: 10 });
    const prawns = await addProduct(t.app, { name: 'Prawns', sRate: 300, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 2, slotId });
    await putInCart(t.app, customer, prawns, 1);
    const order = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId });
    expect(await basket(customer)).toEqual([]);
    await putInCart(t.app, customer, fish, 1);
    expect((await payInSandbox(t, order.providerOrderId, '4000 0000 0000 0002')).statusCode).toBe(400);
    pushes.length = 0;
    const cancelled = await cancelUnpaid(customer, order.orderId);
    expect(cancelled.json().Data).toBe(true);
    expect(await basket(customer)).toEqual([
      [fish.productId, 3],
      [prawns.productId, 1],
    ]);
    expect(await stockOf(t.app, fish)).toEqual({ available: 10, reserved: 0, sold: 0 });
    const pushed = pushes.filter((p) => p.customerId === customer.id && p.type === 'CartDetails');
    expect(pushed).toHaveLength(1);
    expect(pushed[0]?.data).toMatchObject({ totalQty: 4 });
    // A second cancel (a retry) adds nothing again.
    await cancelUnpaid(customer, order.orderId);
    expect(await basket(customer)).toEqual([
      [fish.productId, 3],
      [prawns.productId, 1],
    ]);
  });

  it('lets the customer order the same basket again and pay for it', async () => {
    const fish = await addProduct(t.app, { name: 'Tuna', sRate: 700, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    const declined = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId });
    await cancelUnpaid(customer, declined.orderId);
    const again = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId });
    const paid = await payInSandbox(t, again.providerOrderId);
    expect(paid.statusCode).toBe(200);
    expect((await verifyPayment(t, customer, paid.json())).json().Data.Status).toBe('CAPTURED');
    expect(await basket(customer)).toEqual([]);
  });

  it('gives the basket back when the abandoned-order sweep cancels an order, but not when a paid order is cancelled', async () => {
    const fish = await addProduct(t.app, { name: 'Mussels', sRate: 250, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 2, slotId });
    const order = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId });
    const swept = await cancelAbandonedOrders(t.app, new Date(Date.now() + 24 * 3600_000));
    expect(swept.cancelled).toContain(order.orderId);
    expect(await basket(customer)).toEqual([[fish.productId, 2]]);

    const cod = await createOrder(t.app, customer, { deliveryId: slotId, addressId, paymentMethod: 'COD' });
    await processOrder(t.app, customer, cod.json().Data.OrderId);
    const res = await t.app.inject({ method: 'PUT', url: `/api/Order/cancel/${cod.json().Data.OrderId}`, headers: customer.auth });
    expect(res.statusCode).toBe(200);
    expect((await orderRow(t.app, cod.json().Data.OrderId)).status).toBe('CANCELLED');
    expect(await basket(customer)).toEqual([]);
  });

  it('places instead of cancelling an order whose payment the provider captured though the shop had not heard of it yet', async () => {
    const fish = await addProduct(t.app, { name: 'Crab', sRate: 600, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    const order = await onlineOrder(t.app, customer, { deliveryId: slotId, addressId });
    expect((await payInSandbox(t, order.providerOrderId)).statusCode).toBe(200);
    t.app.sandboxWebhooks!.held.splice(0); // the callback and the webhooks never arrive
    const res = await cancelUnpaid(customer, order.orderId);
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('This order has already been placed; cancel it from My Orders.');
    expect(await orderRow(t.app, order.orderId)).toMatchObject({ status: 'PLACED', payment_status: 'CAPTURED' });
    expect(await stockOf(t.app, fish)).toEqual({ available: 9, reserved: 0, sold: 1 });
    expect(await basket(customer)).toEqual([]);
  });
});
