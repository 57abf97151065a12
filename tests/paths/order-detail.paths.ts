/**
 * One order's page (spec section 8, My Orders → order detail) as a signed-in customer lives it:
 * a cash-on-delivery order cancelled, kept, or refused a cancel because the shop sent it out
 * meanwhile; the shop moving it on live; once delivered, a return with a reason, a remark and a
 * photo, and a review written and deleted; ordering a cancelled order again; and the calls
 * failing on the way.
 * Replayed in Chromium by tests/browser/paths-order-detail.test.ts.
 */
import { setup } from 'xstate';
import { orderDetailMachine } from '../../machines/order-detail.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });
const READY = ['ready.reasons.loading', 'ready.reasons.loaded', 'ready.live.idle'];

export const orderDetailPathModel = setup({}).createMachine({
  id: 'orderDetailPaths',
  initial: 'loading',
  states: {
    loading: {
      ...at('loading', 'a placed order opened: Loading the order…'),
      on: { ORDER_ARRIVES: 'placed', ORDER_FAILS: 'loadFailed' },
    },
    loadFailed: {
      ...at('failed', 'We could not load this order, with Try again'),
      on: { TRY_AGAIN: 'placedAfterRetry' },
    },
    placedAfterRetry: at('ready.action.idle', 'Try again: the order shown', ['loading', ...READY]),
    placed: {
      ...at('ready.action.idle', 'the order Placed, its timeline and Cancel order; the live connection open', READY),
      on: { CANCEL: 'confirmingCancel', SHOP_PACKS: 'refreshing' },
    },
    confirmingCancel: {
      ...at('ready.action.confirmingCancel', 'Cancel this order? with Keep order and Yes, cancel order'),
      on: { KEEP_ORDER: 'kept' },
    },
    kept: {
      ...at('ready.action.idle', 'the order kept, Cancel order again'),
      on: { CANCEL: 'confirmingAgain' },
    },
    confirmingAgain: {
      ...at('ready.action.confirmingCancel', 'Cancel this order? asked again'),
      on: { CONFIRM_CANCEL: 'cancelling' },
    },
    cancelling: {
      ...at('ready.action.cancelling', 'Yes, cancel order pressed: Cancelling'),
      on: { CANCEL_ANSWERS: 'cancelled', CANCEL_FAILS: 'cancelFailed', SHOP_SENDS_IT_OUT_FIRST: 'cancelRefused' },
    },
    cancelled: {
      ...at('ready.action.idle', 'Order cancelled successfully!, the status Cancelled'),
      on: { ORDER_AGAIN: 'reordering' },
    },
    reordering: {
      ...at('ready.action.reordering', 'Order again pressed: Adding to cart'),
      on: { REORDER_ANSWERS: 'reordered' },
    },
    reordered: at('ready.action.idle', "the server's words, Go to cart, and the header counting the order's items"),
    cancelFailed: at('ready.action.idle', 'Something went wrong while cancelling the order, still Placed'),
    cancelRefused: at('ready.action.idle', "the server's words: the order has left the shop, Out for Delivery"),
    refreshing: {
      ...at('ready.live.refreshing', "the shop packed it: Packed at once, the order's record being read again"),
      on: { RECORD_ARRIVES: 'packed' },
    },
    packed: {
      ...at('ready.live.idle', 'Packed, in the timeline too, without a reload'),
      on: { SHOP_DELIVERS: 'delivered' },
    },
    delivered: {
      ...at('ready.action.idle', 'Delivered, with Return this order and Review this order'),
      on: { REQUEST_RETURN_WITHOUT_REASON: 'returnProblem', SUBMIT_REVIEW: 'savingReview' },
    },
    returnProblem: {
      ...at('ready.action.idle', 'Choose a reason for the return., nothing sent'),
      on: { ATTACH_A_FILE_THAT_IS_NO_PHOTO: 'photoRefused' },
    },
    photoRefused: {
      ...at('ready.action.idle', 'The photo could not be uploaded…, no return requested', ['ready.action.returning.uploading']),
      on: { ATTACH_A_PHOTO_AND_REQUEST: 'uploading' },
    },
    uploading: {
      ...at('ready.action.returning.uploading', 'Request return pressed: Sending, the photo going up'),
      on: { PHOTO_STORED: 'submittingReturn' },
    },
    submittingReturn: {
      ...at('ready.action.returning.submitting', 'the photo stored, the return request on its way'),
      on: { RETURN_ANSWERS: 'returnRequested' },
    },
    returnRequested: at('ready.action.idle', 'Return requested: the status, the remark and the photo shown'),
    savingReview: {
      ...at('ready.action.savingReview', 'Submit review pressed: Saving'),
      on: { REVIEW_FAILS: 'reviewFailed' },
    },
    reviewFailed: {
      ...at('ready.action.idle', 'the review form keeps the words, with why it was not saved'),
      on: { SUBMIT_AGAIN: 'savingAgain' },
    },
    savingAgain: {
      ...at('ready.action.savingReview', 'Submit review pressed again: Saving'),
      on: { REVIEW_ANSWERS: 'reviewed' },
    },
    reviewed: {
      ...at('ready.action.idle', 'Thank you for your review!, the saved stars and words'),
      on: { DELETE_REVIEW: 'deletingReview' },
    },
    deletingReview: {
      ...at('ready.action.deletingReview', 'Delete review pressed: Deleting'),
      on: { DELETE_ANSWERS: 'reviewDeleted' },
    },
    reviewDeleted: at('ready.action.idle', 'Review deleted: Review this order again'),
  },
});

export const orderDetailPaths: PathModel = {
  name: 'order-detail',
  machine: orderDetailMachine,
  model: orderDetailPathModel,
  transient: {},
  testFile: 'tests/browser/paths-order-detail.test.ts',
};
