/** Shapes of the order detail shared by its machine, the account screens that provide it and the tests. */
import type { OrderStatusUpdate } from '../contract/hub-events';
import type { OrderDetail, OrderReason } from '../contract/order-history.schemas';

export interface ReturnForm {
  reasonId: number | null;
  remark: string;
  photo: File | null;
}

/** The part of the hub's status push this screen reads. */
export type OrderStatusPush = Pick<OrderStatusUpdate, 'OrderId' | 'OrderStatus' | 'StatusCode' | 'PaymentStatus' | 'At'>;

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
  /** After 'Order again': what the server said, and the lines it could not put in the cart. */
  reorder: ReorderOutcome | null;
}

export interface ReorderOutcome {
  message: string;
  unavailable: string[];
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
  /** Buy this order again: its lines go to the cart. */
  | { type: 'order.reorder' }
  | { type: 'order.statusUpdate'; update: OrderStatusPush }
  /** The live connection has just opened or come back: a status change made before it was never pushed. */
  | { type: 'order.catchUp' };

export interface OrderDetailInput {
  orderId: number;
  companyId: number;
}

export interface ReturnRequest {
  orderId: number;
  remark: string;
  image: string;
  reasonId: number | null;
}

export type NotifyParams = { kind: 'success' | 'error'; message: string };
