import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { CategoryTable, ProductTable } from '../db/catalogue-tables.js';
import type { Product, ProductPhoto, ProductVariant } from '../../contract/catalogue.schemas.js';
import { photosOf } from './product-photo-repository.js';
import { toRupees } from '../lib/money.js';
import { pricePerKgPaise, type WeightFields } from '../../contract/weight.rules.js';
import { isPostgres } from './search-repository.js';

/**
 * The products a branch lists and how their rows become the wire's products: the conditions
 * every catalogue read shares (active, in an active category, with a live price line in the
 * branch) and the fixed handful of queries that build a page of products whatever its length
 * (their variants, branch stock, ratings, photos and the caller's cart lines), never one query
 * per product.
 */

export type Db = Kysely<Database> | Transaction<Database>;

export interface ProductFilter {
  companyId: number;
  branchId: number;
  /** Fills cartQty from this customer's cart in the branch. */
  customerId?: number;
  categoryId?: number;
  search?: string;
  pageNumber?: number;
  pageSize?: number;
}

export interface ProductPage {
  items: Product[];
  totalCount: number;
}

export const DEFAULT_PAGE_SIZE = 20;
export type ListingDb = Database & { p: ProductTable; c: CategoryTable };
export type ProductQuery = SelectQueryBuilder<ListingDb, 'p' | 'c', object>;

export function productsWithCategory(db: Db): ProductQuery {
  return db.selectFrom('products as p').innerJoin('categories as c', 'c.id', 'p.category_id');
}

/**
 * The products of `query` a branch lists: active, in an active category, with a live price line
 * there. `lookupPerProduct` for a few products given by id: PostgreSQL would still read the
 * branch's every line into a hash to check them; OFFSET 0 keeps the check a lookup per product
 * (it cannot become a join).
 */
export function inBranch(query: ProductQuery, branchId: number, lookupPerProduct = false): ProductQuery {
  return query
    .where('p.active', '=', 1)
    .where('c.active', '=', 1)
    .where((eb) => {
      let lines = eb
        .selectFrom('branch_stock as bs')
        .select(sql.lit(1).as('one'))
        .where('bs.branch_id', '=', branchId)
        .whereRef('bs.product_id', '=', 'p.id')
        .where('bs.active', '=', 1);
      if (lookupPerProduct) lines = lines.offset(sql.lit(0));
      return eb.exists(
        lines.where((inner) =>
          inner.or([
            inner.and([inner('p.is_variant_enabled', '=', 0), inner('bs.variant_id', '=', 0)]),
            inner.and([
              inner('p.is_variant_enabled', '=', 1),
              inner.exists(
                inner
                  .selectFrom('variants as v')
                  .select(sql.lit(1).as('one'))
                  .whereRef('v.id', '=', 'bs.variant_id')
                  .whereRef('v.product_id', '=', 'p.id')
                  .where('v.active', '=', 1),
              ),
            ]),
          ]),
        ),
      );
    });
}

/**
 * Products of any company a branch lists, a few by id: the conditions of listedProducts but its
 * company, category and search. On PostgreSQL the products are read by id before their
 * categories are joined (OFFSET 0 keeps them a subquery of their own): a shop's few categories
 * change too rarely for autovacuum to analyse them, and without their figures the planner loops
 * over the categories, reading the given products once per category.
 */
function listedInBranch(db: Db, branchId: number, ids: number[]): ProductQuery {
  if (!isPostgres(db)) return inBranch(productsWithCategory(db), branchId).where('p.id', 'in', ids);
  const byId = db.selectFrom('products').selectAll().where('id', 'in', ids).offset(sql.lit(0)).as('p');
  return inBranch(db.selectFrom(byId).innerJoin('categories as c', 'c.id', 'p.category_id') as unknown as ProductQuery, branchId, true);
}

export const productColumns = [
  'p.id',
  'p.company_id',
  'p.category_id',
  'p.name',
  'p.description',
  'p.image',
  'p.unit_label',
  'p.is_variant_enabled',
  'p.active',
  'p.gross_grams',
  'p.net_grams',
  'p.pieces',
  'p.serves',
  'c.name as category_name',
  'c.active as category_active',
] as const;

type WeightRow = { gross_grams: number | null; net_grams: number | null; pieces: string | null; serves: string | null };

