import { assertEvent, assign } from 'xstate';
import type { CheckoutContext } from './checkout.types';
import * as rules from './checkout.rules';
import { EMPTY_CHECKOUT_FORM, errorMessage, orderIdOf } from './checkout.rules';
import { checkoutSetup } from './checkout.setup';

const rememberChoices = {
  type: 'rememberChoices',
  params: ({ context }: { context: CheckoutContext }) => ({ form: context.form, options: context.options }),
} as const;

/** Section 8: a failed placement, confirmation or cancel is logged only. */
const logFailure = (message: string) =>
  ({ type: 'logError', params: ({ event }: { event: { error: unknown } }) => ({ message, error: event.error }) }) as const;

/** Pay Now of the pending-orders dialog, from the idle page or the checkout form. */
const PAY_PENDING = [
  { guard: 'hasProviderOrder', target: '#checkout.payment', actions: 'takePendingOrder' },
  { target: '#checkout.placing', actions: 'takePendingOrder' },
] as const;

/** Both result popups count down to the order list. */
const POPUP_COUNTDOWN = { id: 'popupCountdown', src: 'popupCountdown', onDone: { target: 'idle', actions: ['goToOrders', 'reset'] } } as const;

/**
 * The payment flow of section 4: price the cart (Order/checkout), create the order (Order/summary),
 * place it (Proccess, 3 tries 1 s apart), then cash/zero orders are done while online orders open
 * the provider's window; its success is verified, then polled every 3 s (100 times) while the hub's
 * payment push may settle it sooner. Failure, a failed callback or a closed window cancels the order,
 * unless a UPI request still waits in the customer's UPI app: then the shop waits on it (decision 014).
 */
