import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';
import { apiLogin, setBrowserSession, uniqueMobile, type LoginSession } from '../helpers/login.js';
import { latestSlotWithRoom } from '../helpers/slots.js';
import { shopCommand } from '../helpers/shop-command.js';
import { formatMoney } from '../../contract/money.rules.js';
import type { Product } from '../../contract/catalogue.schemas.js';

/**
 * Fish sold by weight, on a phone: the Seer fish card shows its weights and price per kg, its
 * page shows them for the chosen cut with the rule on the final weight, and after the shop packs
 * a lighter piece (npm run shop -- pack), the order shows what was ordered and packed and the
 * difference refunded to the wallet, which the wallet history shows too.
 */

let server: ShopServer;
let browser: Browser;
let session: LoginSession;
let page: Page;
let seer: Product;

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

/** One pack of the Seer fish curry cut, ordered online, paid with the sandbox's test card. */
async function paidSeerOrder(addressId: number) {
  await api('PUT', `Cart/1/${seer.productId}/${seer.variantId}?qtyChange=1&id=0&pageNumber=1&pageSize=10`);
  const slot = latestSlotWithRoom(await api<{ DeliveryId: number; Available: number }[]>('GET', 'DeliverySlot/web/1?branchId=1'));
  if (!slot) throw new Error('no delivery slot');
  const order = await api<{ OrderId: number; OrderNo: string }>('POST', 'Order/summary?branchId=1', {
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
    body: JSON.stringify({ key_id: config.KeyId, order_id: started.Data, card_number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' }),
  });
  expect(pay.status).toBe(200);
  expect((await api<{ Status: string }>('POST', 'Order/payment/verify', await pay.json())).Status).toBe('CAPTURED');
  return order;
}

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

beforeAll(async () => {
  ({ server, browser } = await openShop());
  session = await apiLogin(server.url, server.dataDir, uniqueMobile());
  const detail = await api<Product>('GET', 'Product/detail/1?branchId=1');
  const curryCut = detail.variants.find((v) => v.name === '500 g · Curry cut');
  if (!curryCut) throw new Error('the demo Seer fish has no 500 g curry cut');
  seer = await api<Product>('GET', `Product/detail/1?branchId=1&variantId=${curryCut.variantId}`);
  const phone = await newPhonePage(browser, server.url);
  await setBrowserSession(phone.context, server.url, session);
  page = phone.page;
});

afterAll(() => closeShop({ server, browser }));

describe('Fish sold by weight on a phone', () => {
  it('the card shows the weights and the price per kg', async () => {
    expect(seer).toMatchObject({ grossGrams: 500, netGrams: 400, pieces: '6-8', serves: '2-3' });
    const list = await api<Product[]>('GET', 'products?companyId=1&branchId=1&categoryId=1&pageNumber=1&pageSize=20');
    const listed = list.find((p) => p.productId === seer.productId)!;
    await page.goto('/product?categoryId=1');
    const card = page.locator('main article').filter({ hasText: 'Kingfish (Seer)' }).first();
    await card.waitFor();
    expect(await card.getByTestId('product-weights').textContent()).toBe(
      [`${listed.grossGrams === 1000 ? '1 kg' : `${listed.grossGrams} g`}`, `Net ${listed.netGrams} g`, `${listed.pieces} pcs`].join(' · '),
    );
    expect(await card.getByTestId('product-per-kg').textContent()).toBe(`${formatMoney(listed.pricePerKg!)}/kg`);
    const box = await card.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  });

  it('the product page shows every weight of the chosen cut, the price per kg and the rule on the final weight', async () => {
    await page.goto(`/product/product_detail?productId=${seer.productId}&variantId=${seer.variantId}`);
    const weights = page.getByRole('region', { name: 'Weight and size' });
    await weights.waitFor();
    const text = (await weights.textContent()) ?? '';
    for (const fact of ['Gross 500 g', 'Net 400 g after cleaning', '6-8 pieces', 'Serves 2-3']) expect(text).toContain(fact);
    expect(await weights.getByTestId('detail-per-kg').textContent()).toBe(`${formatMoney(seer.pricePerKg!)}/kg`);
    expect(text).toContain('Final weight may vary');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('after the shop packs a lighter piece, the order shows ordered and packed weight and the refund to the wallet', async () => {
    const address = await api<{ AddressId: number }>('POST', 'Address', {
      Name: 'Asha Menon',
      Phone: '9847012345',
      House: '4, Sea View Apartments',
      Street: 'Beach Road',
      City: 'Kochi',
      State: 'Kerala',
      Pincode: '682001',
    });
    const order = await paidSeerOrder(address.AddressId);
    await page.goto(`/user_account/my_order/order-detail?id=${order.OrderId}`);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('Placed');
    await poll(() => page.getByTestId('item-weights').textContent()).toBe('Ordered 400 g · Not weighed yet');

    const printed = await shopCommand(server)('pack', '--order', String(order.OrderId), '--line', '1', '--grams', '360');
    // 40 g short of 400 g of a pack charged at the offer rate: a tenth of it back.
    const ratePaise = Math.round((seer.oRate ?? seer.sRate) * 100);
    const refund = formatMoney(Math.round(ratePaise / 10) / 100);
    expect(printed).toContain(`${refund} refunded to the customer's wallet`);

    // The server pushes the order's status, and the page reads it again.
    await poll(() => page.getByTestId('item-weights').textContent()).toBe('Ordered 400 g · Packed 360 g');
    expect(await page.getByTestId('item-weight-settlement').textContent()).toBe(`${refund} refunded to your wallet for a lighter pack`);
    const refunds = page.getByRole('region', { name: 'Refund' });
    await poll(() => refunds.getByTestId('refund-amount').first().textContent()).toBe(refund);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('link', { name: 'Wallet' }).click();
    const line = page.getByTestId('wallet-line').filter({ hasText: order.OrderNo });
    await poll(() => line.count()).toBe(1);
    const walletText = (await line.textContent()) ?? '';
    expect(walletText).toContain(refund);
    expect(walletText).toContain('Lighter pack');
  });
});
