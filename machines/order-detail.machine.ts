import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import type { OrderDetail, OrderReason } from '../contract/order-history.schemas';
import type { UploadedImage } from '../contract/upload.schemas';
import { messageOf } from './failure-message.rules';
import { notProvided } from './not-provided';
import {
  cancelFailureMessage,
  initialContext,
  ORDER_DETAIL_MESSAGES,
  returnErrorAfterEdit,
  returnFormProblem,
  returnRequest,
  reviewProblem,
  withStatusPush,
} from './order-detail.rules';
import type { NotifyParams, OrderDetailContext, OrderDetailEvent, OrderDetailInput, ReorderOutcome, ReturnForm, ReturnRequest } from './order-detail.types';

type Problem = { problem: string | null };
/** What stops the return form, for the guard that holds it back and the message that says so. */
const returnProblemOf = ({ context, event }: { context: OrderDetailContext; event: { form: ReturnForm } }): Problem => ({
  problem: returnFormProblem(event.form, context.reasons),
});
/** What stops the review, likewise. */
const reviewProblemOf = ({ event }: { event: { rating: number; review: string } }): Problem => ({ problem: reviewProblem(event.rating, event.review) });
const notifySuccess = (message: string) => ({ type: 'notify', params: { kind: 'success', message } }) as const;
const thisOrder = ({ context }: { context: OrderDetailContext }) => ({ orderId: context.orderId });

/**
 * Order detail: loads the order (and the return reasons), cancels with a confirmation,
 * requests a return (photo upload first, then the request), saves or deletes the review, and
 * buys the order again (its lines back in the cart, what cannot be bought now named).
 * A live status update for this order applies at once and then refetches the order, in a
 * region of its own so it never interrupts what the customer is doing; a push during that read
 * starts it over, so an answer older than the push never replaces it.
 */
