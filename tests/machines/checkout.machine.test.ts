import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestModel } from '@xstate/graph';
import { assign, setup, type SnapshotFrom } from 'xstate';
import { PLACE_ORDER_ATTEMPTS, PLACE_ORDER_RETRY_MS } from '../../machines/checkout.rules';
import { UNPAID_ORDER_WAITING_CODE } from '../../contract/order.rules';
import { ApiError } from '../../src/lib/http';
import { PAYMENT_POLL_ATTEMPTS, PAYMENT_POLL_MS } from '../../machines/payment-status.machine';
import { REDIRECT_COUNTDOWN_SECONDS } from '../../machines/payment-popup.machine';
import type { PaymentStatusUpdate } from '../../contract/hub-events';
import type { PaymentStatusRecord } from '../../contract/payment.schemas';
import { createCheckoutHarness, flush, OPTIONS, PROVIDER_ORDER_ID, SUMMARY, type CheckoutHarness } from './checkout-harness';

type Kind = 'ONLINE' | 'COD' | 'ZERO';

/**
 * The checkout flow as the customer and the outside world see it (section 4). Every event is
 * something that can happen: a reply of the server, a card paid or declined in the payment
 * window, the window closed, the hub's push, time passing. Each shortest path through this
 * model is replayed against the real checkout machine with faked effects and a fake clock.
 */
const checkoutModel = setup({
  types: { context: {} as { kind: Kind; placeTries: number; fromPending: boolean } },
  guards: {
    online: ({ context }) => context.kind === 'ONLINE',
    triesLeft: ({ context }) => context.placeTries + 1 < PLACE_ORDER_ATTEMPTS,
  },
}).createMachine({
  id: 'model',
  context: { kind: 'ONLINE', placeTries: 0, fromPending: false },
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN_CHECKOUT: 'loadingOptions',
        PAY_NOW_FROM_PENDING: { target: 'window', actions: assign({ fromPending: true }) },
      },
    },
    loadingOptions: { on: { OPTIONS_LOADED: 'summarizing', OPTIONS_FAIL: 'optionsFailed' } },
    optionsFailed: { on: { OPEN_CHECKOUT: 'loadingOptions' } },
    summarizing: { on: { SUMMARY_PRICED: 'ready', COUPON_REJECTED: 'summaryFailed' } },
    summaryFailed: { on: { REMOVE_COUPON: 'summarizing' } },
    ready: { on: { PAY: 'ordering' } },
    ordering: {
      on: {
        ORDER_CREATED_ONLINE: { target: 'placing', actions: assign({ kind: 'ONLINE' as Kind }) },
        ORDER_CREATED_COD: { target: 'placing', actions: assign({ kind: 'COD' as Kind }) },
        ORDER_CREATED_ZERO: { target: 'placing', actions: assign({ kind: 'ZERO' as Kind }) },
        ORDER_REFUSED: 'summarizing',
        ORDER_BLOCKED_BY_UNPAID: 'blockedByUnpaid',
      },
    },
    blockedByUnpaid: { on: { SUMMARY_PRICED: 'ready' } },
    placing: {
      on: {
        PLACE_OK: [{ guard: 'online', target: 'window' }, { target: 'succeeded' }],
        PLACE_FAILS: [
          { guard: 'triesLeft', target: 'retryWait', actions: assign({ placeTries: ({ context }) => context.placeTries + 1 }) },
          { target: 'cancelling' },
        ],
      },
    },
    retryWait: { on: { RETRY_DELAY_PASSES: 'placing' } },
    window: {
      on: { CARD_PAID: 'verifying', CARD_DECLINED: 'cancelling', WINDOW_CLOSED: 'lookingForUpi', HUB_CAPTURED: 'succeeded' },
    },
    /** The window is gone: is a UPI request still waiting in the customer's UPI app? */
    lookingForUpi: {
      on: { NOTHING_WAITS: 'cancelling', LOOK_FAILS: 'cancelling', PAID_MEANWHILE: 'succeeded', UPI_REQUEST_WAITS: 'awaitingApproval' },
    },
    awaitingApproval: { on: { UPI_APPROVED: 'succeeded', UPI_REQUEST_EXPIRES: 'cancelling', GIVE_UP: 'cancelling', HUB_CAPTURED: 'succeeded' } },
    verifying: { on: { VERIFY_CAPTURED: 'succeeded', VERIFY_PENDING: 'polling', VERIFY_FAILED: 'cancelling' } },
    polling: { on: { POLL_CAPTURED: 'succeeded', POLLS_RUN_OUT: 'cancelling', HUB_CAPTURED: 'succeeded' } },
    cancelling: { on: { CANCELLED: 'failed' } },
    succeeded: { on: { COUNTDOWN_ENDS: 'onOrders', CONTINUE_SHOPPING: 'home' } },
    failed: { on: { COUNTDOWN_ENDS: 'onOrders', CONTINUE_SHOPPING: 'home', TRY_AGAIN: 'checkingOutAgain' } },
    onOrders: { type: 'final' },
    home: { type: 'final' },
    /** Try Again on the failure popup: the basket is back, the checkout page opens afresh. */
    checkingOutAgain: { type: 'final' },
  },
});

