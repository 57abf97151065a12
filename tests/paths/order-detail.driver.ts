/**
 * Carries out the events of the order-detail path model in Chromium and checks, in each model
 * state, what the customer sees and what the server then holds. Every path starts with a new
 * cash-on-delivery order; the shop moves it on with its command line, which pushes each step live.
 */
import type { Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import type { LoginSession } from '../helpers/login.js';
import { PNG_1PX } from '../helpers/upload-fixtures.js';
import { ORDER_DETAIL_MESSAGES } from '../../machines/order-detail.rules';
import { UNREACHABLE } from './address-book.driver.js';
import { closePathPage, gone, openPathPage, type PathPage, toast, visible, type World } from './browser-world.js';
import { GateSet } from './gate-set.js';
import { LiveLine } from './live-line.js';
import { placeCashOrder, type PlacedOrder, ShopApi, shopCommand, type ShopProduct } from './shop-fixtures.js';

export interface OrderDetailShop {
  world: World;
  session: LoginSession;
  api: ShopApi;
  product: ShopProduct;
  addressId: number;
}

interface OrderRecord {
  StatusCode: string;
  OrderStatus: string;
  Return: { Reason: string; Remark: string; Image: string } | null;
  Review: { Review: string; Rating: number } | null;
}

const REMARK = 'The prawns were not fresh.';
const REVIEW = 'Good cleaning, slow delivery.';
const LEFT_THE_SHOP = 'This order has already left the shop and can no longer be cancelled.';

export async function prepareOrderDetailShop(world: World, session: LoginSession): Promise<OrderDetailShop> {
  const api = new ShopApi(world.server.url, session);
  const product = await api.productPriced(250, 2000, 40);
  const addressId = await api.addAddress();
  return { world, session, api, product, addressId };
}

export function orderDetailDriver(shop: OrderDetailShop) {
  const { api } = shop;
  let phone: PathPage | null = null;
  let line: LiveLine | null = null;
  let order: PlacedOrder = { OrderId: 0, OrderNo: '', NetAmount: 0 };
  let reorderMessage = '';
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gates = new GateSet<'order' | 'reasons' | 'cancel' | 'reorder' | 'upload' | 'return' | 'review' | 'unreview'>(page);
  const the = (name: Parameters<typeof gates.the>[0]) => gates.the(name);

  const record = () => api.call<OrderRecord>('GET', `Order/${order.OrderId}`);
  const serverStatus = async () => (await record()).StatusCode;
  const status = () => page().getByTestId('order-status');
  const timeline = () => page().getByTestId('order-timeline');
  const button = (name: string | RegExp) => page().getByRole('button', { name });
  const returnForm = () => page().getByRole('region', { name: 'Return this order' });
  const reviewForm = () => page().getByRole('region', { name: /Review this order|Your review/ });
  const readOfOrder = () =>
    page().waitForResponse((r: Response) => new URL(r.url()).pathname === `/api/Order/${order.OrderId}` && r.request().method() === 'GET');
  /** The page was not loaded again since the path opened it (a reload would lose this mark). */
  const expectNoReload = async () => expect(await page().evaluate(() => 'samePage' in window), 'no reload').toBe(true);
  const orderUrl = () => new RegExp(`/api/Order/${order.OrderId}$`);

  /** The shop moves the order on `times` steps; the page takes each push and reads the order again before the next. */
  const shopMovesOn = async (times: number) => {
    for (let i = 0; i < times; i++) {
      const read = readOfOrder();
      await shopCommand(shop.world.server, ['order-next', '--order', String(order.OrderId)]);
      await read;
    }
  };
  const expectStatus = async (label: string, code: string) => {
    await expect.poll(() => status().textContent()).toBe(label);
    expect(await serverStatus()).toBe(code);
  };
  const expectOrderShown = async () => {
    await visible(page().getByRole('heading', { name: `Order ${order.OrderNo}` }));
    await expectStatus('Placed', 'PLACED');
    await visible(button('Cancel order'));
    await visible(timeline().getByText('Placed').first());
    await expectNoReload();
  };
  const attachPhoto = (buffer: Buffer) => returnForm().getByLabel('Photo of the problem').setInputFiles({ name: 'prawns.png', mimeType: 'image/png', buffer });

  const states = {
    loading: async () => {
      await visible(page().getByText('Loading the order…'));
      expect(the('order').holding).toBe(1);
    },
    loadFailed: async () => {
      const error = page()
        .getByRole('alert')
        .filter({ has: page().getByRole('heading', { name: 'We could not load this order' }) });
      await visible(error, 15_000);
      await visible(error.getByText(UNREACHABLE));
      await visible(error.getByRole('button', { name: 'Try again' }));
    },
    placedAfterRetry: expectOrderShown,
    placed: async () => {
      await expectOrderShown();
      expect(the('reasons').count, 'the return reasons were read').toBeGreaterThanOrEqual(1);
      expect(line?.joins).toBe(1);
    },
    confirmingCancel: async () => {
      const dialog = page().getByRole('alertdialog', { name: 'Cancel this order?' });
      await visible(dialog.getByText('Anything you paid goes back to your wallet.'));
      await visible(dialog.getByRole('button', { name: 'Keep order' }));
      await visible(dialog.getByRole('button', { name: 'Yes, cancel order' }));
      expect(await serverStatus()).toBe('PLACED');
    },
    kept: async () => {
      await gone(page().getByRole('alertdialog'));
      await expectOrderShown();
    },
    confirmingAgain: async () => {
      await visible(page().getByRole('alertdialog', { name: 'Cancel this order?' }).getByRole('button', { name: 'Yes, cancel order' }));
      expect(await serverStatus()).toBe('PLACED');
    },
    cancelling: async () => {
      await expect.poll(() => button(/Cancelling/).isDisabled()).toBe(true);
      expect(await button('Keep order').isDisabled()).toBe(true);
      expect(await serverStatus()).toBe('PLACED');
    },
    cancelled: async () => {
      await visible(toast(page(), ORDER_DETAIL_MESSAGES.cancelled));
      await expectStatus('Cancelled', 'CANCELLED');
      await gone(button('Cancel order'));
    },
    reordering: async () => {
      await expect.poll(() => button(/Adding to cart/).isDisabled()).toBe(true);
      expect(the('reorder').holding).toBe(1);
      expect((await api.cart()).lines, 'nothing in the cart yet').toEqual([]);
    },
    reordered: async () => {
      expect(reorderMessage).not.toBe('');
      await visible(toast(page(), reorderMessage));
      await visible(page().getByRole('link', { name: 'Go to cart' }));
      await visible(page().getByRole('link', { name: 'Cart, 2 items' }));
      const cart = await api.cart();
      expect(cart.lines.map((l) => [l.productId, l.cartQty])).toEqual([[shop.product.productId, 2]]);
    },
    cancelFailed: async () => {
      await visible(toast(page(), ORDER_DETAIL_MESSAGES.cancelError));
      await expectStatus('Placed', 'PLACED');
      await visible(button('Cancel order'));
    },
    cancelRefused: async () => {
      await visible(toast(page(), LEFT_THE_SHOP));
      await expectStatus('Out for Delivery', 'OUT_FOR_DELIVERY');
      await gone(button('Cancel order'));
    },
    refreshing: async () => {
      await expect.poll(() => status().textContent(), { message: 'the push shows at once' }).toBe('Packed');
      await visible(timeline().getByText('Packed').first());
      expect(the('order').holding, "the order's record is being read again").toBe(1);
      expect(await serverStatus()).toBe('PACKED');
    },
    packed: async () => {
      await expectStatus('Packed', 'PACKED');
      await visible(timeline().getByText('Packed').first());
      expect(the('order').holding).toBe(0);
      await expectNoReload();
    },
    delivered: async () => {
      await expectStatus('Delivered', 'DELIVERED');
      await visible(returnForm().getByRole('heading', { name: 'Return this order' }));
      await visible(reviewForm().getByRole('heading', { name: 'Review this order' }));
      await expectNoReload();
    },
    returnProblem: async () => {
      await visible(returnForm().getByRole('alert').filter({ hasText: ORDER_DETAIL_MESSAGES.reasonRequired }));
      expect(the('upload').count, 'no photo sent').toBe(0);
      expect((await record()).Return).toBeNull();
    },
    uploading: async () => {
      await expect
        .poll(() =>
          returnForm()
            .getByRole('button', { name: /Sending/ })
            .isDisabled(),
        )
        .toBe(true);
      expect(the('upload').holding).toBe(1);
      expect(the('upload').count, 'the refused file, then the photo').toBe(2);
      expect(the('return').count, 'the request waits for the photo').toBe(0);
    },
    submittingReturn: async () => {
      expect(the('return').holding).toBe(1);
      const sent = new URL(the('return').seen[0]?.request.url() ?? '').searchParams;
      expect(sent.get('returnRemark')).toBe(REMARK);
      expect(sent.get('returnImage')).toMatch(/\.png$/);
      expect(await serverStatus()).toBe('DELIVERED');
    },
    returnRequested: async () => {
      await visible(toast(page(), ORDER_DETAIL_MESSAGES.returnRequested));
      await expectStatus('Return Requested', 'RETURN_REQUESTED');
      await visible(page().getByTestId('return-request').getByText(REMARK));
      const photo = await page().getByRole('img', { name: 'Photo sent with the return' }).getAttribute('src');
      const stored = await record();
      expect(stored.Return?.Remark).toBe(REMARK);
      expect(stored.Return?.Image).toBe(photo);
      expect((await fetch(`${shop.world.server.url}${photo}`)).headers.get('content-type')).toBe('image/png');
    },
    photoRefused: async () => {
      await visible(returnForm().getByRole('alert').filter({ hasText: ORDER_DETAIL_MESSAGES.photoUploadFailed }));
      expect(the('upload').count).toBe(1);
      expect(the('return').count, 'no return request without a photo').toBe(0);
      await expectStatus('Delivered', 'DELIVERED');
      expect((await record()).Return).toBeNull();
    },
    savingReview: async () => {
      await expect
        .poll(() =>
          reviewForm()
            .getByRole('button', { name: /Saving/ })
            .isDisabled(),
        )
        .toBe(true);
      expect((await record()).Review).toBeNull();
    },
    savingAgain: async () => {
      await expect
        .poll(() =>
          reviewForm()
            .getByRole('button', { name: /Saving/ })
            .isDisabled(),
        )
        .toBe(true);
      expect(the('review').count).toBe(2);
      expect((await record()).Review).toBeNull();
    },
    reviewed: async () => {
      await visible(toast(page(), ORDER_DETAIL_MESSAGES.reviewSaved));
      await expect.poll(() => page().getByTestId('saved-review').textContent()).toBe(`4 of 5 stars · “${REVIEW}”`);
      expect((await record()).Review).toMatchObject({ Rating: 4, Review: REVIEW });
    },
    reviewFailed: async () => {
      await visible(reviewForm().getByRole('alert').filter({ hasText: UNREACHABLE }));
      expect(await reviewForm().getByLabel('Review', { exact: true }).inputValue()).toBe(REVIEW);
      expect((await record()).Review).toBeNull();
    },
    deletingReview: async () => {
      await expect
        .poll(() =>
          reviewForm()
            .getByRole('button', { name: /Deleting/ })
            .isDisabled(),
        )
        .toBe(true);
      expect((await record()).Review).not.toBeNull();
    },
    reviewDeleted: async () => {
      await visible(toast(page(), ORDER_DETAIL_MESSAGES.reviewDeleted));
      await visible(page().getByRole('heading', { name: 'Review this order' }));
      expect(await page().getByTestId('saved-review').count()).toBe(0);
      expect((await record()).Review).toBeNull();
    },
  };

  const events = {
    'xstate.init': async () => {
      order = await placeCashOrder(api, shop.product, shop.addressId);
      phone = await openPathPage(shop.world, shop.session);
      line = await LiveLine.on(phone.context, phone.page, { held: true });
      await gates.open('order', 'GET', orderUrl());
      await gates.open('reasons', 'GET', /\/api\/Order\/reasons\//, 'pass');
      await page().goto(`/user_account/my_order/order-detail?id=${order.OrderId}`);
      await page().evaluate(() => Object.assign(window, { samePage: true }));
      await the('order').arrived();
    },
    ORDER_ARRIVES: async () => {
      await the('order').release();
      await visible(status());
      // The live connection opens once the order is shown; opening, it reads the order again.
      const read = readOfOrder();
      await line?.open();
      await read;
    },
    ORDER_FAILS: () => the('order').fail('abort'),
    TRY_AGAIN: async () => {
      the('order').setMode('pass');
      const retry = button('Try again');
      if (await retry.isVisible()) await retry.click();
    },
    CANCEL: () => button('Cancel order').click(),
    KEEP_ORDER: () => button('Keep order').click(),
    CONFIRM_CANCEL: async () => {
      await gates.open('cancel', 'PUT', /\/api\/Order\/cancel\/\d+$/);
      await button('Yes, cancel order').click();
      await the('cancel').arrived();
    },
    CANCEL_ANSWERS: () => the('cancel').release(),
    CANCEL_FAILS: () => the('cancel').fail('pass'),
    ORDER_AGAIN: async () => {
      await api.setCart(shop.product, 0);
      await gates.open('reorder', 'POST', /\/api\/Order\/reorder\/\d+$/);
      await button('Order again').click();
      await the('reorder').arrived();
    },
    REORDER_ANSWERS: async () => {
      const answered = page().waitForResponse((r) => /\/api\/Order\/reorder\//.test(r.url()));
      await the('reorder').release();
      reorderMessage = ((await (await answered).json()) as { Message: string }).Message;
    },
    SHOP_SENDS_IT_OUT_FIRST: async () => {
      await shopMovesOn(2);
      await the('cancel').release();
    },
    SHOP_PACKS: async () => {
      await gates.open('order', 'GET', orderUrl());
      await shopCommand(shop.world.server, ['order-next', '--order', String(order.OrderId)]);
      await the('order').arrived();
    },
    RECORD_ARRIVES: () => the('order').release(),
    SHOP_DELIVERS: () => shopMovesOn(2),
    REQUEST_RETURN_WITHOUT_REASON: async () => {
      await gates.open('upload', 'POST', /\/api\/Product\/images$/, 'pass');
      await gates.open('return', 'PUT', /\/api\/Order\/return\/\d+/, 'pass');
      await returnForm().getByLabel('What went wrong?').fill(REMARK);
      await attachPhoto(PNG_1PX);
      await visible(page().getByRole('img', { name: 'Photo preview' }));
      await returnForm().getByRole('button', { name: 'Request return' }).click();
    },
    ATTACH_A_PHOTO_AND_REQUEST: async () => {
      await attachPhoto(PNG_1PX);
      await gone(returnForm().getByRole('alert'));
      the('upload').setMode('hold');
      the('return').setMode('hold');
      await returnForm().getByRole('button', { name: 'Request return' }).click();
      await the('upload').arrived(2);
    },
    PHOTO_STORED: async () => {
      await the('upload').release();
      await the('return').arrived();
    },
    RETURN_ANSWERS: () => the('return').release(),
    ATTACH_A_FILE_THAT_IS_NO_PHOTO: async () => {
      await returnForm().getByLabel('Reason').selectOption({ index: 1 });
      await attachPhoto(Buffer.from('not a photo at all'));
      await returnForm().getByRole('button', { name: 'Request return' }).click();
      await the('upload').arrived();
    },
    SUBMIT_REVIEW: async () => {
      await reviewForm().getByRole('radio', { name: '4 stars' }).check({ force: true });
      await reviewForm().getByLabel('Review', { exact: true }).fill(REVIEW);
      await gates.open('review', 'PUT', /\/api\/Order\/review\/\d+/);
      await reviewForm().getByRole('button', { name: 'Submit review' }).click();
      await the('review').arrived();
    },
    REVIEW_ANSWERS: () => the('review').release(),
    REVIEW_FAILS: () => the('review').fail('pass'),
    SUBMIT_AGAIN: async () => {
      the('review').setMode('hold');
      await reviewForm().getByRole('button', { name: 'Submit review' }).click();
      await the('review').arrived(2);
    },
    DELETE_REVIEW: async () => {
      await gates.open('unreview', 'DELETE', /\/api\/Order\/review\/\d+$/);
      await reviewForm().getByRole('button', { name: 'Delete review' }).click();
      await the('unreview').arrived();
    },
    DELETE_ANSWERS: () => the('unreview').release(),
  };

  return {
    states,
    events,
    async close() {
      await gates.close();
      await line?.close();
      await closePathPage(phone);
    },
  };
}
