import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { badRequest, notFound } from '../lib/http-errors.js';
import { nowIso } from '../lib/clock.js';
import type { OrderDeps } from './service-deps.js';
import {
  NOT_AVAILABLE,
  OUT_OF_STOCK,
  cartLineExists,
  cartView,
  decreaseCartLineKeepingOne,
  deleteCartLine,
  deleteCartLineBelowOne,
  increaseCartLineWithinStock,
  lineProblem,
  mergeCartLine,
  type CartLineKey,
} from '../repositories/cart-repository.js';
import { selectActiveBranch } from '../repositories/catalogue-sections-repository.js';
import { selectCartLineFacts } from '../repositories/product-repository.js';
import { findOrderItemQuantities } from '../repositories/order-repository.js';

type Db = Kysely<Database>;

/** Section 9: the cart is read and pushed 10 lines at a time. */
export const CART_PAGE_SIZE = 10;

/** Pushes the first page of the customer's cart to their live connections (every open tab). */
export async function announceCart(deps: Pick<OrderDeps, 'db' | 'live'>, customerId: number, companyId: number, branchId: number): Promise<void> {
  const data = await cartView(deps.db, { customerId, companyId, branchId, pageNumber: 1, pageSize: CART_PAGE_SIZE });
  deps.live.customerChanged({ customerId, type: 'CartDetails', data });
}

/** Identifies one line: the unique key of cart_items. */
export type LineKey = CartLineKey;

interface LineStock {
  productName: string;
  available: number;
  problem: string | null;
}

export const onlyLeft = (available: number): string => `Only ${Math.max(0, available)} left in stock.`;

/** Refuses a branch that is not an active branch of the caller's company. */
export async function assertBranch(db: Db, companyId: number, branchId: number): Promise<void> {
  const [branch] = await selectActiveBranch(db, branchId, companyId);
  if (!branch) throw notFound(`Branch ${branchId} was not found.`);
}

/**
 * Checks that a product/variant pair can be in a cart at all. Shape mistakes (a variant id on a
 * product without variants, a missing or foreign variant) are the caller's error; an inactive or
 * sold-out line is reported as `problem` so each caller decides whether to refuse or skip it.
 */
async function lineStock(db: Db, key: Omit<LineKey, 'customerId'>): Promise<LineStock> {
  const [facts] = await selectCartLineFacts(db, key.companyId, key.branchId, key.productId, key.variantId);
  if (!facts) throw notFound(`Product ${key.productId} was not found.`);
  const variantEnabled = facts.is_variant_enabled === 1;
  if (!variantEnabled && key.variantId !== 0) {
    throw badRequest(`${facts.name} has no variants; variantId must be 0.`);
  }
  if (variantEnabled && key.variantId === 0) throw badRequest(`Please choose a variant of ${facts.name}.`);
  let variantActive: boolean | null = null;
  if (variantEnabled) {
    if (facts.variant_active === null) throw badRequest(`Variant ${key.variantId} is not a variant of ${facts.name}.`);
    variantActive = facts.variant_active === 1;
  }
  const available = facts.available ?? 0;
  const problem = lineProblem({
    productActive: facts.active === 1,
    isVariantEnabled: variantEnabled,
    variantId: key.variantId,
    variantActive,
    stockActive: facts.stock_active === null ? null : facts.stock_active === 1,
    available,
  });
  return { productName: facts.name, available, problem };
}

/**
 * Adds `delta` (> 0) units in one statement guarded by the branch's available stock
 * (increaseCartLineWithinStock), so parallel presses never lose an update nor overshoot the stock.
 */
async function increase(db: Db, key: LineKey, delta: number): Promise<boolean> {
  return increaseCartLineWithinStock(db, key, delta, nowIso());
}

/** Takes `delta` (< 0) units off; a line falling below 1 is removed. */
async function decrease(db: Db, key: LineKey, delta: number): Promise<void> {
  // A concurrent increase between the two guarded statements makes both miss; try again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (await decreaseCartLineKeepingOne(db, key, delta, nowIso())) return;
    if (await deleteCartLineBelowOne(db, key, delta)) return;
    if (!(await cartLineExists(db, key))) return;
  }
}

