import { and, assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { UNPAID_ORDER_WAITING_CODE } from '../contract/order.rules';
import type { CheckoutChoices, CheckoutSummary, PlacedOrder, PlaceOrderPayload, ProcessResult } from '../contract/order.types';
import type { PaymentVerification, ProviderPaymentResponse } from '../contract/payment.types';
import type { CheckoutContext, CheckoutEvent, CheckoutForm, CheckoutOptions, PaymentWindowInput } from './checkout-types';
import { EMPTY_CHECKOUT_FORM, errorMessage, isOffline, PLACE_ORDER_ATTEMPTS, PLACE_ORDER_RETRY_MS, reported } from './checkout.rules';
import { paymentPopupMachine } from './payment-popup.machine';
import { paymentStatusMachine } from './payment-status.machine';

function notProvided(name: string): never {
  throw new Error(`${name} is not provided`);
}

const rememberChoices = {
  type: 'rememberChoices',
  params: ({ context }: { context: CheckoutContext }) => ({ form: context.form, options: context.options }),
} as const;

/**
 * The payment flow of section 4: price the cart (Order/checkout), create the order (Order/summary),
 * place it (Proccess, 3 tries 1 s apart), then cash/zero orders are done while online orders open
 * the provider's window; its success is verified, then polled every 3 s (100 times) while the hub's
 * payment push may settle it sooner. Failure, a failed callback or a closed window cancels the order.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as { branchId: number },
  },
  actors: {
    loadOptions: fromPromise<CheckoutOptions>(async () => notProvided('loadOptions')),
    getSummary: fromPromise<CheckoutSummary, CheckoutChoices>(async () => notProvided('getSummary')),
    createOrder: fromPromise<PlacedOrder, { branchId: number; payload: PlaceOrderPayload }>(async () => notProvided('createOrder')),
    placeOrder: fromPromise<ProcessResult, { orderId: number; settled: boolean }>(async () => notProvided('placeOrder')),
    paymentWindow: fromCallback<EventObject, PaymentWindowInput>(() => notProvided('paymentWindow')),
    paymentUpdates: fromCallback<EventObject, { orderId: number }>(() => undefined),
    verifyPayment: fromPromise<PaymentVerification, ProviderPaymentResponse>(async () => notProvided('verifyPayment')),
    paymentStatus: paymentStatusMachine,
    cancelOrder: fromPromise<boolean, { orderId: number }>(async () => notProvided('cancelOrder')),
    popupCountdown: paymentPopupMachine,
  },
  actions: {
    /** Live cart refresh through the hub, plus the cart actor. */
    refreshCart: () => {},
    /** Clears the stored pending-payment list so the next route change asks afresh. */
    clearOrderStatusCache: () => {},
    closePendingModal: () => {},
    /** Shows the pending-orders dialog again: an unpaid order blocks a new one until it is paid or cancelled. */
    openPendingOrders: () => {},
    goToOrders: () => {},
    goToCheckout: () => {},
    goHome: () => {},
    /** Keeps the slot, coupon and wallet choices for this tab, so a reload of the checkout keeps them. */
    rememberChoices: (_, _params: { form: CheckoutForm; options: CheckoutOptions }) => {},
    /** Section 8: placement, confirmation and status fetch failures are logged only. */
    logError: (_, params: { message: string; error?: unknown }) => console.error(params.message, params.error ?? ''),
    rememberPayment: assign({
      result: ({ event }) => ({ outcome: 'success' as const, offline: false, orderNo: '', transactionNo: reported(event)?.TransactionNo ?? '', status: 'CAPTURED' }),
    }),
    /** Pay Now of the pending-orders dialog: the order exists, only its payment is missing. */
    takePendingOrder: assign(({ event }) =>
      event.type === 'checkout.payPending'
        ? { order: { ...event.order, PaymentMethod: event.order.PaymentMethod ?? ('ONLINE' as const) }, providerOrderId: event.providerOrderId, placeAttempts: 0, result: null }
        : {},
    ),
    reset: assign({ order: null, providerOrderId: '', placeAttempts: 0, result: null, summary: null, placeError: null }),
  },
  delays: {
    PLACE_ORDER_RETRY: PLACE_ORDER_RETRY_MS,
  },
  guards: {
    hasSlot: ({ context }) => context.form.deliveryId !== null,
    canSubmit: ({ context }) => context.summary !== null && context.form.addressId !== null && context.form.deliveryId !== null,
    isPlaced: ({ event }) => 'output' in event && (event.output as ProcessResult).Status === 'PLACED',
    awaitsProvider: ({ event }) => 'output' in event && (event.output as ProcessResult).Status === 'PENDING' && Boolean((event.output as ProcessResult).Data),
    canRetryPlace: ({ context }) => context.placeAttempts + 1 < PLACE_ORDER_ATTEMPTS,
    hasProviderOrder: ({ event }) => event.type === 'checkout.payPending' && Boolean(event.providerOrderId),
    isCaptured: ({ event }) => reported(event)?.Status === 'CAPTURED',
    isFailed: ({ event }) => reported(event)?.Status === 'FAILED',
    isThisOrder: ({ context, event }) => event.type === 'payment.pushed' && event.update.OrderId === context.order?.OrderId,
    unpaidOrderWaiting: ({ event }) => 'error' in event && (event.error as { code?: unknown } | null)?.code === UNPAID_ORDER_WAITING_CODE,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    branchId: input.branchId,
    options: { addresses: [], slots: [], preselectedDeliveryId: null, preselectedCouponCode: null, balances: { WalletBalance: 0, LoyaltyPoints: 0 } },
    form: EMPTY_CHECKOUT_FORM,
    summary: null,
    balances: null,
    summaryError: null,
    placeError: null,
    order: null,
    providerOrderId: '',
    placeAttempts: 0,
    result: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'checkout.open': { target: 'editing', actions: assign({ form: EMPTY_CHECKOUT_FORM }) }, 'checkout.payPending': [
          { guard: 'hasProviderOrder', target: '#checkout.payment', actions: 'takePendingOrder' },
          { target: '#checkout.placing', actions: 'takePendingOrder' },
        ] },
    },
    editing: {
      initial: 'loadingOptions',
      on: {
        'checkout.close': '#checkout.idle',
        'checkout.payPending': [
          { guard: 'hasProviderOrder', target: '#checkout.payment', actions: 'takePendingOrder' },
          { target: '#checkout.placing', actions: 'takePendingOrder' },
        ],
        'checkout.change': [
          { guard: 'hasSlot', target: '.summarizing', actions: [assign({ form: ({ context, event }) => ({ ...context.form, ...event.form }), placeError: null }), rememberChoices] },
          { target: '.choosing', actions: [assign({ form: ({ context, event }) => ({ ...context.form, ...event.form }), placeError: null }), rememberChoices] },
        ],
      },
      states: {
        loadingOptions: {
          tags: ['loading'],
          entry: assign({ summary: null, summaryError: null, placeError: null }),
          invoke: {
            src: 'loadOptions',
            onDone: {
              target: 'choosing',
              // Choices already made (checking out again after a failed payment) stay while the shop still offers them.
              actions: assign(({ context, event }) => {
                const { addresses, slots, preselectedDeliveryId, preselectedCouponCode, preselectedWallet } = event.output;
                const address = addresses.find((a) => a.AddressId === context.form.addressId) ?? addresses.find((a) => a.IsDefault) ?? addresses[0];
                const slot = slots.find((s) => s.DeliveryId === context.form.deliveryId) ?? slots.find((s) => s.DeliveryId === preselectedDeliveryId);
                return {
                  options: event.output,
                  balances: event.output.balances,
                  form: {
                    ...context.form,
                    addressId: address?.AddressId ?? null,
                    deliveryId: slot?.DeliveryId ?? null,
                    couponCode: context.form.couponCode || (preselectedCouponCode ?? ''),
                    isWalletAmount: context.form.isWalletAmount || (preselectedWallet?.isWalletAmount ?? false),
                    isWalletLoyality: context.form.isWalletLoyality || (preselectedWallet?.isWalletLoyality ?? false),
                  },
                };
              }),
            },
            onError: {
              target: 'optionsFailed',
              actions: assign({ summaryError: ({ event }) => errorMessage(event.error, 'Something went wrong!') }),
            },
          },
        },
        optionsFailed: {
          on: { 'checkout.open': 'loadingOptions' },
        },
        choosing: {
          always: { guard: 'hasSlot', target: 'summarizing' },
        },
        summarizing: {
          tags: ['loading'],
          invoke: {
            src: 'getSummary',
            input: ({ context }) => ({
              branchId: context.branchId,
              deliveryId: context.form.deliveryId ?? 0,
              couponCode: context.form.couponCode.trim() || undefined,
              isWalletLoyality: context.form.isWalletLoyality,
              isWalletAmount: context.form.isWalletAmount,
              paymentMethod: context.form.paymentMethod,
            }),
            onDone: {
              target: 'ready',
              actions: assign({
                summary: ({ event }) => event.output,
                summaryError: null,
                // The priced summary reads the balances afresh, so they stay right after an order or refund elsewhere.
                balances: ({ event }) => ({ WalletBalance: event.output.WalletBalance, LoyaltyPoints: event.output.LoyaltyPointsBalance }),
              }),
            },
            onError: {
              target: 'summaryFailed',
              actions: assign({ summary: null, summaryError: ({ event }) => errorMessage(event.error, 'Something went wrong!') }),
            },
          },
        },
        ready: {
          on: { 'checkout.submit': { guard: 'canSubmit', target: '#checkout.ordering' } },
        },
        summaryFailed: {},
      },
    },
    ordering: {
      tags: ['busy'],
      entry: assign({ placeError: null, placeAttempts: 0, providerOrderId: '', order: null, result: null }),
      invoke: {
        src: 'createOrder',
        input: ({ context }) => ({
          branchId: context.branchId,
          payload: {
            deliveryId: context.form.deliveryId ?? 0,
            addressId: context.form.addressId ?? 0,
            couponCode: context.form.couponCode.trim() || undefined,
            isWalletLoyality: context.form.isWalletLoyality,
            isWalletAmount: context.form.isWalletAmount,
            paymentMethod: context.form.paymentMethod,
          },
        }),
        onDone: {
          target: 'placing',
          actions: assign({
            order: ({ event }) => ({
              OrderId: event.output.OrderId,
              OrderNo: event.output.OrderNo,
              NetAmount: event.output.NetAmount,
              PaymentMethod: event.output.PaymentMethod,
            }),
          }),
        },
        onError: [
          {
            // Another order awaits payment: nothing was created, and the dialog that blocks a new order opens.
            guard: 'unpaidOrderWaiting',
            target: 'editing.summarizing',
            actions: [assign({ placeError: ({ event }) => errorMessage(event.error, 'Something went wrong!') }), 'openPendingOrders'],
          },
          {
            // Nothing was created; the customer stays on the page with the reason and a fresh summary.
            target: 'editing.summarizing',
            actions: [
              assign({ placeError: ({ event }) => errorMessage(event.error, 'Something went wrong!') }),
              { type: 'logError', params: ({ event }) => ({ message: 'Order placement failed', error: event.error }) },
            ],
          },
        ],
      },
    },
    placing: {
      tags: ['busy'],
      invoke: {
        src: 'placeOrder',
        input: ({ context }) => ({ orderId: context.order?.OrderId ?? 0, settled: context.order?.NetAmount === 0 }),
        onDone: [
          {
            guard: 'isPlaced',
            target: 'succeeded',
            actions: assign({
              result: ({ context }) => ({ outcome: 'success' as const, offline: true, orderNo: context.order?.OrderNo ?? '', transactionNo: '', status: 'PLACED' }),
            }),
          },
          { guard: 'awaitsProvider', target: 'payment', actions: assign({ providerOrderId: ({ event }) => event.output.Data }) },
          {
            target: 'cancelling',
            actions: { type: 'logError', params: ({ event }) => ({ message: `Order placement returned ${event.output.Status}` }) },
          },
        ],
        onError: [
          { guard: 'canRetryPlace', target: 'placeRetryWait', actions: assign({ placeAttempts: ({ context }) => context.placeAttempts + 1 }) },
          { target: 'cancelling', actions: { type: 'logError', params: ({ event }) => ({ message: 'Order placement failed', error: event.error }) } },
        ],
      },
    },
    placeRetryWait: {
      tags: ['busy'],
      after: { PLACE_ORDER_RETRY: 'placing' },
    },
    payment: {
      tags: ['busy'],
      initial: 'window',
      // The hub's push settles the payment as soon as it is captured; polling stays as the fallback.
      invoke: { src: 'paymentUpdates', input: ({ context }) => ({ orderId: context.order?.OrderId ?? 0 }) },
      on: {
        'payment.pushed': [
          { guard: and(['isThisOrder', 'isCaptured']), target: 'succeeded', actions: 'rememberPayment' },
          { guard: and(['isThisOrder', 'isFailed']), target: 'cancelling' },
        ],
      },
      states: {
        window: {
          invoke: {
            src: 'paymentWindow',
            input: ({ context }) => ({
              orderId: context.order?.OrderId ?? 0,
              orderNo: context.order?.OrderNo ?? '',
              netAmount: context.order?.NetAmount ?? 0,
              providerOrderId: context.providerOrderId,
            }),
            onError: {
              target: '#checkout.cancelling',
              actions: { type: 'logError', params: ({ event }) => ({ message: 'The payment window failed', error: event.error }) },
            },
          },
          on: {
            'payment.authorized': 'verifying',
            'payment.failed': '#checkout.cancelling',
            'payment.dismissed': '#checkout.cancelling',
          },
        },
        verifying: {
          invoke: {
            src: 'verifyPayment',
            input: ({ event }) => (event as Extract<CheckoutEvent, { type: 'payment.authorized' }>).response,
            onDone: [
              { guard: 'isCaptured', target: '#checkout.succeeded', actions: 'rememberPayment' },
              { guard: 'isFailed', target: '#checkout.cancelling' },
              { target: 'polling' },
            ],
            onError: {
              target: 'polling',
              actions: { type: 'logError', params: ({ event }) => ({ message: 'Payment confirmation failed', error: event.error }) },
            },
          },
        },
        polling: {
          invoke: {
            src: 'paymentStatus',
            input: ({ context }) => ({ orderId: context.order?.OrderId ?? 0, providerOrderId: context.providerOrderId }),
            onDone: [{ guard: 'isCaptured', target: '#checkout.succeeded', actions: 'rememberPayment' }, { target: '#checkout.cancelling' }],
          },
        },
      },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        src: 'cancelOrder',
        input: ({ context }) => ({ orderId: context.order?.OrderId ?? 0 }),
        onDone: { target: 'failed' },
        onError: {
          target: 'failed',
          actions: { type: 'logError', params: ({ event }) => ({ message: 'Cancelling the unpaid order failed', error: event.error }) },
        },
      },
    },
    succeeded: {
      entry: [
        assign({
          result: ({ context }) => ({
            outcome: 'success' as const,
            offline: isOffline(context.order),
            orderNo: context.order?.OrderNo ?? '',
            transactionNo: context.result?.transactionNo ?? '',
            status: context.result?.status || 'CAPTURED',
          }),
        }),
        'refreshCart',
        'clearOrderStatusCache',
        'closePendingModal',
      ],
      invoke: { id: 'popupCountdown', src: 'popupCountdown', onDone: { target: 'idle', actions: ['goToOrders', 'reset'] } },
      on: { 'checkout.continueShopping': { target: 'idle', actions: ['goHome', 'reset'] } },
    },
    failed: {
      entry: [
        assign({
          result: ({ context }) => ({
            outcome: 'failure' as const,
            offline: isOffline(context.order),
            orderNo: context.order?.OrderNo ?? '',
            transactionNo: '',
            status: 'FAILED',
          }),
        }),
        'refreshCart',
        'closePendingModal',
      ],
      invoke: { id: 'popupCountdown', src: 'popupCountdown', onDone: { target: 'idle', actions: ['goToOrders', 'reset'] } },
      on: {
        'checkout.continueShopping': { target: 'idle', actions: ['goHome', 'reset'] },
        // The unpaid order was cancelled and its items are back in the basket: check out again, with the same choices.
        'checkout.tryAgain': { target: 'editing', actions: ['reset', 'goToCheckout'] },
      },
    },
  },
});
