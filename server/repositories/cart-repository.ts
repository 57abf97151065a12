import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { toRupees } from '../lib/money.js';
import { preparedQuery, preparedWrite } from '../db/prepared-query.js';
import type { Cart, CartLine } from '../../contract/cart.schemas.js';
import type { ProductVariant } from '../../contract/catalogue.schemas.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface CartQuery {
  customerId: number;
  companyId: number;
  branchId: number;
  /** 1-based; with pageSize, limits the lines returned. Totals always cover the whole cart. */
  pageNumber?: number;
  pageSize?: number;
}

export const NOT_AVAILABLE = 'This product is not available now.';
export const OUT_OF_STOCK = 'This product is out of stock.';

interface LineFacts {
  productActive: boolean;
  isVariantEnabled: boolean;
  variantId: number;
  /** null when the variant row is missing or belongs to another product. */
  variantActive: boolean | null;
  stockActive: boolean | null;
  available: number;
}

/**
 * Why a line cannot be bought now, or null. The same rules as the banner's eligibility
 * (spec section 5): active, in stock, and a variant state consistent with the product.
 */
export function lineProblem(facts: LineFacts): string | null {
  if (!facts.productActive) return NOT_AVAILABLE;
  if (facts.isVariantEnabled && (facts.variantId === 0 || facts.variantActive !== true)) return NOT_AVAILABLE;
  if (!facts.isVariantEnabled && facts.variantId !== 0) return NOT_AVAILABLE;
  if (facts.stockActive !== true) return NOT_AVAILABLE;
  if (facts.available <= 0) return OUT_OF_STOCK;
  return null;
}

/** Offer rate if present, else selling rate, times quantity (paise). */
export function lineValuePaise(sRate: number, oRate: number | null, qty: number): number {
  return (oRate ?? sRate) * qty;
}

/**
 * One customer's cart lines in one branch, oldest first, joined to their product, variant and the
 * branch's stock row: the join the cart and checkout both read, each selecting what it needs.
 */
export function cartLinesJoin(db: Db, customerId: number, companyId: number, branchId: number) {
  return db
    .selectFrom('cart_items as c')
    .innerJoin('products as p', (j) => j.onRef('p.id', '=', 'c.product_id').onRef('p.company_id', '=', 'c.company_id'))
    .leftJoin('variants as v', (j) => j.onRef('v.id', '=', 'c.variant_id').onRef('v.product_id', '=', 'c.product_id'))
    .leftJoin('branch_stock as s', (j) =>
      j.onRef('s.branch_id', '=', 'c.branch_id').onRef('s.product_id', '=', 'c.product_id').onRef('s.variant_id', '=', 'c.variant_id'),
    )
    .where('c.customer_id', '=', customerId)
    .where('c.company_id', '=', companyId)
    .where('c.branch_id', '=', branchId)
    .orderBy('c.added_at')
    .orderBy('c.id');
}

/** The columns of a cart line that decide whether it can be bought now (lineProblem). */
export const CART_LINE_FACTS = [
  'c.variant_id as variantId',
  'p.active as productActive',
  'p.is_variant_enabled as isVariantEnabled',
  'v.active as variantActive',
  's.active as stockActive',
  's.available as available',
] as const;

interface CartLineFactsRow {
  variantId: number;
  productActive: number;
  isVariantEnabled: number;
  variantActive: number | null;
  stockActive: number | null;
  available: number | null;
}

/** Why a line read with CART_LINE_FACTS cannot be bought now, or null. */
export function cartLineProblem(row: CartLineFactsRow): string | null {
  return lineProblem({
    productActive: row.productActive === 1,
    isVariantEnabled: row.isVariantEnabled === 1,
    variantId: row.variantId,
    variantActive: row.variantActive === null ? null : row.variantActive === 1,
    stockActive: row.stockActive === null ? null : row.stockActive === 1,
    available: row.available ?? 0,
  });
}

const selectCartLines = preparedQuery((db, customerId: number, companyId: number, branchId: number) =>
  cartLinesJoin(db, customerId, companyId, branchId)
    .leftJoin('categories as cat', 'cat.id', 'p.category_id')
    .select([
      ...CART_LINE_FACTS,
      'c.id as cartItemId',
      'c.branch_id as branchId',
      'c.product_id as productId',
      'c.qty as qty',
      'p.name as name',
      'p.description as description',
      'p.image as image',
      'p.category_id as categoryId',
      'cat.name as categoryName',
      'p.unit_label as unitLabel',
      'v.name as variantName',
      's.s_rate as sRate',
      's.o_rate as oRate',
    ]),
);

