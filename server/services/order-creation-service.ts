import crypto from 'node:crypto';
import type { App } from '../app.js';
import { badRequest, conflict } from '../lib/http-errors.js';
import { isoAfter, nowIso } from '../lib/clock.js';
import { SLOT_GONE, priceCheckout, type Quote } from './checkout-service.js';
import { bookSlotWrite } from '../repositories/slot-repository.js';
import { postLoyalty, postWallet } from './ledger.js';
import { reserveStockWrite, unitsOnShelf } from '../repositories/stock-repository.js';
import { noteStockMoved } from '../repositories/catalogue-cache.js';
import { finishTransaction, GuardedWriteFailed } from '../db/final-writes.js';
import { UNPAID_ORDER_WAITING_CODE } from '../../contract/order.rules.js';
import {
  findOrderByIdempotencyKey,
  findUnpaidOrderOf,
  insertOrder,
  insertOrderEvent,
  insertOrderItems,
  lockCustomerRow,
  reserveCouponRedemption,
  setOrderNo,
  type OrderRecord,
} from '../repositories/order-repository.js';
import { findCustomerAddress } from '../repositories/address-repository.js';
import { emptyCart } from '../repositories/cart-repository.js';
import { productTaxClasses, unitNetGrams } from '../repositories/product-repository.js';

export interface SummaryInput {
  customerId: number;
  companyId: number;
  branchId: number;
  deliveryId: number;
  addressId: number;
  couponCode?: string | null;
  useWallet: boolean;
  useLoyalty: boolean;
  paymentMethod: 'ONLINE' | 'COD';
  /** The client's Idempotency-Key header: one order per key and customer. */
  idempotencyKey?: string | null;
}

export const ADDRESS_UNKNOWN = 'That delivery address was not found. Please choose another.';
/** A customer with an order awaiting payment may not start another (the pending-orders dialog's rule). */
export const UNPAID_ORDER_WAITING = 'You have an order that is still awaiting payment. Please pay for it or cancel it before placing a new one.';

/** SH + the day + the order id, e.g. SH2025061400042: unique because the id is. */
export function orderNumber(id: number, at = new Date()): string {
  return `SH${at.toISOString().slice(0, 10).replace(/-/g, '')}${String(id).padStart(5, '0')}`;
}

async function shortageMessage(db: App['db'], branchId: number, line: Quote['lines'][number]): Promise<string> {
  const left = await unitsOnShelf(db, { branchId, productId: line.productId, variantId: line.variantId });
  const name = line.variantName ? `${line.itemName} (${line.variantName})` : line.itemName;
  return left > 0 ? `Only ${left} left of ${name}.` : `${name} is out of stock.`;
}

/**
 * POST Order/summary: in one transaction, prices the cart again, reserves every line's stock,
 * books the slot, takes the wallet amount and points, reserves the coupon, snapshots the
 * address and items, and empties the cart (its items come back if the order is cancelled
 * unpaid). Refused (409) while the customer has another order awaiting payment. Any failure
 * leaves everything as it was.
 */
