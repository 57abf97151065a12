import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';
import { apiLogin, setBrowserSession, type LoginSession } from '../helpers/login.js';

let server: ShopServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openShop());
});

afterAll(() => closeShop({ server, browser }));

/** UI waits: server round trips on a 2-core machine. */
const soon = { timeout: 8000 };

interface ListedProduct {
  productId: number;
  variantId: number;
  active: boolean;
  isStockAvailable: boolean;
  stockQty: number;
  sRate: number;
  oRate: number | null;
}
interface Slot {
  DeliveryId: number;
  SlotDate: string;
  StartTime: string;
  EndTime: string;
  Label: string;
  Available: number;
}

/** A locator's text, or null while it is not there (a poll keeps asking). */
const text = (locator: Locator) => locator.textContent({ timeout: 500 }).catch(() => null);
const rate = (p: ListedProduct) => (p.oRate !== null && p.oRate > 0 ? p.oRate : p.sRate);

async function api<T>(session: LoginSession | null, method: string, url: string): Promise<T> {
  const res = await fetch(`${server.url}/api/${url}`, { method, headers: session ? { authorization: `Bearer ${session.token}` } : {} });
  const body = (await res.json()) as { Data: T; Message: string };
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${body.Message}`);
  return body.Data;
}

async function cheapProduct(): Promise<ListedProduct> {
  const products = await api<ListedProduct[]>(null, 'GET', 'products?companyId=1&branchId=1&pageSize=100');
  const product = products
    .filter((p) => p.active && p.isStockAvailable && p.stockQty >= 4 && rate(p) >= 60 && rate(p) < 150)
    .sort((a, b) => rate(a) - rate(b))[0];
  if (!product) throw new Error('no product between ₹60 and ₹150 in the demo shop');
  return product;
}

async function customerWithCart(qty: number, product: ListedProduct): Promise<LoginSession> {
  const session = await apiLogin(server.url, server.dataDir);
  await api(session, 'PUT', `Cart/1/${product.productId}/${product.variantId ?? 0}?qtyChange=${qty}&id=0&pageNumber=1&pageSize=10`);
  return session;
}

async function openCart(session: LoginSession): Promise<{ page: Page; close: () => Promise<void>; errors: string[] }> {
  const { context, page, errors } = await newPhonePage(browser, server.url);
  await setBrowserSession(context, server.url, session);
  await page.goto('/cart/');
  await page.getByTestId('cart-line').first().waitFor({ timeout: 15_000 });
  return { page, errors, close: () => context.close() };
}

const rupees = (n: number) => n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The shop-local (IST) date `days` from now, YYYY-MM-DD. */
const istDate = (days = 0) => new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);

/** '6–8 PM', '10 AM–12 PM', '1:07–2:07 PM': how a customer reads a window. */
function windowText(start: string, end: string): string {
  const part = (t: string) => {
    const [h, m] = t.split(':').map(Number) as [number, number];
    return { clock: `${h % 12 === 0 ? 12 : h % 12}${m ? `:${String(m).padStart(2, '0')}` : ''}`, half: h < 12 ? 'AM' : 'PM' };
  };
  const a = part(start);
  const b = part(end);
  return a.half === b.half ? `${a.clock}–${b.clock} ${b.half}` : `${a.clock} ${a.half}–${b.clock} ${b.half}`;
}

function dayText(date: string): string {
  if (date === istDate(0)) return 'Today';
  if (date === istDate(1)) return 'Tomorrow';
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return `${day.toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' })} ${d} ${day.toLocaleDateString('en-GB', { month: 'short', timeZone: 'UTC' })}`;
}

describe('cart page', () => {
  it('applies a coupon for checkout, copies its code and removes it, saying each', async () => {
    const product = await cheapProduct();
    const session = await customerWithCart(2, product);
    const { page, close, errors } = await openCart(session);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const apply = page.getByRole('button', { name: /^Apply coupon / }).first();
    await apply.waitFor(soon);
    const code = ((await apply.getAttribute('aria-label')) ?? '').replace('Apply coupon ', '');
    await apply.click();
    await page.getByText(`Coupon ${code} will be applied at checkout`).waitFor(soon);
    await page.getByRole('button', { name: `Remove coupon ${code}` }).waitFor(soon);

    await page.getByRole('button', { name: `Copy coupon code ${code}` }).click();
    await page.getByText(`Copied ${code}`).waitFor(soon);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // Checkout opens with the coupon the cart page kept.
    await page.getByRole('button', { name: 'Proceed to checkout' }).click();
    await expect.poll(() => page.getByLabel('Coupon code').inputValue(), soon).toBe(code);
    await page.goBack();
    await page.getByRole('button', { name: `Remove coupon ${code}` }).click();
    await page.getByRole('button', { name: `Apply coupon ${code}` }).waitFor(soon);
    await page.getByRole('button', { name: 'Proceed to checkout' }).click();
    await expect.poll(() => page.getByLabel('Coupon code').inputValue(), soon).toBe('');
    expect(errors).toEqual([]);
    await close();
  });

  it('says how much the offers saved, and says nothing when no line is on offer', async () => {
    const products = await api<ListedProduct[]>(null, 'GET', 'products?companyId=1&branchId=1&pageSize=100');
    const inStock = products.filter((p) => p.active && p.isStockAvailable && p.stockQty >= 4);
    const offered = inStock.find((p) => p.oRate !== null && p.oRate > 0 && p.oRate < p.sRate);
    const plain = inStock.find((p) => p.oRate === null);
    if (!offered || !plain) throw new Error('the demo shop needs a product on offer and one without');
    const session = await customerWithCart(3, offered);
    const { page, close, errors } = await openCart(session);
    const saved = Math.round((offered.sRate - (offered.oRate ?? 0)) * 3 * 100) / 100;
    await expect.poll(() => text(page.getByTestId('cart-savings')), soon).toBe(`You saved ₹${rupees(saved)} on offers`);
    await close();

    const other = await customerWithCart(2, plain);
    const second = await openCart(other);
    await second.page.getByTestId('cart-subtotal').waitFor(soon);
    expect(await second.page.getByTestId('cart-savings').count()).toBe(0);
    expect([...errors, ...second.errors]).toEqual([]);
    await second.close();
  });

  it('shows free-delivery amounts with the shop’s decimal places', async () => {
    const product = await cheapProduct();
    const session = await customerWithCart(1, product);
    const { page, close, errors } = await openCart(session);
    const banner = page.getByTestId('free-delivery-announcement');
    await expect.poll(() => text(banner), soon).toBe(`FREE DELIVERY shop for ₹ ${rupees(999 - rate(product))} more to unlock`);
    // Every other price on the page has two decimals too.
    expect(await page.getByTestId('cart-subtotal').textContent()).toBe(`₹${rupees(rate(product))}`);

    await page.getByRole('button', { name: /^Remove / }).click();
    await expect.poll(() => text(banner), soon).toBe('FREE DELIVERY on order above ₹ 999.00');
    expect(errors).toEqual([]);
    await close();
  });

  it('tells the customer in the cart how much more the minimum order needs', async () => {
    const product = await cheapProduct();
    const session = await customerWithCart(1, product);
    const { page, close } = await openCart(session);
    const rule = page.getByTestId('minimum-order');
    await expect.poll(() => text(rule), soon).toBe(`Minimum order ₹199.00. Add ₹${rupees(199 - rate(product))} more to place your order.`);
    // The rule sits with the total, before the way to checkout.
    const checkout = page.getByRole('button', { name: 'Proceed to checkout' });
    expect(await checkout.getAttribute('aria-describedby')).toContain((await rule.getAttribute('id')) ?? 'none');

    const times = Math.ceil((199 - rate(product)) / rate(product));
    for (let i = 0; i < times; i += 1) {
      await page.getByRole('button', { name: /^Increase quantity of / }).click();
      await expect.poll(() => page.getByTestId('cart-total-qty').textContent(), soon).toBe(String(2 + i));
    }
    await expect.poll(() => rule.count(), soon).toBe(0);
    await close();
  });

  it('picks a delivery slot by day, then time, shows full slots and says when the earliest delivery is', async () => {
    const product = await cheapProduct();
    const session = await customerWithCart(2, product);
    const open = await api<Slot[]>(null, 'GET', 'DeliverySlot/web/1?branchId=1');
    const earliest = open[0]!;
    // Tomorrow's 10 AM slot is booked out.
    const full = open.find((s) => s.SlotDate === istDate(1) && s.StartTime === '10:00')!;
    const db = new SQLite(path.join(server.dataDir, 'shoal.db'));
    try {
      db.prepare('update delivery_slots set booked = capacity where id = ?').run(full.DeliveryId);
    } finally {
      db.close();
    }

    const { page, close, errors } = await openCart(session);
    await expect
      .poll(() => text(page.getByTestId('earliest-delivery')), soon)
      .toBe(`Earliest delivery: ${dayText(earliest.SlotDate)}, ${windowText(earliest.StartTime, earliest.EndTime)}`);
    const days = page.getByRole('radiogroup', { name: 'Delivery day' });
    const times = page.getByRole('radiogroup', { name: 'Delivery time' });
    // One chip a day for the week, not 28 rows.
    expect(await days.getByRole('radio').count()).toBe(new Set(open.map((s) => s.SlotDate)).size);
    expect(await times.getByRole('radio').count()).toBeLessThanOrEqual(4);
    expect(await days.getByRole('radio', { name: new RegExp(`^${dayText(earliest.SlotDate)}`), checked: true }).count()).toBe(1);

    // The keyboard moves between days; tomorrow shows its full slot, disabled.
    const tomorrow = days.getByRole('radio', { name: /^Tomorrow/ });
    await days.getByRole('radio', { checked: true }).focus();
    await page.keyboard.press('ArrowRight');
    // Late in the evening the list opens on tomorrow: one day on and back again.
    if (earliest.SlotDate !== istDate(0)) await page.keyboard.press('ArrowLeft');
    await expect.poll(() => tomorrow.isChecked(), soon).toBe(true);
    const fullTime = times.getByRole('radio', { name: /^10 AM–12 PM/ });
    await expect.poll(() => fullTime.isDisabled(), soon).toBe(true);
    expect(await times.getByText('Full', { exact: true }).count()).toBe(1);

    // A time with room is chosen and kept for checkout, as before.
    const choice = open.find((s) => s.SlotDate === istDate(1) && s.StartTime === '16:00')!;
    await times.getByRole('radio', { name: /^4–6 PM/ }).click({ force: true });
    await expect.poll(() => text(page.getByTestId('chosen-slot')), soon).toBe(`Chosen: ${choice.Label}`);
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('delivery-slot') ?? 'null') as { state: { DeliveryId: number } } | null);
    expect(stored?.state.DeliveryId).toBe(choice.DeliveryId);

    // Back on the cart later, the chosen day and time are shown again.
    await page.reload();
    await expect.poll(() => times.getByRole('radio', { name: /^4–6 PM/ }).isChecked(), soon).toBe(true);
    expect(await days.getByRole('radio', { name: /^Tomorrow/ }).isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});
