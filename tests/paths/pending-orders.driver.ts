/**
 * Carries out the events of the pending-orders path model in Chromium and checks, in each
 * model state, what the customer sees. Each path starts with an order left unpaid (a tab
 * closed at the card window) and a visitor cart item in the browser.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LoginSession } from '../helpers/login.js';
import { cardWindow, closePathPage, gone, openPathPage, type PathPage, payWithCard, toast, visible, type World } from './browser-world.js';
import { RequestGate } from './network-gates.js';
import { ShopApi, SUCCESS_CARD, type ShopProduct, type UnpaidOrder } from './shop-fixtures.js';

export interface PendingShop {
  world: World;
  session: LoginSession;
  api: ShopApi;
  product: ShopProduct;
  addressId: number;
}

const LINE = 'You have orders that are still pending. Please complete or cancel them before placing a new one.';
const REFUSED = 'You have an order that is still awaiting payment. Please pay for it or cancel it before placing a new one.';
const REDIRECT_MS = 1000;

export async function preparePendingShop(world: World, session: LoginSession): Promise<PendingShop> {
  const api = new ShopApi(world.server.url, session);
  const product = await api.productPriced(100, 200);
  const addressId = await api.addAddress();
  return { world, session, api, product, addressId };
}

export function pendingOrdersDriver(shop: PendingShop) {
  const { api, product } = shop;
  let phone: PathPage | null = null;
  let orders: UnpaidOrder[] = [];
  let answeredAt = 0;
  const gates: Partial<Record<'check' | 'details' | 'cancel' | 'summary', RequestGate>> = {};

  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gate = async (name: keyof typeof gates, method: string, url: RegExp) => {
    await gates[name]?.close();
    const created = await RequestGate.on(page(), method, url);
    gates[name] = created;
    return created;
  };
  const the = (name: keyof typeof gates): RequestGate => {
    const found = gates[name];
    if (!found) throw new Error(`No ${name} gate in this path`);
    return found;
  };
  const dialog = () => page().getByTestId('pending-orders');
  const order = (i: number): UnpaidOrder => {
    const found = orders[i];
    if (!found) throw new Error(`No order ${i}`);
    return found;
  };
  const statusOf = async (o: UnpaidOrder) => api.orderStatus(o.OrderId);

  /** The dialog with the unpaid order, open (its items and net amount shown) or folded. */
  const expectDialog = async (entry: UnpaidOrder, open: boolean) => {
    await visible(dialog().getByText('Pending Orders'));
    await visible(dialog().getByText(LINE));
    await visible(dialog().getByText(entry.OrderNo));
    expect(await dialog().getByText('Awaiting Payment').count()).toBe(1);
    const netAmount = dialog().getByText(`Net amount: ₹${entry.NetAmount.toLocaleString('en-IN')}`, { exact: false });
    if (open) {
      await visible(dialog().getByRole('cell', { name: product.name }));
      await visible(netAmount);
      await expect.poll(() => dialog().getByRole('button', { name: 'Pay Now' }).isEnabled()).toBe(true);
      expect(await dialog().getByRole('button', { name: 'Cancel Order' }).isEnabled()).toBe(true);
    } else {
      await expect.poll(() => netAmount.filter({ visible: true }).count(), { message: 'the folded entry hides its body' }).toBe(0);
    }
    await visible(dialog().getByRole('button', { name: 'Close' }));
  };
  const expectNoDialog = async () => {
    // The dialog opens only after the details arrive; give a late one the time to show.
    await page().waitForTimeout(300);
    expect(await dialog().count()).toBe(0);
  };
  const buttonsDisabled = async () => {
    await expect.poll(() => dialog().getByRole('button', { name: 'Cancel Order' }).isDisabled()).toBe(true);
    expect(await dialog().getByRole('button', { name: 'Pay Now' }).isDisabled()).toBe(true);
  };

  const states = {
    away: async () => {
      expect(await Promise.all(orders.map(statusOf))).toEqual(['AWAITING_PAYMENT']);
    },
    checking: async () => {
      await visible(page().getByRole('heading', { name: /FAQ|Frequently/i }));
      expect(await dialog().count()).toBe(0);
    },
    loadingDetails: async () => {
      expect(await dialog().count()).toBe(0);
      const body = (await the('details').arrived()).postDataJSON() as { OrderIds: number[] };
      expect([...body.OrderIds].sort()).toEqual(orders.map((o) => o.OrderId).sort());
    },
    cartSynced: async () => {
      await visible(toast(page(), 'Cart updated'));
      await visible(page().getByRole('link', { name: 'Cart, 1 item' }));
      await expectNoDialog();
    },
    checkFailed: async () => {
      await expectNoDialog();
      expect(gates.details?.count ?? 0).toBe(0);
    },
    detailsFailed: expectNoDialog,
    dialog: () => expectDialog(order(0), true),
    orderFolded: () => expectDialog(order(0), false),
    newOrderBlocked: async () => {
      expect(the('summary').count, 'Pay asked for a new order once').toBe(1);
      await expectDialog(order(0), true);
      // Behind the modal dialog, the checkout page says why.
      await visible(page().getByRole('alert', { includeHidden: true }).filter({ hasText: REFUSED }));
      const statuses = (await api.call<{ StatusCode: string }[]>('GET', `Order/customer/${shop.session.customerId}?filterType=all`)).map((o) => o.StatusCode);
      expect(
        statuses.filter((s) => s === 'AWAITING_PAYMENT'),
        'still the one unpaid order, no second one',
      ).toHaveLength(1);
    },
    closed: async () => {
      await gone(dialog());
      await visible(page().getByRole('heading', { name: /FAQ|Frequently/i }));
    },
    cancelling: buttonsDisabled,
    cancelRefused: async () => {
      await visible(toast(page(), 'This order has already been placed; cancel it from My Orders.'));
      await expect.poll(() => dialog().getByRole('button', { name: 'Pay Now' }).isEnabled()).toBe(true);
      expect(await statusOf(order(0))).toBe('PLACED');
    },
    cancelFailed: async () => {
      await visible(toast(page(), 'Something went wrong while cancelling the order'));
      await expect.poll(() => dialog().getByRole('button', { name: 'Pay Now' }).isEnabled()).toBe(true);
      expect(await statusOf(order(0))).toBe('AWAITING_PAYMENT');
    },
    redirecting: async () => {
      await visible(toast(page(), 'Order cancelled successfully!'));
      expect(await statusOf(order(0))).toBe('CANCELLED');
    },
    myOrders: async () => {
      await page().waitForURL('**/user_account/my_order**');
      await visible(page().getByText(order(0).OrderNo));
      await expectNoDialog();
    },
    paying: async () => {
      await visible(cardWindow(page()).getByLabel('Card number'));
      expect(await dialog().count(), 'the dialog steps aside for the card window').toBe(0);
    },
    paid: async () => {
      await visible(page().getByTestId('payment-success').getByText('Payment Successful!'));
      expect(await dialog().count()).toBe(0);
      await expect.poll(() => statusOf(order(0))).toBe('PLACED');
    },
    paymentAbandoned: async () => {
      await visible(page().getByTestId('payment-failure').getByText('Payment Failed!'));
      expect(await dialog().count()).toBe(0);
      await expect.poll(() => statusOf(order(0))).toBe('CANCELLED');
    },
  };

  const events = {
    'xstate.init': async () => {
      await api.cancelUnpaidOrders();
      await api.setCart(product, 2);
      orders = [await api.leaveUnpaidOrder(shop.addressId)];
      phone = await openPathPage(shop.world, shop.session);
      const local = JSON.stringify([{ productId: product.productId, variantId: product.variantId, branchId: 1, companyId: 1, qty: 1 }]);
      await phone.context.addInitScript((value) => window.localStorage.setItem('localCart', value), local);
    },
    OPEN_A_PAGE: async () => {
      await gate('check', 'GET', /\/api\/Order\/checkPayment$/);
      await page().goto('/FAQ/');
      await the('check').arrived();
    },
    ORDERS_ARE_PENDING: async () => {
      await gate('details', 'POST', /\/api\/Order\/customer\/pending\//);
      await the('check').release();
      await the('details').arrived();
    },
    NOTHING_PENDING: async () => {
      await api.cancelUnpaidOrders();
      // The cancelled order's items came back to the server basket; this visitor starts without them.
      await api.setCart(product, 0);
      await the('check').release();
    },
    CHECK_FAILS: async () => {
      await gate('details', 'POST', /\/api\/Order\/customer\/pending\//);
      await the('check').fail('pass');
    },
    DETAILS_ARRIVE: () => the('details').release(),
    DETAILS_FAIL: () => the('details').fail('pass'),
    FOLD_THE_ORDER: () => dialog().getByText(order(0).OrderNo).click(),
    CLOSE: () => dialog().getByRole('button', { name: 'Close' }).click(),
    GO_TO_ANOTHER_PAGE: async () => {
      await page().getByRole('link', { name: 'Contact us' }).first().click();
      await page().waitForURL('**/contact-us**');
    },
    PAY_FOR_A_NEW_ORDER: async () => {
      // Two units clear the shop's minimum order.
      await api.setCart(product, 2);
      await page().goto('/user_account/check_out/');
      // Every page change shows the dialog again; the customer closes it and tries to pay anyway.
      await dialog().getByRole('button', { name: 'Close' }).click();
      await gone(dialog());
      const slot = page().getByLabel('Delivery slot');
      const first = await slot.locator('option').nth(1).getAttribute('value');
      await slot.selectOption(first ?? '');
      const pay = page().getByRole('button', { name: /^Pay ₹/ });
      await expect.poll(() => pay.isEnabled(), { timeout: 10_000 }).toBe(true);
      await gate('summary', 'POST', /\/api\/Order\/summary/);
      await pay.click();
      await the('summary').arrived();
      await the('summary').release();
    },
    CANCEL_ORDER: async () => {
      await gate('cancel', 'POST', /\/api\/Order\/placeOrder\/\d+\/Cancel/);
      await dialog().getByRole('button', { name: 'Cancel Order' }).click();
      await the('cancel').arrived();
    },
    CANCEL_SUCCEEDS: async () => {
      const answer = page().waitForResponse((r) => /\/Cancel$/.test(new URL(r.url()).pathname));
      await the('cancel').release();
      await answer;
      answeredAt = Date.now();
      expect(new URL(page().url()).pathname).toBe('/FAQ/');
    },
    CANCEL_REFUSED: async () => {
      const payment = await api.payInSandbox(order(0).providerOrderId);
      await api.call('POST', 'Order/payment/verify', payment);
      await the('cancel').release();
    },
    NETWORK_DROPS: () => the('cancel').fail('pass'),
    ONE_SECOND_PASSES: async () => {
      await page().waitForURL('**/user_account/my_order**');
      expect(Date.now() - answeredAt, 'the redirect waits about 1 s').toBeGreaterThanOrEqual(REDIRECT_MS - 100);
    },
    PAY_NOW: () => dialog().getByRole('button', { name: 'Pay Now' }).click(),
    PAY_WITH_CARD: () => payWithCard(page(), SUCCESS_CARD),
    CLOSE_WINDOW: () => cardWindow(page()).getByRole('button', { name: 'Close' }).click(),
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
