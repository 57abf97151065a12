/**
 * The cart (spec sections 2, 4 and 9) as a shopper lives it from a visitor's first Add to a
 * customer's cart changed on two devices: the visitor's cart kept in the browser, merged on
 * login (Cart updated) or not, the cart that cannot be read, a quantity changed at once and
 * confirmed or refused at the stock limit and rolled back, a line removed, and another device's
 * change arriving live or caught up when the live connection comes back.
 * Replayed in Chromium by tests/browser/paths-cart.test.ts.
 */
import { setup } from 'xstate';
import { cartMachine } from '../../machines/cart.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const cartPathModel = setup({}).createMachine({
  id: 'cartPaths',
  initial: 'productPage',
  states: {
    productPage: {
      ...at('guest', 'a visitor on a product page, the cart empty'),
      on: { ADD_AS_VISITOR: 'visitorCart' },
    },
    visitorCart: {
      ...at('guest', 'Cart, 1 item, kept in the browser only'),
      on: { LOG_IN_FROM_THE_CART: 'merging' },
    },
    merging: {
      ...at('customer.syncing', 'logged in and back on the cart: the visitor cart being merged'),
      on: { MERGE_ANSWERS: 'merged', MERGE_FAILS: 'readingAfterMergeFailed' },
    },
    merged: {
      ...at('customer.idle', 'Cart updated: the line on the cart page and on the server'),
      on: { INCREASE: 'updating', OTHER_DEVICE_ADDS_ONE: 'pushedLive' },
    },
    readingAfterMergeFailed: {
      ...at('customer.loading', 'Failed to sync local cart: the server cart being read instead'),
      on: { CART_ARRIVES: 'mergeFailed', CART_FAILS_TOO: 'loadFailed' },
    },
    mergeFailed: at('customer.idle', 'the server cart (empty) shown, the visitor cart kept in the browser for later'),
    loadFailed: {
      ...at('customer.failed', 'We could not load your cart, with Try again'),
      on: { TRY_AGAIN: 'cartAfterRetry' },
    },
    cartAfterRetry: at('customer.idle', 'Try again: the server cart shown', ['customer.loading']),
    updating: {
      ...at('customer.updating', 'plus pressed: 2 shown at once, the change on its way'),
      on: { SERVER_ACCEPTS: 'increased', SHOP_SELLS_OUT_MEANWHILE: 'refused' },
    },
    increased: {
      ...at('customer.idle', '2 on the page and on the server'),
      on: { REMOVE: 'removed' },
    },
    refused: at('customer.idle', "the server's Only 1 left in stock. and the quantity back at 1"),
    removed: at('customer.idle', 'Your cart is empty, on the server too', ['customer.updating']),
    pushedLive: {
      ...at('customer.idle', "another device's change shows at once: 2"),
      on: { CONNECTION_DROPS_WHILE_OTHER_DEVICE_ADDS_ONE: 'away' },
    },
    away: {
      ...at('customer.idle', "Live updates paused — reconnecting…, another device's next change not shown"),
      on: { CONNECTION_RETURNS: 'catchingUp' },
    },
    catchingUp: {
      ...at('customer.loading', 'the connection back: the cart read again, the line still shown'),
      on: { CATCH_UP_ANSWERS: 'caughtUp' },
    },
    caughtUp: at('customer.idle', "the other device's change shown: 3, without a reload"),
  },
});

export const cartPaths: PathModel = {
  name: 'cart',
  machine: cartMachine,
  model: cartPathModel,
  transient: {
    starting: 'an eventless choice between guest and customer at start, left in the same step',
    'customer.entering': 'an eventless choice between syncing and loading, left in the same step',
  },
  testFile: 'tests/browser/paths-cart.test.ts',
};
