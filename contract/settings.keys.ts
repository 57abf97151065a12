/**
 * Key codes of the company settings (GET /api/Company/settings, the `settings` table) that the
 * shop reads. Amounts are rupees as the shop owner enters them, except the loyalty point value.
 */

/** Free delivery at or above this order value; the banner counts towards it. */
export const DELIVERY_OFFER_SETTING = 'DELIVERY OFFER AMOUNT';
/** Delivery charge below the free-delivery amount. */
export const DELIVERY_CHARGE_SETTING = 'DELIVERY CHARGE';
/** Smallest order value accepted at checkout; the cart page says how much is missing. */
export const MIN_ORDER_SETTING = 'MIN ORDER AMOUNT';
/** The value of one loyalty point, in paise (e.g. '25' for ₹0.25). */
export const LOYALTY_POINT_VALUE_SETTING = 'LOYALTY POINT VALUE';