/** Every line of one customer's cart in one branch, oldest first, with totals over valid lines. */
export async function cartPage(db: Db, query: CartQuery): Promise<{ cart: Cart; totalLines: number }> {
  const rows = await selectCartLines(db, query.customerId, query.companyId, query.branchId);

  const variantsByProduct = await variantsOf(
    db,
    query.branchId,
    [...new Set(rows.filter((r) => r.isVariantEnabled === 1).map((r) => r.productId))],
    new Map(rows.map((r) => [`${r.productId}/${r.variantId}`, r.qty])),
  );

  let totalQty = 0;
  let subTotalPaise = 0;
  let savingsPaise = 0;
  const lines: CartLine[] = rows.map((r) => {
    const problem = cartLineProblem(r);
    const sRate = r.sRate ?? 0;
    const valuePaise = problem ? 0 : lineValuePaise(sRate, r.oRate, r.qty);
    if (!problem) {
      totalQty += r.qty;
      subTotalPaise += valuePaise;
      savingsPaise += Math.max(0, sRate * r.qty - valuePaise);
    }
    return {
      productId: r.productId,
      name: r.name,
      description: r.description,
      image: r.image,
      categoryId: r.categoryId,
      categoryName: r.categoryName ?? '',
      unitLabel: r.unitLabel,
      active: r.productActive === 1,
      isVariantEnabled: r.isVariantEnabled === 1,
      variantId: r.variantId,
      variantName: r.variantName ?? '',
      variantActive: r.variantId === 0 ? r.productActive === 1 : r.variantActive === 1,
      isStockAvailable: r.stockActive === 1 && (r.available ?? 0) > 0,
      stockQty: Math.max(0, r.available ?? 0),
      sRate: toRupees(sRate),
      oRate: r.oRate === null ? null : toRupees(r.oRate),
      cartQty: r.qty,
      variants: variantsByProduct.get(r.productId) ?? [],
      cartItemId: r.cartItemId,
      branchId: r.branchId,
      lineValue: toRupees(valuePaise),
      problem,
    };
  });

  const size = query.pageSize;
  const pageNumber = Math.max(1, query.pageNumber ?? 1);
  const paged = size ? lines.slice((pageNumber - 1) * size, pageNumber * size) : lines;
  return { cart: { lines: paged, totalQty, subTotal: toRupees(subTotalPaise), savings: toRupees(savingsPaise) }, totalLines: lines.length };
}

const selectVariantsOf = preparedQuery((db, branchId: number, productIds: number[]) =>
  db
    .selectFrom('variants as v')
    .leftJoin('branch_stock as s', (j) => j.onRef('s.product_id', '=', 'v.product_id').onRef('s.variant_id', '=', 'v.id').on('s.branch_id', '=', branchId))
    .select(['v.id', 'v.product_id', 'v.name', 'v.active', 's.active as stockActive', 's.available', 's.s_rate', 's.o_rate'])
    .where('v.product_id', 'in', productIds)
    .orderBy('v.product_id')
    .orderBy('v.sort_order')
    .orderBy('v.id'),
);

