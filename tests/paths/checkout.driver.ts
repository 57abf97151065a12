/**
 * Carries out the events of the checkout path model in Chromium and checks, in each model
 * state, what the customer sees. One driver per path: a fresh page, the same customer.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LoginSession } from '../helpers/login.js';
import { cardWindow, closePathPage, gone, openPathPage, type PathPage, payWithCard, visible, type World } from './browser-world.js';
import { PushGate, RequestGate } from './network-gates.js';
import { creditWalletWithOneOrder, DECLINED_CARD, ShopApi, SUCCESS_CARD, type ShopProduct } from './shop-fixtures.js';

export interface CheckoutShop {
  world: World;
  session: LoginSession;
  api: ShopApi;
  product: ShopProduct;
  addressId: number;
}

/** Section 9: 3 placement tries 1 s apart, the status polled every 3 s at most 100 times. */
const PLACE_TRIES = 3;
const PLACE_RETRY_MS = 1000;
const POLL_MS = 3000;
const POLLS = 100;
const COUNTDOWN_MS = 5000;

export async function prepareCheckoutShop(world: World, session: LoginSession): Promise<CheckoutShop> {
  const api = new ShopApi(world.server.url, session);
  const product = await api.productPriced(250, 350);
  const addressId = await api.addAddress();
  return { world, session, api, product, addressId };
}