type ModelState = SnapshotFrom<typeof checkoutModel>;
type Step = { state: ModelState };

const ORDER_ID = 501;
const orderFor = (kind: Kind) => ({
  OrderId: ORDER_ID,
  OrderNo: 'SHL-000501',
  NetAmount: kind === 'ZERO' ? 0 : SUMMARY.NetAmount,
  PaymentMethod: kind === 'COD' ? 'COD' : 'ONLINE',
  OrderStatus: 'Awaiting Payment',
  StatusCode: 'AWAITING_PAYMENT',
});
const record = (Status: PaymentStatusRecord['Status'], TransactionNo = ''): PaymentStatusRecord => ({
  Status,
  OrderId: ORDER_ID,
  OrderNo: 'SHL-000501',
  TransactionNo,
});
/** What the poll says is left of a waiting UPI request: two polls fit before it expires. */
const UPI_SECONDS = 7;
const UNPAID_MESSAGE = 'You have an order that is still awaiting payment. Please pay for it or cancel it before placing a new one.';
const pushed = (Status: PaymentStatusUpdate['Status']): PaymentStatusUpdate => ({
  OrderId: ORDER_ID,
  OrderNo: 'SHL-000501',
  Status,
  TransactionNo: 'pay_SBX9',
});

function executors(h: CheckoutHarness) {
  return {
    OPEN_CHECKOUT: () => h.send({ type: 'checkout.open' }),
    PAY_NOW_FROM_PENDING: () =>
      h.send({
        type: 'checkout.payPending',
        order: { OrderId: ORDER_ID, OrderNo: 'SHL-000501', NetAmount: SUMMARY.NetAmount },
        providerOrderId: PROVIDER_ORDER_ID,
      }),
    OPTIONS_LOADED: () => h.settle('loadOptions', { output: OPTIONS }),
    OPTIONS_FAIL: () => h.settle('loadOptions', { error: new Error('Network error') }),
    SUMMARY_PRICED: () => h.settle('getSummary', { output: SUMMARY }),
    COUPON_REJECTED: () => h.settle('getSummary', { error: new Error('This coupon has expired.') }),
    REMOVE_COUPON: () => h.send({ type: 'checkout.change', form: { couponCode: '' } }),
    PAY: async () => {
      h.send({ type: 'checkout.submit' });
      // A second press while the first is in flight must not create a second order.
      h.send({ type: 'checkout.submit' });
      await flush();
    },
    ORDER_CREATED_ONLINE: () => h.settle('createOrder', { output: orderFor('ONLINE') }),
    ORDER_CREATED_COD: () => h.settle('createOrder', { output: orderFor('COD') }),
    ORDER_CREATED_ZERO: () => h.settle('createOrder', { output: orderFor('ZERO') }),
    ORDER_REFUSED: () => h.settle('createOrder', { error: new Error('Only 1 left of Seer fish.') }),
    ORDER_BLOCKED_BY_UNPAID: () => h.settle('createOrder', { error: new ApiError(409, UNPAID_MESSAGE, UNPAID_ORDER_WAITING_CODE) }),
    PLACE_OK: ({ state }: Step) =>
      h.settle('placeOrder', {
        output:
          state.context.kind === 'ONLINE'
            ? { OrderNo: 'SHL-000501', Data: PROVIDER_ORDER_ID, Status: 'PENDING', NetAmount: SUMMARY.NetAmount }
            : { OrderNo: 'SHL-000501', Data: '', Status: 'PLACED', NetAmount: state.context.kind === 'ZERO' ? 0 : SUMMARY.NetAmount },
      }),
    PLACE_FAILS: () => h.settle('placeOrder', { error: new Error('Service unavailable') }),
    RETRY_DELAY_PASSES: async () => {
      await vi.advanceTimersByTimeAsync(PLACE_ORDER_RETRY_MS - 1);
      expect(h.open('placeOrder')).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
    },
    CARD_PAID: async () => {
      h.fromWindow({
        type: 'payment.authorized',
        response: { razorpay_order_id: PROVIDER_ORDER_ID, razorpay_payment_id: 'pay_SBX9', razorpay_signature: 'sig' },
      });
      await flush();
    },
    CARD_DECLINED: async () => {
      h.fromWindow({ type: 'payment.failed', reason: 'Your card was declined.' });
      await flush();
    },
    WINDOW_CLOSED: async () => {
      h.fromWindow({ type: 'payment.dismissed' });
      await flush();
    },
    NOTHING_WAITS: () => h.settle('lookForPayment', { output: [record('PENDING')] }),
    LOOK_FAILS: () => h.settle('lookForPayment', { error: new Error('Network error') }),
    PAID_MEANWHILE: () => h.settle('lookForPayment', { output: [record('CAPTURED', 'pay_SBX9')] }),
    UPI_REQUEST_WAITS: () => h.settle('lookForPayment', { output: [{ ...record('PENDING'), AwaitingApproval: { Method: 'upi', SecondsLeft: UPI_SECONDS } }] }),
    UPI_APPROVED: async () => {
      await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS);
      await h.settle('upiCheckStatus', { output: [record('CAPTURED', 'pay_UPI7')] });
    },
    UPI_REQUEST_EXPIRES: async () => {
      for (let second = 1; second <= UPI_SECONDS; second++) {
        await vi.advanceTimersByTimeAsync(1000);
        if (second % (PAYMENT_POLL_MS / 1000) === 0 && second < UPI_SECONDS) await h.settle('upiCheckStatus', { output: [record('PENDING')] });
      }
      // The last look when the time is up finds the request still unanswered.
      await h.settle('upiCheckStatus', { output: [record('PENDING')] });
    },
    GIVE_UP: () => h.send({ type: 'payment.giveUp' }),
    HUB_CAPTURED: async () => {
      h.fromHub({ type: 'payment.pushed', update: { ...pushed('CAPTURED'), OrderId: ORDER_ID + 1 } });
      await flush();
      expect(h.actor.getSnapshot().hasTag('busy'), 'a push for another order is ignored').toBe(true);
      h.fromHub({ type: 'payment.pushed', update: pushed('CAPTURED') });
      await flush();
    },
    VERIFY_CAPTURED: () => h.settle('verifyPayment', { output: { Status: 'CAPTURED', OrderId: ORDER_ID, OrderNo: 'SHL-000501', TransactionNo: 'pay_SBX9' } }),
    VERIFY_PENDING: () => h.settle('verifyPayment', { output: { Status: 'PENDING', OrderId: ORDER_ID, OrderNo: 'SHL-000501', TransactionNo: '' } }),
    VERIFY_FAILED: () => h.settle('verifyPayment', { output: { Status: 'FAILED', OrderId: ORDER_ID, OrderNo: 'SHL-000501', TransactionNo: '' } }),
    POLL_CAPTURED: async () => {
      await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS);
      await h.settle('checkStatus', { output: [{ Status: 'CAPTURED', OrderId: ORDER_ID, OrderNo: 'SHL-000501', TransactionNo: 'pay_SBX9' }] });
    },
    POLLS_RUN_OUT: async () => {
      for (let poll = 1; poll <= PAYMENT_POLL_ATTEMPTS; poll++) {
        await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS);
        await h.settle('checkStatus', { output: [{ Status: 'PENDING', OrderId: ORDER_ID, OrderNo: 'SHL-000501', TransactionNo: '' }] });
      }
      expect(h.calls('checkStatus')).toHaveLength(PAYMENT_POLL_ATTEMPTS);
    },
    CANCELLED: () => h.settle('cancelOrder', { output: true }),
    COUNTDOWN_ENDS: async () => {
      await vi.advanceTimersByTimeAsync(REDIRECT_COUNTDOWN_SECONDS * 1000 - 1);
      expect(h.spies.goToOrders).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
    },
    CONTINUE_SHOPPING: () => h.send({ type: 'checkout.continueShopping' }),
    TRY_AGAIN: () => h.send({ type: 'checkout.tryAgain' }),
  };
}

