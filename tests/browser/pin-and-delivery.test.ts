import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';
import { apiLogin, setBrowserSession } from '../helpers/login.js';

let server: ShopServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openShop());
});

afterAll(() => closeShop({ server, browser }));

/** UI waits: server round trips on a 2-core machine. */
const soon = { timeout: 8000 };

/** A locator's text, or null while it is not there (a poll keeps asking). */
const text = (locator: Locator) => locator.textContent({ timeout: 500 }).catch(() => null);

interface Slot {
  DeliveryId: number;
  SlotDate: string;
  StartTime: string;
  EndTime: string;
  Available: number;
  Capacity: number;
}

async function api<T>(url: string, init: { method?: string; token?: string } = {}): Promise<T> {
  const res = await fetch(`${server.url}/api/${url}`, { method: init.method ?? 'GET', headers: init.token ? { authorization: `Bearer ${init.token}` } : {} });
  const body = (await res.json()) as { Data: T; Message: string };
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${body.Message}`);
  return body.Data;
}

/** Sets how many places a slot has taken, as orders would. */
function book(slot: Slot, booked: number): void {
  const db = new SQLite(path.join(server.dataDir, 'shoal.db'));
  try {
    db.prepare('update delivery_slots set booked = ? where id = ?').run(booked, slot.DeliveryId);
  } finally {
    db.close();
  }
}

describe('PIN code and earliest delivery on a phone', () => {
  it('refuses a PIN code the shop does not serve, takes a served one, and shows the earliest delivery in the header, on a card and in the cart', async () => {
    // The branch's first open slot fills up and the next has 3 places left: the earliest skips the full one.
    const open = await api<Slot[]>('DeliverySlot/web/1?branchId=1');
    const [filled, nearlyFull] = open as [Slot, Slot];
    book(filled, filled.Capacity);
    book(nearlyFull, nearlyFull.Capacity - 3);
    const earliest = await api<{ DeliveryId: number; Label: string }>('DeliverySlot/earliest/1?branchId=1');
    expect(earliest.DeliveryId).toBe(nearlyFull.DeliveryId);
    expect(earliest.Label).toMatch(/^(Today|Tomorrow|\w{3} \d{1,2} \w{3}), \d/);

    const { context, page, errors } = await newPhonePage(browser, server.url);
    await page.goto('/');
    const header = page.locator('header');
    const pinButton = header.getByRole('button', { name: 'Enter PIN code' });
    await pinButton.waitFor(soon);
    await pinButton.click();

    const dialog = page.getByRole('dialog', { name: 'Where should we deliver?' });
    await dialog.waitFor(soon);
    const input = dialog.getByLabel('PIN code');
    await input.fill('06820');
    await dialog.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => text(dialog.getByText('Enter a 6-digit PIN code that does not start with 0.')), soon).not.toBeNull();

    await input.fill('695001');
    await dialog.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => text(dialog.getByTestId('pin-answer')), soon).toBe("We don't deliver to 695001 yet.");
    // Nothing is remembered: the header, behind the dialog, still asks for a PIN code.
    expect(await text(header.getByTestId('header-delivery'))).toContain('Enter PIN code');

    await input.fill('682001');
    await dialog.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => text(dialog.getByTestId('pin-answer')), soon).toBe('We deliver to 682001 from our Fort Kochi shop.');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => dialog.count(), soon).toBe(0);

    // The header: the PIN code and the earliest delivery, within the phone's width.
    await expect.poll(() => text(header.getByRole('button', { name: 'Deliver to 682001' })), soon).toBe('Deliver to 682001');
    await expect.poll(() => text(header.getByTestId('header-earliest-delivery')), soon).toBe(`Earliest delivery: ${earliest.Label}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A product card, compact.
    const card = page.getByTestId('card-earliest-delivery').first();
    await expect.poll(() => text(card), soon).toBe(`Earliest delivery: ${earliest.Label}`);
    expect(await card.isVisible()).toBe(true);

    // The choice survives a refresh.
    await page.reload();
    await expect.poll(() => text(header.getByTestId('header-earliest-delivery')), soon).toBe(`Earliest delivery: ${earliest.Label}`);
    expect(await header.getByRole('button', { name: 'Deliver to 682001' }).count()).toBe(1);

    // The cart: the earliest delivery, and the slot picker with each slot's places left.
    const session = await apiLogin(server.url, server.dataDir);
    const products = await api<{ productId: number; variantId: number; isStockAvailable: boolean; active: boolean }[]>(
      'products?companyId=1&branchId=1&pageSize=20',
    );
    const product = products.find((p) => p.active && p.isStockAvailable)!;
    await api(`Cart/1/${product.productId}/${product.variantId ?? 0}?qtyChange=1&id=0&pageNumber=1&pageSize=10`, { method: 'PUT', token: session.token });
    await setBrowserSession(context, server.url, session);
    await page.goto('/cart/');
    await expect.poll(() => text(page.getByTestId('earliest-delivery')), soon).toBe(`Earliest delivery: ${earliest.Label}`);
    expect(await text(header.getByTestId('header-earliest-delivery'))).toBe(`Earliest delivery: ${earliest.Label}`);

    const days = page.getByRole('radiogroup', { name: 'Delivery day' });
    const times = page.getByRole('radiogroup', { name: 'Delivery time' });
    const dayOf = async (slot: Slot) => {
      const chip = days.locator(`input[value="${slot.SlotDate}"]`).locator('xpath=..');
      await chip.click({ force: true });
      await expect.poll(() => days.locator(`input[value="${slot.SlotDate}"]`).isChecked(), soon).toBe(true);
    };
    const timeChip = (slot: Slot) => times.locator(`input[value="${slot.DeliveryId}"]`).locator('xpath=..');

    await dayOf(filled);
    await expect.poll(() => text(timeChip(filled).getByTestId('slot-capacity')), soon).toBe('Full');
    expect(await times.locator(`input[value="${filled.DeliveryId}"]`).isDisabled()).toBe(true);
    await dayOf(nearlyFull);
    await expect.poll(() => text(timeChip(nearlyFull).getByTestId('slot-capacity')), soon).toBe('3 left');
    expect(await times.locator(`input[value="${nearlyFull.DeliveryId}"]`).isDisabled()).toBe(false);
    const others = open.filter((s) => s.SlotDate === nearlyFull.SlotDate && s.DeliveryId !== nearlyFull.DeliveryId && s.DeliveryId !== filled.DeliveryId);
    for (const slot of others) expect(await text(timeChip(slot).getByTestId('slot-capacity'))).toBe(`${slot.Available} left`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('a PIN code of another branch leaves the cart with its branch: the shopper is told and decides', async () => {
    const session = await apiLogin(server.url, server.dataDir);
    const products = await api<{ productId: number; variantId: number; isStockAvailable: boolean; active: boolean }[]>(
      'products?companyId=1&branchId=1&pageSize=20',
    );
    const product = products.find((p) => p.active && p.isStockAvailable)!;
    await api(`Cart/1/${product.productId}/${product.variantId ?? 0}?qtyChange=2&id=0&pageNumber=1&pageSize=10`, { method: 'PUT', token: session.token });

    const { context, page, errors } = await newPhonePage(browser, server.url);
    await setBrowserSession(context, server.url, session);
    const productRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/products?')) productRequests.push(new URL(request.url()).searchParams.get('branchId') ?? '');
    });
    await page.goto('/');
    const header = page.locator('header');
    await expect.poll(() => header.getByRole('link', { name: 'Cart, 2 items' }).count(), soon).toBe(1);

    const check = async (pin: string) => {
      await header.getByRole('button', { name: /^(Enter PIN code|Deliver to \d{6})$/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Where should we deliver?' });
      await dialog.getByLabel('PIN code').fill(pin);
      await dialog.getByRole('button', { name: 'Check' }).click();
      return dialog;
    };

    // Kakkanad serves 682030: the dialog says the cart's lines stay with Fort Kochi and asks.
    let dialog = await check('682030');
    const warning = dialog.getByTestId('pin-switch');
    await expect
      .poll(() => text(warning), soon)
      .toBe(
        'We deliver to 682030 from our Kakkanad shop.' +
          'Your cart has 2 items priced by our Fort Kochi shop. Kakkanad has its own prices and stock, so those items stay with Fort Kochi; your cart at Kakkanad starts separately.' +
          'Shop at KakkanadKeep Fort Kochi',
      );
    await dialog.getByRole('button', { name: 'Keep Fort Kochi' }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count(), soon).toBe(0);
    expect(await text(header.getByTestId('header-delivery'))).toContain('Enter PIN code');
    expect(await page.evaluate(() => localStorage.getItem('delivery-pin'))).toBeNull();

    // Asked again, the shopper switches: the page loads again on Kakkanad, whose cart is its own.
    dialog = await check('682030');
    await dialog.getByRole('button', { name: 'Shop at Kakkanad' }).click();
    await expect.poll(() => text(header.getByRole('button', { name: 'Deliver to 682030' })), soon).toBe('Deliver to 682030');
    await expect.poll(() => header.getByRole('link', { name: 'Cart, empty' }).count(), soon).toBe(1);
    await expect.poll(() => productRequests.at(-1), soon).toBe('2');
    const kakkanad = await api<{ DeliveryId: number; Label: string }>('DeliverySlot/earliest/1?branchId=2');
    await expect.poll(() => text(header.getByTestId('header-earliest-delivery')), soon).toBe(`Earliest delivery: ${kakkanad.Label}`);

    // Nothing moved: the Fort Kochi cart still holds its line at Fort Kochi's price.
    const fortKochi = await api<{ lines: { productId: number; cartQty: number; branchId: number }[] }>('Cart?branchId=1', { token: session.token });
    expect(fortKochi.lines.map((l) => [l.productId, l.cartQty, l.branchId])).toEqual([[product.productId, 2, 1]]);
    const kakkanadCart = await api<{ lines: unknown[] }>('Cart?branchId=2', { token: session.token });
    expect(kakkanadCart.lines).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });
});
