import type { OrderDetail, OrderReason } from '../contract/order-history.schemas';
import type { OrderDetailContext, OrderDetailInput, OrderStatusPush, ReturnForm, ReturnRequest } from './order-detail.types';

/** Texts of spec section 8 and of the return and review forms. */
export const ORDER_DETAIL_MESSAGES = {
  cancelled: 'Order cancelled successfully!',
  cancelFailed: 'Failed to cancel order',
  cancelError: 'Something went wrong while cancelling the order',
  loadFailed: 'This order could not be loaded.',
  returnRequested: 'Return requested',
  returnFailed: 'The return could not be requested.',
  remarkLength: 'Describe the problem in 5 to 500 characters.',
  photoRequired: 'Add a photo of the problem.',
  reasonRequired: 'Choose a reason for the return.',
  photoUploadFailed: 'The photo could not be uploaded. Please try a JPEG, PNG or WebP photo under 2 MB.',
  reviewSaved: 'Thank you for your review!',
  reviewSaveFailed: 'The review could not be saved.',
  reviewDeleted: 'Review deleted',
  reviewDeleteFailed: 'The review could not be deleted.',
  ratingRequired: 'Choose from 1 to 5 stars.',
  reviewTooLong: 'A review can be at most 1000 characters.',
  reorderFailed: 'The items could not be added to your cart.',
} as const;

export const RETURN_REMARK_LIMITS = { min: 5, max: 500 } as const;
export const REVIEW_MAX_LENGTH = 1000;

export function initialContext(input: OrderDetailInput): OrderDetailContext {
  return {
    orderId: input.orderId,
    companyId: input.companyId,
    order: null,
    reasons: [],
    error: null,
    returnError: null,
    reviewError: null,
    pendingReturn: null,
    uploadedImage: null,
    reorder: null,
  };
}

/** The message a failed cancel shows: the server's words for a refused cancel, a generic line for anything else. */
export function cancelFailureMessage(error: unknown): string {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  if (typeof status === 'number' && status > 0) {
    const message = error instanceof Error ? error.message : '';
    return message && !message.startsWith('Request failed') ? message : ORDER_DETAIL_MESSAGES.cancelFailed;
  }
  return ORDER_DETAIL_MESSAGES.cancelError;
}

/** Why the return form cannot be sent yet, or null when it can. */
export function returnFormProblem(form: ReturnForm, reasons: readonly OrderReason[]): string | null {
  const remark = form.remark.trim();
  if (reasons.length > 0 && !form.reasonId) return ORDER_DETAIL_MESSAGES.reasonRequired;
  if (remark.length < RETURN_REMARK_LIMITS.min || remark.length > RETURN_REMARK_LIMITS.max) return ORDER_DETAIL_MESSAGES.remarkLength;
  if (!form.photo) return ORDER_DETAIL_MESSAGES.photoRequired;
  return null;
}

/** An edit keeps the message only while the form still deserves that same one. */
export function returnErrorAfterEdit(context: Pick<OrderDetailContext, 'returnError' | 'reasons'>, form: ReturnForm): string | null {
  return returnFormProblem(form, context.reasons) === context.returnError ? context.returnError : null;
}

/** Why the review cannot be saved, or null when it can. */
export function reviewProblem(rating: number, review: string): string | null {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) return ORDER_DETAIL_MESSAGES.ratingRequired;
  if (review.trim().length > REVIEW_MAX_LENGTH) return ORDER_DETAIL_MESSAGES.reviewTooLong;
  return null;
}

/** The return request for the form being sent, with the photo's url once it has been uploaded. */
export function returnRequest(context: Pick<OrderDetailContext, 'orderId' | 'pendingReturn' | 'uploadedImage'>): ReturnRequest {
  return {
    orderId: context.orderId,
    remark: context.pendingReturn?.remark.trim() ?? '',
    image: context.uploadedImage ?? '',
    reasonId: context.pendingReturn?.reasonId ?? null,
  };
}

/** The order with a pushed status applied at once, before the refetch brings the server's own record. */
export function withStatusPush(order: OrderDetail | null, update: OrderStatusPush): OrderDetail | null {
  if (!order) return order;
  return {
    ...order,
    OrderStatus: update.OrderStatus,
    StatusCode: update.StatusCode,
    PaymentStatus: update.PaymentStatus ?? order.PaymentStatus,
    // Shown until the refetch brings the step in the server's words.
    Timeline: [
      ...order.Timeline,
      { StatusCode: update.StatusCode, Status: update.OrderStatus, Note: '', Actor: 'shop', At: update.At, Title: update.OrderStatus, Detail: '' },
    ],
  };
}
