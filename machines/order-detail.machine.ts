import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { OrderDetail, OrderReason } from '../contract/order-history.schemas';
import type { UploadedImage } from '../contract/upload.schemas';

/** Texts of spec section 8 and of the return and review forms. */
export const ORDER_DETAIL_MESSAGES = {
  cancelled: 'Order cancelled successfully!',
  cancelFailed: 'Failed to cancel order',
  cancelError: 'Something went wrong while cancelling the order',
  loadFailed: 'This order could not be loaded.',
  returnRequested: 'Return requested',
  remarkLength: 'Describe the problem in 5 to 500 characters.',
  photoRequired: 'Add a photo of the problem.',
  reasonRequired: 'Choose a reason for the return.',
  photoUploadFailed: 'The photo could not be uploaded. Please try a JPEG, PNG or WebP photo under 2 MB.',
  reviewSaved: 'Thank you for your review!',
  reviewDeleted: 'Review deleted',
  ratingRequired: 'Choose from 1 to 5 stars.',
  reviewTooLong: 'A review can be at most 1000 characters.',
} as const;

export const RETURN_REMARK_LIMITS = { min: 5, max: 500 } as const;
export const REVIEW_MAX_LENGTH = 1000;

export interface ReturnForm {
  reasonId: number | null;
  remark: string;
  photo: File | null;
}

export interface OrderDetailContext {
  orderId: number;
  companyId: number;
  order: OrderDetail | null;
  reasons: OrderReason[];
  error: string | null;
  returnError: string | null;
  reviewError: string | null;
  pendingReturn: ReturnForm | null;
  /** Url of the uploaded return photo, sent with the return request. */
  uploadedImage: string | null;
}

export type OrderDetailEvent =
  | { type: 'order.retry' }
  | { type: 'order.cancel' }
  | { type: 'order.cancelConfirm' }
  | { type: 'order.cancelDismiss' }
  | { type: 'order.returnSubmit'; form: ReturnForm }
  /** The customer changed the return form: a message it no longer deserves goes at once. */
  | { type: 'order.returnEdit'; form: ReturnForm }
  | { type: 'order.reviewSubmit'; rating: number; review: string }
  | { type: 'order.reviewDelete' }
  | { type: 'order.statusUpdate'; update: { OrderId: number; OrderStatus: string; StatusCode: string; PaymentStatus?: string; At: string } }
  /** The live connection has just opened or come back: a status change made before it was never pushed. */
  | { type: 'order.catchUp' };

export type NotifyParams = { kind: 'success' | 'error'; message: string };

/** The message a failed cancel shows: the server's words for a refused cancel, a generic line for anything else. */
export function cancelFailureMessage(error: unknown): string {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  if (typeof status === 'number' && status > 0) {
    const message = error instanceof Error ? error.message : '';
    return message && !message.startsWith('Request failed') ? message : ORDER_DETAIL_MESSAGES.cancelFailed;
  }
  return ORDER_DETAIL_MESSAGES.cancelError;
}

function returnFormProblem(form: ReturnForm, reasons: OrderReason[]): string | null {
  const remark = form.remark.trim();
  if (reasons.length > 0 && !form.reasonId) return ORDER_DETAIL_MESSAGES.reasonRequired;
  if (remark.length < RETURN_REMARK_LIMITS.min || remark.length > RETURN_REMARK_LIMITS.max) return ORDER_DETAIL_MESSAGES.remarkLength;
  if (!form.photo) return ORDER_DETAIL_MESSAGES.photoRequired;
  return null;
}

function reviewProblem(rating: number, review: string): string | null {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) return ORDER_DETAIL_MESSAGES.ratingRequired;
  if (review.trim().length > REVIEW_MAX_LENGTH) return ORDER_DETAIL_MESSAGES.reviewTooLong;
  return null;
}

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/**
 * Order detail: loads the order (and the return reasons), cancels with a confirmation,
 * requests a return (photo upload first, then the request), saves or deletes the review.
 * A live status update for this order applies at once and then refetches the order, in a
 * region of its own so it never interrupts what the customer is doing.
 */