export async function createOrderFromCart(app: App, input: SummaryInput): Promise<{ order: OrderRecord; replayed: boolean }> {
  const key = input.idempotencyKey?.trim() || null;
  // The lines whose stock the transaction's final writes reserve, in the order they are sent.
  let reserving: Quote['lines'] = [];
  const result = await app.db
    .transaction()
    .execute(async (trx) => {
      // Serialises one customer's checkouts: the idempotency check, the coupon's per-customer
      // limit and the wallet debit cannot race.
      await lockCustomerRow(app, trx, input.customerId);
      if (key) {
        const existing = await findOrderByIdempotencyKey(trx, input.customerId, key);
        if (existing) return { order: existing, replayed: true };
      }
      // One order at a time waits for its payment: unpaid orders must not hold stock and slots hostage.
      const waiting = await findUnpaidOrderOf(trx, input.customerId);
      if (waiting) throw conflict(UNPAID_ORDER_WAITING, UNPAID_ORDER_WAITING_CODE);
      const quote = await priceCheckout(trx, {
        customerId: input.customerId,
        companyId: input.companyId,
        branchId: input.branchId,
        deliveryId: input.deliveryId,
        couponCode: input.couponCode,
        useWallet: input.useWallet,
        useLoyalty: input.useLoyalty,
      });
      const address = await findCustomerAddress(trx, input.customerId, input.addressId);
      if (!address) throw badRequest(ADDRESS_UNKNOWN);

      const now = new Date();
      const at = now.toISOString();
      const orderId = await insertOrder(trx, {
        order_no: `PENDING-${crypto.randomUUID()}`,
        company_id: input.companyId,
        branch_id: input.branchId,
        customer_id: input.customerId,
        status: 'AWAITING_PAYMENT',
        payment_method: input.paymentMethod,
        payment_status: quote.net === 0 ? 'NOT_REQUIRED' : 'PENDING',
        delivery_slot_id: quote.slot.id,
        slot_label: quote.slot.label,
        address_json: JSON.stringify({
          Name: address.name,
          Phone: address.phone,
          House: address.house,
          Street: address.street,
          Landmark: address.landmark,
          City: address.city,
          State: address.state,
          Pincode: address.pincode,
          Latitude: address.latitude,
          Longitude: address.longitude,
        }),
        coupon_code: quote.coupon?.code ?? null,
        gross_amount: quote.gross,
        discount_amount: quote.coupon?.discount ?? 0,
        delivery_charge: quote.deliveryCharge,
        wallet_amount: quote.walletAmount,
        loyalty_points: quote.loyaltyPoints,
        loyalty_amount: quote.loyaltyAmount,
        net_amount: quote.net,
        created_at: at,
        updated_at: at,
        expires_at: isoAfter(app.config.abandonedOrderMinutes * 60_000, now),
        idempotency_key: key,
      });
      const orderNo = orderNumber(orderId, now);
      const order = await setOrderNo(trx, orderId, orderNo);

      if (quote.walletAmount > 0) await postWallet(trx, input.customerId, -quote.walletAmount, `Used for order ${orderNo}`, orderId);
      if (quote.loyaltyPoints > 0) await postLoyalty(trx, input.customerId, -quote.loyaltyPoints, `Used for order ${orderNo}`, orderId);
      if (quote.coupon) await reserveCouponRedemption(trx, { couponId: quote.coupon.id, customerId: input.customerId, orderId, at });
      // The weight ordered is kept with the line: the shop's later changes do not move what is settled when it is packed.
      const netGrams = await unitNetGrams(trx, quote.lines);
      const taxes = await productTaxClasses(
        trx,
        quote.lines.map((line) => line.productId),
      );
      await insertOrderItems(
        trx,
        quote.lines.map((line) => ({
          order_id: orderId,
          product_id: line.productId,
          variant_id: line.variantId,
          item_name: line.itemName,
          variant_name: line.variantName,
          image: line.image,
          qty: line.qty,
          rate: line.rate,
          list_rate: line.listRate,
          value: line.value,
          net_grams: netGrams.get(`${line.productId}:${line.variantId}`) ?? null,
          // The tax class the line is sold under stays with the order, whatever the shop changes later.
          hsn_code: taxes.get(line.productId)?.hsn ?? null,
          gst_rate_bp: taxes.get(line.productId)?.gstRateBp ?? null,
        })),
      );
      await insertOrderEvent(trx, { orderId, status: 'AWAITING_PAYMENT', note: 'Order created', actor: 'customer', at: nowIso() });
      await emptyCart(trx, input.customerId, input.branchId);
      // The rows every order of a product or slot updates come last: on PostgreSQL each stays
      // locked from its update to the commit. Stock in product order, then the slot, as everywhere.
      // They are sent with the commit (final-writes.ts).
      reserving = [...quote.lines].sort((a, b) => a.productId - b.productId || a.variantId - b.variantId);
      await finishTransaction(
        trx,
        [
          ...reserving.map((line) => reserveStockWrite(trx, { branchId: input.branchId, productId: line.productId, variantId: line.variantId, qty: line.qty })),
          bookSlotWrite(trx, quote.slot.id),
        ],
        app.dialect,
      );
      noteStockMoved();
      return { order, replayed: false };
    })
    .catch(async (error: unknown) => {
      if (!(error instanceof GuardedWriteFailed)) throw error;
      // Nothing was kept: the line that ran short, or else the slot that filled up, is named.
      const short = reserving[error.index];
      if (short) throw conflict(await shortageMessage(app.db, input.branchId, short));
      throw badRequest(SLOT_GONE);
    });
  if (!result.replayed) {
    app.live.customerChanged({ customerId: input.customerId, type: 'CartDetails', data: { lines: [], totalQty: 0, subTotal: 0 } });
  }
  return result;
}
