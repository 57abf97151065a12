/**
 * The error code of a new order refused while another of the customer's orders awaits payment
 * (a 409 from Order/summary): the browser opens the pending-orders dialog on it.
 */
export const UNPAID_ORDER_WAITING_CODE = 'UNPAID_ORDER_WAITING';