export const orderDetailMachine = setup({
  types: {
    context: {} as OrderDetailContext,
    events: {} as OrderDetailEvent,
    input: {} as OrderDetailInput,
  },
  actors: {
    fetchOrder: fromPromise<OrderDetail, { orderId: number }>(async () => notProvided('fetchOrder')),
    fetchReasons: fromPromise<OrderReason[], { companyId: number }>(async () => notProvided('fetchReasons')),
    cancelOrder: fromPromise<OrderDetail, { orderId: number }>(async () => notProvided('cancelOrder')),
    uploadImage: fromPromise<UploadedImage | null, { file: File }>(async () => notProvided('uploadImage')),
    requestReturn: fromPromise<OrderDetail, ReturnRequest>(async () => notProvided('requestReturn')),
    saveReview: fromPromise<OrderDetail, { orderId: number; rating: number; review: string }>(async () => notProvided('saveReview')),
    deleteReview: fromPromise<OrderDetail, { orderId: number }>(async () => notProvided('deleteReview')),
    /** Puts the order's lines back in the cart; answers the server's message and the lines left out. */
    reorder: fromPromise<ReorderOutcome, { orderId: number }>(async () => notProvided('reorder')),
    /**
     * The hub's events for this screen: order status pushes (order.statusUpdate), and a
     * (re)opened connection (order.catchUp), which may have missed a change while it was away.
     */
    liveUpdates: fromCallback<OrderDetailEvent>(() => () => {}),
  },
  actions: {
    notify: (_, _params: NotifyParams) => {},
    showReturnProblem: assign((_, { problem }: Problem) => ({ returnError: problem })),
    showReviewProblem: assign((_, { problem }: Problem) => ({ reviewError: problem })),
  },
  guards: {
    isThisOrder: ({ context }, params: { orderId: number }) => params.orderId === context.orderId,
    canCancel: ({ context }) => context.order?.CanCancel === true,
    hasProblem: (_, { problem }: Problem) => problem !== null,
    showsReturnError: ({ context }) => context.returnError !== null,
    uploadRefused: (_, params: { image: UploadedImage | null }) => params.image === null,
  },
}).createMachine({
  id: 'orderDetail',
  context: ({ input }) => initialContext(input),
  invoke: { src: 'liveUpdates' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchOrder',
        input: thisOrder,
        onDone: { target: 'ready', actions: assign({ order: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error, ORDER_DETAIL_MESSAGES.loadFailed) }) },
      },
    },
    failed: {
      on: { 'order.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      states: {
        reasons: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'fetchReasons',
                input: ({ context }) => ({ companyId: context.companyId }),
                onDone: { target: 'loaded', actions: assign({ reasons: ({ event }) => event.output }) },
                // Without the list the return form still works, with no reason to pick.
                onError: { target: 'loaded' },
              },
            },
            loaded: {},
          },
        },
        live: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'order.catchUp': 'refreshing',
                'order.statusUpdate': {
                  guard: { type: 'isThisOrder', params: ({ event }) => ({ orderId: event.update.OrderId }) },
                  target: 'refreshing',
                  actions: assign(({ context, event }) => ({ order: withStatusPush(context.order, event.update) })),
                },
              },
            },
            refreshing: {
              on: {
                // The read under way may answer with the status before this push: read again.
                'order.statusUpdate': {
                  guard: { type: 'isThisOrder', params: ({ event }) => ({ orderId: event.update.OrderId }) },
                  target: 'refreshing',
                  reenter: true,
                  actions: assign(({ context, event }) => ({ order: withStatusPush(context.order, event.update) })),
                },
                'order.catchUp': { target: 'refreshing', reenter: true },
              },
              invoke: {
                src: 'fetchOrder',
                input: thisOrder,
                onDone: { target: 'idle', actions: assign({ order: ({ event }) => event.output }) },
                onError: { target: 'idle' },
              },
            },
          },
        },
        action: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'order.cancel': { guard: 'canCancel', target: 'confirmingCancel' },
                'order.returnSubmit': [
                  { guard: { type: 'hasProblem', params: returnProblemOf }, actions: { type: 'showReturnProblem', params: returnProblemOf } },
                  { target: 'returning', actions: assign(({ event }) => ({ pendingReturn: event.form, returnError: null })) },
                ],
                'order.returnEdit': {
                  guard: 'showsReturnError',
                  actions: assign(({ context, event }) => ({ returnError: returnErrorAfterEdit(context, event.form) })),
                },
                'order.reviewSubmit': [
                  { guard: { type: 'hasProblem', params: reviewProblemOf }, actions: { type: 'showReviewProblem', params: reviewProblemOf } },
                  { target: 'savingReview', actions: assign({ reviewError: null }) },
                ],
                'order.reviewDelete': { target: 'deletingReview' },
                'order.reorder': { target: 'reordering', actions: assign({ reorder: null }) },
              },
            },
            reordering: {
              tags: ['working'],
              invoke: {
                src: 'reorder',
                input: thisOrder,
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({ reorder: ({ event }) => event.output }),
                    {
                      type: 'notify',
                      // Something went in: good news, with what did not; nothing went in: the reason.
                      params: ({ context, event }) => ({
                        kind: event.output.unavailable.length < (context.order?.Items.length ?? 0) ? ('success' as const) : ('error' as const),
                        message: event.output.message,
                      }),
                    },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'notify',
                    params: ({ event }) => ({ kind: 'error' as const, message: messageOf(event.error, ORDER_DETAIL_MESSAGES.reorderFailed) }),
                  },
                },
              },
            },
            confirmingCancel: {
              on: { 'order.cancelConfirm': 'cancelling', 'order.cancelDismiss': 'idle' },
            },
            cancelling: {
              tags: ['working'],
              invoke: {
                src: 'cancelOrder',
                input: thisOrder,
                onDone: { target: 'idle', actions: [assign({ order: ({ event }) => event.output }), notifySuccess(ORDER_DETAIL_MESSAGES.cancelled)] },
                onError: {
                  target: 'idle',
                  actions: { type: 'notify', params: ({ event }) => ({ kind: 'error' as const, message: cancelFailureMessage(event.error) }) },
                },
              },
            },
            returning: {
              tags: ['working'],
              initial: 'uploading',
              states: {
                uploading: {
                  invoke: {
                    src: 'uploadImage',
                    // A form without a photo never gets here: returnFormProblem holds it in idle.
                    input: ({ context }) => ({ file: context.pendingReturn?.photo as File }),
                    onDone: [
                      {
                        guard: { type: 'uploadRefused', params: ({ event }) => ({ image: event.output }) },
                        target: '#orderDetail.ready.action.idle',
                        actions: assign({ returnError: ORDER_DETAIL_MESSAGES.photoUploadFailed }),
                      },
                      { target: 'submitting', actions: assign({ returnError: null, uploadedImage: ({ event }) => event.output?.Url ?? null }) },
                    ],
                    onError: { target: '#orderDetail.ready.action.idle', actions: assign({ returnError: ORDER_DETAIL_MESSAGES.photoUploadFailed }) },
                  },
                },
                submitting: {
                  invoke: {
                    src: 'requestReturn',
                    input: ({ context }) => returnRequest(context),
                    onDone: {
                      target: '#orderDetail.ready.action.idle',
                      actions: [
                        assign({ order: ({ event }) => event.output, pendingReturn: null, uploadedImage: null }),
                        notifySuccess(ORDER_DETAIL_MESSAGES.returnRequested),
                      ],
                    },
                    onError: {
                      target: '#orderDetail.ready.action.idle',
                      actions: assign({ returnError: ({ event }) => messageOf(event.error, ORDER_DETAIL_MESSAGES.returnFailed) }),
                    },
                  },
                },
              },
            },
            savingReview: {
              tags: ['working'],
              invoke: {
                src: 'saveReview',
                input: ({ context, event }) => {
                  assertEvent(event, 'order.reviewSubmit');
                  return { orderId: context.orderId, rating: event.rating, review: event.review.trim() };
                },
                onDone: { target: 'idle', actions: [assign({ order: ({ event }) => event.output }), notifySuccess(ORDER_DETAIL_MESSAGES.reviewSaved)] },
                onError: { target: 'idle', actions: assign({ reviewError: ({ event }) => messageOf(event.error, ORDER_DETAIL_MESSAGES.reviewSaveFailed) }) },
              },
            },
            deletingReview: {
              tags: ['working'],
              invoke: {
                src: 'deleteReview',
                input: thisOrder,
                onDone: { target: 'idle', actions: [assign({ order: ({ event }) => event.output }), notifySuccess(ORDER_DETAIL_MESSAGES.reviewDeleted)] },
                onError: { target: 'idle', actions: assign({ reviewError: ({ event }) => messageOf(event.error, ORDER_DETAIL_MESSAGES.reviewDeleteFailed) }) },
              },
            },
          },
        },
      },
    },
  },
});
