/**
 * The checkout flow (spec sections 2, 4, 7 and 9) as a customer with two items in the cart and
 * a saved address lives it: cart page, checkout page, the provider's card window, the result
 * popups. Replayed in Chromium by tests/browser/paths-checkout.test.ts.
 */
import { setup } from 'xstate';
import { checkoutMachine } from '../../machines/checkout.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const checkoutPathModel = setup({}).createMachine({
  id: 'checkoutPaths',
  initial: 'cart',
  states: {
    cart: {
      ...at('idle', 'the cart page, two items and Proceed to checkout'),
      on: { PROCEED_TO_CHECKOUT: 'loadingOptions' },
    },
    loadingOptions: {
      ...at('editing.loadingOptions', 'the checkout page loading addresses and slots'),
      on: { OPTIONS_ARRIVE: 'choosing', OPTIONS_FAIL: 'optionsFailed' },
    },
    optionsFailed: {
      ...at('editing.optionsFailed', 'could not load addresses and slots, with Try again'),
      on: { TRY_AGAIN: 'loadingOptions' },
    },
    choosing: {
      ...at('editing.choosing', 'the default address chosen, asked to choose a slot'),
      on: { PICK_SLOT: 'summarizing' },
    },
    summarizing: {
      ...at('editing.summarizing', 'the summary being priced'),
      on: { SUMMARY_ARRIVES: 'ready' },
    },
    ready: {
      ...at('editing.ready', 'the priced summary and an enabled Pay button'),
      on: {
        APPLY_UNKNOWN_COUPON: 'couponRefused',
        PAY: 'ordering',
        PLACE_CASH_ON_DELIVERY: 'placedCashOnDelivery',
        PAY_FROM_WALLET: 'placedFromWallet',
      },
    },
    couponRefused: {
      ...at('editing.summaryFailed', "the server's coupon message and no Pay"),
      on: { REMOVE_COUPON: 'ready' },
    },
    ordering: {
      ...at('ordering', 'Pay pressed, the order being created'),
      on: { ORDER_CREATED: 'placing' },
    },
    placing: {
      ...at('placing', 'the order being placed'),
      on: { PROCESS_ANSWERS: 'cardWindow', PROCESS_FAILS: 'placeRetryWait' },
    },
    placeRetryWait: {
      ...at('placeRetryWait', 'placing failed once, retrying 1 s later'),
      on: { PROCESS_FAILS_EVERY_TIME: 'failedAfterRetries', PROCESS_RECOVERS: 'cardWindow' },
    },
    cardWindow: {
      ...at('payment.window', 'the card window'),
      on: { PAY_WITH_CARD: 'verifying', DECLINED_CARD: 'cancelling', CLOSE_WINDOW: 'failedWindowClosed', SEND_UPI_AND_CLOSE: 'awaitingUpiApproval' },
    },
    awaitingUpiApproval: {
      ...at('payment.awaitingApproval', 'the window closed while a UPI request waits: Approve the payment in your UPI app, a countdown', [
        'payment.lookingForUpi',
      ]),
      on: { UPI_APP_APPROVES: 'paidInUpiApp', GIVE_UP: 'failedGaveUp' },
    },
    verifying: {
      ...at('payment.verifying', 'the card window gone, the payment being confirmed'),
      on: { VERIFY_ANSWERS: 'paid', HUB_PUSHES_CAPTURE: 'paidByPush', VERIFY_UNREACHABLE: 'polling' },
    },
    polling: {
      ...at('payment.polling', 'the payment status polled every 3 s'),
      on: { POLL_FINDS_CAPTURE: 'paidAfterPolling', POLLS_RUN_OUT: 'failedPollsRanOut' },
    },
    cancelling: {
      ...at('cancelling', 'the card declined, the order being cancelled'),
      on: { CANCEL_DONE: 'declined' },
    },
    paid: {
      ...at('succeeded', 'Payment Successful! with order, transaction and status'),
      on: { COUNTDOWN_ENDS: 'myOrders' },
    },
    paidByPush: at('succeeded', 'Payment Successful! settled by the live push'),
    paidAfterPolling: at('succeeded', 'Payment Successful! settled by polling'),
    paidInUpiApp: at('succeeded', 'Payment Successful! once the UPI app approved, the waiting dialog gone'),
    placedCashOnDelivery: at('succeeded', 'Order Placed for cash on delivery'),
    placedFromWallet: at('succeeded', 'Order Placed, paid from the wallet'),
    declined: {
      ...at('failed', 'Payment Failed! after a declined card, the basket back'),
      on: { CONTINUE_SHOPPING: 'home' },
    },
    failedWindowClosed: {
      ...at('failed', 'Payment Failed! after the card window was closed, the basket back'),
      on: { CHECK_OUT_AGAIN: 'checkingOutAgain' },
    },
    checkingOutAgain: at('editing.ready', 'Try Again: the checkout again with the same basket and choices'),
    failedAfterRetries: at('failed', 'Payment Failed! after 3 failed placements'),
    failedGaveUp: at('failed', 'Payment Failed! after Cancel payment while waiting on the UPI app, the basket back', ['cancelling']),
    failedPollsRanOut: at('failed', 'Payment Failed! after 100 status checks'),
    myOrders: at('idle', 'my orders, after the 5 s countdown'),
    home: at('idle', 'the home page, after Continue Shopping'),
  },
});

export const checkoutPaths: PathModel = {
  name: 'checkout',
  machine: checkoutMachine,
  model: checkoutPathModel,
  transient: {},
  testFile: 'tests/browser/paths-checkout.test.ts',
};
