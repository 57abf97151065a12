import { SHOP_TIME_ZONE } from '../../../contract/time-zone.rules';
import type { OrderDetail, OrderRefund } from '../../../contract/order-history.schemas';

/** Shared by the order list and detail screens: status names, colours and dates as customers read them. */
export const ORDER_STATUS_OPTIONS = [
  { code: 'AWAITING_PAYMENT', label: 'Awaiting Payment' },
  { code: 'PLACED', label: 'Placed' },
  { code: 'PACKED', label: 'Packed' },
  { code: 'OUT_FOR_DELIVERY', label: 'Out for Delivery' },
  { code: 'DELIVERED', label: 'Delivered' },
  { code: 'CANCELLED', label: 'Cancelled' },
  { code: 'RETURN_REQUESTED', label: 'Return Requested' },
  { code: 'RETURNED', label: 'Returned' },
  { code: 'REFUNDED', label: 'Refunded' },
] as const;

export function statusPalette(code: string): string {
  switch (code) {
    case 'DELIVERED':
      return 'green';
    case 'CANCELLED':
      return 'red';
    case 'AWAITING_PAYMENT':
    case 'RETURN_REQUESTED':
      return 'orange';
    case 'RETURNED':
    case 'REFUNDED':
      return 'purple';
    default:
      return 'blue';
  }
}

/** '5 Mar 2026, 7:30 pm' in India time, whatever the device's zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });
}

/**
 * Where an order's money stands, from the payment state the server keeps (not from the method
 * chosen alone): an online order that was never paid reads as awaiting or failed, not paid.
 */
export function paymentLabel(method: string, paymentStatus: string): string {
  if (paymentStatus === 'REFUNDED') return 'Refunded';
  if (paymentStatus === 'NOT_REQUIRED') return 'Paid with wallet or points';
  if (method === 'COD') return paymentStatus === 'CAPTURED' ? 'Paid in cash' : 'Cash on delivery';
  switch (paymentStatus) {
    case 'CAPTURED':
      return 'Paid online';
    case 'FAILED':
      return 'Payment failed';
    default:
      return 'Awaiting payment';
  }
}

/** Where a refund's money went, in the shopper's words; a reversed one was taken back from the wallet. */
export function refundDestinationLabel(refund: Pick<OrderRefund, 'Destination' | 'Status'>): string {
  if (refund.Status === 'REVERSED') return 'Taken back from your Shoal wallet: refunded to your original payment method instead';
  return refund.Destination === 'WALLET' ? 'To your Shoal wallet' : 'To your original payment method';
}

export function refundStatusLabel(status: OrderRefund['Status']): string {
  switch (status) {
    case 'PENDING':
      return 'In progress';
    case 'REVERSED':
      return 'Taken back';
    default:
      return 'Refunded';
  }
}

/** The wallet line's number, or the payment provider's reference, as the shopper can quote it to the shop. */
export function refundReferenceLabel(refund: Pick<OrderRefund, 'Destination' | 'Reference'>): string {
  if (!refund.Reference) return '—';
  return refund.Destination === 'WALLET' ? `Wallet entry ${refund.Reference}` : refund.Reference;
}

/** A packed line's settlement in the shopper's words, or null before packing or when the weight was exact. */
export function weightSettlementText(item: Pick<OrderDetail['Items'][number], 'WeightRefund' | 'WeightDue'>, money: (rupees: number) => string): string | null {
  const parts: string[] = [];
  if (item.WeightRefund && item.WeightRefund > 0) parts.push(`${money(item.WeightRefund)} refunded to your wallet for a lighter pack`);
  if (item.WeightDue && item.WeightDue > 0) parts.push(`${money(item.WeightDue)} to pay on delivery for a heavier pack`);
  if (item.WeightDue && item.WeightDue < 0) parts.push(`${money(-item.WeightDue)} less to pay on delivery for a lighter pack`);
  return parts.length ? parts.join('; ') : null;
}
