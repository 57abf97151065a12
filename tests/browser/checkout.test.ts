import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';
import { setBrowserSession, type LoginSession } from '../helpers/login.js';
import { shopApi, shopperWithCart, type ProductRow } from '../helpers/checkout-shopper.js';

let server: ShopServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openShop());
});

afterAll(() => closeShop({ server, browser }));

const api = <T>(...args: Parameters<ReturnType<typeof shopApi>>) => shopApi(server)<T>(...args);

const SUCCESS_CARD = '4111 1111 1111 1111';
const DECLINED_CARD = '4000 0000 0000 0002';

async function openCheckout(
  session: LoginSession,
  options: { closePendingDialog?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const phone = await newPhonePage(browser, server.url);
  await setBrowserSession(phone.context, server.url, session);
  await phone.page.goto('/user_account/check_out/');
  await phone.page.getByRole('heading', { name: 'Checkout' }).waitFor();
  if (options.closePendingDialog) {
    const modal = phone.page.getByTestId('pending-orders');
    await modal.waitFor({ timeout: 10_000 });
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });
  }
  // The cart page normally hands over the slot; here the customer picks the first one offered.
  const slot = phone.page.getByLabel('Delivery slot');
  await slot.waitFor();
  const firstSlot = await slot.locator('option').nth(1).getAttribute('value');
  await slot.selectOption(firstSlot ?? '');
  await expect.poll(() => phone.page.getByText('To pay').isVisible(), { timeout: 10_000 }).toBe(true);
  return phone;
}

function cardWindow(page: Page) {
  return page.frameLocator('iframe[title="Sandbox checkout"]');
}

async function payWithCard(page: Page, card: string): Promise<void> {
  const frame = cardWindow(page);
  await frame.getByLabel('Card number').fill(card);
  await frame.getByLabel('Expiry').fill('12/34');
  await frame.getByLabel('CVV').fill('123');
  await frame.locator('#pay').click();
}

async function orderStatuses(session: LoginSession): Promise<string[]> {
  const orders = await api<{ StatusCode?: string; OrderStatus?: string }[]>(session, 'GET', `Order/customer/${session.customerId}?filterType=all`);
  return orders.map((o) => o.StatusCode ?? o.OrderStatus ?? '');
}