function stateChecks(h: CheckoutHarness) {
  const snap = () => h.actor.getSnapshot();
  return {
    loadingOptions: () => expect(snap().matches({ editing: 'loadingOptions' })).toBe(true),
    optionsFailed: () => expect(snap().context.summaryError).toBe('Network error'),
    summarizing: () => {
      expect(snap().matches({ editing: 'summarizing' })).toBe(true);
      expect(h.open('getSummary')[0]?.input).toMatchObject({ branchId: 1, deliveryId: 7, paymentMethod: 'ONLINE', couponCode: undefined });
    },
    summaryFailed: () => {
      expect(snap().matches({ editing: 'summaryFailed' })).toBe(true);
      expect(snap().context.summaryError).toBe('This coupon has expired.');
      expect(snap().can({ type: 'checkout.submit' })).toBe(false);
    },
    ready: () => {
      expect(snap().matches({ editing: 'ready' })).toBe(true);
      expect(snap().context.summary?.NetAmount).toBe(949);
      expect(snap().context.form.addressId).toBe(11);
    },
    ordering: () => {
      expect(h.calls('createOrder')).toHaveLength(1);
      expect(h.calls('createOrder')[0]?.input).toEqual({
        branchId: 1,
        payload: { deliveryId: 7, addressId: 11, couponCode: undefined, isWalletLoyality: false, isWalletAmount: false, paymentMethod: 'ONLINE' },
      });
      expect(snap().hasTag('busy')).toBe(true);
    },
    placing: (state: ModelState) => {
      expect(snap().matches('placing')).toBe(true);
      expect(h.open('placeOrder')[0]?.input).toEqual({ orderId: ORDER_ID, settled: state.context.kind === 'ZERO' });
      expect(h.calls('placeOrder')).toHaveLength(state.context.placeTries + 1);
    },
    checkingOutAgain: (state: ModelState) => {
      expect(snap().matches({ editing: 'loadingOptions' })).toBe(true);
      expect(h.spies.goToCheckout).toHaveBeenCalledTimes(1);
      expect(h.spies.goToOrders).not.toHaveBeenCalled();
      expect(snap().context.result).toBeNull();
      expect(snap().context.order).toBeNull();
      // The choices of a failed checkout stay; Pay Now from the dialog made none.
      expect(snap().context.form).toMatchObject(state.context.fromPending ? { addressId: null, deliveryId: null } : { addressId: 11, deliveryId: 7 });
    },
    blockedByUnpaid: () => {
      expect(snap().matches({ editing: 'summarizing' })).toBe(true);
      expect(snap().context.placeError).toBe(UNPAID_MESSAGE);
      expect(h.spies.openPendingOrders, 'the pending-orders dialog opens again').toHaveBeenCalledTimes(1);
      expect(h.spies.logError).not.toHaveBeenCalled();
    },
    retryWait: () => expect(snap().matches('placeRetryWait')).toBe(true),
    window: () => {
      expect(snap().matches({ payment: 'window' })).toBe(true);
      expect(h.windowOpen).toBe(true);
      expect(h.windows.at(-1)).toEqual({ orderId: ORDER_ID, orderNo: 'SHL-000501', netAmount: 949, providerOrderId: PROVIDER_ORDER_ID });
    },
    verifying: () => {
      expect(h.windowOpen, 'the window is closed once the provider answered').toBe(false);
      expect(h.open('verifyPayment')[0]?.input).toEqual({ razorpay_order_id: PROVIDER_ORDER_ID, razorpay_payment_id: 'pay_SBX9', razorpay_signature: 'sig' });
    },
    polling: () => expect(snap().matches({ payment: 'polling' })).toBe(true),
    lookingForUpi: () => {
      expect(snap().matches({ payment: 'lookingForUpi' })).toBe(true);
      expect(h.windowOpen).toBe(false);
      expect(h.open('lookForPayment')[0]?.input).toEqual({ orderId: ORDER_ID, providerOrderId: PROVIDER_ORDER_ID });
      expect(h.calls('cancelOrder'), 'nothing is cancelled before the look').toHaveLength(0);
    },
    awaitingApproval: () => {
      expect(snap().hasTag('awaitingApproval')).toBe(true);
      expect(snap().hasTag('busy')).toBe(true);
      const wait = snap().children.upiApproval?.getSnapshot() as { context: { secondsLeft: number } } | undefined;
      expect(wait?.context.secondsLeft).toBe(UPI_SECONDS);
      expect(h.calls('cancelOrder')).toHaveLength(0);
    },
    cancelling: () => {
      expect(snap().matches('cancelling')).toBe(true);
      expect(h.windowOpen).toBe(false);
      expect(h.open('cancelOrder')[0]?.input).toEqual({ orderId: ORDER_ID });
    },
    succeeded: (state: ModelState) => {
      const { result } = snap().context;
      expect(snap().matches('succeeded')).toBe(true);
      expect(result).toMatchObject({ outcome: 'success', offline: state.context.kind !== 'ONLINE', orderNo: 'SHL-000501' });
      if (state.context.kind === 'ONLINE' && !snap().context.result?.transactionNo) throw new Error('an online success carries its transaction number');
      expect(h.calls('cancelOrder')).toHaveLength(0);
      expect(h.spies.refreshCart).toHaveBeenCalledTimes(1);
      expect(h.spies.clearOrderStatusCache).toHaveBeenCalledTimes(1);
      expect(h.spies.closePendingModal).toHaveBeenCalledTimes(1);
    },
    failed: () => {
      expect(snap().matches('failed')).toBe(true);
      expect(snap().context.result).toMatchObject({ outcome: 'failure' });
      expect(h.calls('cancelOrder')).toHaveLength(1);
      expect(h.spies.refreshCart).toHaveBeenCalledTimes(1);
      expect(h.spies.closePendingModal).toHaveBeenCalledTimes(1);
      expect(h.spies.clearOrderStatusCache).not.toHaveBeenCalled();
    },
    onOrders: () => {
      expect(snap().matches('idle')).toBe(true);
      expect(h.spies.goToOrders).toHaveBeenCalledTimes(1);
      expect(h.spies.goHome).not.toHaveBeenCalled();
    },
    home: () => {
      expect(snap().matches('idle')).toBe(true);
      expect(h.spies.goHome).toHaveBeenCalledTimes(1);
      expect(h.spies.goToOrders).not.toHaveBeenCalled();
    },
  };
}

