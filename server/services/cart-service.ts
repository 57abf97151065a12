import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { badRequest, notFound } from '../lib/http-errors.js';
import { nowIso } from '../lib/clock.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { OrderDeps } from './service-deps.js';
import { NOT_AVAILABLE, OUT_OF_STOCK, cartView, lineProblem } from '../repositories/cart-repository.js';

type Db = Kysely<Database>;

/** Section 9: the cart is read and pushed 10 lines at a time. */
export const CART_PAGE_SIZE = 10;

/** Pushes the first page of the customer's cart to their live connections (every open tab). */
export async function announceCart(deps: Pick<OrderDeps, 'db' | 'live'>, customerId: number, companyId: number, branchId: number): Promise<void> {
  const data = await cartView(deps.db, { customerId, companyId, branchId, pageNumber: 1, pageSize: CART_PAGE_SIZE });
  deps.live.customerChanged({ customerId, type: 'CartDetails', data });
}

/** Identifies one line: the unique key of cart_items. */
export interface LineKey {
  customerId: number;
  companyId: number;
  branchId: number;
  productId: number;
  variantId: number;
}

interface LineStock {
  productName: string;
  available: number;
  problem: string | null;
}

export const onlyLeft = (available: number): string => `Only ${Math.max(0, available)} left in stock.`;

const selectActiveBranch = preparedQuery((db, branchId: number, companyId: number) =>
  db.selectFrom('branches').select('id').where('id', '=', branchId).where('company_id', '=', companyId).where('active', '=', 1),
);
const selectCartProduct = preparedQuery((db, productId: number, companyId: number) =>
  db.selectFrom('products').select(['id', 'name', 'active', 'is_variant_enabled']).where('id', '=', productId).where('company_id', '=', companyId),
);
const selectLineStock = preparedQuery((db, branchId: number, productId: number, variantId: number) =>
  db.selectFrom('branch_stock').select(['active', 'available']).where('branch_id', '=', branchId).where('product_id', '=', productId).where('variant_id', '=', variantId),
);

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
  const [product] = await selectCartProduct(db, key.productId, key.companyId);
  if (!product) throw notFound(`Product ${key.productId} was not found.`);
  const variantEnabled = product.is_variant_enabled === 1;
  if (!variantEnabled && key.variantId !== 0) {
    throw badRequest(`${product.name} has no variants; variantId must be 0.`);
  }
  if (variantEnabled && key.variantId === 0) throw badRequest(`Please choose a variant of ${product.name}.`);
  let variantActive: boolean | null = null;
  if (variantEnabled) {
    const variant = await db
      .selectFrom('variants')
      .select('active')
      .where('id', '=', key.variantId)
      .where('product_id', '=', key.productId)
      .executeTakeFirst();
    if (!variant) throw badRequest(`Variant ${key.variantId} is not a variant of ${product.name}.`);
    variantActive = variant.active === 1;
  }
  const [stock] = await selectLineStock(db, key.branchId, key.productId, key.variantId);
  const available = stock?.available ?? 0;
  const problem = lineProblem({
    productActive: product.active === 1,
    isVariantEnabled: variantEnabled,
    variantId: key.variantId,
    variantActive,
    stockActive: stock ? stock.active === 1 : null,
    available,
  });
  return { productName: product.name, available, problem };
}

const lineWhere = (key: LineKey) =>
  sql`customer_id = ${key.customerId} and branch_id = ${key.branchId} and product_id = ${key.productId} and variant_id = ${key.variantId}`;

const int = (value: number) => sql`cast(${value} as integer)`;

/**
 * Adds `delta` (> 0) units in one statement: the insert and the increment are both guarded by
 * the branch's available stock, so parallel presses on the same line never lose an update nor
 * overshoot the stock (the unique line index turns the second insert into the guarded update).
 */
async function increase(db: Db, key: LineKey, delta: number): Promise<boolean> {
  const now = nowIso();
  const stockOf = sql`(select s.available from branch_stock s where s.branch_id = ${key.branchId} and s.product_id = ${key.productId} and s.variant_id = ${key.variantId})`;
  const result = await sql<{ qty: number }>`
    insert into cart_items (customer_id, company_id, branch_id, product_id, variant_id, qty, added_at, updated_at)
    select ${int(key.customerId)}, ${int(key.companyId)}, ${int(key.branchId)}, ${int(key.productId)}, ${int(key.variantId)},
           ${int(delta)}, ${now}, ${now}
    from branch_stock s
    where s.branch_id = ${key.branchId} and s.product_id = ${key.productId} and s.variant_id = ${key.variantId}
      and s.available >= ${delta}
    on conflict (customer_id, branch_id, product_id, variant_id)
    do update set qty = cart_items.qty + excluded.qty, updated_at = excluded.updated_at
    where cart_items.qty + excluded.qty <= ${stockOf}
    returning qty`.execute(db);
  return result.rows.length === 1;
}

/** Takes `delta` (< 0) units off; a line falling below 1 is removed. */
async function decrease(db: Db, key: LineKey, delta: number): Promise<void> {
  // A concurrent increase between the two guarded statements makes both miss; try again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const updated = await sql<{ qty: number }>`
      update cart_items set qty = qty + ${int(delta)}, updated_at = ${nowIso()}
      where ${lineWhere(key)} and qty + ${int(delta)} >= 1
      returning qty`.execute(db);
    if (updated.rows.length === 1) return;
    const deleted = await sql<{ id: number }>`
      delete from cart_items where ${lineWhere(key)} and qty + ${int(delta)} < 1 returning id`.execute(db);
    if (deleted.rows.length === 1) return;
    const exists = await sql<{ id: number }>`select id from cart_items where ${lineWhere(key)}`.execute(db);
    if (exists.rows.length === 0) return;
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
  await sql`delete from cart_items where ${lineWhere(key)}`.execute(db);
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
    const now = nowIso();
    await sql`
      insert into cart_items (customer_id, company_id, branch_id, product_id, variant_id, qty, added_at, updated_at)
      values (${customerId}, ${companyId}, ${line.branchId}, ${line.productId}, ${line.variantId}, ${qty}, ${now}, ${now})
      on conflict (customer_id, branch_id, product_id, variant_id)
      do update set qty = case
          when cart_items.qty < excluded.qty then excluded.qty
          when cart_items.qty > ${int(stock.available)} then ${int(stock.available)}
          else cart_items.qty end,
        updated_at = excluded.updated_at`.execute(db);
  }
  return skipped;
}