export function checkoutDriver(shop: CheckoutShop) {
  const { api, product } = shop;
  let phone: PathPage | null = null;
  const gates: Partial<Record<'options' | 'summary' | 'order' | 'process' | 'verify' | 'status' | 'cancel', RequestGate>> = {};
  let pushes: PushGate | null = null;
  let orderNo = '';
  let upiPaymentId = '';
  const upiWait = () => page().getByTestId('upi-approval');

  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gate = async (name: keyof typeof gates, method: string, url: RegExp, mode: 'hold' | 'abort' | 'pass' = 'hold') => {
    await gates[name]?.close();
    const created = await RequestGate.on(page(), method, url, mode);
    gates[name] = created;
    return created;
  };
  const the = (name: keyof typeof gates): RequestGate => {
    const found = gates[name];
    if (!found) throw new Error(`No ${name} gate in this path`);
    return found;
  };
  const payButton = () => page().getByRole('button', { name: /^(Pay|Place Order)/ });
  const success = () => page().getByTestId('payment-success');
  const failure = () => page().getByTestId('payment-failure');
  const newestOrder = async () => (await api.orderStatuses())[0];

  const expectBusy = async () => {
    await expect.poll(() => payButton().isDisabled()).toBe(true);
    expect(await success().count()).toBe(0);
    expect(await failure().count()).toBe(0);
  };
  const expectPaidPopup = async () => {
    await visible(success());
    const popup = success();
    await visible(popup.getByText('Payment Successful!'));
    await visible(popup.getByText('Your order has been placed successfully!'));
    await visible(popup.getByText(/^Transaction Number:\s*pay_/));
    await visible(popup.getByText('Status: CAPTURED'));
    await visible(popup.getByText(/Redirecting in [1-5] seconds\.\.\./));
    orderNo = ((await popup.getByText(/^Order ID:\s*SH\d+$/).textContent()) ?? '').replace(/^Order ID:\s*/, '').trim();
    expect(orderNo).toMatch(/^SH\d+$/);
    await visible(page().getByRole('link', { name: 'Cart, empty' }));
  };
  const expectPlacedPopup = async (statusCode: string) => {
    const popup = success();
    await visible(popup.getByText('Order Placed'));
    await visible(popup.getByText('Your order has been placed successfully!'));
    expect(await popup.getByText(/^Order ID:/).count(), 'cash and fully settled orders show no payment rows').toBe(0);
    expect(await cardWindow(page()).locator('body').count()).toBe(0);
    expect((await newestOrder())?.StatusCode).toBe(statusCode);
  };
  const expectFailedPopup = async () => {
    const popup = failure();
    await visible(popup.getByText('Payment Failed!'));
    await visible(popup.getByText('There was an issue with your payment. Please try again.'));
    await visible(popup.getByText(/Redirecting in [1-5] seconds\.\.\./));
    await visible(popup.getByRole('button', { name: 'Try Again' }));
    await visible(popup.getByRole('button', { name: 'Continue Shopping' }));
  };
  /** The unpaid order was cancelled and its items went back in the basket (the header is behind the modal popup). */
  const expectBasketBack = async () => {
    await expectOrderCancelled();
    await visible(page().getByRole('link', { name: 'Cart, 2 items', includeHidden: true }));
  };
  const expectOrderCancelled = async () => {
    await expect.poll(async () => (await newestOrder())?.StatusCode, { timeout: 10_000 }).toBe('CANCELLED');
  };

  const states = {
    cart: async () => {
      await visible(page().getByRole('button', { name: 'Proceed to checkout' }));
      expect(await page().getByRole('button', { name: 'Proceed to checkout' }).isEnabled()).toBe(true);
      await visible(page().getByText(product.name));
      await visible(page().getByRole('link', { name: 'Cart, 2 items' }));
    },
    loadingOptions: async () => {
      await visible(page().getByRole('heading', { name: 'Checkout' }));
      await visible(page().getByLabel('Loading checkout'));
    },
    optionsFailed: async () => {
      await visible(page().getByText('We could not load your addresses and delivery slots.'));
      await visible(page().getByRole('button', { name: 'Try again' }));
    },
    choosing: async () => {
      await visible(page().getByText('Choose a delivery slot to see your total.'));
      await expect
        .poll(() =>
          page()
            .getByRole('radio', { name: /Beach Road/ })
            .isChecked(),
        )
        .toBe(true);
      expect(await page().getByLabel('Delivery slot').inputValue()).toBe('');
      expect(await payButton().isDisabled()).toBe(true);
    },
    summarizing: async () => {
      await visible(page().getByLabel('Updating the summary'));
      expect(await payButton().isDisabled()).toBe(true);
    },
    ready: async () => {
      const summary = page().getByTestId('order-summary');
      await visible(summary.getByText(`${product.name} × 2`));
      await visible(summary.getByText('To pay'));
      await expect.poll(() => payButton().isEnabled()).toBe(true);
      const toPay = (await summary.getByText('To pay').locator('xpath=following-sibling::*[1]').textContent()) ?? '';
      expect(await payButton().textContent()).toBe(`Pay ${toPay}`);
      expect(
        await page()
          .getByRole('alert')
          .filter({ hasText: /coupon/i })
          .count(),
      ).toBe(0);
    },
    couponRefused: async () => {
      const slot = await page().getByLabel('Delivery slot').inputValue();
      const reason = await api
        .call('GET', `Order/checkout?branchId=1&deliveryId=${slot}&couponCode=NOSUCHCOUPON&isWalletLoyality=false&isWalletAmount=false&paymentMethod=ONLINE`)
        .then(
          () => '',
          (error: Error) => error.message.replace(/^.*answered 400: /, ''),
        );
      expect(reason).not.toBe('');
      await visible(page().getByRole('alert').filter({ hasText: reason }));
      expect(await payButton().isDisabled()).toBe(true);
    },
    ordering: async () => {
      await expectBusy();
      expect(await cardWindow(page()).locator('body').count()).toBe(0);
    },
    placing: async () => {
      await expectBusy();
      expect((await newestOrder())?.StatusCode).toBe('AWAITING_PAYMENT');
    },
    placeRetryWait: async () => {
      await expectBusy();
      expect(the('process').count, 'one failed placement so far').toBe(1);
    },
    cardWindow: async () => {
      await visible(cardWindow(page()).getByLabel('Card number'));
      await visible(cardWindow(page()).getByRole('button', { name: 'Close' }));
    },
    verifying: async () => {
      await gone(page().locator('iframe[title="Sandbox checkout"]'));
      await expectBusy();
    },
    polling: async () => {
      await expectBusy();
      expect(the('status').count).toBe(0);
      await page().clock.fastForward(POLL_MS);
      await the('status').arrived(1);
    },
    cancelling: async () => {
      await gone(page().locator('iframe[title="Sandbox checkout"]'));
      await expectBusy();
      expect((await newestOrder())?.StatusCode).toBe('AWAITING_PAYMENT');
    },
    paid: expectPaidPopup,
    paidByPush: async () => {
      await expectPaidPopup();
      expect(the('verify').holding, 'the push settled it while the confirmation was still on its way').toBe(1);
    },
    paidAfterPolling: async () => {
      await expectPaidPopup();
      expect(the('status').count).toBeGreaterThanOrEqual(1);
    },
    placedCashOnDelivery: () => expectPlacedPopup('PLACED'),
    placedFromWallet: async () => {
      await expectPlacedPopup('PLACED');
      const info = await api.call<{ WalletBalance: number }>('GET', `Customer/info/${shop.session.customerId}`);
      expect(info.WalletBalance).toBe(0);
    },
    declined: async () => {
      await expectFailedPopup();
      await expectBasketBack();
    },
    failedWindowClosed: async () => {
      await expectFailedPopup();
      await expectBasketBack();
    },
    awaitingUpiApproval: async () => {
      await visible(upiWait().getByRole('heading', { name: 'Approve the payment in your UPI app' }));
      await visible(upiWait().getByRole('timer'));
      await gone(page().locator('iframe[title="Sandbox checkout"]'));
      expect((await newestOrder())?.StatusCode, 'nothing is cancelled while the request waits').toBe('AWAITING_PAYMENT');
    },
    paidInUpiApp: async () => {
      await expectPaidPopup();
      expect(await upiWait().count()).toBe(0);
    },
    failedGaveUp: async () => {
      await expectFailedPopup();
      await expectBasketBack();
    },
    failedAfterRetries: async () => {
      await expectFailedPopup();
      const times = the('process').seen.map((s) => s.at);
      expect(times).toHaveLength(PLACE_TRIES);
      for (let i = 1; i < times.length; i++) expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(PLACE_RETRY_MS - 150);
      await expectBasketBack();
    },
    failedPollsRanOut: async () => {
      await expectFailedPopup();
      expect(the('status').count).toBe(POLLS);
    },
    checkingOutAgain: async () => {
      await gone(failure());
      expect(new URL(page().url()).pathname).toMatch(/^\/user_account\/check_out/);
      const summary = page().getByTestId('order-summary');
      await visible(summary.getByText(`${product.name} × 2`));
      await expect.poll(() => payButton().isEnabled()).toBe(true);
      await visible(page().getByRole('link', { name: 'Cart, 2 items' }));
    },
    myOrders: async () => {
      await page().waitForURL('**/user_account/my_order**');
      await gone(success());
      await visible(page().getByText(orderNo));
    },
    home: async () => {
      await page().waitForURL((url) => url.pathname === '/');
      await gone(failure());
    },
  };

  const events = {
    'xstate.init': async () => {
      await api.cancelUnpaidOrders();
      await api.setCart(product, 2);
      phone = await openPathPage(shop.world, shop.session, { clock: true });
      pushes = await PushGate.on(phone.context, 'PaymentStatus');
      await page().goto('/cart/');
    },
    PROCEED_TO_CHECKOUT: async () => {
      await gate('options', 'GET', /\/api\/Address\/customer/);
      await page().getByRole('button', { name: 'Proceed to checkout' }).click();
      await the('options').arrived();
    },
    OPTIONS_ARRIVE: () => the('options').release(),
    // Every attempt fails, the client's own retries of these reads too: the options cannot be had.
    OPTIONS_FAIL: () => the('options').fail('abort'),
    TRY_AGAIN: async () => {
      await gate('options', 'GET', /\/api\/Address\/customer/);
      await page().getByRole('button', { name: 'Try again' }).click();
      await the('options').arrived();
    },
    PICK_SLOT: async () => {
      await gate('summary', 'GET', /\/api\/Order\/checkout\?/);
      const select = page().getByLabel('Delivery slot');
      const first = await select.locator('option').nth(1).getAttribute('value');
      await select.selectOption(first ?? '');
      await the('summary').arrived();
    },
    SUMMARY_ARRIVES: () => the('summary').release(),
    APPLY_UNKNOWN_COUPON: async () => {
      await page().getByLabel('Coupon code').fill('NOSUCHCOUPON');
      await page().getByRole('button', { name: 'Apply' }).click();
    },
    REMOVE_COUPON: () => page().getByRole('button', { name: 'Remove' }).click(),
    PAY: async () => {
      await gate('order', 'POST', /\/api\/Order\/summary/);
      await payButton().click();
      await the('order').arrived();
    },
    ORDER_CREATED: async () => {
      await gate('process', 'POST', /\/api\/Order\/placeOrder\/\d+\/Proccess/);
      await the('order').release();
      await the('process').arrived();
    },
    PROCESS_ANSWERS: () => the('process').release(),
    PROCESS_FAILS: () => the('process').fail('hold'),
    PROCESS_RECOVERS: async () => {
      await the('process').arrived(2);
      const [first, second] = the('process').seen;
      expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(PLACE_RETRY_MS - 150);
      await the('process').release();
    },
    PROCESS_FAILS_EVERY_TIME: async () => {
      await the('process').fail('abort');
      await the('process').arrived(PLACE_TRIES);
    },
    PAY_WITH_CARD: async () => {
      // The live connection starts once the page is shown; the payment's push needs it up.
      await pushes?.connected();
      pushes?.hold();
      await gate('verify', 'POST', /\/api\/Order\/payment\/verify/);
      await payWithCard(page(), SUCCESS_CARD);
      await the('verify').arrived();
    },
    VERIFY_ANSWERS: () => the('verify').release(),
    HUB_PUSHES_CAPTURE: async () => {
      await pushes?.arrived();
      pushes?.release();
    },
    VERIFY_UNREACHABLE: async () => {
      await gate('status', 'GET', /\/api\/Order\/status\/checkPayment\//);
      await the('verify').fail('abort');
    },
    POLL_FINDS_CAPTURE: async () => {
      await the('status').release();
    },
    POLLS_RUN_OUT: async () => {
      await the('status').fail('abort');
      for (let poll = 2; poll <= POLLS; poll++) {
        await page().clock.fastForward(POLL_MS);
        await the('status').arrived(poll, 5_000);
      }
    },
    DECLINED_CARD: async () => {
      await gate('cancel', 'POST', /\/api\/Order\/placeOrder\/\d+\/Cancel/);
      await payWithCard(page(), DECLINED_CARD);
      await the('cancel').arrived();
    },
    CANCEL_DONE: () => the('cancel').release(),
    CLOSE_WINDOW: () => cardWindow(page()).getByRole('button', { name: 'Close' }).click(),
    SEND_UPI_AND_CLOSE: async () => {
      const window = cardWindow(page());
      await window.getByRole('button', { name: 'Show QR code' }).click();
      const hint = await window.getByText(/Approve or decline payment pay_/).innerText();
      upiPaymentId = /(pay_[A-Za-z0-9]{14})/.exec(hint)?.[1] ?? '';
      expect(upiPaymentId, hint).not.toBe('');
      await window.getByRole('button', { name: 'Close' }).click();
    },
    UPI_APP_APPROVES: async () => {
      await pushes?.connected();
      await api.call('POST', '/sandbox/upi/simulate', { payment_id: upiPaymentId, action: 'approve' });
    },
    GIVE_UP: () => upiWait().getByRole('button', { name: 'Cancel payment' }).click(),
    COUNTDOWN_ENDS: () => page().clock.runFor(COUNTDOWN_MS),
    CONTINUE_SHOPPING: () => failure().getByRole('button', { name: 'Continue Shopping' }).click(),
    CHECK_OUT_AGAIN: async () => {
      await gate('options', 'GET', /\/api\/Address\/customer/, 'pass');
      await gate('summary', 'GET', /\/api\/Order\/checkout\?/, 'pass');
      await failure().getByRole('button', { name: 'Try Again' }).click();
    },
    PLACE_CASH_ON_DELIVERY: async () => {
      await page().getByRole('radio', { name: 'Cash on delivery' }).click({ force: true });
      const place = page().getByRole('button', { name: 'Place Order' });
      await expect.poll(() => place.isEnabled()).toBe(true);
      await place.click();
    },
    PAY_FROM_WALLET: async () => {
      await creditWalletWithOneOrder(api, shop.addressId, product, 2);
      await page()
        .getByRole('checkbox', { name: /Use wallet balance/ })
        .click({ force: true });
      const place = page().getByRole('button', { name: 'Place Order' });
      await expect.poll(() => place.isEnabled(), { timeout: 10_000 }).toBe(true);
      await place.click();
    },
  };

  return {
    states,
    events,
    async close() {
      for (const g of Object.values(gates)) await g?.close();
      await closePathPage(phone);
    },
  };
}
