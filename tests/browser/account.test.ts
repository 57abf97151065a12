import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';
import { apiLogin, setBrowserSession, uniqueMobile, type LoginSession } from '../helpers/login.js';
import { PNG_1PX } from '../helpers/upload-fixtures.js';
import { openDatabase } from '../../server/db/database.js';
import { ADDRESS_BOOK_MESSAGES } from '../../machines/address-book.rules';
import { postWallet } from '../../server/services/ledger.js';
import { latestSlotWithRoom } from '../helpers/slots.js';

const root = path.resolve(import.meta.dirname, '..', '..');
let server: ShopServer;
let browser: Browser;
let session: LoginSession;
let page: Page;

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api/${path}`, {
    method,
    headers: { accept: 'application/json', authorization: `Bearer ${session.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { Message: string; Data: T };
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${envelope.Message}`);
  return envelope.Data;
}

/** The shop owner's command line on the same data directory, as the shop would run it. */
async function shopOrderNext(orderId: number): Promise<void> {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/shop.ts', 'order-next', '--order', String(orderId), '--server', server.url], {
    cwd: root,
    env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', PORT: String(server.port) },
  });
}

/** Cart with one product, then Order/summary and Proccess (cash on delivery or paid from the wallet). */
async function placeOrder(addressId: number, payFromWallet: boolean): Promise<{ OrderId: number; OrderNo: string; NetAmount: number }> {
  const products = await api<{ productId: number; variantId: number; isStockAvailable: boolean; stockQty: number }[]>(
    'GET',
    'products?companyId=1&branchId=1&pageNumber=1&pageSize=40',
  );
  const product = products.find((p) => p.isStockAvailable && p.stockQty >= 5);
  if (!product) throw new Error('no product in stock');
  await api('PUT', `Cart/1/${product.productId}/${product.variantId}?qtyChange=1&id=0&pageNumber=1&pageSize=10`);
  const slots = await api<{ DeliveryId: number; Available: number }[]>('GET', 'DeliverySlot/web/1?branchId=1');
  const slot = latestSlotWithRoom(slots);
  if (!slot) throw new Error('no delivery slot');
  const order = await api<{ OrderId: number; OrderNo: string; NetAmount: number }>('POST', 'Order/summary?branchId=1', {
    deliveryId: slot.DeliveryId,
    addressId,
    isWalletLoyality: false,
    isWalletAmount: payFromWallet,
    paymentMethod: 'COD',
  });
  await api('POST', `Order/placeOrder/${order.OrderId}/Proccess`);
  return order;
}

/** Polls like expect.poll, with time for a first page load on a busy machine. */
const poll = <T>(read: () => T | Promise<T>, options: { timeout?: number } = {}) => expect.poll(read, { timeout: 10_000, ...options });
const walletBalanceShown = async () => (await page.getByTestId('wallet-balance').textContent())?.trim();
const toRupees = (text: string | null | undefined) => Number((text ?? '').replace(/[^\d.]/g, ''));

let walletOrder: { OrderId: number; OrderNo: string; NetAmount: number };
let codOrder: { OrderId: number; OrderNo: string; NetAmount: number };
let addressId: number;

beforeAll(async () => {
  // Location search points at a closed port: the address form must fall back to typing.
  ({ server, browser } = await openShop({ env: { GEOCODER_URL: 'http://127.0.0.1:9/search' } }));
  session = await apiLogin(server.url, server.dataDir, uniqueMobile());
  // An opening wallet balance, written to the ledger the way a refund would be.
  const handle = openDatabase({ dataDir: server.dataDir });
  await postWallet(handle.db, session.customerId, 200_000, 'Opening balance', null);
  await handle.close();
  const address = await api<{ AddressId: number }>('POST', 'Address', {
    Name: 'Asha Menon',
    Phone: '9847012345',
    House: '4, Sea View Apartments',
    Street: 'Beach Road',
    City: 'Kochi',
    State: 'Kerala',
    Pincode: '682001',
  });
  addressId = address.AddressId;
  walletOrder = await placeOrder(address.AddressId, true);
  codOrder = await placeOrder(address.AddressId, false);
  await shopOrderNext(codOrder.OrderId); // Packed
  await shopOrderNext(codOrder.OrderId); // Out for Delivery
  const phone = await newPhonePage(browser, server.url);
  await setBrowserSession(phone.context, server.url, session);
  page = phone.page;
});

afterAll(() => closeShop({ server, browser }));

describe('My account', () => {
  it('filters orders by status and by a custom range', async () => {
    await page.goto('/user_account/my_order/');
    await poll(() => page.getByTestId('order-card').count()).toBe(2);
    await page.getByLabel('Status').selectOption({ label: 'Out for Delivery' });
    await poll(() => page.getByTestId('order-card').allTextContents()).toEqual([expect.stringContaining(codOrder.OrderNo)]);
    await page.getByLabel('Status').selectOption({ label: 'All' });
    await page.getByLabel('Period').selectOption({ label: 'Custom range' });
    await page.getByText('Choose both a start date and an end date for a custom range.').waitFor();
    await page.getByLabel('From').fill('2020-01-01');
    await page.getByLabel('To').fill('2020-01-31');
    await page.getByText('No orders found').waitFor();
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    await page.getByLabel('From').fill(today);
    await page.getByText('The start date must be on or before the end date.').waitFor();
    await page.getByLabel('To').fill(today);
    await poll(() => page.getByTestId('order-card').count()).toBe(2);
  });

  it('cancels an order paid from the wallet and shows the wallet credited', async () => {
    await page.goto('/user_account/customer_wallet/');
    await poll(walletBalanceShown).toMatch(/₹/);
    // The whole order was paid from the ₹2,000 opening balance.
    expect(walletOrder.NetAmount).toBe(0);
    expect(toRupees(await walletBalanceShown())).toBeLessThan(2000);
    await page.goto(`/user_account/my_order/order-detail?id=${walletOrder.OrderId}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel order' }).click();
    await page.getByText('Order cancelled successfully!').waitFor();
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Cancelled');
    await page.getByRole('link', { name: 'Wallet' }).click();
    await poll(async () => toRupees(await walletBalanceShown())).toBe(2000);
    const history = page.getByTestId('wallet-line');
    await poll(() => history.filter({ hasText: walletOrder.OrderNo }).count()).toBeGreaterThanOrEqual(2);
    // The balance is the sum of every credit and debit shown.
    const amounts = await page.getByTestId('wallet-amount').evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-amount'))));
    expect(Math.round(amounts.reduce((a, b) => a + b * 100, 0))).toBe(200_000);
  });

  it('shows a delivery live, then returns the order with a photo and reviews it', async () => {
    await page.goto(`/user_account/my_order/order-detail?id=${codOrder.OrderId}`);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Out for Delivery');
    await shopOrderNext(codOrder.OrderId);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Delivered');
    await poll(() => page.getByTestId('order-timeline').textContent()).toContain('Delivered');

    await page.getByLabel('Reason').selectOption({ index: 1 });
    await page.getByLabel('What went wrong?').fill('The prawns were not fresh.');
    await page.getByLabel('Photo of the problem').setInputFiles({ name: 'prawns.png', mimeType: 'image/png', buffer: PNG_1PX });
    await page.getByRole('img', { name: 'Photo preview' }).waitFor();
    await page.getByRole('button', { name: 'Request return' }).click();
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Return Requested');
    await poll(() => page.getByTestId('return-request').textContent()).toContain('The prawns were not fresh.');
    const photo = await page.getByRole('img', { name: 'Photo sent with the return' }).getAttribute('src');
    expect((await fetch(`${server.url}${photo}`)).headers.get('content-type')).toBe('image/png');

    await page.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await page.getByLabel('Review', { exact: true }).fill('Good cleaning, slow delivery.');
    await page.getByRole('button', { name: 'Submit review' }).click();
    await poll(() => page.getByTestId('saved-review').textContent()).toBe('4 of 5 stars · “Good cleaning, slow delivery.”');
    await page.getByRole('button', { name: 'Delete review' }).click();
    await page.getByRole('heading', { name: 'Review this order' }).waitFor();
  });

  it('catches up with a status change made before the live connection opened', async () => {
    const order = await placeOrder(addressId, false);
    await shopOrderNext(order.OrderId); // Packed
    const { context, page: fresh } = await newPhonePage(browser, server.url);
    await setBrowserSession(context, server.url, session);
    // The live connection opens only once the shop lets it negotiate.
    let negotiate: () => void = () => {};
    const negotiating = new Promise<void>((resolve) => (negotiate = resolve));
    await fresh.route('**/catalogueHub/negotiate**', async (route) => {
      await negotiating;
      await route.continue();
    });
    await fresh.goto(`/user_account/my_order/order-detail?id=${order.OrderId}`);
    await poll(() => fresh.getByTestId('order-status').textContent()).toBe('Packed');
    await shopOrderNext(order.OrderId); // Out for Delivery, pushed to no one on this page
    await fresh.waitForTimeout(500);
    expect(await fresh.getByTestId('order-status').textContent()).toBe('Packed');
    negotiate();
    await poll(() => fresh.getByTestId('order-status').textContent()).toBe('Out for Delivery');
    await context.close();
  });

  it('adds, edits, makes default and deletes an address, typing it when location search is down', async () => {
    await page.goto('/user_account/manage_address/');
    await poll(() => page.getByTestId('address-card').count()).toBe(1);
    await page.getByRole('button', { name: 'Add address' }).click();
    await page.getByLabel('Search location').fill('Marine Drive Kochi');
    await page.getByRole('button', { name: 'Find places' }).click();
    await page.getByText('Location search is not available right now. Please enter the address by hand.').waitFor();
    await page.getByLabel('Full name').fill('Ravi Kumar');
    await page.getByLabel('Mobile number').fill('98950 11223');
    await page.getByLabel('House / flat / building').fill('Flat 7B, Bay Towers');
    await page.getByLabel('Street / area').fill('Marine Drive');
    await page.getByLabel('City / town').fill('Kochi');
    await page.getByLabel('State').selectOption('Kerala');
    await page.getByLabel('PIN code').fill('082031');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('Enter a valid 6-digit PIN code (it cannot start with 0).').waitFor();
    await page.getByLabel('PIN code').fill('682031');
    await page.getByRole('button', { name: 'Save address' }).click();
    await poll(() => page.getByTestId('address-card').count()).toBe(2);

    // On a phone the notification lies over the bottom of the list, and a tap on it only dismisses it.
    const saved = page.getByRole('alert').filter({ hasText: ADDRESS_BOOK_MESSAGES.saved });
    await saved.waitFor({ state: 'hidden' });
    const ravi = page.getByRole('article', { name: 'Address of Ravi Kumar' });
    await ravi.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Full name').fill('Ravi K');
    await page.getByRole('button', { name: 'Save address' }).click();
    const edited = page.getByRole('article', { name: 'Address of Ravi K' });
    await edited.waitFor();
    await saved.waitFor({ state: 'hidden' });
    await edited.getByRole('button', { name: 'Make default' }).click();
    await edited.getByText('Default', { exact: true }).waitFor();
    const asha = page.getByRole('article', { name: 'Address of Asha Menon' });
    await poll(() => asha.getByText('Default', { exact: true }).count()).toBe(0);

    await asha.getByRole('button', { name: 'Delete' }).click();
    await asha.getByRole('button', { name: 'Yes, delete' }).click();
    await poll(() => page.getByTestId('address-card').count()).toBe(1);
    await page.getByRole('article', { name: 'Address of Ravi K' }).getByText('Default', { exact: true }).waitFor();
  });
});
