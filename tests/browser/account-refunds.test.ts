import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';
import { apiLogin, setBrowserSession, uniqueMobile, type LoginSession } from '../helpers/login.js';
import { latestSlotWithRoom } from '../helpers/slots.js';
import { formatMoney } from '../../contract/money.rules.js';

/**
 * A shopper who paid online and cancelled sees, on a phone, where the money went: the order's
 * Refund section with the amount, and the credit in the wallet history naming the order.
 */

let server: ShopServer;
let browser: Browser;
let session: LoginSession;
let page: Page;
let paid: { OrderId: number; OrderNo: string; NetAmount: number };

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

/** One product in the cart, an online order, paid with the sandbox's test card and confirmed by the checkout's callback. */
async function paidOnlineOrder(addressId: number) {
  const products = await api<{ productId: number; variantId: number; isStockAvailable: boolean; stockQty: number }[]>(
    'GET',
    'products?companyId=1&branchId=1&pageNumber=1&pageSize=40',
  );
  const product = products.find((p) => p.isStockAvailable && p.stockQty >= 5);
  if (!product) throw new Error('no product in stock');
  await api('PUT', `Cart/1/${product.productId}/${product.variantId}?qtyChange=2&id=0&pageNumber=1&pageSize=10`);
  const slot = latestSlotWithRoom(await api<{ DeliveryId: number; Available: number }[]>('GET', 'DeliverySlot/web/1?branchId=1'));
  if (!slot) throw new Error('no delivery slot');
  const order = await api<{ OrderId: number; OrderNo: string; NetAmount: number }>('POST', 'Order/summary?branchId=1', {
    deliveryId: slot.DeliveryId,
    addressId,
    isWalletLoyality: false,
    isWalletAmount: false,
    paymentMethod: 'ONLINE',
  });
  const started = await api<{ Data: string }>('POST', `Order/placeOrder/${order.OrderId}/Proccess`);
  const config = await api<{ KeyId: string }>('GET', 'Payment/config');
  const pay = await fetch(`${server.url}/sandbox/checkout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      key_id: config.KeyId,
      order_id: started.Data,
      card_number: '4111 1111 1111 1111',
      expiry: '12/39',
      cvv: '123',
    }),
  });
  expect(pay.status).toBe(200);
  const verified = await api<{ Status: string }>('POST', 'Order/payment/verify', await pay.json());
  expect(verified.Status).toBe('CAPTURED');
  return order;
}

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

beforeAll(async () => {
  ({ server, browser } = await openShop());
  session = await apiLogin(server.url, server.dataDir, uniqueMobile());
  const address = await api<{ AddressId: number }>('POST', 'Address', {
    Name: 'Asha Menon',
    Phone: '9847012345',
    House: '4, Sea View Apartments',
    Street: 'Beach Road',
    City: 'Kochi',
    State: 'Kerala',
    Pincode: '682001',
  });
  paid = await paidOnlineOrder(address.AddressId);
  const phone = await newPhonePage(browser, server.url);
  await setBrowserSession(phone.context, server.url, session);
  page = phone.page;
});

afterAll(() => closeShop({ server, browser }));

describe('Refunds on a phone', () => {
  it('shows the refund of a paid order the shopper cancelled, with its amount, and the credit in the wallet history', async () => {
    expect(paid.NetAmount).toBeGreaterThan(0);
    const amount = formatMoney(paid.NetAmount);
    await page.goto(`/user_account/my_order/order-detail?id=${paid.OrderId}`);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Placed');
    expect(await page.getByRole('heading', { name: 'Refund' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel order' }).click();
    await page.getByText('Order cancelled successfully!').waitFor();
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Cancelled');

    const section = page.getByRole('region', { name: 'Refund' });
    await section.waitFor();
    const refunds = section.getByRole('listitem');
    await poll(() => refunds.count()).toBe(1);
    await poll(() => refunds.first().getByTestId('refund-amount').textContent()).toBe(amount);
    const text = (await refunds.first().textContent()) ?? '';
    expect(text).toContain('To your Shoal wallet');
    expect(text).toMatch(/Status\s*Refunded/);
    expect(text).toMatch(/Reference\s*Wallet entry \d+/);
    expect(text).toMatch(/Date\s*\d{1,2} \w{3} \d{4}/);
    // It fits the phone: nothing wider than the screen, nothing scrolls sideways.
    const box = await section.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('link', { name: 'Wallet' }).click();
    const line = page.getByTestId('wallet-line').filter({ hasText: paid.OrderNo });
    await poll(() => line.count()).toBe(1);
    expect(await line.textContent()).toContain(amount);
    await line.getByRole('link', { name: paid.OrderNo }).click();
    await page.waitForURL(`**/user_account/my_order/order-detail?id=${paid.OrderId}`);
    await page.getByRole('region', { name: 'Refund' }).waitFor();
  });
});