/**
 * Changes a line's quantity by a signed delta. Increases are refused (400) for a product or
 * variant that is not available and beyond the available stock; decreases are always allowed,
 * so a customer can bring a line back within stock or drop it.
 */
export async function changeQuantity(db: Db, key: LineKey, delta: number): Promise<void> {
  const stock = await lineStock(db, key);
  if (delta === 0) return;
  if (delta < 0) return decrease(db, key, delta);
  if (stock.problem === NOT_AVAILABLE) throw badRequest(NOT_AVAILABLE);
  if (stock.problem === OUT_OF_STOCK) throw badRequest(OUT_OF_STOCK);
  if (await increase(db, key, delta)) return;
  // Refused by the stock guard: report what is left now.
  const now = await lineStock(db, key);
  throw badRequest(now.problem ?? onlyLeft(now.available));
}

/** Removes a line (no error when it is not there). */
export async function removeLine(db: Db, key: LineKey): Promise<void> {
  await deleteCartLine(db, key);
}

export interface MergeLine {
  branchId: number;
  productId: number;
  variantId: number;
  qty: number;
}

/**
 * Merges a browser's local cart into the server cart. A line in both carts is not added twice:
 * the larger of the two quantities wins (a visitor who added 2 locally and 3 earlier on another
 * device wants 3, not 5), capped at the available stock. Lines that cannot be bought now are
 * skipped and named in the returned messages; nothing else is lost.
 */
export async function mergeLines(db: Db, customerId: number, companyId: number, lines: MergeLine[]): Promise<string[]> {
  const wanted = new Map<string, MergeLine>();
  for (const line of lines) {
    const id = `${line.branchId}/${line.productId}/${line.variantId}`;
    const seen = wanted.get(id);
    if (!seen || seen.qty < line.qty) wanted.set(id, line);
  }
  const skipped: string[] = [];
  for (const line of wanted.values()) {
    const key: LineKey = { customerId, companyId, ...line };
    let stock: LineStock;
    try {
      stock = await lineStock(db, key);
    } catch (error) {
      skipped.push(error instanceof Error ? error.message : String(error));
      continue;
    }
    if (stock.problem) {
      skipped.push(`${stock.productName}: ${stock.problem}`);
      continue;
    }
    const qty = Math.min(line.qty, stock.available);
    await mergeCartLine(db, key, qty, stock.available, nowIso());
  }
  return skipped;
}

/** What buying an order again did: the cart now, and each line that could not go back in, with why. */
export interface ReorderResult {
  cart: Awaited<ReturnType<typeof cartView>>;
  /** Lines of the order. */
  lineCount: number;
  unavailable: string[];
}

/**
 * Buys an order again: each of its lines goes into the cart of the order's branch with the
 * quantity bought, capped at what is in stock. A line already in the cart keeps the larger of
 * the two quantities, so asking twice adds nothing twice. Lines that cannot be bought now are
 * named with the reason; the customer's other tabs see the cart change live.
 */
export async function reorderLines(
  deps: Pick<OrderDeps, 'db' | 'live'>,
  order: { id: number; customer_id: number; company_id: number; branch_id: number },
): Promise<ReorderResult> {
  const items = await findOrderItemQuantities(deps.db, order.id);
  const unavailable = await mergeLines(
    deps.db,
    order.customer_id,
    order.company_id,
    items.map((item) => ({ branchId: order.branch_id, productId: item.product_id, variantId: item.variant_id, qty: item.qty })),
  );
  await announceCart(deps, order.customer_id, order.company_id, order.branch_id);
  const cart = await cartView(deps.db, {
    customerId: order.customer_id,
    companyId: order.company_id,
    branchId: order.branch_id,
    pageNumber: 1,
    pageSize: CART_PAGE_SIZE,
  });
  return { cart, lineCount: items.length, unavailable };
}
