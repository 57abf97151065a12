import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../lib/http-errors.js';
import { nowIso } from '../lib/clock.js';
import { assertTransition, TransitionError } from './order-lifecycle.js';
import { announceOrderStatus } from './order-service.js';
import { isOwnUpload, uploadNameOf, UPLOAD_URL_PREFIX } from './upload-service.js';
import { ownOrder, orderPermissions } from '../repositories/order-history-repository.js';
import { insertOrderEvent, moveOrder, setOrderReview } from '../repositories/order-repository.js';
import { recountProductRatings } from '../repositories/product-repository.js';
import { findReturnWindowHours } from '../repositories/company-repository.js';
import { findReasonText, listReturnReasons } from '../repositories/return-reason-repository.js';
import type { OrderReason } from '../../contract/order-history.schemas.js';

/** What the customer may do after delivery: request a return, review (spec section 3). */
export const RETURN_REMARK = { min: 5, max: 500 } as const;
export const REVIEW_MAX = 1000;
export const REASON_TYPES = ['RETURN', 'CANCEL'] as const;
export type ReasonType = (typeof REASON_TYPES)[number];

export const AFTERCARE_MESSAGES = {
  remarkLength: `Describe the problem in ${RETURN_REMARK.min} to ${RETURN_REMARK.max} characters.`,
  imageNotYours: 'Attach a photo you uploaded for this return.',
  notDelivered: 'Only a delivered order can be returned.',
  windowClosed: 'The return window for this order has closed.',
  unknownReason: 'Choose one of the listed return reasons.',
  reviewTooLong: `A review can be at most ${REVIEW_MAX} characters.`,
  ratingRange: 'Give a rating from 1 to 5 stars.',
  reviewBeforeDelivery: 'You can review an order once it has been delivered.',
  noReview: 'This order has no review to delete.',
} as const;

/** The company's reasons of a type, in the shop's order (an empty list leaves the choice out of the form). */
export async function listReasons(app: FastifyInstance, companyId: number, type: ReasonType): Promise<OrderReason[]> {
  const rows = await listReturnReasons(app.db, companyId, type);
  return rows.map((r) => ({ ReasonId: r.id, Type: r.type, Reason: r.reason }));
}

export interface ReturnRequest {
  customerId: number;
  orderId: number;
  remark: string;
  image: string;
  reasonId?: number;
}

/** DELIVERED → RETURN_REQUESTED, within the company's return window, with a remark and the customer's own photo. */
export async function requestReturn(app: FastifyInstance, request: ReturnRequest): Promise<void> {
  const remark = request.remark.trim();
  if (remark.length < RETURN_REMARK.min || remark.length > RETURN_REMARK.max) throw badRequest(AFTERCARE_MESSAGES.remarkLength);
  const order = await ownOrder(app.db, request.customerId, request.orderId);
  if (order.status !== 'DELIVERED') {
    throw conflict(order.status === 'RETURN_REQUESTED' ? 'A return has already been requested for this order.' : AFTERCARE_MESSAGES.notDelivered);
  }
  const returnWindowHours = await findReturnWindowHours(app.db, order.company_id);
  if (!orderPermissions(order, returnWindowHours ?? 0).CanReturn) throw conflict(AFTERCARE_MESSAGES.windowClosed);
  const imageName = uploadNameOf(request.image);
  if (!imageName || !(await isOwnUpload(app.db, request.customerId, imageName))) throw badRequest(AFTERCARE_MESSAGES.imageNotYours);
  let reasonText = '';
  if (request.reasonId !== undefined) {
    const reason = await findReasonText(app.db, { id: request.reasonId, companyId: order.company_id, type: 'RETURN' });
    if (reason === undefined) throw badRequest(AFTERCARE_MESSAGES.unknownReason);
    reasonText = reason;
  }
  assertTransition(order.status, 'RETURN_REQUESTED', 'customer');
  const at = nowIso();
  await app.db.transaction().execute(async (trx) => {
    // The status condition makes a second, racing request a no-op instead of a second return.
    const moved = await moveOrder(trx, order.id, 'DELIVERED', {
      status: 'RETURN_REQUESTED',
      return_reason: reasonText,
      return_remark: remark,
      return_image: `${UPLOAD_URL_PREFIX}${imageName}`,
      updated_at: at,
    });
    if (!moved) throw new TransitionError('RETURN_REQUESTED', 'RETURN_REQUESTED');
    await insertOrderEvent(trx, {
      orderId: order.id,
      status: 'RETURN_REQUESTED',
      note: reasonText ? `${reasonText}: ${remark}` : remark,
      actor: 'customer',
      at,
    });
  });
  announceOrderStatus(app, order, 'RETURN_REQUESTED');
}

/** Sets (or replaces) the review of a delivered order. */
export async function saveReview(app: FastifyInstance, customerId: number, orderId: number, review: string, rating: number): Promise<void> {
  const text = review.trim();
  if (text.length > REVIEW_MAX) throw badRequest(AFTERCARE_MESSAGES.reviewTooLong);
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) throw badRequest(AFTERCARE_MESSAGES.ratingRange);
  const order = await ownOrder(app.db, customerId, orderId);
  if (!orderPermissions(order, 0).CanReview) throw conflict(AFTERCARE_MESSAGES.reviewBeforeDelivery);
  await setOrderReview(app.db, order.id, { review: text, rating, reviewedAt: nowIso(), at: nowIso() });
  await ratingsChanged(app, order);
}

export async function deleteReview(app: FastifyInstance, customerId: number, orderId: number): Promise<void> {
  const order = await ownOrder(app.db, customerId, orderId);
  if (order.rating === null) throw notFound(AFTERCARE_MESSAGES.noReview);
  await setOrderReview(app.db, order.id, { review: null, rating: null, reviewedAt: null, at: nowIso() });
  await ratingsChanged(app, order);
}

/** The order's products are rated anew; open lists and product pages get them live. */
async function ratingsChanged(app: FastifyInstance, order: { id: number; company_id: number }): Promise<void> {
  const productIds = await recountProductRatings(app.db, order.id);
  if (productIds.length === 0) return;
  app.live.catalogueChanged({ companyId: order.company_id, branchId: null, type: 'Product', ids: productIds });
  app.live.catalogueChanged({ companyId: order.company_id, branchId: null, type: 'ProductDetails', ids: productIds });
}
