/**
 * The pending-orders dialog (spec sections 2 and 4) as a customer with an unpaid order left
 * behind lives it when they next open a page (the shop lets a customer hold one order awaiting
 * payment at a time). Replayed in Chromium by tests/browser/paths-pending-orders.test.ts.
 */
import { setup } from 'xstate';
import { pendingOrdersMachine } from '../../machines/pending-orders.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string) => ({ meta: { real, description } });

export const pendingOrdersPathModel = setup({}).createMachine({
  id: 'pendingOrdersPaths',
  initial: 'away',
  states: {
    away: {
      ...at('idle', 'an unpaid order left behind, no page open'),
      on: { OPEN_A_PAGE: 'checking' },
    },
    checking: {
      ...at('checking', 'a page open, the pending payments being checked'),
      on: { ORDERS_ARE_PENDING: 'loadingDetails', NOTHING_PENDING: 'cartSynced', CHECK_FAILS: 'checkFailed' },
    },
    cartSynced: at('idle', 'no dialog; the visitor cart synced with Cart updated'),
    checkFailed: at('idle', 'no dialog when the check fails (logged only)'),
    loadingDetails: {
      ...at('loadingDetails', 'the unpaid order being fetched'),
      on: { DETAILS_ARRIVE: 'dialog', DETAILS_FAIL: 'detailsFailed' },
    },
    detailsFailed: at('idle', 'no dialog when the details fail (logged only)'),
    dialog: {
      ...at('open.viewing', 'the Pending Orders dialog, the order open'),
      on: {
        FOLD_THE_ORDER: 'orderFolded',
        CANCEL_ORDER: 'cancelling',
        PAY_NOW: 'paying',
        CLOSE: 'closed',
      },
    },
    orderFolded: at('open.viewing', 'the order folded: its items and net amount hidden'),
    closed: {
      ...at('idle', 'the dialog closed'),
      on: { GO_TO_ANOTHER_PAGE: 'dialog', PAY_FOR_A_NEW_ORDER: 'newOrderBlocked' },
    },
    newOrderBlocked: at('open.viewing', 'Pay on the checkout page refused: the dialog again, no second order'),
    cancelling: {
      ...at('open.cancelling', 'Cancel Order pressed, both buttons disabled'),
      on: { CANCEL_SUCCEEDS: 'redirecting', CANCEL_REFUSED: 'cancelRefused', NETWORK_DROPS: 'cancelFailed' },
    },
    cancelRefused: at('open.viewing', "the server's reason: the order was paid meanwhile"),
    cancelFailed: at('open.viewing', 'Something went wrong while cancelling the order'),
    redirecting: {
      ...at('open.redirecting', 'Order cancelled successfully!, leaving in 1 s'),
      on: { ONE_SECOND_PASSES: 'myOrders' },
    },
    myOrders: at('idle', 'my orders, no dialog: nothing is unpaid any more'),
    paying: {
      ...at('open.paying', 'the card window over the page, the dialog aside'),
      on: { PAY_WITH_CARD: 'paid', CLOSE_WINDOW: 'paymentAbandoned' },
    },
    paid: at('idle', 'Payment Successful! and no dialog'),
    paymentAbandoned: at('idle', 'Payment Failed! and the order cancelled'),
  },
});

export const pendingOrdersPaths: PathModel = {
  name: 'pending-orders',
  machine: pendingOrdersMachine,
  model: pendingOrdersPathModel,
  transient: {},
  testFile: 'tests/browser/paths-pending-orders.test.ts',
};