describe('checkout machine, every shortest path of the payment flow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const model = createTestModel(checkoutModel);
  const paths = model.getShortestPaths();

  it('covers success, failure, closed window, retries exhausted, polling timeout, cash on delivery and zero amount', () => {
    const ends = paths.map((p) => p.steps.map((s) => s.event.type).join(' > '));
    expect(ends.some((e) => e.includes('CARD_PAID > VERIFY_CAPTURED'))).toBe(true);
    expect(ends.some((e) => e.includes('CARD_DECLINED > CANCELLED'))).toBe(true);
    // Paths that reach the cancelling state end there; its check asserts the cancel call.
    expect(ends.some((e) => e.endsWith('WINDOW_CLOSED > NOTHING_WAITS'))).toBe(true);
    expect(ends.some((e) => e.endsWith('UPI_REQUEST_WAITS > UPI_APPROVED'))).toBe(true);
    expect(ends.some((e) => e.endsWith('UPI_REQUEST_WAITS > UPI_REQUEST_EXPIRES'))).toBe(true);
    expect(ends.some((e) => e.includes('PLACE_FAILS > RETRY_DELAY_PASSES > PLACE_FAILS > RETRY_DELAY_PASSES > PLACE_FAILS > CANCELLED'))).toBe(true);
    expect(ends.some((e) => e.endsWith('POLLS_RUN_OUT'))).toBe(true);
    expect(ends.some((e) => e.includes('ORDER_CREATED_COD > PLACE_OK'))).toBe(true);
    expect(ends.some((e) => e.includes('ORDER_CREATED_ZERO > PLACE_OK'))).toBe(true);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const h = createCheckoutHarness();
      await path.test({ events: executors(h), states: stateChecks(h) });
      h.actor.stop();
    });
  }
});

