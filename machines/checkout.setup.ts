import { assertEvent, assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { UNPAID_ORDER_WAITING_CODE } from '../contract/order.rules';
import type { CheckoutChoices, CheckoutSummary, PlacedOrder, PlaceOrderPayload, ProcessResult } from '../contract/order.schemas';
import type { PaymentStatusRecord, PaymentVerification, ProviderPaymentResponse } from '../contract/payment.schemas';
import type { CheckoutContext, CheckoutEvent, CheckoutForm, CheckoutInput, CheckoutOptions, PaymentWindowInput } from './checkout.types';
import * as rules from './checkout.rules';
import { errorMessage, PLACE_ORDER_ATTEMPTS, PLACE_ORDER_RETRY_MS, type StatusReport } from './checkout.rules';
import { notProvided } from './not-provided';
import { paymentPopupMachine } from './payment-popup.machine';
import { paymentStatusMachine, type PaymentStatusInput } from './payment-status.machine';
import { upiApprovalMachine } from './upi-approval.machine';

/**
 * What the checkout machine works with: its types, the effects it names (provided for real at the
 * app root and faked in tests), its actions, guards and delays. The state chart is in
 * checkout.machine.ts.
 */
export const checkoutSetup = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
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
    checkStatus: fromPromise<PaymentStatusRecord[], PaymentStatusInput>(async () => notProvided('checkStatus')),
    upiApproval: upiApprovalMachine,
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
    logError: (_, params: { message: string; error?: unknown }) => console.error(params.message, params.error ?? ''),
    takeChange: assign(({ context, event }) => {
      assertEvent(event, 'checkout.change');
      return { form: { ...context.form, ...event.form }, placeError: null };
    }),
    takeOptions: assign(({ context }, options: CheckoutOptions) => ({
      options,
      balances: options.balances,
      form: rules.formWithOptions(context.form, options),
    })),
    takeSummary: assign((_, summary: CheckoutSummary) => ({ summary, summaryError: null, balances: rules.balancesOf(summary) })),
    showPlaceError: assign((_, params: { error: unknown }) => ({ placeError: errorMessage(params.error) })),
    takeProviderOrder: assign((_, result: ProcessResult) => ({ providerOrderId: result.Data })),
    takeUpiWait: assign((_, { secondsLeft }: { secondsLeft: number }) => ({ upiSecondsLeft: secondsLeft })),
    rememberPayment: assign((_, report: StatusReport) => ({ result: rules.capturedResult(report) })),
    takePendingOrder: assign(({ event }) => {
      assertEvent(event, 'checkout.payPending');
      return { order: rules.pendingOrderToPay(event), providerOrderId: event.providerOrderId, placeAttempts: 0, result: null };
    }),
    reset: assign({ order: null, providerOrderId: '', placeAttempts: 0, result: null, summary: null, placeError: null }),
  },
  delays: { PLACE_ORDER_RETRY: PLACE_ORDER_RETRY_MS },
  guards: {
    hasSlot: ({ context }) => context.form.deliveryId !== null,
    canSubmit: ({ context }) => context.summary !== null && context.form.addressId !== null && context.form.deliveryId !== null,
    isPlaced: (_, result: ProcessResult) => result.Status === 'PLACED',
    awaitsProvider: (_, result: ProcessResult) => rules.providerOrderOf(result) !== null,
    canRetryPlace: ({ context }) => context.placeAttempts + 1 < PLACE_ORDER_ATTEMPTS,
    hasProviderOrder: ({ event }) => event.type === 'checkout.payPending' && Boolean(event.providerOrderId),
    isCaptured: (_, report: StatusReport | null) => report?.Status === 'CAPTURED',
    isFailed: (_, report: StatusReport | null) => report?.Status === 'FAILED',
    awaitsUpiApproval: (_, { secondsLeft }: { secondsLeft: number }) => secondsLeft > 0,
    unpaidOrderWaiting: (_, params: { error: unknown }) => rules.errorCode(params.error) === UNPAID_ORDER_WAITING_CODE,
  },
});
