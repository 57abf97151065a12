/**
 * Model-based test of the order detail machine: cancel with confirmation, return with a photo,
 * review, live status, in the regions of its parallel `ready` state. Every shortest path of the
 * model is replayed on the real machine (model-harness.ts).
 */
import { expect, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import { orderDetailMachine } from '../../machines/order-detail.machine';
import { ORDER_DETAIL_MESSAGES } from '../../machines/order-detail.rules';
import type { OrderDetail } from '../../contract/order-history.schemas';
import { Deferred, describeModel, httpError } from './model-harness';

const at = (real: string, description: string) => ({ meta: { real, description } });

const ORDER = {
  OrderId: 42,
  OrderNo: 'SH42',
  OrderStatus: 'Delivered',
  StatusCode: 'DELIVERED',
  CanCancel: true,
  CanReturn: true,
  CanReview: true,
  Timeline: [],
  Items: [
    { ProductId: 1, VariantId: 0, Name: 'Seer fish', Qty: 2 },
    { ProductId: 2, VariantId: 0, Name: 'Tiger prawns', Qty: 1 },
  ],
} as unknown as OrderDetail;
const PARTLY = 'Added to your cart, except 1 item that is not available now.';
const NOTHING = 'None of this order’s items can be bought right now.';
const REASONS = [{ ReasonId: 3, Reason: 'Not fresh' }];
const PHOTO = new File(['jpeg'], 'fish.jpg', { type: 'image/jpeg' });

const orderDetailModel = setup({}).createMachine({
  id: 'orderDetailModel',
  initial: 'loading',
  states: {
    loading: { ...at('loading', 'the order loading'), on: { ORDER_ARRIVES: 'shown', LOAD_FAILS: 'failed' } },
    failed: { ...at('failed', 'This order could not be loaded.'), on: { RETRY: 'loading' } },
    shown: { ...at('ready.reasons.loading', 'the order, return reasons still loading'), on: { REASONS_ARRIVE: 'ready' } },
    ready: {
      ...at('ready.reasons.loaded', 'the order with its actions'),
      on: {
        STATUS_PUSHED: 'refreshing',
        CANCEL: 'confirmingCancel',
        RETURN_WITHOUT_PHOTO: 'returnInvalid',
        RETURN_WITH_PHOTO: 'uploading',
        RATE_FIVE_STARS: 'savingReview',
        DELETE_REVIEW: 'deletingReview',
        ORDER_AGAIN: 'reordering',
      },
    },
    reordering: {
      ...at('ready.action.reordering', 'the order going back into the cart'),
      on: { ALL_ADDED: 'reordered', SOME_ADDED: 'reorderedPartly', NONE_ADDED: 'nothingAdded', REORDER_FAILS: 'reorderFailed' },
    },
    reordered: at('ready.action.idle', 'Added to your cart.'),
    reorderedPartly: at('ready.action.idle', 'added, with the line that is not available named'),
    nothingAdded: at('ready.action.idle', 'nothing could go in: told as an error, both lines named'),
    reorderFailed: at('ready.action.idle', "the server's reason, nothing shown as added"),
    refreshing: {
      ...at('ready.live.refreshing', 'the pushed status shown, the order refetched'),
      on: { FRESH_ORDER_ARRIVES: 'refreshed', NEXT_STATUS_PUSHED: 'refreshingAgain' },
    },
    refreshingAgain: {
      ...at('ready.live.refreshing', 'a second push during the read: shown, and the order read again'),
      on: { STALE_ORDER_ARRIVES: 'staleIgnored' },
    },
    staleIgnored: at('ready.live.refreshing', 'the first read answers with the older status: ignored, the pushed one stays'),
    refreshed: at('ready.live.idle', 'the refetched order'),
    confirmingCancel: { ...at('ready.action.confirmingCancel', 'asked to confirm the cancel'), on: { DISMISS: 'dismissed', CONFIRM: 'cancelling' } },
    dismissed: at('ready.action.idle', 'nothing cancelled'),
    cancelling: { ...at('ready.action.cancelling', 'the cancel running'), on: { CANCEL_OK: 'cancelled', CANCEL_REFUSED: 'cancelRefused' } },
    cancelled: at('ready.action.idle', 'Order cancelled successfully!'),
    cancelRefused: at('ready.action.idle', "the server's reason for refusing"),
    returnInvalid: at('ready.action.idle', 'Add a photo of the problem.'),
    uploading: { ...at('ready.action.returning.uploading', 'the photo uploading'), on: { UPLOADED: 'submitting', UPLOAD_REFUSED: 'uploadFailed' } },
    uploadFailed: at('ready.action.idle', 'the photo rule shown'),
    submitting: { ...at('ready.action.returning.submitting', 'the return being requested'), on: { RETURN_OK: 'returnRequested' } },
    returnRequested: at('ready.action.idle', 'Return requested'),
    savingReview: { ...at('ready.action.savingReview', 'the review being saved'), on: { REVIEW_SAVED: 'reviewed' } },
    reviewed: at('ready.action.idle', 'Thank you for your review!'),
    deletingReview: { ...at('ready.action.deletingReview', 'the review being deleted'), on: { REVIEW_DELETE_FAILS: 'reviewDeleteFailed' } },
    reviewDeleteFailed: at('ready.action.idle', 'the review kept, with the reason'),
  },
});

describeModel('order detail machine, every shortest path (cancel, return, review, live status)', {
  machine: orderDetailMachine,
  model: orderDetailModel,
  start() {
    const deferred = new Deferred();
    const notify = vi.fn();
    const actor = createActor(
      orderDetailMachine.provide({
        actors: deferred.actors('fetchOrder', 'fetchReasons', 'cancelOrder', 'uploadImage', 'requestReturn', 'saveReview', 'deleteReview', 'reorder'),
        actions: { notify: (_, params) => notify(params) },
      }),
      { input: { orderId: 42, companyId: 1 } },
    ).start();
    return { actor, deferred, notify };
  },
  events: ({ actor, deferred }) => ({
    ORDER_ARRIVES: () => deferred.settle('fetchOrder', { output: ORDER }),
    LOAD_FAILS: () => deferred.settle('fetchOrder', { error: new Error('') }),
    RETRY: () => actor.send({ type: 'order.retry' }),
    REASONS_ARRIVE: () => deferred.settle('fetchReasons', { output: REASONS }),
    STATUS_PUSHED: () => {
      actor.send({ type: 'order.statusUpdate', update: { OrderId: 41, OrderStatus: 'Cancelled', StatusCode: 'CANCELLED', At: '' } });
      actor.send({ type: 'order.statusUpdate', update: { OrderId: 42, OrderStatus: 'Returned', StatusCode: 'RETURNED', At: '2026-01-02' } });
    },
    FRESH_ORDER_ARRIVES: () => deferred.settle('fetchOrder', { output: { ...ORDER, StatusCode: 'RETURNED', OrderStatus: 'Returned', CanCancel: false } }),
    NEXT_STATUS_PUSHED: () =>
      actor.send({ type: 'order.statusUpdate', update: { OrderId: 42, OrderStatus: 'Refunded', StatusCode: 'REFUNDED', At: '2026-01-03' } }),
    // The first read, made before the second push, answers with the status of the first.
    STALE_ORDER_ARRIVES: () => deferred.settle('fetchOrder', { output: { ...ORDER, StatusCode: 'RETURNED', OrderStatus: 'Returned' } }),
    CANCEL: () => actor.send({ type: 'order.cancel' }),
    DISMISS: () => actor.send({ type: 'order.cancelDismiss' }),
    CONFIRM: () => actor.send({ type: 'order.cancelConfirm' }),
    CANCEL_OK: () => deferred.settle('cancelOrder', { output: { ...ORDER, StatusCode: 'CANCELLED' } }),
    CANCEL_REFUSED: () => deferred.settle('cancelOrder', { error: httpError(400, 'This order is already out for delivery.') }),
    RETURN_WITHOUT_PHOTO: () => actor.send({ type: 'order.returnSubmit', form: { reasonId: 3, remark: 'Smelled off', photo: null } }),
    RETURN_WITH_PHOTO: () => actor.send({ type: 'order.returnSubmit', form: { reasonId: 3, remark: ' Smelled off ', photo: PHOTO } }),
    UPLOADED: () => deferred.settle('uploadImage', { output: { Url: '/uploads/fish.jpg' } }),
    UPLOAD_REFUSED: () => deferred.settle('uploadImage', { output: null }),
    RETURN_OK: () => deferred.settle('requestReturn', { output: { ...ORDER, StatusCode: 'RETURN_REQUESTED' } }),
    RATE_FIVE_STARS: () => {
      actor.send({ type: 'order.reviewSubmit', rating: 0, review: 'Great' });
      actor.send({ type: 'order.reviewSubmit', rating: 5, review: ' Fresh and clean. ' });
    },
    REVIEW_SAVED: () => deferred.settle('saveReview', { output: ORDER }),
    DELETE_REVIEW: () => actor.send({ type: 'order.reviewDelete' }),
    REVIEW_DELETE_FAILS: () => deferred.settle('deleteReview', { error: new Error('The review could not be deleted.') }),
    ORDER_AGAIN: () => actor.send({ type: 'order.reorder' }),
    ALL_ADDED: () => deferred.settle('reorder', { output: { message: 'Added to your cart.', unavailable: [] } }),
    SOME_ADDED: () => deferred.settle('reorder', { output: { message: PARTLY, unavailable: ['Tiger prawns: This product is out of stock.'] } }),
    NONE_ADDED: () => deferred.settle('reorder', { output: { message: NOTHING, unavailable: ['Seer fish: Not available', 'Tiger prawns: Not available'] } }),
    REORDER_FAILS: () => deferred.settle('reorder', { error: httpError(0, 'You appear to be offline.') }),
  }),
  states: ({ actor, deferred, notify }) => {
    const context = () => actor.getSnapshot().context;
    return {
      loading: () => expect(deferred.open('fetchOrder').map((c) => c.input)).toEqual([{ orderId: 42 }]),
      failed: () => expect(context().error).toBe(ORDER_DETAIL_MESSAGES.loadFailed),
      shown: () => expect(deferred.open('fetchReasons').map((c) => c.input)).toEqual([{ companyId: 1 }]),
      ready: () => expect(context().reasons).toEqual(REASONS),
      refreshing: () => {
        expect(context().order?.StatusCode).toBe('RETURNED');
        expect(deferred.open('fetchOrder')).toHaveLength(1);
      },
      refreshed: () => expect(context().order?.CanCancel).toBe(false),
      refreshingAgain: () => {
        expect(context().order?.StatusCode).toBe('REFUNDED');
        expect(deferred.open('fetchOrder'), 'the first read is left unanswered, a second one asked').toHaveLength(2);
      },
      staleIgnored: () => {
        expect(context().order?.StatusCode).toBe('REFUNDED');
        expect(deferred.open('fetchOrder')).toHaveLength(1);
      },
      dismissed: () => expect(deferred.calls.cancelOrder).toHaveLength(0),
      cancelling: () => expect(deferred.open('cancelOrder').map((c) => c.input)).toEqual([{ orderId: 42 }]),
      cancelled: () => expect(notify).toHaveBeenCalledWith({ kind: 'success', message: ORDER_DETAIL_MESSAGES.cancelled }),
      cancelRefused: () => expect(notify).toHaveBeenCalledWith({ kind: 'error', message: 'This order is already out for delivery.' }),
      returnInvalid: () => {
        expect(context().returnError).toBe(ORDER_DETAIL_MESSAGES.photoRequired);
        expect(deferred.calls.uploadImage).toHaveLength(0);
      },
      uploading: () => expect(deferred.open('uploadImage').map((c) => c.input)).toEqual([{ file: PHOTO }]),
      uploadFailed: () => {
        expect(context().returnError).toBe(ORDER_DETAIL_MESSAGES.photoUploadFailed);
        expect(deferred.calls.requestReturn).toHaveLength(0);
      },
      submitting: () =>
        expect(deferred.open('requestReturn').map((c) => c.input)).toEqual([{ orderId: 42, remark: 'Smelled off', image: '/uploads/fish.jpg', reasonId: 3 }]),
      returnRequested: () => expect(notify).toHaveBeenCalledWith({ kind: 'success', message: ORDER_DETAIL_MESSAGES.returnRequested }),
      savingReview: () => {
        expect(deferred.calls.saveReview?.map((c) => c.input)).toEqual([{ orderId: 42, rating: 5, review: 'Fresh and clean.' }]);
        expect(context().reviewError).toBeNull();
      },
      reviewed: () => expect(notify).toHaveBeenCalledWith({ kind: 'success', message: ORDER_DETAIL_MESSAGES.reviewSaved }),
      deletingReview: () => expect(deferred.open('deleteReview').map((c) => c.input)).toEqual([{ orderId: 42 }]),
      reviewDeleteFailed: () => expect(context().reviewError).toBe('The review could not be deleted.'),
      reordering: () => {
        expect(deferred.open('reorder').map((c) => c.input)).toEqual([{ orderId: 42 }]);
        expect(actor.getSnapshot().hasTag('working')).toBe(true);
      },
      reordered: () => {
        expect(notify).toHaveBeenCalledWith({ kind: 'success', message: 'Added to your cart.' });
        expect(context().reorder).toEqual({ message: 'Added to your cart.', unavailable: [] });
      },
      reorderedPartly: () => {
        expect(notify).toHaveBeenCalledWith({ kind: 'success', message: PARTLY });
        expect(context().reorder?.unavailable).toEqual(['Tiger prawns: This product is out of stock.']);
      },
      nothingAdded: () => expect(notify).toHaveBeenCalledWith({ kind: 'error', message: NOTHING }),
      reorderFailed: () => {
        expect(notify).toHaveBeenCalledWith({ kind: 'error', message: 'You appear to be offline.' });
        expect(context().reorder).toBeNull();
      },
    };
  },
});