/** The optional weight fields of a product or variant, priced per kg at the rate charged (paise per unit). */
function weightFields(row: WeightRow, ratePaise: number | null): WeightFields {
  const perKg = ratePaise !== null ? pricePerKgPaise(ratePaise, row.net_grams) : null;
  return {
    ...(row.gross_grams !== null ? { grossGrams: row.gross_grams } : {}),
    ...(row.net_grams !== null ? { netGrams: row.net_grams } : {}),
    ...(row.pieces ? { pieces: row.pieces } : {}),
    ...(row.serves ? { serves: row.serves } : {}),
    ...(perKg !== null ? { pricePerKg: toRupees(perKg) } : {}),
  };
}

/** A product as productColumns select it: its own columns and its category's name and activity. */
export type ProductRow = Pick<
  ProductTable,
  'id' | 'company_id' | 'category_id' | 'name' | 'description' | 'image' | 'unit_label' | 'is_variant_enabled' | 'active'
> &
  WeightRow & {
    category_name: string;
    category_active: number;
  };

/** The order of the product list and of its categories: the shop's sort order, then the id. */
export const listOrder = (q: ProductQuery): ProductQuery => q.orderBy('p.sort_order').orderBy('p.id');

/**
 * The rows of the given products that a list of the branch still holds, read by primary key.
 * The company and category are checked on the rows: as conditions of the query they would lead
 * the planner to walk the company's list index instead.
 */
export function listedRowsOf(db: Db, filter: { companyId: number; branchId: number; categoryId?: number }): (ids: number[]) => Promise<ProductRow[]> {
  return async (ids) => {
    const rows = await listedInBranch(db, filter.branchId, ids).select(productColumns).execute();
    return rows.filter((r) => r.company_id === filter.companyId && (filter.categoryId === undefined || r.category_id === filter.categoryId));
  };
}

/**
 * Builds wire products for product rows: three more queries in all (variants, stock lines of the
 * branch, the customer's cart lines). `selected` picks the variant per product, e.g. for detail.
 */
export async function assemble(db: Db, rows: ProductRow[], branchId: number, customerId?: number, selected?: Map<number, number>): Promise<Product[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [variants, stock, cartOf, ratings, photos] = await Promise.all([
    db
      .selectFrom('variants')
      .select(['id', 'product_id', 'name', 'active', 'gross_grams', 'net_grams', 'pieces', 'serves'])
      .where('product_id', 'in', ids)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('branch_stock')
      .select(['product_id', 'variant_id', 's_rate', 'o_rate', 'available', 'active'])
      .where('branch_id', '=', branchId)
      .where('product_id', 'in', ids)
      .execute(),
    customerId === undefined ? Promise.resolve(new Map<string, number>()) : cartQuantities(db, customerId, branchId, ids),
    db.selectFrom('product_ratings').select(['product_id', 'rating_sum', 'rating_count']).where('product_id', 'in', ids).execute(),
    photosOf(db, ids),
  ]);
  const ratingOf = new Map(ratings.filter((r) => r.rating_count > 0).map((r) => [r.product_id, r]));
  const stockOf = new Map(stock.map((s) => [`${s.product_id}:${s.variant_id}`, s]));
  const variantsOf = new Map<number, typeof variants>();
  for (const v of variants) {
    const list = variantsOf.get(v.product_id) ?? [];
    list.push(v);
    variantsOf.set(v.product_id, list);
  }

  const line = (productId: number, variantId: number, name: string, variantActive: boolean, weights: WeightRow): ProductVariant => {
    const s = stockOf.get(`${productId}:${variantId}`);
    const active = variantActive && s !== undefined && s.active === 1;
    const stockQty = s ? Math.max(0, s.available) : 0;
    const charged = s ? (s.o_rate !== null && s.o_rate < s.s_rate ? s.o_rate : s.s_rate) : null;
    return {
      variantId,
      name,
      active,
      sRate: s ? toRupees(s.s_rate) : 0,
      oRate: s && s.o_rate !== null && s.o_rate < s.s_rate ? toRupees(s.o_rate) : null,
      isStockAvailable: active && stockQty > 0,
      stockQty,
      cartQty: cartOf.get(`${productId}:${variantId}`) ?? 0,
      ...weightFields(weights, charged),
    };
  };

  return rows.map((row) => {
    const variantEnabled = row.is_variant_enabled === 1;
    const lines = variantEnabled ? (variantsOf.get(row.id) ?? []).map((v) => line(row.id, v.id, v.name, v.active === 1, v)) : [line(row.id, 0, '', true, row)];
    const wanted = selected?.get(row.id);
    const chosen =
      lines.find((l) => wanted !== undefined && l.variantId === wanted) ??
      lines.find((l) => l.isStockAvailable) ??
      lines.find((l) => l.active) ??
      lines[0] ??
      line(row.id, 0, '', false, NO_WEIGHTS);
    return {
      productId: row.id,
      name: row.name,
      description: row.description,
      image: row.image,
      categoryId: row.category_id,
      categoryName: row.category_name,
      unitLabel: row.unit_label,
      active: row.active === 1 && row.category_active === 1 && lines.some((l) => l.active),
      isVariantEnabled: variantEnabled,
      variantId: variantEnabled ? chosen.variantId : 0,
      variantName: chosen.name,
      variantActive: chosen.active,
      isStockAvailable: chosen.isStockAvailable,
      stockQty: chosen.stockQty,
      sRate: chosen.sRate,
      oRate: chosen.oRate,
      cartQty: chosen.cartQty,
      variants: variantEnabled ? lines : [],
      ...ratingFields(ratingOf.get(row.id)),
      ...photoField(photos.get(row.id)),
      ...pickWeights(chosen),
    };
  });
}

