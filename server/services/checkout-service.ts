import type { Kysely, Transaction } from 'kysely';
import { pointValueOf } from './loyalty-value.js';
import type { Database } from '../db/schema.js';
import { badRequest } from '../lib/http-errors.js';
import { cartLineProblem, lineValuePaise, selectOrderableCartLines } from '../repositories/cart-repository.js';
import { countCouponUses, findCouponByCode } from '../repositories/coupon-repository.js';
import { getWalletAndPoints } from '../repositories/customer-repository.js';
import { findSettings } from '../repositories/settings-repository.js';
import { findOfferedSlot } from './delivery-slots.js';
import { formatPaise } from '../../contract/money.rules.js';
import { DELIVERY_CHARGE_SETTING, DELIVERY_OFFER_SETTING, LOYALTY_POINT_VALUE_SETTING, MIN_ORDER_SETTING } from '../../contract/settings.keys.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface CheckoutChoice {
  customerId: number;
  companyId: number;
  branchId: number;
  deliveryId: number;
  couponCode?: string | null;
  useWallet: boolean;
  useLoyalty: boolean;
  now?: Date;
}

export interface QuoteLine {
  productId: number;
  variantId: number;
  itemName: string;
  variantName: string;
  image: string;
  qty: number;
  /** Paise per unit: the offer rate when there is one, else the selling rate. */
  rate: number;
  /** Paise per unit: the selling rate, what the line costs without its offer. */
  listRate: number;
  value: number;
}

/** Every amount of an order, in paise, as the server prices it. */
export interface Quote {
  lines: QuoteLine[];
  gross: number;
  coupon: { id: number; code: string; discount: number } | null;
  deliveryCharge: number;
  freeDeliveryAbove: number | null;
  walletBalance: number;
  walletAmount: number;
  loyaltyBalance: number;
  loyaltyPoints: number;
  loyaltyAmount: number;
  net: number;
  slot: { id: number; label: string };
}

export const EMPTY_CART = 'Your cart is empty.';
export const NOTHING_ORDERABLE = 'None of the items in your cart can be ordered right now.';
export const SLOT_GONE = 'That delivery slot is no longer available.';
export const COUPON_UNKNOWN = 'This coupon is not valid.';
export const COUPON_NOT_YET = 'This coupon is not active yet.';
export const COUPON_EXPIRED = 'This coupon has expired.';
export const COUPON_USED_UP = 'You have already used this coupon.';

/** ₹150 or ₹150.50: how a message names an amount. */
export function rupeeText(paise: number): string {
  return formatPaise(paise, '₹', paise % 100 === 0 ? 0 : 2);
}

/** A coupon valid to a bare date stays valid through that whole day (UTC). */
function endOf(validTo: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(validTo) ? `${validTo}T23:59:59.999Z` : validTo;
}

type SettingRow = { value: string; active: number };

