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
  return date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
}