describe('Checkout and online payment through the sandbox', () => {
  it('pays an order end to end, shows the receipt and goes to the order list after 5 seconds', async () => {
    const session = await shopperWithCart(server);
    const { context, page, errors } = await openCheckout(session);
    const pay = page.getByRole('button', { name: /^Pay ₹/ });
    await pay.click();
    await expect.poll(() => pay.isDisabled()).toBe(true);
    await payWithCard(page, SUCCESS_CARD);

    const popup = page.getByTestId('payment-success');
    await popup.waitFor({ timeout: 10_000 });
    expect(await popup.getByText('Payment Successful!').isVisible()).toBe(true);
    expect(await popup.getByText('Your order has been placed successfully!').isVisible()).toBe(true);
    expect(await popup.getByText(/^Order ID:/).isVisible()).toBe(true);
    expect(await popup.getByText(/^Transaction Number: pay_/).isVisible()).toBe(true);
    expect(await popup.getByText('Status: CAPTURED').isVisible()).toBe(true);
    expect(await popup.getByText(/Redirecting in [1-5] seconds\.\.\./).isVisible()).toBe(true);

    await page.waitForURL('**/user_account/my_order**', { timeout: 8_000 });
    const cart = await api<{ lines: unknown[] }>(session, 'GET', 'Cart?branchId=1');
    expect(cart.lines).toHaveLength(0);
    expect(await orderStatuses(session)).not.toContain('AWAITING_PAYMENT');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the basket when the card is declined, and Try Again pays for it', async () => {
    const session = await shopperWithCart(server);
    const { context, page } = await openCheckout(session);
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    await payWithCard(page, DECLINED_CARD);

    const popup = page.getByTestId('payment-failure');
    await popup.waitFor({ timeout: 10_000 });
    expect(await popup.getByText('Payment Failed!').isVisible()).toBe(true);
    expect(await popup.getByText('There was an issue with your payment. Please try again.').isVisible()).toBe(true);
    // The basket is as it was before paying (the header sits behind the modal popup, hidden from the accessibility tree).
    await page.getByRole('link', { name: 'Cart, 2 items', includeHidden: true }).waitFor();
    await popup.getByRole('button', { name: 'Try Again' }).click();
    expect(await orderStatuses(session)).toEqual(['CANCELLED']);
    const cart = await api<{ lines: { productId: number; cartQty: number }[] }>(session, 'GET', 'Cart?branchId=1');
    expect(cart.lines.map((l) => l.cartQty)).toEqual([2]);

    const pay = page.getByRole('button', { name: /^Pay ₹/ });
    await expect.poll(() => pay.isEnabled(), { timeout: 10_000 }).toBe(true);
    // The same basket: the product, two of it.
    await page.getByTestId('order-summary').getByText(session.productName, { exact: false }).filter({ hasText: '× 2' }).waitFor();
    await pay.click();
    await payWithCard(page, SUCCESS_CARD);
    await page.getByTestId('payment-success').waitFor({ timeout: 10_000 });
    await expect.poll(() => orderStatuses(session)).toEqual(['PLACED', 'CANCELLED']);
    await page.getByRole('link', { name: 'Cart, empty' }).waitFor();
    await context.close();
  });

  it('keeps the basket when the customer closes the payment window, and Try Again pays for it', async () => {
    const session = await shopperWithCart(server);
    const { context, page } = await openCheckout(session);
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    await cardWindow(page).getByRole('button', { name: 'Close' }).click();

    const popup = page.getByTestId('payment-failure');
    await popup.waitFor({ timeout: 10_000 });
    await page.getByRole('link', { name: 'Cart, 2 items', includeHidden: true }).waitFor();
    await popup.getByRole('button', { name: 'Try Again' }).click();
    expect(await orderStatuses(session)).toEqual(['CANCELLED']);
    const pay = page.getByRole('button', { name: /^Pay ₹/ });
    await expect.poll(() => pay.isEnabled(), { timeout: 10_000 }).toBe(true);
    await pay.click();
    await payWithCard(page, SUCCESS_CARD);
    await page.getByTestId('payment-success').waitFor({ timeout: 10_000 });
    await expect.poll(() => orderStatuses(session)).toEqual(['PLACED', 'CANCELLED']);
    await context.close();
  });

  it('does not let a customer with an unpaid order place another, even after closing the pending-orders dialog', async () => {
    const session = await shopperWithCart(server);
    const first = await openCheckout(session);
    await first.page.getByRole('button', { name: /^Pay ₹/ }).click();
    await cardWindow(first.page).getByLabel('Card number').waitFor();
    // The tab goes away mid-payment: the order waits for its payment.
    await first.context.close();
    const products = await api<ProductRow[]>(null, 'GET', 'products?companyId=1&branchId=1&pageNumber=1&pageSize=40');
    const another = products.find((p) => p.isStockAvailable && p.stockQty >= 10 && p.name !== session.productName);
    if (!another) throw new Error('The seeded catalogue has no second product in stock');
    await api(session, 'PUT', `Cart/1/${another.productId}/${another.variantId}?qtyChange=1&id=0&pageNumber=1&pageSize=10`);

    const { context, page } = await openCheckout(session, { closePendingDialog: true });
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    const modal = page.getByTestId('pending-orders');
    await modal.waitFor({ timeout: 10_000 });
    await modal.getByText(session.productName).first().waitFor();
    // Behind the modal dialog, the checkout page says why.
    await page.getByRole('alert', { includeHidden: true }).filter({ hasText: 'You have an order that is still awaiting payment.' }).waitFor();
    expect(await orderStatuses(session)).toEqual(['AWAITING_PAYMENT']);
    await context.close();
  });

  it('finds an unpaid order left behind on the next page and pays it with Pay Now', async () => {
    const session = await shopperWithCart(server);
    const first = await openCheckout(session);
    await first.page.getByRole('button', { name: /^Pay ₹/ }).click();
    await cardWindow(first.page).getByLabel('Card number').waitFor();
    // The tab goes away mid-payment: nothing cancels the order.
    await first.context.close();
    expect(await orderStatuses(session)).toEqual(['AWAITING_PAYMENT']);

    const { context, page } = await newPhonePage(browser, server.url);
    await setBrowserSession(context, server.url, session);
    await page.goto('/');
    const modal = page.getByTestId('pending-orders');
    await modal.waitFor({ timeout: 10_000 });
    expect(await modal.getByText('Pending Orders').isVisible()).toBe(true);
    expect(await modal.getByText('You have orders that are still pending. Please complete or cancel them before placing a new one.').isVisible()).toBe(true);
    expect(await modal.getByText(session.productName).first().isVisible()).toBe(true);
    expect(await modal.getByText(/Net amount: ₹/).isVisible()).toBe(true);

    await modal.getByRole('button', { name: 'Pay Now' }).click();
    await payWithCard(page, SUCCESS_CARD);
    await page.getByTestId('payment-success').waitFor({ timeout: 10_000 });
    expect(await page.getByText('Payment Successful!').isVisible()).toBe(true);
    expect(await modal.isVisible()).toBe(false);
    await expect.poll(() => orderStatuses(session)).not.toContain('AWAITING_PAYMENT');
    await context.close();
  });
});
