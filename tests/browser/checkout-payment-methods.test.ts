import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';
import { setBrowserSession, type LoginSession } from '../helpers/login.js';
import { shopApi, shopperWithCart } from '../helpers/checkout-shopper.js';

/** The sandbox's UPI waits, shortened: the test UPI app answers after 1.5 s, a request expires after 6 s. */
const EXPIRY_SECONDS = 6;

let server: ShopServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openShop({ env: { SANDBOX_UPI_EXPIRY_SECONDS: String(EXPIRY_SECONDS), SANDBOX_UPI_APPROVAL_SECONDS: '1.5' } }));
});

afterAll(() => closeShop({ server, browser }));

const api = <T>(...args: Parameters<ReturnType<typeof shopApi>>) => shopApi(server)<T>(...args);

/** The checkout page of a shopper with a basket, its Pay button pressed: the sandbox window is open. */
async function openPaymentWindow(): Promise<{ session: LoginSession; context: BrowserContext; page: Page; errors: string[]; policyLines: string[] }> {
  const session = await shopperWithCart(server);
  const phone = await newPhonePage(browser, server.url);
  // Chromium reports every Content-Security-Policy refusal, in any frame, on the console.
  const policyLines: string[] = [];
  phone.context.on('console', (message) => {
    if (/content security policy/i.test(message.text())) policyLines.push(message.text());
  });
  await setBrowserSession(phone.context, server.url, session);
  await phone.page.goto('/user_account/check_out/');
  await phone.page.getByRole('heading', { name: 'Checkout' }).waitFor();
  const slot = phone.page.getByLabel('Delivery slot');
  await slot.waitFor();
  const firstSlot = await slot.locator('option').nth(1).getAttribute('value');
  await slot.selectOption(firstSlot ?? '');
  await expect.poll(() => phone.page.getByText('To pay').isVisible(), { timeout: 10_000 }).toBe(true);
  await phone.page.getByRole('button', { name: /^Pay ₹/ }).click();
  await paymentWindow(phone.page).getByRole('heading', { name: 'UPI' }).waitFor({ timeout: 10_000 });
  return { session, ...phone, policyLines };
}

function paymentWindow(page: Page) {
  return page.frameLocator('iframe[title="Sandbox checkout"]');
}

async function payByUpiId(page: Page, vpa: string): Promise<void> {
  const frame = paymentWindow(page);
  await frame.getByLabel('UPI ID').fill(vpa);
  await frame.getByRole('button', { name: /^Pay ₹.* by UPI$/ }).click();
}

/** The window waits for the UPI app, its countdown running. */
async function seesWaiting(page: Page): Promise<void> {
  const frame = paymentWindow(page);
  await frame.getByRole('heading', { name: 'Approve the payment in your UPI app' }).waitFor({ timeout: 10_000 });
  const timer = frame.getByRole('timer');
  const first = await timer.innerText();
  expect(first).toMatch(/^0:0[1-6]$/);
  await expect.poll(() => timer.innerText(), { timeout: 3_000 }).not.toBe(first);
}

async function orderStatuses(session: LoginSession): Promise<string[]> {
  const orders = await api<{ StatusCode?: string; OrderStatus?: string }[]>(session, 'GET', `Order/customer/${session.customerId}?filterType=all`);
  return orders.map((o) => o.StatusCode ?? o.OrderStatus ?? '');
}

async function seesSuccess(page: Page): Promise<void> {
  const popup = page.getByTestId('payment-success');
  await popup.waitFor({ timeout: 15_000 });
  expect(await popup.getByText('Payment Successful!').isVisible()).toBe(true);
  expect(await popup.getByText(/^Transaction Number: pay_/).isVisible()).toBe(true);
  expect(await popup.getByText('Status: CAPTURED').isVisible()).toBe(true);
}

async function seesFailure(page: Page, timeout = 15_000): Promise<void> {
  const popup = page.getByTestId('payment-failure');
  await popup.waitFor({ timeout });
  expect(await popup.getByText('Payment Failed!').isVisible()).toBe(true);
  expect(await popup.getByText('There was an issue with your payment. Please try again.').isVisible()).toBe(true);
}