const selectCartLines = preparedQuery((db, customerId: number, branchId: number, productIds: number[]) =>
  db
    .selectFrom('cart_items')
    .select(['product_id', 'variant_id', 'qty'])
    .where('customer_id', '=', customerId)
    .where('branch_id', '=', branchId)
    .where('product_id', 'in', productIds),
);

/** The customer's cart quantities in the branch for the given products, by `productId:variantId`. */
export async function cartQuantities(db: Db, customerId: number, branchId: number, productIds: number[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const lines = await selectCartLines(db, customerId, branchId, productIds);
  return new Map(lines.map((c) => [`${c.product_id}:${c.variant_id}`, c.qty]));
}

/**
 * The products as one customer sees them: `products` built without a customer (every cartQty 0,
 * possibly shared with other callers, never changed here) with the customer's cart quantities
 * from cartQuantities. A product with none of its lines in the cart is returned as it is; one
 * with lines is copied. The selected variant does not depend on the cart, so the result is what
 * assemble builds for the customer.
 */
export function withCartQuantities(products: readonly Product[], cart: ReadonlyMap<string, number>): Product[] {
  if (cart.size === 0) return [...products];
  return products.map((product) => {
    const qtyOf = (variantId: number): number => cart.get(`${product.productId}:${variantId}`) ?? 0;
    const variants = product.variants.map((v) => (qtyOf(v.variantId) === v.cartQty ? v : { ...v, cartQty: qtyOf(v.variantId) }));
    const cartQty = qtyOf(product.variantId);
    if (cartQty === product.cartQty && variants.every((v, i) => v === product.variants[i])) return product;
    return { ...product, cartQty, variants };
  });
}

const NO_WEIGHTS: WeightRow = { gross_grams: null, net_grams: null, pieces: null, serves: null };

/** The selected variant's weight fields, repeated on the product as its sRate and oRate are. */
function pickWeights(v: ProductVariant): WeightFields {
  const { grossGrams, netGrams, pieces, serves, pricePerKg } = v;
  return Object.fromEntries(Object.entries({ grossGrams, netGrams, pieces, serves, pricePerKg }).filter(([, value]) => value !== undefined)) as WeightFields;
}

/** A product's photo field: present only when the shop uploaded one. */
function photoField(photo: ProductPhoto | undefined): { photo?: ProductPhoto } {
  return photo ? { photo } : {};
}

/** A product's average rating to one decimal and how many reviewed orders it is from; nothing until one is reviewed. */
function ratingFields(rating: { rating_sum: number; rating_count: number } | undefined): { rating?: number; ratingCount?: number } {
  if (!rating) return {};
  return { rating: Math.round((rating.rating_sum / rating.rating_count) * 10) / 10, ratingCount: rating.rating_count };
}
