import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';
import { apiLogin, setBrowserSession, uniqueMobile, type LoginSession } from '../helpers/login.js';
import { PNG_1PX, multipart } from '../helpers/upload-fixtures.js';
import { latestSlotWithRoom } from '../helpers/slots.js';
import { openDatabase } from '../../server/db/database.js';
import { postLoyalty, postWallet } from '../../server/services/ledger.js';

/**
 * Issue 16, items 3 to 6 and the stale reason error: what a shopper reads on a phone in the
 * checkout's wallet line, My orders, an order's history, the wallet page and the return form.
 */

const root = path.resolve(import.meta.dirname, '..', '..');
const SUCCESS_CARD = '4111 1111 1111 1111';
const DECLINED_CARD = '4000 0000 0000 0002';
// The sandbox's API key secret, given so the test can refund a payment the way a shop does at the provider.
const SANDBOX_KEY_SECRET = 'shopper-words-test-sandbox-key-secret-0123456789';
const PHONE_WIDTH = 390;

let server: ShopServer;
let browser: Browser;

async function api<T>(session: LoginSession | null, method: string, route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api/${route}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(session ? { authorization: `Bearer ${session.token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { Message: string; Data: T };
  if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${envelope.Message}`);
  return envelope.Data;
}

/** The shop owner's command line moving an order one step on, as the shop would run it. */
async function shopOrderNext(orderId: number): Promise<void> {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/shop.ts', 'order-next', '--order', String(orderId), '--server', server.url], {
    cwd: root,
    env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', PORT: String(server.port) },
  });
}

async function shopperWithAddress(): Promise<{ session: LoginSession; addressId: number }> {
  const session = await apiLogin(server.url, server.dataDir, uniqueMobile());
  const address = await api<{ AddressId: number }>(session, 'POST', 'Address', {
    Name: 'Asha Menon',
    Phone: '9847012345',
    House: '4, Sea View Apartments',
    Street: 'Beach Road',
    City: 'Kochi',
    State: 'Kerala',
    Pincode: '682001',
  });
  return { session, addressId: address.AddressId };
}

async function fillCart(session: LoginSession): Promise<void> {
  const products = await api<{ productId: number; variantId: number; isStockAvailable: boolean; stockQty: number }[]>(
    null,
    'GET',
    'products?companyId=1&branchId=1&pageNumber=1&pageSize=40',
  );
  const product = products.find((p) => p.isStockAvailable && p.stockQty >= 10);
  if (!product) throw new Error('no product in stock');
  await api(session, 'PUT', `Cart/1/${product.productId}/${product.variantId}?qtyChange=1&id=0&pageNumber=1&pageSize=10`);
}

interface Order {
  OrderId: number;
  OrderNo: string;
  providerOrderId: string;
}

/** One product in the cart, then Order/summary and Proccess: cash orders are placed, online ones wait for their payment. */
async function placeOrder(session: LoginSession, addressId: number, paymentMethod: 'ONLINE' | 'COD'): Promise<Order> {
  await fillCart(session);
  const slot = latestSlotWithRoom(await api<{ DeliveryId: number; Available: number }[]>(null, 'GET', 'DeliverySlot/web/1?branchId=1'));
  if (!slot) throw new Error('no delivery slot');
  const order = await api<{ OrderId: number; OrderNo: string }>(session, 'POST', 'Order/summary?branchId=1', {
    deliveryId: slot.DeliveryId,
    addressId,
    isWalletLoyality: false,
    isWalletAmount: false,
    paymentMethod,
  });
  const placed = await api<{ Data: string }>(session, 'POST', `Order/placeOrder/${order.OrderId}/Proccess`);
  return { ...order, providerOrderId: placed.Data };
}