describe('Paying in the sandbox window by UPI, netbanking and wallet', () => {
  it('UPI first: a malformed UPI ID is refused in the window, success@razorpay waits for approval and places the order', async () => {
    const { session, context, page, errors } = await openPaymentWindow();
    const frame = paymentWindow(page);
    await payByUpiId(page, 'asha.okhdfc');
    const alert = frame.getByRole('alert').filter({ hasText: 'Enter a valid UPI ID, such as name@bank.' });
    await alert.waitFor();
    expect(await frame.getByLabel('UPI ID').getAttribute('aria-invalid')).toBe('true');
    expect(await frame.getByLabel('UPI ID').evaluate((el) => el === document.activeElement)).toBe(true);

    await payByUpiId(page, 'success@razorpay');
    await seesWaiting(page);
    expect(await frame.getByText('We sent a request to success@razorpay.', { exact: false }).isVisible()).toBe(true);
    await seesSuccess(page);
    await page.waitForURL('**/user_account/my_order**', { timeout: 8_000 });
    expect(await orderStatuses(session)).toEqual(['PLACED']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('UPI: failure@razorpay is declined in the UPI app, and the shop shows its failure popup with the basket kept', async () => {
    const { session, context, page } = await openPaymentWindow();
    await payByUpiId(page, 'failure@razorpay');
    await seesWaiting(page);
    await seesFailure(page);
    await page.getByRole('link', { name: 'Cart, 2 items', includeHidden: true }).waitFor();
    await page.getByTestId('payment-failure').getByRole('button', { name: 'Try Again' }).click();
    expect(await orderStatuses(session)).toEqual(['CANCELLED']);
    await context.close();
  });

  it('a UPI payment declined in the app is retried with a card: Try Again checks the same basket out again and the card pays it', async () => {
    const { session, context, page } = await openPaymentWindow();
    await payByUpiId(page, 'failure@razorpay');
    await seesFailure(page);
    await page.getByTestId('payment-failure').getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    const pay = page.getByRole('button', { name: /^Pay ₹/ });
    await expect.poll(() => pay.isEnabled(), { timeout: 10_000 }).toBe(true);
    await pay.click();
    const frame = paymentWindow(page);
    await frame.getByLabel('Card number').fill('4111 1111 1111 1111');
    await frame.getByLabel('Expiry').fill('12/34');
    await frame.getByLabel('CVV').fill('123');
    await frame.locator('#pay').click();
    await seesSuccess(page);
    await expect.poll(() => orderStatuses(session)).toEqual(['PLACED', 'CANCELLED']);
    await context.close();
  });

  it('UPI: expire@razorpay is never approved, the countdown runs out and the shop shows its failure popup', async () => {
    const { session, context, page } = await openPaymentWindow();
    const started = Date.now();
    await payByUpiId(page, 'expire@razorpay');
    await seesWaiting(page);
    await seesFailure(page, (EXPIRY_SECONDS + 10) * 1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual((EXPIRY_SECONDS - 1) * 1000);
    await page.getByTestId('payment-failure').getByRole('button', { name: 'Try Again' }).click();
    expect(await orderStatuses(session)).toEqual(['CANCELLED']);
    await context.close();
  });

  it('UPI QR: the window shows a QR code and waits; a simulated scan approves it', async () => {
    const { session, context, page, policyLines } = await openPaymentWindow();
    const frame = paymentWindow(page);
    await frame.getByRole('button', { name: 'Show QR code' }).click();
    await frame.getByRole('heading', { name: 'Scan the QR code with any UPI app' }).waitFor();
    await frame.getByRole('img', { name: 'UPI QR code' }).waitFor();
    expect(await frame.getByRole('link', { name: 'Open in a UPI app' }).getAttribute('href')).toMatch(/^upi:\/\/pay\?pa=/);
    const hint = await frame.getByText(/Approve or decline payment pay_/).innerText();
    const paymentId = /(pay_[A-Za-z0-9]{14})/.exec(hint)?.[1];
    const scanned = await fetch(`${server.url}/sandbox/upi/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payment_id: paymentId, action: 'approve' }),
    });
    expect(scanned.status).toBe(200);
    await seesSuccess(page);
    await expect.poll(() => orderStatuses(session)).toEqual(['PLACED']);
    // The QR code is markup in the window: its policy loads no picture and refuses nothing.
    expect(policyLines).toEqual([]);
    await context.close();
  });

  it('netbanking: the bank list leads to the sandbox bank page, whose Success places the order', async () => {
    const { session, context, page } = await openPaymentWindow();
    const frame = paymentWindow(page);
    await frame.getByLabel('Choose your bank').selectOption({ label: 'HDFC Bank' });
    await frame.getByRole('button', { name: /^Pay ₹.* by netbanking$/ }).click();
    const heading = frame.getByRole('heading', { name: 'HDFC Bank · Sandbox bank page' });
    await heading.waitFor();
    expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
    await frame.getByRole('button', { name: 'Success' }).click();
    await seesSuccess(page);
    await expect.poll(() => orderStatuses(session)).toEqual(['PLACED']);
    await context.close();
  });

  it('wallet: the wallet page’s Failure shows the shop’s failure popup', async () => {
    const { context, page } = await openPaymentWindow();
    const frame = paymentWindow(page);
    await frame.getByLabel('Choose a wallet').selectOption({ label: 'PhonePe' });
    await frame.getByRole('button', { name: /^Pay ₹.* by wallet$/ }).click();
    await frame.getByRole('heading', { name: 'PhonePe · Sandbox wallet page' }).waitFor();
    await frame.getByRole('button', { name: 'Failure' }).click();
    await seesFailure(page);
    await context.close();
  });

  it('wallet: the wallet page’s Success places the order', async () => {
    const { session, context, page } = await openPaymentWindow();
    const frame = paymentWindow(page);
    await frame.getByLabel('Choose a wallet').selectOption({ label: 'Amazon Pay' });
    await frame.getByRole('button', { name: /^Pay ₹.* by wallet$/ }).click();
    await frame.getByRole('heading', { name: 'Amazon Pay · Sandbox wallet page' }).waitFor();
    await frame.getByRole('button', { name: 'Success' }).click();
    await seesSuccess(page);
    await expect.poll(() => orderStatuses(session)).toEqual(['PLACED']);
    await context.close();
  });

  it('netbanking: the bank page’s Failure shows the shop’s failure popup, the order cancelled', async () => {
    const { session, context, page } = await openPaymentWindow();
    const frame = paymentWindow(page);
    await frame.getByLabel('Choose your bank').selectOption({ label: 'State Bank of India' });
    await frame.getByRole('button', { name: /^Pay ₹.* by netbanking$/ }).click();
    await frame.getByRole('heading', { name: 'State Bank of India · Sandbox bank page' }).waitFor();
    await frame.getByRole('button', { name: 'Failure' }).click();
    await seesFailure(page);
    await expect.poll(() => orderStatuses(session)).toEqual(['CANCELLED']);
    await context.close();
  });
});

describe('Closing the window while a UPI request waits in the UPI app', () => {
  /** Sends a UPI request from the QR view, then closes the window: its payment id, for the simulated UPI app. */
  async function closeWhileQrWaits(page: Page): Promise<string> {
    const frame = paymentWindow(page);
    await frame.getByRole('button', { name: 'Show QR code' }).click();
    const hint = await frame.getByText(/Approve or decline payment pay_/).innerText();
    const paymentId = /(pay_[A-Za-z0-9]{14})/.exec(hint)?.[1];
    if (!paymentId) throw new Error(`no payment id in "${hint}"`);
    await frame.getByRole('button', { name: 'Close' }).click();
    return paymentId;
  }

  /** The shop's own wait: its heading, and a countdown that moves. */
  async function seesShopWaiting(page: Page) {
    const dialog = page.getByTestId('upi-approval');
    await dialog.getByRole('heading', { name: 'Approve the payment in your UPI app' }).waitFor({ timeout: 10_000 });
    expect(await page.locator('iframe[title="Sandbox checkout"]').count(), 'the payment window is gone').toBe(0);
    const timer = dialog.getByRole('timer');
    const first = await timer.innerText();
    expect(first).toMatch(/^0:0[1-6]$/);
    await expect.poll(() => timer.innerText(), { timeout: 3_000 }).not.toBe(first);
    return dialog;
  }

  it('the shop waits with a countdown, and an approval in the UPI app places the order', async () => {
    const { session, context, page } = await openPaymentWindow();
    const paymentId = await closeWhileQrWaits(page);
    await seesShopWaiting(page);
    expect(await orderStatuses(session), 'nothing is cancelled while the request waits').toEqual(['AWAITING_PAYMENT']);
    const scanned = await fetch(`${server.url}/sandbox/upi/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payment_id: paymentId, action: 'approve' }),
    });
    expect(scanned.status).toBe(200);
    await seesSuccess(page);
    expect(await page.getByTestId('upi-approval').count()).toBe(0);
    await expect.poll(() => orderStatuses(session)).toEqual(['PLACED']);
    await context.close();
  });

  it('a request nobody answers runs out: the order is cancelled, the failure popup shows and the basket is back', async () => {
    const { session, context, page } = await openPaymentWindow();
    await closeWhileQrWaits(page);
    await seesShopWaiting(page);
    await seesFailure(page, (EXPIRY_SECONDS + 10) * 1000);
    await page.getByRole('link', { name: 'Cart, 2 items', includeHidden: true }).waitFor();
    expect(await orderStatuses(session)).toEqual(['CANCELLED']);
    await context.close();
  });

  it('Cancel payment stops the wait at once: the order is cancelled and the failure popup offers Try Again', async () => {
    const { session, context, page } = await openPaymentWindow();
    await closeWhileQrWaits(page);
    const dialog = await seesShopWaiting(page);
    await dialog.getByRole('button', { name: 'Cancel payment' }).click();
    await seesFailure(page, 5_000);
    await expect.poll(() => orderStatuses(session)).toEqual(['CANCELLED']);
    await context.close();
  });
});