async function variantsOf(db: Db, branchId: number, productIds: number[], cartQty: Map<string, number>): Promise<Map<number, ProductVariant[]>> {
  const byProduct = new Map<number, ProductVariant[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await selectVariantsOf(db, branchId, productIds);
  for (const v of rows) {
    const list = byProduct.get(v.product_id) ?? [];
    list.push({
      variantId: v.id,
      name: v.name,
      active: v.active === 1 && v.stockActive === 1,
      sRate: toRupees(v.s_rate ?? 0),
      oRate: v.o_rate === null ? null : toRupees(v.o_rate),
      isStockAvailable: v.stockActive === 1 && (v.available ?? 0) > 0,
      stockQty: Math.max(0, v.available ?? 0),
      cartQty: cartQty.get(`${v.product_id}/${v.id}`) ?? 0,
    });
    byProduct.set(v.product_id, list);
  }
  return byProduct;
}

/** The customer's cart in one branch (contract: used by the hub's CartDetails and by checkout). */
export async function cartView(db: Db, query: CartQuery): Promise<Cart> {
  return (await cartPage(db, query)).cart;
}

const deleteCart = preparedWrite((db, customerId: number, branchId: number) =>
  db.deleteFrom('cart_items').where('customer_id', '=', customerId).where('branch_id', '=', branchId),
);

/** Empties the customer's cart in one branch (checkout calls it inside its order transaction: its items went into the order). */
export async function emptyCart(db: Db, customerId: number, branchId: number): Promise<void> {
  await deleteCart(db, customerId, branchId);
}

/** Adds units to a cart line, creating it when the cart does not hold it yet (the unique line key turns the insert into an increment). */
export async function addToCartLine(
  db: Db,
  line: { customerId: number; companyId: number; branchId: number; productId: number; variantId: number; qty: number; at: string },
): Promise<void> {
  const at = line.at;
  await db
    .insertInto('cart_items')
    .values({
      customer_id: line.customerId,
      company_id: line.companyId,
      branch_id: line.branchId,
      product_id: line.productId,
      variant_id: line.variantId,
      qty: line.qty,
      added_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc
        .columns(['customer_id', 'branch_id', 'product_id', 'variant_id'])
        .doUpdateSet((eb) => ({ qty: eb('cart_items.qty', '+', eb.ref('excluded.qty')), updated_at: at })),
    )
    .execute();
}

/** Identifies one cart line: the unique key of cart_items, and the company the line is in. */
export interface CartLineKey {
  customerId: number;
  companyId: number;
  branchId: number;
  productId: number;
  variantId: number;
}

const lineWhere = (key: CartLineKey) =>
  sql`customer_id = ${key.customerId} and branch_id = ${key.branchId} and product_id = ${key.productId} and variant_id = ${key.variantId}`;

const int = (value: number) => sql`cast(${value} as integer)`;

/**
 * Adds `delta` (> 0) units in one statement: the insert and the increment are both guarded by
 * the branch's available stock, so parallel presses on the same line never lose an update nor
 * overshoot the stock (the unique line index turns the second insert into the guarded update).
 * False when the stock guard refused it.
 */
export async function increaseCartLineWithinStock(db: Db, key: CartLineKey, delta: number, at: string): Promise<boolean> {
  const stockOf = sql`(select s.available from branch_stock s where s.branch_id = ${key.branchId} and s.product_id = ${key.productId} and s.variant_id = ${key.variantId})`;
  const result = await sql<{ qty: number }>`
    insert into cart_items (customer_id, company_id, branch_id, product_id, variant_id, qty, added_at, updated_at)
    select ${int(key.customerId)}, ${int(key.companyId)}, ${int(key.branchId)}, ${int(key.productId)}, ${int(key.variantId)},
           ${int(delta)}, ${at}, ${at}
    from branch_stock s
    where s.branch_id = ${key.branchId} and s.product_id = ${key.productId} and s.variant_id = ${key.variantId}
      and s.available >= ${delta}
    on conflict (customer_id, branch_id, product_id, variant_id)
    do update set qty = cart_items.qty + excluded.qty, updated_at = excluded.updated_at
    where cart_items.qty + excluded.qty <= ${stockOf}
    returning qty`.execute(db);
  return result.rows.length === 1;
}

/** Takes `delta` (< 0) units off a line if at least one unit is left after it; false when the line is not there or would fall below 1. */
export async function decreaseCartLineKeepingOne(db: Db, key: CartLineKey, delta: number, at: string): Promise<boolean> {
  const updated = await sql<{ qty: number }>`
      update cart_items set qty = qty + ${int(delta)}, updated_at = ${at}
      where ${lineWhere(key)} and qty + ${int(delta)} >= 1
      returning qty`.execute(db);
  return updated.rows.length === 1;
}

/** Removes a line that `delta` (< 0) would take below 1 unit; false when the line is not there or keeps a unit. */
export async function deleteCartLineBelowOne(db: Db, key: CartLineKey, delta: number): Promise<boolean> {
  const deleted = await sql<{ id: number }>`
      delete from cart_items where ${lineWhere(key)} and qty + ${int(delta)} < 1 returning id`.execute(db);
  return deleted.rows.length === 1;
}

/** Whether the cart holds the line. */
export async function cartLineExists(db: Db, key: CartLineKey): Promise<boolean> {
  const exists = await sql<{ id: number }>`select id from cart_items where ${lineWhere(key)}`.execute(db);
  return exists.rows.length !== 0;
}

/** Removes a line (nothing happens when it is not there). */
export async function deleteCartLine(db: Db, key: CartLineKey): Promise<void> {
  await sql`delete from cart_items where ${lineWhere(key)}`.execute(db);
}

/**
 * Puts `qty` units of a line in the cart in one statement. A line the cart holds already keeps
 * the larger of the two quantities, capped at `available` (a line already above it comes down
 * to it).
 */
export async function mergeCartLine(db: Db, key: CartLineKey, qty: number, available: number, at: string): Promise<void> {
  await sql`
      insert into cart_items (customer_id, company_id, branch_id, product_id, variant_id, qty, added_at, updated_at)
      values (${key.customerId}, ${key.companyId}, ${key.branchId}, ${key.productId}, ${key.variantId}, ${qty}, ${at}, ${at})
      on conflict (customer_id, branch_id, product_id, variant_id)
      do update set qty = case
          when cart_items.qty < excluded.qty then excluded.qty
          when cart_items.qty > ${int(available)} then ${int(available)}
          else cart_items.qty end,
        updated_at = excluded.updated_at`.execute(db);
}

/** Customers whose cart in the branch holds one of the products, at most 1000. */
export function customersWithProductsInCart(db: Db, branchId: number, productIds: number[]): Promise<{ customerId: number; companyId: number }[]> {
  return db
    .selectFrom('cart_items')
    .select(['customer_id as customerId', 'company_id as companyId'])
    .distinct()
    .where('branch_id', '=', branchId)
    .where('product_id', 'in', productIds)
    .limit(1000)
    .execute();
}

/**
 * The cart's lines with what checkout prices them by (hot: every quote reads them): lines with
 * a quantity, oldest first, each with the facts that decide whether it can be bought now.
 */
export const selectOrderableCartLines = preparedQuery((db, customerId: number, companyId: number, branchId: number) =>
  cartLinesJoin(db, customerId, companyId, branchId)
    .where('c.qty', '>', 0)
    .select([
      ...CART_LINE_FACTS,
      'c.product_id as productId',
      'c.qty as qty',
      'p.name as name',
      'p.image as image',
      'v.name as variantName',
      's.s_rate as sRate',
      's.o_rate as oRate',
    ]),
);
