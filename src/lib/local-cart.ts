import type { CartCreateLine } from '../../contract/cart.schemas';
import type { DeliverySlot } from '../../contract/catalogue.schemas';
import type { LocalCartItem } from '../../contract/cart.schemas';
import { readLocal, readSession, removeSession, writeLocal, writeSession } from './storage';
import { isCount, localQty } from '../../contract/local-cart.rules';

/** Browser storage key of the visitor's cart (section 3: 'localCart'). */
export const LOCAL_CART_KEY = 'localCart';

function isItem(value: unknown): value is LocalCartItem {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return isCount(v.productId) && typeof v.variantId === 'number' && v.variantId >= 0 && isCount(v.branchId) && isCount(v.companyId);
}

/** The visitor's cart; anything unreadable is dropped rather than sent to the server. */
export function readLocalCart(): LocalCartItem[] {
  try {
    const parsed: unknown = JSON.parse(readLocal(LOCAL_CART_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isItem) : [];
  } catch {
    return [];
  }
}

export function writeLocalCart(items: LocalCartItem[]): void {
  writeLocal(LOCAL_CART_KEY, JSON.stringify(items));
}

export function clearLocalCart(): void {
  writeLocal(LOCAL_CART_KEY, '[]');
}

/** Cart create lines of section 3 for POST Cart. */
export function toCreateLines(items: LocalCartItem[], customerId: number, now: Date = new Date()): CartCreateLine[] {
  return items.map((item) => ({
    CustomerCartId: 0,
    CompanyId: item.companyId,
    BranchId: item.branchId,
    CartAddDate: now.toISOString(),
    CustomerId: customerId,
    ProductId: item.productId,
    VariantId: item.variantId ?? 0,
    Qty: localQty(item),
  }));
}

/** Choices made on the cart page and carried to checkout (session storage). */
export const DELIVERY_SLOT_KEY = 'delivery-slot';
export const COUPON_KEY = 'coupon-code';
export const CHECKOUT_WALLET_KEY = 'checkout-wallet';

export function rememberDeliverySlot(slot: DeliverySlot): void {
  writeSession(DELIVERY_SLOT_KEY, slot);
}

export function rememberedDeliverySlot(): DeliverySlot | null {
  return readSession<DeliverySlot>(DELIVERY_SLOT_KEY);
}

export function rememberCoupon(code: string | null): void {
  if (code) writeSession(COUPON_KEY, code);
  else removeSession(COUPON_KEY);
}

export function rememberedCoupon(): string | null {
  return readSession<string>(COUPON_KEY);
}

/** Whether the checkout uses wallet money and loyalty points, as last set in this tab. */
export interface WalletChoice {
  isWalletAmount: boolean;
  isWalletLoyality: boolean;
}

export function rememberCheckoutWallet(choice: WalletChoice): void {
  writeSession(CHECKOUT_WALLET_KEY, choice);
}

export function rememberedCheckoutWallet(): WalletChoice | null {
  return readSession<WalletChoice>(CHECKOUT_WALLET_KEY);
}