describe('checkout machine, wallet and points on offer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const balances = (h: CheckoutHarness) => h.actor.getSnapshot().context.balances;

  it('knows the customer’s balances before a slot is picked, keeps them when a coupon is refused, and takes fresh ones from a priced summary', async () => {
    const h = createCheckoutHarness();
    h.send({ type: 'checkout.open' });
    expect(balances(h)).toBeNull();
    await h.settle('loadOptions', { output: { ...OPTIONS, preselectedDeliveryId: null } });
    expect(h.actor.getSnapshot().matches({ editing: 'choosing' })).toBe(true);
    expect(balances(h)).toEqual({ WalletBalance: 1901, LoyaltyPoints: 120 });

    h.send({ type: 'checkout.change', form: { deliveryId: OPTIONS.slots[0]!.DeliveryId, couponCode: 'NOSUCHCODE' } });
    await h.settle('getSummary', { error: new ApiError(400, 'This coupon code is not valid.') });
    expect(h.actor.getSnapshot().context.summary).toBeNull();
    expect(balances(h)).toEqual({ WalletBalance: 1901, LoyaltyPoints: 120 });

    h.send({ type: 'checkout.change', form: { couponCode: '' } });
    await h.settle('getSummary', { output: { ...SUMMARY, WalletBalance: 1650.5, LoyaltyPointsBalance: 20 } });
    expect(balances(h)).toEqual({ WalletBalance: 1650.5, LoyaltyPoints: 20 });
    h.actor.stop();
  });
});