export const orderDetailMachine = setup({
  types: {
    context: {} as OrderDetailContext,
    events: {} as OrderDetailEvent,
    input: {} as { orderId: number; companyId: number },
  },
  actors: {
    fetchOrder: fromPromise<OrderDetail, { orderId: number }>(async () => {
      throw new Error('fetchOrder is not provided');
    }),
    fetchReasons: fromPromise<OrderReason[], { companyId: number }>(async () => {
      throw new Error('fetchReasons is not provided');
    }),
    cancelOrder: fromPromise<OrderDetail, { orderId: number }>(async () => {
      throw new Error('cancelOrder is not provided');
    }),
    uploadImage: fromPromise<UploadedImage | null, { file: File }>(async () => {
      throw new Error('uploadImage is not provided');
    }),
    requestReturn: fromPromise<OrderDetail, { orderId: number; remark: string; image: string; reasonId: number | null }>(async () => {
      throw new Error('requestReturn is not provided');
    }),
    saveReview: fromPromise<OrderDetail, { orderId: number; rating: number; review: string }>(async () => {
      throw new Error('saveReview is not provided');
    }),
    deleteReview: fromPromise<OrderDetail, { orderId: number }>(async () => {
      throw new Error('deleteReview is not provided');
    }),
    /**
     * The hub's events for this screen: order status pushes (order.statusUpdate), and a
     * (re)opened connection (order.catchUp), which may have missed a change while it was away.
     */
    liveUpdates: fromCallback<OrderDetailEvent>(() => () => {}),
  },
  actions: {
    notify: (_, _params: NotifyParams) => {},
  },
  guards: {
    isThisOrder: ({ context, event }) => event.type === 'order.statusUpdate' && event.update.OrderId === context.orderId,
    canCancel: ({ context }) => context.order?.CanCancel === true,
  },
}).createMachine({
  id: 'orderDetail',
  context: ({ input }) => ({
    orderId: input.orderId,
    companyId: input.companyId,
    order: null,
    reasons: [],
    error: null,
    returnError: null,
    reviewError: null,
    pendingReturn: null,
    uploadedImage: null,
  }),
  invoke: { src: 'liveUpdates' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
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
                  guard: 'isThisOrder',
                  target: 'refreshing',
                  actions: assign({
                    order: ({ context, event }) =>
                      context.order && event.type === 'order.statusUpdate'
                        ? {
                            ...context.order,
                            OrderStatus: event.update.OrderStatus,
                            StatusCode: event.update.StatusCode,
                            PaymentStatus: event.update.PaymentStatus ?? context.order.PaymentStatus,
                            // Shown until the refetch brings the step in the server's words.
                            Timeline: [
                              ...context.order.Timeline,
                              {
                                StatusCode: event.update.StatusCode,
                                Status: event.update.OrderStatus,
                                Note: '',
                                Actor: 'shop',
                                At: event.update.At,
                                Title: event.update.OrderStatus,
                                Detail: '',
                              },
                            ],
                          }
                        : context.order,
                  }),
                },
              },
            },
            refreshing: {
              invoke: {
                src: 'fetchOrder',
                input: ({ context }) => ({ orderId: context.orderId }),
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
                  {
                    guard: ({ context, event }) => returnFormProblem(event.form, context.reasons) !== null,
                    actions: assign({ returnError: ({ context, event }) => returnFormProblem(event.form, context.reasons) }),
                  },
                  { target: 'returning', actions: assign({ pendingReturn: ({ event }) => event.form, returnError: null }) },
                ],
                'order.returnEdit': {
                  guard: ({ context }) => context.returnError !== null,
                  actions: assign({
                    returnError: ({ context, event }) => (returnFormProblem(event.form, context.reasons) === context.returnError ? context.returnError : null),
                  }),
                },
                'order.reviewSubmit': [
                  { guard: ({ event }) => reviewProblem(event.rating, event.review) !== null, actions: assign({ reviewError: ({ event }) => reviewProblem(event.rating, event.review) }) },
                  { target: 'savingReview', actions: assign({ reviewError: null }) },
                ],
                'order.reviewDelete': { target: 'deletingReview' },
              },
            },
            confirmingCancel: {
              on: { 'order.cancelConfirm': 'cancelling', 'order.cancelDismiss': 'idle' },
            },
            cancelling: {
              tags: ['working'],
              invoke: {
                src: 'cancelOrder',
                input: ({ context }) => ({ orderId: context.orderId }),
                onDone: {
                  target: 'idle',
                  actions: [assign({ order: ({ event }) => event.output }), { type: 'notify', params: { kind: 'success', message: ORDER_DETAIL_MESSAGES.cancelled } }],
                },
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
                    input: ({ context }) => ({ file: context.pendingReturn?.photo as File }),
                    onDone: [
                      { guard: ({ event }) => event.output === null, target: '#orderDetail.ready.action.idle', actions: assign({ returnError: ORDER_DETAIL_MESSAGES.photoUploadFailed }) },
                      { target: 'submitting', actions: assign({ returnError: null, uploadedImage: ({ event }) => event.output?.Url ?? null }) },
                    ],
                    onError: { target: '#orderDetail.ready.action.idle', actions: assign({ returnError: ORDER_DETAIL_MESSAGES.photoUploadFailed }) },
                  },
                },
                submitting: {
                  invoke: {
                    src: 'requestReturn',
                    input: ({ context }) => ({
                      orderId: context.orderId,
                      remark: context.pendingReturn?.remark.trim() ?? '',
                      image: context.uploadedImage ?? '',
                      reasonId: context.pendingReturn?.reasonId ?? null,
                    }),
                    onDone: {
                      target: '#orderDetail.ready.action.idle',
                      actions: [
                        assign({ order: ({ event }) => event.output, pendingReturn: null, uploadedImage: null }),
                        { type: 'notify', params: { kind: 'success', message: ORDER_DETAIL_MESSAGES.returnRequested } },
                      ],
                    },
                    onError: { target: '#orderDetail.ready.action.idle', actions: assign({ returnError: ({ event }) => messageOf(event.error, 'The return could not be requested.') }) },
                  },
                },
              },
            },
            savingReview: {
              tags: ['working'],
              invoke: {
                src: 'saveReview',
                input: ({ context, event }) => {
                  const submitted = event as Extract<OrderDetailEvent, { type: 'order.reviewSubmit' }>;
                  return { orderId: context.orderId, rating: submitted.rating, review: submitted.review.trim() };
                },
                onDone: {
                  target: 'idle',
                  actions: [assign({ order: ({ event }) => event.output }), { type: 'notify', params: { kind: 'success', message: ORDER_DETAIL_MESSAGES.reviewSaved } }],
                },
                onError: { target: 'idle', actions: assign({ reviewError: ({ event }) => messageOf(event.error, 'The review could not be saved.') }) },
              },
            },
            deletingReview: {
              tags: ['working'],
              invoke: {
                src: 'deleteReview',
                input: ({ context }) => ({ orderId: context.orderId }),
                onDone: {
                  target: 'idle',
                  actions: [assign({ order: ({ event }) => event.output }), { type: 'notify', params: { kind: 'success', message: ORDER_DETAIL_MESSAGES.reviewDeleted } }],
                },
                onError: { target: 'idle', actions: assign({ reviewError: ({ event }) => messageOf(event.error, 'The review could not be deleted.') }) },
              },
            },
          },
        },
      },
    },
  },
});