export const checkoutMachine = checkoutSetup.createMachine({
  id: 'checkout',
  context: ({ input }) => rules.initialContext(input),
  initial: 'idle',
  states: {
    idle: { on: { 'checkout.open': { target: 'editing', actions: assign({ form: EMPTY_CHECKOUT_FORM }) }, 'checkout.payPending': PAY_PENDING } },
    editing: {
      initial: 'loadingOptions',
      on: {
        'checkout.close': '#checkout.idle',
        'checkout.payPending': PAY_PENDING,
        'checkout.change': [
          { guard: 'hasSlot', target: '.summarizing', actions: ['takeChange', rememberChoices] },
          { target: '.choosing', actions: ['takeChange', rememberChoices] },
        ],
      },
      states: {
        loadingOptions: {
          tags: ['loading'],
          entry: assign({ summary: null, summaryError: null, placeError: null }),
          invoke: {
            src: 'loadOptions',
            onDone: { target: 'choosing', actions: { type: 'takeOptions', params: ({ event }) => event.output } },
            onError: { target: 'optionsFailed', actions: assign({ summaryError: ({ event }) => errorMessage(event.error) }) },
          },
        },
        optionsFailed: { on: { 'checkout.open': 'loadingOptions' } },
        choosing: { always: { guard: 'hasSlot', target: 'summarizing' } },
        summarizing: {
          tags: ['loading'],
          invoke: {
            src: 'getSummary',
            input: ({ context }) => rules.summaryInput(context),
            onDone: { target: 'ready', actions: { type: 'takeSummary', params: ({ event }) => event.output } },
            onError: { target: 'summaryFailed', actions: assign({ summary: null, summaryError: ({ event }) => errorMessage(event.error) }) },
          },
        },
        ready: { on: { 'checkout.submit': { guard: 'canSubmit', target: '#checkout.ordering' } } },
        summaryFailed: {},
      },
    },
    ordering: {
      tags: ['busy'],
      entry: assign({ placeError: null, placeAttempts: 0, providerOrderId: '', order: null, result: null }),
      invoke: {
        src: 'createOrder',
        input: ({ context }) => rules.orderInput(context),
        onDone: { target: 'placing', actions: assign({ order: ({ event }) => rules.orderToPay(event.output) }) },
        onError: [
          {
            // Another order awaits payment: nothing was created, and the dialog that blocks a new order opens.
            guard: { type: 'unpaidOrderWaiting', params: ({ event }) => ({ error: event.error }) },
            target: 'editing.summarizing',
            actions: [{ type: 'showPlaceError', params: ({ event }) => ({ error: event.error }) }, 'openPendingOrders'],
          },
          {
            // Nothing was created; the customer stays on the page with the reason and a fresh summary.
            target: 'editing.summarizing',
            actions: [{ type: 'showPlaceError', params: ({ event }) => ({ error: event.error }) }, logFailure('Order placement failed')],
          },
        ],
      },
    },
    placing: {
      tags: ['busy'],
      invoke: {
        src: 'placeOrder',
        input: ({ context }) => ({ orderId: orderIdOf(context), settled: context.order?.NetAmount === 0 }),
        onDone: [
          {
            guard: { type: 'isPlaced', params: ({ event }) => event.output },
            target: 'succeeded',
            actions: assign({ result: ({ context }) => rules.placedResult(context.order) }),
          },
          // The guard checked the provider's order id is there, so the action takes it as it is.
          {
            guard: { type: 'awaitsProvider', params: ({ event }) => event.output },
            target: 'payment',
            actions: { type: 'takeProviderOrder', params: ({ event }) => event.output },
          },
          { target: 'cancelling', actions: { type: 'logError', params: ({ event }) => ({ message: `Order placement returned ${event.output.Status}` }) } },
        ],
        onError: [
          { guard: 'canRetryPlace', target: 'placeRetryWait', actions: assign({ placeAttempts: ({ context }) => context.placeAttempts + 1 }) },
          { target: 'cancelling', actions: logFailure('Order placement failed') },
        ],
      },
    },
    placeRetryWait: { tags: ['busy'], after: { PLACE_ORDER_RETRY: 'placing' } },
    payment: {
      tags: ['busy'],
      initial: 'window',
      // The hub's push settles the payment as soon as it is captured; polling stays as the fallback.
      invoke: { src: 'paymentUpdates', input: ({ context }) => ({ orderId: orderIdOf(context) }) },
      on: {
        'payment.pushed': [
          {
            guard: { type: 'isCaptured', params: ({ context, event }) => rules.reportForOrder(context.order, event.update) },
            target: 'succeeded',
            actions: { type: 'rememberPayment', params: ({ event }) => event.update },
          },
          { guard: { type: 'isFailed', params: ({ context, event }) => rules.reportForOrder(context.order, event.update) }, target: 'cancelling' },
        ],
      },
      states: {
        window: {
          invoke: {
            src: 'paymentWindow',
            input: ({ context }) => rules.paymentWindowInput(context),
            onError: { target: '#checkout.cancelling', actions: logFailure('The payment window failed') },
          },
          on: {
            'payment.authorized': 'verifying',
            'payment.failed': '#checkout.cancelling',
            // A UPI request may still be approved in the customer's UPI app after the window is gone.
            'payment.dismissed': 'lookingForUpi',
          },
        },
        lookingForUpi: {
          invoke: {
            src: 'checkStatus',
            input: ({ context }) => ({ orderId: orderIdOf(context), providerOrderId: context.providerOrderId }),
            onDone: [
              {
                guard: { type: 'isCaptured', params: ({ event }) => rules.firstReport(event.output) },
                target: '#checkout.succeeded',
                actions: { type: 'rememberPayment', params: ({ event }) => rules.firstReport(event.output) },
              },
              {
                guard: { type: 'awaitsUpiApproval', params: ({ event }) => ({ secondsLeft: rules.upiSecondsLeft(event.output) }) },
                target: 'awaitingApproval',
                actions: { type: 'takeUpiWait', params: ({ event }) => ({ secondsLeft: rules.upiSecondsLeft(event.output) }) },
              },
              { target: '#checkout.cancelling' },
            ],
            onError: { target: '#checkout.cancelling', actions: logFailure('Payment status fetch failed') },
          },
        },
        awaitingApproval: {
          tags: ['awaitingApproval'],
          invoke: {
            id: 'upiApproval',
            src: 'upiApproval',
            input: ({ context }) => ({ orderId: orderIdOf(context), providerOrderId: context.providerOrderId, secondsLeft: context.upiSecondsLeft }),
            onDone: [
              {
                guard: { type: 'isCaptured', params: ({ event }) => event.output },
                target: '#checkout.succeeded',
                actions: { type: 'rememberPayment', params: ({ event }) => event.output },
              },
              { target: '#checkout.cancelling' },
            ],
          },
          on: { 'payment.giveUp': '#checkout.cancelling' },
        },
        verifying: {
          invoke: {
            src: 'verifyPayment',
            input: ({ event }) => {
              assertEvent(event, 'payment.authorized');
              return event.response;
            },
            onDone: [
              {
                guard: { type: 'isCaptured', params: ({ event }) => event.output },
                target: '#checkout.succeeded',
                actions: { type: 'rememberPayment', params: ({ event }) => event.output },
              },
              { guard: { type: 'isFailed', params: ({ event }) => event.output }, target: '#checkout.cancelling' },
              { target: 'polling' },
            ],
            onError: { target: 'polling', actions: logFailure('Payment confirmation failed') },
          },
        },
        polling: {
          invoke: {
            src: 'paymentStatus',
            input: ({ context }) => ({ orderId: orderIdOf(context), providerOrderId: context.providerOrderId }),
            onDone: [
              {
                guard: { type: 'isCaptured', params: ({ event }) => event.output },
                target: '#checkout.succeeded',
                actions: { type: 'rememberPayment', params: ({ event }) => event.output },
              },
              { target: '#checkout.cancelling' },
            ],
          },
        },
      },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        src: 'cancelOrder',
        input: ({ context }) => ({ orderId: orderIdOf(context) }),
        onDone: { target: 'failed' },
        onError: { target: 'failed', actions: logFailure('Cancelling the unpaid order failed') },
      },
    },
    succeeded: {
      entry: [assign({ result: ({ context }) => rules.successResult(context) }), 'refreshCart', 'clearOrderStatusCache', 'closePendingModal'],
      invoke: POPUP_COUNTDOWN,
      on: { 'checkout.continueShopping': { target: 'idle', actions: ['goHome', 'reset'] } },
    },
    failed: {
      entry: [assign({ result: ({ context }) => rules.failureResult(context) }), 'refreshCart', 'closePendingModal'],
      invoke: POPUP_COUNTDOWN,
      on: {
        'checkout.continueShopping': { target: 'idle', actions: ['goHome', 'reset'] },
        // The unpaid order was cancelled and its items are back in the basket: check out again, with the same choices.
        'checkout.tryAgain': { target: 'editing', actions: ['reset', 'goToCheckout'] },
      },
    },
  },
});