/** What the sandbox's card window submits; answers the provider's payment response. */
async function payInSandbox(
  providerOrderId: string,
  card: string,
): Promise<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string } | null> {
  const { KeyId } = await api<{ KeyId: string }>(null, 'GET', 'Payment/config');
  const res = await fetch(`${server.url}/sandbox/checkout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key_id: KeyId, order_id: providerOrderId, card_number: card, expiry: '12/34', cvv: '123' }),
  });
  return res.ok ? ((await res.json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }) : null;
}

/** An online order paid with a card that goes through, confirmed the way the checkout confirms it. */
async function paidOnlineOrder(session: LoginSession, addressId: number): Promise<Order & { paymentId: string }> {
  const order = await placeOrder(session, addressId, 'ONLINE');
  const paid = await payInSandbox(order.providerOrderId, SUCCESS_CARD);
  if (!paid) throw new Error('the sandbox refused a good card');
  await api(session, 'POST', 'Order/payment/verify', paid);
  return { ...order, paymentId: paid.razorpay_payment_id };
}

/** An online order whose card was declined: the checkout then cancels it. */
async function declinedOrder(session: LoginSession, addressId: number): Promise<Order> {
  const order = await placeOrder(session, addressId, 'ONLINE');
  expect(await payInSandbox(order.providerOrderId, DECLINED_CARD)).toBeNull();
  await api(session, 'POST', `Order/placeOrder/${order.OrderId}/Cancel`);
  return order;
}

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

/** Outside a test (expect.poll is only for tests): waits for the server to get somewhere, 10 s at most. */
async function waitFor(done: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 10_000; !(await done());) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the server');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function phonePage(session: LoginSession): Promise<Page> {
  const phone = await newPhonePage(browser, server.url);
  await setBrowserSession(phone.context, server.url, session);
  return phone.page;
}

/** The pending-orders dialog opens over every page while an order awaits payment; the shopper closes it. */
async function closePendingDialog(page: Page): Promise<void> {
  const modal = page.getByTestId('pending-orders');
  await modal.waitFor({ timeout: 10_000 });
  await modal.getByRole('button', { name: 'Close' }).click();
  await modal.waitFor({ state: 'detached' });
}

/** Fully inside the phone's width: nothing of it is off to the right. */
async function onScreen(page: Page, locator: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= PHONE_WIDTH && (await locator.isVisible());
}

beforeAll(async () => {
  ({ server, browser } = await openShop({ env: { RAZORPAY_KEY_SECRET: SANDBOX_KEY_SECRET } }));
});

afterAll(() => closeShop({ server, browser }));

describe('Checkout wallet and points before a summary is priced', () => {
  let shopper: LoginSession;

  beforeAll(async () => {
    ({ session: shopper } = await shopperWithAddress());
    const handle = openDatabase({ dataDir: server.dataDir });
    await postWallet(handle.db, shopper.customerId, 190_100, 'Opening balance', null);
    await postLoyalty(handle.db, shopper.customerId, 120, 'Opening points', null);
    await handle.close();
    await fillCart(shopper);
  });

  it('shows the customer’s real balance and points before a slot is picked and after a bad coupon', async () => {
    const page = await phonePage(shopper);
    await page.goto('/user_account/check_out/');
    await page.getByText('Choose a delivery slot to see your total.').waitFor();
    await page.getByText('Use wallet balance (₹1,901.00)').waitFor();
    expect(await page.getByText('Use loyalty points (120)').isVisible()).toBe(true);

    const slot = page.getByLabel('Delivery slot');
    await slot.selectOption((await slot.locator('option').nth(1).getAttribute('value')) ?? '');
    await page.getByText('To pay').waitFor();
    await page.getByLabel('Coupon code').fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /coupon/i })
      .waitFor();
    expect(await page.getByTestId('order-summary').count()).toBe(0);
    expect(await page.getByText('Use wallet balance (₹1,901.00)').isVisible()).toBe(true);
    expect(await page.getByText('Use loyalty points (120)').isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('Orders as the shopper reads them', () => {
  let shopper: LoginSession;
  let addressId: number;
  let paid: Order;
  let refundedByShop: Order & { paymentId: string };
  let declined: Order;
  let cash: Order;
  let cancelledByMe: Order;

  beforeAll(async () => {
    ({ session: shopper, addressId } = await shopperWithAddress());
    paid = await paidOnlineOrder(shopper, addressId);
    refundedByShop = await paidOnlineOrder(shopper, addressId);
    declined = await declinedOrder(shopper, addressId);
    cancelledByMe = await placeOrder(shopper, addressId, 'COD');
    await api(shopper, 'PUT', `Order/cancel/${cancelledByMe.OrderId}`);
    cash = await placeOrder(shopper, addressId, 'COD');
    for (let step = 0; step < 3; step += 1) await shopOrderNext(cash.OrderId); // Packed, Out for Delivery, Delivered
    // The shop gives the whole payment back at the provider: the order is the shop's to cancel.
    const refund = await fetch(`${server.url}/sandbox/razorpay/v1/payments/${refundedByShop.paymentId}/refund`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${(await api<{ KeyId: string }>(null, 'GET', 'Payment/config')).KeyId}:${SANDBOX_KEY_SECRET}`).toString('base64')}`,
      },
      body: '{}',
    });
    expect(refund.status).toBe(200);
    await waitFor(async () => (await api<{ StatusCode: string }>(shopper, 'GET', `Order/${refundedByShop.OrderId}`)).StatusCode === 'CANCELLED');
  });

  it('clears the “Choose a reason” error as soon as a reason is chosen', async () => {
    const page = await phonePage(shopper);
    await page.goto(`/user_account/my_order/order-detail?id=${cash.OrderId}`);
    await page.getByRole('button', { name: 'Request return' }).click();
    const error = page.getByRole('alert').filter({ hasText: 'Choose a reason for the return.' });
    await error.waitFor();
    await page.getByLabel('Reason').selectOption({ index: 1 });
    await error.waitFor({ state: 'detached', timeout: 1_000 });
    await page.context().close();
  });

  it('tells each order’s history in the shopper’s words', async () => {
    // The cash order is returned and refunded, the way the shop does it.
    const photo = multipart(PNG_1PX, 'prawns.png', 'image/png');
    const upload = await fetch(`${server.url}/api/Product/images`, {
      method: 'POST',
      headers: { ...photo.headers, authorization: `Bearer ${shopper.token}` },
      body: new Uint8Array(photo.payload),
    });
    const image = ((await upload.json()) as { Data: { Url: string } }).Data.Url;
    await api(shopper, 'PUT', `Order/return/${cash.OrderId}?${new URLSearchParams({ returnRemark: 'The prawns were not fresh.', returnImage: image })}`);
    await shopOrderNext(cash.OrderId); // Returned
    await shopOrderNext(cash.OrderId); // Refunded

    const page = await phonePage(shopper);
    const steps = async (order: Order) => {
      await page.goto(`/user_account/my_order/order-detail?id=${order.OrderId}`);
      const timeline = page.getByTestId('order-timeline');
      await timeline.waitFor();
      const titles = await timeline.getByTestId('timeline-title').allTextContents();
      const text = (await timeline.textContent()) ?? '';
      for (const internal of [/callback/i, /webhook/i, /moved by the shop/i, /pay_\w+/, /[A-Z]+_[A-Z_]+/, /Awaiting Payment/])
        expect(text).not.toMatch(internal);
      return titles;
    };
    expect(await steps(cash)).toEqual([
      'Order placed',
      'Order confirmed',
      'Packed',
      'Out for delivery',
      'Delivered',
      'Return requested',
      'Returned',
      'Refunded',
    ]);
    expect(await steps(paid)).toEqual(['Order placed', 'Payment received']);
    expect(await steps(cancelledByMe)).toEqual(['Order placed', 'Order confirmed', 'Cancelled by you']);
    expect(await steps(declined)).toEqual(['Order placed', 'Cancelled: payment not completed']);
    expect(await page.getByText('Online · Payment failed').isVisible()).toBe(true);
    expect((await steps(refundedByShop)).at(-1)).toBe('Cancelled by the shop');
    expect(await page.getByTestId('order-timeline').textContent()).toContain('Your payment was refunded to the card or account you paid with.');
    await page.context().close();
  });

  it('labels each order in My orders with what happened to its payment', async () => {
    const unpaid = await placeOrder(shopper, addressId, 'ONLINE');
    const page = await phonePage(shopper);
    await page.goto('/user_account/my_order/');
    await closePendingDialog(page);
    const payment = (order: Order) => page.getByTestId('order-card').filter({ hasText: order.OrderNo }).getByTestId('order-payment').textContent();
    await poll(() => payment(unpaid)).toBe('Awaiting payment');
    expect(await payment(declined)).toBe('Payment failed');
    expect(await payment(paid)).toBe('Paid online');
    expect(await payment(cancelledByMe)).toBe('Cash on delivery');
    expect(await page.getByTestId('order-card').filter({ hasText: unpaid.OrderNo }).textContent()).not.toContain('Paid online');
    await page.context().close();
  });
});

describe('Wallet on a phone', () => {
  it('fits the wallet and points history in 390 px with amount and balance in view, under headings of one size', async () => {
    const { session } = await shopperWithAddress();
    const handle = openDatabase({ dataDir: server.dataDir });
    await postWallet(handle.db, session.customerId, 190_100, 'Refund for cancelled order with a long description of where it came from', null);
    await postWallet(handle.db, session.customerId, -25_050, 'Paid for an order', null);
    await postLoyalty(handle.db, session.customerId, 120, 'Earned on an order', null);
    await handle.close();
    const page = await phonePage(session);
    await page.goto('/user_account/customer_wallet/');
    const walletLine = page.getByTestId('wallet-line').first();
    await walletLine.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
    expect(await onScreen(page, walletLine.getByTestId('wallet-amount'))).toBe(true);
    expect(await walletLine.getByTestId('wallet-amount').textContent()).toBe('−₹250.50');
    expect(await onScreen(page, walletLine.getByTestId('line-balance'))).toBe(true);
    expect(await walletLine.getByTestId('line-balance').textContent()).toContain('₹1,650.50');
    const pointsLine = page.getByTestId('loyalty-line').first();
    expect(await onScreen(page, pointsLine.getByTestId('loyalty-points-change'))).toBe(true);
    expect(await onScreen(page, pointsLine.getByTestId('line-balance'))).toBe(true);
    const headingSize = (name: string) => page.getByRole('heading', { name, exact: true }).evaluate((h) => getComputedStyle(h).fontSize);
    expect(await headingSize('Wallet history')).toBe(await headingSize('Loyalty points history'));
    await page.context().close();
  });
});
