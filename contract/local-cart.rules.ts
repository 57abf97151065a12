import type { LocalCartItem } from './cart.schemas.js';

/** The visitor's cart before login (spec sections 3 and 5): pure rules the cart machine and the browser's storage share. */

export interface LineRef {
  productId: number;
  variantId: number;
  branchId: number;
}

/** A whole number of at least 1 (ids and quantities of the local cart). */
export const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** Section 5, cart sync: qty defaults to cartQty, then 1. */
export function localQty(item: LocalCartItem): number {
  if (isCount(item.qty)) return item.qty;
  if (isCount(item.cartQty)) return item.cartQty;
  return 1;
}

const same = (item: LocalCartItem, ref: LineRef) => item.productId === ref.productId && item.variantId === ref.variantId && item.branchId === ref.branchId;

/** Quantity of a line in the local cart (0 when absent). */
export function localLineQty(items: LocalCartItem[], ref: LineRef): number {
  const item = items.find((i) => same(i, ref));
  return item ? localQty(item) : 0;
}

/** The local cart after a signed change to one line; a line falling below 1 is removed. */
export function changeLocalLine(items: LocalCartItem[], ref: LineRef & { companyId: number }, delta: number, max = Infinity): LocalCartItem[] {
  const current = localLineQty(items, ref);
  const next = Math.min(Math.max(current + delta, 0), Math.max(max, current));
  const rest = items.filter((i) => !same(i, ref));
  if (next < 1) return rest;
  const line: LocalCartItem = { productId: ref.productId, variantId: ref.variantId, branchId: ref.branchId, companyId: ref.companyId, qty: next };
  return current > 0 ? items.map((i) => (same(i, ref) ? line : i)) : [...rest, line];
}
