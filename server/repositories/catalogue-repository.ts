import { sql, type ExpressionBuilder, type RawBuilder, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { CategoryTable, ProductTable } from '../db/catalogue-tables.js';
import type { Product, ProductPhoto, ProductVariant, SearchSuggestions } from '../../contract/catalogue.schemas.js';
import { photosOf } from './product-photo-repository.js';
import { toRupees } from '../lib/money.js';
import { pricePerKgPaise, type WeightFields } from '../../contract/weight.rules.js';
import { indexWords, isPostgres, searchCatalogue } from './search-repository.js';
import type { ListingIndex } from './listing-index.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Catalogue reads for the storefront, the cart, orders and the live hub. Every product list is
 * a fixed handful of queries whatever its length (page of products, their variants, their
 * branch stock, the caller's cart lines), never one query per product.
 */

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
const MAX_SEARCH_WORDS = 8;

/**
 * Words of a search query: lower-case letters and digits only, plural 's' dropped so that
 * 'crabs' finds 'Crab Meat'. Each word must appear somewhere in a product's search_text.
 */
export function searchWords(search: string | undefined): string[] {
  if (!search) return [];
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

type ListingDb = Database & { p: ProductTable; c: CategoryTable };
type ProductQuery = SelectQueryBuilder<ListingDb, 'p' | 'c', object>;

function productsWithCategory(db: Db): ProductQuery {
  return db.selectFrom('products as p').innerJoin('categories as c', 'c.id', 'p.category_id');
}

/**
 * The products of `query` a branch lists: active, in an active category, with a live price line
 * there. `lookupPerProduct` for a few products given by id: PostgreSQL would still read the
 * branch's every line into a hash to check them; OFFSET 0 keeps the check a lookup per product
 * (it cannot become a join).
 */
function inBranch(query: ProductQuery, branchId: number, lookupPerProduct = false): ProductQuery {
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
 * Narrows products (`p`) of a company to those whose search text holds every word. On SQLite,
 * words of three letters or more are found through the trigram index of search_text
 * (products_fts, migration 009), the same parts of words LIKE finds; PostgreSQL's LIKE uses its
 * own. SQLite plans without figures of its tables: products found through the trigram index are
 * read by id, not by reading the company's every product to pick them ('+' keeps the company's
 * index out of the plan).
 */
function wordConditions(db: Db, companyId: number, words: string[]): RawBuilder<boolean>[] {
  const indexed = isPostgres(db) ? [] : words.filter((w) => [...w].length >= 3);
  if (indexed.length === 0) return [sql<boolean>`p.company_id = ${companyId}`, ...words.map((w) => sql<boolean>`p.search_text like ${`%${w}%`}`)];
  const match = indexed.map((w) => `"${w}"`).join(' AND ');
  return [
    sql<boolean>`+p.company_id = ${companyId}`,
    sql<boolean>`p.id in (select rowid from products_fts where products_fts match ${match})`,
    ...words.filter((w) => !indexed.includes(w)).map((w) => sql<boolean>`p.search_text like ${`%${w}%`}`),
  ];
}

/** Products a customer may see in a branch: active, in an active category, with a live price line there. */
function listedProducts(db: Db, filter: { companyId: number; branchId: number; categoryId?: number; search?: string }): ProductQuery {
  let query = productsWithCategory(db);
  for (const condition of wordConditions(db, filter.companyId, searchWords(filter.search))) query = query.where(condition);
  query = inBranch(query, filter.branchId);
  if (filter.categoryId !== undefined) query = query.where('p.category_id', '=', filter.categoryId);
  return query;
}

/**
 * The company's products whose search text holds every word, each with whether its own name
 * holds them all (those rank first): one statement on the products alone, whatever the branch
 * or category, which the branch's kept listing then orders and narrows.
 */
async function wordMatches(db: Db, companyId: number, words: string[]): Promise<Map<number, boolean>> {
  const nameMatch = words.map((w) => sql`lower(p.name) like ${`%${w}%`}`);
  let query = db.selectFrom('products as p');
  for (const condition of wordConditions(db, companyId, words)) query = query.where(condition);
  const rows = await query.select(['p.id', sql<number>`case when ${sql.join(nameMatch, sql` and `)} then 1 else 0 end`.as('by_name')]).execute();
  return new Map(rows.map((r) => [r.id, Number(r.by_name) === 1]));
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

const productColumns = [
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
type ProductRow = Pick<ProductTable, 'id' | 'company_id' | 'category_id' | 'name' | 'description' | 'image' | 'unit_label' | 'is_variant_enabled' | 'active'> &
  WeightRow & {
    category_name: string;
    category_active: number;
  };

/** A list's ids in list order, kept per listing version, and how its rows are read by id. */
interface Listed {
  ids: () => Promise<Int32Array>;
  rowsOf: (ids: number[]) => Promise<ProductRow[]>;
  /** The products matching a search's words, each with whether its name holds them all; none for lists a search never narrows. */
  matches?: (words: string[]) => Promise<Map<number, boolean>>;
}

/** The order of the product list and of its categories: the shop's sort order, then the id. */
const listOrder = (q: ProductQuery): ProductQuery => q.orderBy('p.sort_order').orderBy('p.id');

/**
 * Every product of a branch's list with its category, in list order. PostgreSQL hands them over
 * as one string of id and category pairs: a hundred thousand rows as JavaScript objects took
 * longer to build than the database took to find them.
 */
async function readBranchListing(query: ProductQuery, postgres: boolean): Promise<{ ids: Int32Array; categoryIds: Int32Array }> {
  if (!postgres) {
    const rows = await listOrder(query).select(['p.id', 'p.category_id']).execute();
    return { ids: Int32Array.from(rows, (r) => r.id), categoryIds: Int32Array.from(rows, (r) => r.category_id) };
  }
  const row = await query.select(sql<string | null>`string_agg(p.id || ',' || p.category_id, ',' order by p.sort_order, p.id)`.as('pairs')).executeTakeFirst();
  const pairs = row?.pairs ? row.pairs.split(',') : [];
  const ids = new Int32Array(pairs.length / 2);
  const categoryIds = new Int32Array(pairs.length / 2);
  for (let i = 0; i < ids.length; i += 1) {
    ids[i] = Number(pairs[2 * i]);
    categoryIds[i] = Number(pairs[2 * i + 1]);
  }
  return { ids, categoryIds };
}

/**
 * A branch's listing (ids with their categories, read with the list's own conditions and order),
 * or one category's part of it, cut from it in memory in the same order.
 */
async function listingOf(db: Db, listings: ListingIndex, filter: { companyId: number; branchId: number; categoryId?: number }): Promise<Int32Array> {
  const branchKey = `list:${filter.companyId}:${filter.branchId}`;
  const readBranch = () => readBranchListing(listedProducts(db, { companyId: filter.companyId, branchId: filter.branchId }), isPostgres(db));
  const { categoryId } = filter;
  if (categoryId === undefined) return (await listings.get(branchKey, readBranch)).ids;
  const category = await listings.get(
    `${branchKey}:${categoryId}`,
    async () => {
      const all = await listings.get(branchKey, readBranch);
      const ids: number[] = [];
      all.categoryIds?.forEach((id, i) => {
        if (id === categoryId) ids.push(all.ids[i]!);
      });
      return { ids: Int32Array.from(ids), categoryIds: null, at: all.at };
    },
    { cut: true },
  );
  return category.ids;
}

/**
 * Reads the whole product list of every active branch into the listing index, one branch after
 * the other, so the first visitor of a branch after a start does not wait for its read. Run in the
 * background once the server listens; what fails is reported and left to the first request.
 */
export async function warmListings(db: Kysely<Database>, listings: ListingIndex, onError: (error: unknown) => void): Promise<void> {
  try {
    const branches = await db.selectFrom('branches').select(['id', 'company_id']).where('active', '=', 1).orderBy('id').execute();
    for (const branch of branches) await listingOf(db, listings, { companyId: branch.company_id, branchId: branch.id });
  } catch (error) {
    onError(error);
  }
}

/**
 * The rows of the given products that a list of the branch still holds, read by primary key.
 * The company and category are checked on the rows: as conditions of the query they would lead
 * the planner to walk the company's list index instead.
 */
function listedRowsOf(db: Db, filter: { companyId: number; branchId: number; categoryId?: number }): (ids: number[]) => Promise<ProductRow[]> {
  return async (ids) => {
    const rows = await listedInBranch(db, filter.branchId, ids).select(productColumns).execute();
    return rows.filter((r) => r.company_id === filter.companyId && (filter.categoryId === undefined || r.category_id === filter.categoryId));
  };
}

/**
 * Runs the count and one page of a listed-products query, then builds the wire products. With a
 * listing index, a list without a search counts and pages its kept ids instead (the same query,
 * read once per listing version), and reads only the page's rows.
 */
async function pageOf(
  db: Db,
  query: ProductQuery,
  options: { branchId: number; customerId?: number; pageNumber?: number; pageSize?: number; search?: string },
  orderBy: (q: ProductQuery) => ProductQuery = listOrder,
  listed?: Listed,
): Promise<ProductPage> {
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const pageNumber = options.pageNumber ?? 1;
  const words = searchWords(options.search);
  // A transaction may see its own changes, which no listing knows of.
  const kept = listed && !db.isTransaction ? listed : undefined;
  if (words.length > 0 && kept?.matches) {
    // A searched list is the listing's matches in its order, those whose name holds every word first.
    const [ids, matched] = await Promise.all([kept.ids(), kept.matches(words)]);
    const byName: number[] = [];
    const byText: number[] = [];
    for (const id of ids) {
      const name = matched.get(id);
      if (name !== undefined) (name ? byName : byText).push(id);
    }
    return keptPage(db, kept, Int32Array.from(byName.concat(byText)), options, pageNumber, pageSize);
  }
  if (words.length > 0) return searchedPageOf(db, query, { ...options, pageSize, pageNumber }, words, orderBy);
  if (kept) return keptPage(db, kept, await kept.ids(), options, pageNumber, pageSize);
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const totalCount = Number(counted?.n ?? 0);
  if (totalCount === 0 || (pageNumber - 1) * pageSize >= totalCount) return { items: [], totalCount };
  const rows = await orderBy(query)
    .select(productColumns)
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize)
    .execute();
  return { items: await assemble(db, rows, options.branchId, options.customerId), totalCount };
}

/**
 * One page of a list answered from kept product ids in list order: the count is their number, and
 * the page's rows are read through the list's own conditions, so a product switched off since the
 * listing was read (by another instance, within its expiry) is left out, never shown.
 */
async function keptPage(
  db: Db,
  listed: Listed,
  ids: Int32Array,
  options: { branchId: number; customerId?: number },
  pageNumber: number,
  pageSize: number,
): Promise<ProductPage> {
  const start = (pageNumber - 1) * pageSize;
  if (start >= ids.length) return { items: [], totalCount: ids.length };
  const pageIds = [...ids.subarray(start, start + pageSize)];
  const rows = await listed.rowsOf(pageIds);
  const place = new Map(pageIds.map((id, i) => [id, i]));
  rows.sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0));
  return { items: await assemble(db, rows, options.branchId, options.customerId), totalCount: ids.length };
}

/**
 * One page of a searched list. Every matching product is read to rank it (those whose own name
 * holds every word first), so the same statement counts them: it returns the page's ids and the
 * count, and only the page's products are read whole.
 */
async function searchedPageOf(
  db: Db,
  query: ProductQuery,
  options: { branchId: number; customerId?: number; pageNumber: number; pageSize: number },
  words: string[],
  orderBy: (q: ProductQuery) => ProductQuery,
): Promise<ProductPage> {
  const nameMatch = words.map((w) => sql`lower(p.name) like ${`%${w}%`}`);
  const ranked = await orderBy(query.orderBy(sql`case when ${sql.join(nameMatch, sql` and `)} then 0 else 1 end`))
    .select((eb) => ['p.id', eb.fn.countAll<number>().over().as('total')])
    .limit(options.pageSize)
    .offset((options.pageNumber - 1) * options.pageSize)
    .execute();
  if (ranked.length === 0) {
    // Past the last page (or nothing found): the count alone.
    if (options.pageNumber === 1 && options.pageSize > 0) return { items: [], totalCount: 0 };
    const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return { items: [], totalCount: Number(counted?.n ?? 0) };
  }
  const ids = ranked.map((r) => r.id);
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(productColumns)
    .where('p.id', 'in', ids)
    .execute();
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return { items: await assemble(db, rows, options.branchId, options.customerId), totalCount: Number(ranked[0]?.total ?? 0) };
}

/**
 * Builds wire products for product rows: three more queries in all (variants, stock lines of the
 * branch, the customer's cart lines). `selected` picks the variant per product, e.g. for detail.
 */
async function assemble(db: Db, rows: ProductRow[], branchId: number, customerId?: number, selected?: Map<number, number>): Promise<Product[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [variants, stock, cart, ratings, photos] = await Promise.all([
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
    customerId === undefined
      ? Promise.resolve([] as { product_id: number; variant_id: number; qty: number }[])
      : db
          .selectFrom('cart_items')
          .select(['product_id', 'variant_id', 'qty'])
          .where('customer_id', '=', customerId)
          .where('branch_id', '=', branchId)
          .where('product_id', 'in', ids)
          .execute(),
    db.selectFrom('product_ratings').select(['product_id', 'rating_sum', 'rating_count']).where('product_id', 'in', ids).execute(),
    photosOf(db, ids),
  ]);
  const ratingOf = new Map(ratings.filter((r) => r.rating_count > 0).map((r) => [r.product_id, r]));
  const stockOf = new Map(stock.map((s) => [`${s.product_id}:${s.variant_id}`, s]));
  const cartOf = new Map(cart.map((c) => [`${c.product_id}:${c.variant_id}`, c.qty]));
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

const NO_WEIGHTS: WeightRow = { gross_grams: null, net_grams: null, pieces: null, serves: null };

/** The selected variant's weight fields, repeated on the product as its sRate and oRate are. */
function pickWeights(v: ProductVariant): WeightFields {
  const { grossGrams, netGrams, pieces, serves, pricePerKg } = v;
  return Object.fromEntries(Object.entries({ grossGrams, netGrams, pieces, serves, pricePerKg }).filter(([, value]) => value !== undefined)) as WeightFields;
}

/** A product's average rating to one decimal and how many reviewed orders it is from; nothing until one is reviewed. */
function photoField(photo: ProductPhoto | undefined): { photo?: ProductPhoto } {
  return photo ? { photo } : {};
}

function ratingFields(rating: { rating_sum: number; rating_count: number } | undefined): { rating?: number; ratingCount?: number } {
  if (!rating) return {};
  return { rating: Math.round((rating.rating_sum / rating.rating_count) * 10) / 10, ratingCount: rating.rating_count };
}

/** How many near-miss products a search that found nothing as typed lists at most. */
const FORGIVING_LIMIT = 200;

/**
 * Products of the branch, optionally of one category and matching a search, one page at a time.
 * A search whose words are all found as typed lists exactly those products; one that finds
 * nothing lists the products it nearly matches (a typo, another name), best first.
 */
export async function listProducts(db: Db, filter: ProductFilter, listings?: ListingIndex): Promise<ProductPage> {
  const listed = listings && {
    ids: () => listingOf(db, listings, filter),
    rowsOf: listedRowsOf(db, filter),
    matches: (words: string[]) => wordMatches(db, filter.companyId, words),
  };
  const exact = await pageOf(db, listedProducts(db, filter), filter, listOrder, listed);
  if (exact.totalCount > 0 || searchWords(filter.search).length === 0) return exact;
  return forgivingPage(db, filter);
}

/** The listed products a search nearly matches, ranked by the search index. */
async function forgivingPage(db: Db, filter: ProductFilter): Promise<ProductPage> {
  const found = await searchCatalogue(db, { companyId: filter.companyId, query: filter.search ?? '', productLimit: FORGIVING_LIMIT, categoryLimit: 0 });
  if (found.products.length === 0) return { items: [], totalCount: 0 };
  const rankOf = new Map(found.products.map((hit, i) => [hit.id, i]));
  const rows = await listedRowsOf(db, filter)([...rankOf.keys()]);
  rows.sort((a, b) => (rankOf.get(a.id) ?? 0) - (rankOf.get(b.id) ?? 0));
  const pageSize = filter.pageSize ?? DEFAULT_PAGE_SIZE;
  const start = ((filter.pageNumber ?? 1) - 1) * pageSize;
  const pageRows = rows.slice(start, start + pageSize);
  return { items: await assemble(db, pageRows, filter.branchId, filter.customerId), totalCount: rows.length };
}

/** Products of a special category in its own order. */
export async function specialCategoryProducts(db: Db, filter: ProductFilter & { specialCategoryId: number }, listings?: ListingIndex): Promise<ProductPage> {
  const query = listedProducts(db, filter)
    .innerJoin('special_category_products as scp', 'scp.product_id', 'p.id')
    .where('scp.special_category_id', '=', filter.specialCategoryId) as unknown as ProductQuery;
  const specialOrder = (q: ProductQuery) => q.orderBy(sql`scp.sort_order`).orderBy('p.id');
  const key = `special:${filter.companyId}:${filter.branchId}:${filter.specialCategoryId}:${filter.categoryId ?? ''}`;
  const readListing = async () => ({ ids: Int32Array.from(await specialOrder(query).select('p.id').execute(), (r) => r.id), categoryIds: null });
  const listed = listings && { ids: async () => (await listings.get(key, readListing)).ids, rowsOf: listedRowsOf(db, filter) };
  return pageOf(db, query, filter, specialOrder, listed);
}

/** Products of an offer: those listed for it, plus every product of its category when it has one. */
export async function offerProducts(db: Db, filter: ProductFilter & { offerId: number; offerCategoryId: number | null }): Promise<ProductPage> {
  return productsOfOffers(db, { ...filter, offers: [{ offerId: filter.offerId, offerCategoryId: filter.offerCategoryId }] });
}

/** Products of any of the offers, each counted once. */
export async function productsOfOffers(
  db: Db,
  filter: ProductFilter & { offers: { offerId: number; offerCategoryId: number | null }[] },
): Promise<ProductPage> {
  if (filter.offers.length === 0) return { items: [], totalCount: 0 };
  const offerIds = filter.offers.map((offer) => offer.offerId);
  const categoryIds = filter.offers.flatMap((offer) => (offer.offerCategoryId === null ? [] : [offer.offerCategoryId]));
  const query = listedProducts(db, filter).where((eb: ExpressionBuilder<ListingDb, 'p' | 'c'>) => {
    const listed = eb('p.id', 'in', eb.selectFrom('offer_products').select('product_id').where('offer_id', 'in', offerIds));
    return categoryIds.length === 0 ? listed : eb.or([listed, eb('p.category_id', 'in', categoryIds)]);
  });
  return pageOf(db, query, filter);
}

/**
 * Products by id in the given order, whatever their state (inactive ones come back with
 * active false), so a cart can show why a line no longer counts. Ids of other companies are skipped.
 */
export async function productsByIds(
  db: Db,
  options: { companyId: number; branchId: number; productIds: number[]; customerId?: number; variantIds?: Map<number, number> },
): Promise<Product[]> {
  const ids = [...new Set(options.productIds)];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(productColumns)
    .where('p.company_id', '=', options.companyId)
    .where('p.id', 'in', ids)
    .execute();
  const products = await assemble(db, rows, options.branchId, options.customerId, options.variantIds);
  const byId = new Map(products.map((p) => [p.productId, p]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One product with its variants in a branch; `variantId` picks the selected variant. */
export async function productDetail(
  db: Db,
  options: { productId: number; branchId: number; variantId?: number; customerId?: number },
): Promise<Product | undefined> {
  const row = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(productColumns)
    .where('p.id', '=', options.productId)
    .executeTakeFirst();
  if (!row) return undefined;
  const selected = options.variantId !== undefined ? new Map([[row.id, options.variantId]]) : undefined;
  const [product] = await assemble(db, [row], options.branchId, options.customerId, selected);
  return product;
}

/** The company a product belongs to, or undefined for an unknown id. */
export async function productCompany(db: Db, productId: number): Promise<number | undefined> {
  const row = await db.selectFrom('products').select('company_id').where('id', '=', productId).executeTakeFirst();
  return row?.company_id;
}

/** Whether a variant id belongs to the product. */
export async function variantBelongs(db: Db, productId: number, variantId: number): Promise<boolean> {
  const row = await db.selectFrom('variants').select('id').where('id', '=', variantId).where('product_id', '=', productId).executeTakeFirst();
  return row !== undefined;
}

/** Id, name and category of every active product (the product picker of the storefront). */
export async function productSelectList(db: Db, companyId: number): Promise<{ ProductId: number; ProductName: string; CategoryId: number }[]> {
  const rows = await db
    .selectFrom('products')
    .select(['id', 'name', 'category_id'])
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ ProductId: r.id, ProductName: r.name, CategoryId: r.category_id }));
}

/** At most this many suggestions in all, of which at most SUGGESTED_CATEGORIES categories. */
export const SUGGESTION_LIMIT = 8;
const SUGGESTED_CATEGORIES = 3;

/**
 * Products a branch lists and categories a company shows whose words begin with, contain or
 * nearly match the query (its last word read as still being typed), best first.
 */
export async function searchSuggestions(db: Db, options: { companyId: number; branchId: number; query: string }): Promise<SearchSuggestions> {
  const query = options.query.trim().replace(/\s+/g, ' ');
  // A last word of one letter ("sea f") would match most of the catalogue; it only narrows what the other words found.
  const words = query.split(' ');
  const last = words.at(-1) ?? '';
  const letter = words.length > 1 && [...last].length === 1 ? last.toLowerCase() : null;
  const found = await searchCatalogue(db, {
    companyId: options.companyId,
    query: letter ? words.slice(0, -1).join(' ') : query,
    productLimit: letter ? 200 : 40,
    categoryLimit: 10,
    asYouType: true,
  });
  const startsWithLetter = (...names: string[]) => letter === null || indexWords(names.join(' ')).some((w) => w.startsWith(letter));
  const productIds = found.products.map((h) => h.id);
  const categoryIds = found.categories.map((h) => h.id);
  const [products, categories] = await Promise.all([
    productIds.length === 0 ? Promise.resolve([]) : listedRowsOf(db, options)(productIds),
    categoryIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('categories')
          .select(['id', 'name', 'image'])
          .where('company_id', '=', options.companyId)
          .where('active', '=', 1)
          .where('id', 'in', categoryIds)
          .execute(),
  ]);
  const byRank = <T extends { id: number }>(rows: T[], ids: number[]): T[] => rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  const matchedProducts = products.filter((p) => startsWithLetter(p.name, p.category_name));
  const matchedCategories = categories.filter((c) => startsWithLetter(c.name));
  const shownCategories = byRank(matchedCategories, categoryIds).slice(
    0,
    Math.min(SUGGESTED_CATEGORIES, SUGGESTION_LIMIT - Math.min(matchedProducts.length, 5)),
  );
  const shownProducts = byRank(matchedProducts, productIds).slice(0, SUGGESTION_LIMIT - shownCategories.length);
  return {
    query,
    correction: found.correction,
    categories: shownCategories.map((c) => ({ categoryId: c.id, name: c.name, image: c.image })),
    products: shownProducts.map((p) => ({ productId: p.id, name: p.name, categoryId: p.category_id, categoryName: p.category_name, image: p.image })),
  };
}