describe('checkout choices across a reload', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands every change of slot, coupon, wallet or points to be kept, with the slots on offer', async () => {
    const h = createCheckoutHarness();
    h.send({ type: 'checkout.open' });
    await h.settle('loadOptions', { output: OPTIONS });
    h.send({ type: 'checkout.change', form: { isWalletAmount: true } });
    h.send({ type: 'checkout.change', form: { couponCode: 'FRESH10' } });
    const kept = h.spies.rememberChoices.mock.calls.map(
      ([, params]) => (params as { form: { couponCode: string; isWalletAmount: boolean; deliveryId: number } }).form,
    );
    expect(kept.map((f) => [f.deliveryId, f.couponCode, f.isWalletAmount])).toEqual([
      [OPTIONS.slots[0]!.DeliveryId, '', true],
      [OPTIONS.slots[0]!.DeliveryId, 'FRESH10', true],
    ]);
    expect((h.spies.rememberChoices.mock.calls[0]![1] as { options: unknown }).options).toEqual(OPTIONS);
    h.actor.stop();
  });

  it('opens with the wallet and points choices kept from before the reload', async () => {
    const h = createCheckoutHarness();
    h.send({ type: 'checkout.open' });
    await h.settle('loadOptions', {
      output: { ...OPTIONS, preselectedCouponCode: 'FRESH10', preselectedWallet: { isWalletAmount: true, isWalletLoyality: true } },
    });
    expect(h.actor.getSnapshot().context.form).toMatchObject({
      deliveryId: OPTIONS.slots[0]!.DeliveryId,
      couponCode: 'FRESH10',
      isWalletAmount: true,
      isWalletLoyality: true,
    });
    expect(h.open('getSummary').map((c) => c.input)).toEqual([
      expect.objectContaining({ couponCode: 'FRESH10', isWalletAmount: true, isWalletLoyality: true }),
    ]);
    h.actor.stop();
  });
});
