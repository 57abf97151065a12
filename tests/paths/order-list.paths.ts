/**
 * My Orders (spec section 8) as a signed-in customer with twelve cash-on-delivery orders lives
 * it: the first ten, Load more, the period and status filters, a custom range entered the wrong
 * way round, and the shop moving orders on: pushed live, or missed while the live connection was
 * not open and caught up once it opens. Replayed in Chromium by tests/browser/paths-order-list.test.ts.
 */
import { setup } from 'xstate';
import { orderListMachine } from '../../machines/order-list.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const orderListPathModel = setup({}).createMachine({
  id: 'orderListPaths',
  initial: 'loading',
  states: {
    loading: {
      ...at('loading', 'My orders opened: Loading your orders…', ['checkingFilter']),
      on: { ORDERS_ARRIVE: 'ready', ORDERS_FAIL: 'loadFailed' },
    },
    loadFailed: {
      ...at('failed', 'We could not load your orders, with Try again'),
      on: { TRY_AGAIN: 'readyAfterRetry' },
    },
    readyAfterRetry: at('ready', 'Try again: the newest ten orders', ['loading']),
    ready: {
      ...at('ready', 'the newest ten of twelve orders and Load more; the live connection not open yet'),
      on: {
        LOAD_MORE: 'loadingMore',
        FILTER_OUT_FOR_DELIVERY: 'filtered',
        CHOOSE_CUSTOM_RANGE: 'needsRange',
        SHOP_PACKS_ONE_THEN_CONNECTION_OPENS: 'catchingUp',
      },
    },
    loadingMore: {
      ...at('loadingMore', 'Load more pressed: Loading, the ten still shown'),
      on: { MORE_ARRIVE: 'allShown' },
    },
    allShown: at('ready', 'all twelve orders, no Load more'),
    filtered: {
      ...at('ready', 'status Out for Delivery: the one order out for delivery', ['checkingFilter', 'loading']),
      on: { CHOOSE_THIS_WEEK: 'filteredThisWeek' },
    },
    filteredThisWeek: at('ready', "this week's orders out for delivery: the same one", ['checkingFilter', 'loading']),
    needsRange: {
      ...at('needsRange', 'Custom range: choose both a start date and an end date', ['checkingFilter']),
      on: { ENTER_REVERSED_DATES: 'reversed' },
    },
    reversed: {
      ...at('needsRange', 'the start date after the end date: the start date must be on or before the end date'),
      on: { FIX_THE_END_DATE: 'ranged' },
    },
    ranged: at('ready', "today's orders in the custom range", ['checkingFilter', 'loading']),
    catchingUp: {
      ...at('catchingUp', 'the connection open: the orders read again, no spinner, the packed order still Placed'),
      on: { CATCH_UP_ANSWERS: 'caughtUp' },
    },
    caughtUp: {
      ...at('ready', 'the order packed before the connection opened shows Packed, without a reload'),
      on: { SHOP_PACKS_ANOTHER: 'movedLive', CONNECTION_DROPS_WHILE_SHOP_PACKS_ANOTHER: 'away' },
    },
    movedLive: at('ready', 'a packed order shows Packed at once'),
    away: {
      ...at('ready', 'Live updates paused — reconnecting…, the order packed meanwhile still Placed'),
      on: { CONNECTION_RETURNS: 'caughtUpAgain' },
    },
    caughtUpAgain: at('ready', 'the connection back: the order packed while it was away shows Packed', ['catchingUp']),
  },
});

export const orderListPaths: PathModel = {
  name: 'order-list',
  machine: orderListMachine,
  model: orderListPathModel,
  transient: {
    checkingFilter: 'an eventless choice between needsRange and loading, left in the same step',
  },
  testFile: 'tests/browser/paths-order-list.test.ts',
};