/** The rupee value of an active setting; null when it is missing, inactive or not a number. */
function activeValue(row: SettingRow | undefined): number | null {
  if (!row || row.active !== 1) return null;
  const value = Number(row.value);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

function paiseOf(row: SettingRow | undefined): number | null {
  const rupees = activeValue(row);
  return rupees === null ? null : Math.round(rupees * 100);
}

/** Every setting checkout prices with, in one read. */
async function checkoutSettings(db: Db, companyId: number): Promise<Map<string, SettingRow>> {
  const rows = await findSettings(db, companyId, [MIN_ORDER_SETTING, DELIVERY_CHARGE_SETTING, DELIVERY_OFFER_SETTING, LOYALTY_POINT_VALUE_SETTING]);
  return new Map(rows.map((row) => [row.key_code, row]));
}

/** The lines of the customer's cart that can be bought now; flagged lines are left out. */
export async function orderableLines(db: Db, customerId: number, companyId: number, branchId: number): Promise<QuoteLine[]> {
  const rows = await selectOrderableCartLines(db, customerId, companyId, branchId);
  if (rows.length === 0) throw badRequest(EMPTY_CART);
  const lines = rows
    .filter((r) => cartLineProblem(r) === null)
    .map((r) => {
      const rate = r.oRate !== null && r.oRate > 0 ? r.oRate : (r.sRate ?? 0);
      return {
        productId: r.productId,
        variantId: r.variantId,
        itemName: r.name,
        variantName: r.variantName ?? '',
        image: r.image,
        qty: r.qty,
        rate,
        listRate: r.sRate ?? 0,
        value: lineValuePaise(r.sRate ?? 0, r.oRate !== null && r.oRate > 0 ? r.oRate : null, r.qty),
      };
    });
  if (lines.length === 0) throw badRequest(NOTHING_ORDERABLE);
  return lines;
}

async function couponFor(db: Db, choice: CheckoutChoice, gross: number, now: Date): Promise<Quote['coupon']> {
  const code = choice.couponCode?.trim().toUpperCase();
  if (!code) return null;
  const coupon = await findCouponByCode(db, choice.companyId, code);
  if (!coupon || coupon.active !== 1) throw badRequest(COUPON_UNKNOWN);
  const at = now.toISOString();
  if (coupon.valid_from && at < coupon.valid_from) throw badRequest(COUPON_NOT_YET);
  if (coupon.valid_to && at > endOf(coupon.valid_to)) throw badRequest(COUPON_EXPIRED);
  if (gross < coupon.min_order) throw badRequest(`Add items worth ${rupeeText(coupon.min_order - gross)} more to use this coupon.`);
  const used = await countCouponUses(db, coupon.id, choice.customerId);
  if (used >= coupon.per_customer_limit) throw badRequest(COUPON_USED_UP);
  let discount = coupon.discount_type === 'PERCENT' ? Math.floor((gross * coupon.discount_value) / 100) : coupon.discount_value;
  if (coupon.max_discount !== null && coupon.max_discount > 0) discount = Math.min(discount, coupon.max_discount);
  return { id: coupon.id, code: coupon.code, discount: Math.max(0, Math.min(discount, gross)) };
}

/**
 * Prices the customer's current cart: line values, coupon, delivery charge (free at or above
 * the free-delivery amount, measured after the coupon discount), then wallet and loyalty
 * points, each up to what is still left to pay. See docs/payments.md.
 */
export async function priceCheckout(db: Db, choice: CheckoutChoice): Promise<Quote> {
  const now = choice.now ?? new Date();
  const lines = await orderableLines(db, choice.customerId, choice.companyId, choice.branchId);
  const slot = await findOfferedSlot(db, { companyId: choice.companyId, branchId: choice.branchId, deliveryId: choice.deliveryId, now });
  if (!slot) throw badRequest(SLOT_GONE);
  const gross = lines.reduce((sum, line) => sum + line.value, 0);
  const settings = await checkoutSettings(db, choice.companyId);
  const minOrder = paiseOf(settings.get(MIN_ORDER_SETTING));
  if (minOrder !== null && gross < minOrder) throw badRequest(`Add items worth ${rupeeText(minOrder - gross)} more to place an order.`);
  const coupon = await couponFor(db, choice, gross, now);
  const afterCoupon = gross - (coupon?.discount ?? 0);

  const charge = paiseOf(settings.get(DELIVERY_CHARGE_SETTING));
  const freeAbove = paiseOf(settings.get(DELIVERY_OFFER_SETTING));
  const pointValue = pointValueOf(settings.get(LOYALTY_POINT_VALUE_SETTING));
  const customer = await getWalletAndPoints(db, choice.customerId);
  const deliveryCharge = freeAbove !== null && afterCoupon >= freeAbove ? 0 : (charge ?? 0);

  let remaining = afterCoupon + deliveryCharge;
  const walletAmount = choice.useWallet ? Math.max(0, Math.min(customer.wallet_balance, remaining)) : 0;
  remaining -= walletAmount;
  const loyaltyPoints = choice.useLoyalty && pointValue > 0 ? Math.max(0, Math.min(customer.loyalty_points, Math.floor(remaining / pointValue))) : 0;
  const loyaltyAmount = loyaltyPoints * pointValue;
  remaining -= loyaltyAmount;

  return {
    lines,
    gross,
    coupon,
    deliveryCharge,
    freeDeliveryAbove: freeAbove,
    walletBalance: customer.wallet_balance,
    walletAmount,
    loyaltyBalance: customer.loyalty_points,
    loyaltyPoints,
    loyaltyAmount,
    net: Math.max(0, remaining),
    slot: { id: slot.DeliveryId, label: slot.Label },
  };
}
