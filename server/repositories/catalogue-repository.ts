import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Product } from '../../contract/catalogue.schemas.js';
import { isPostgres } from './search-repository.js';
import type { ListingIndex } from './listing-index.js';
import {
  assemble,
  DEFAULT_PAGE_SIZE,
  inBranch,
  listedRowsOf,
  listOrder,
  productColumns,
  productsWithCategory,
  type Db,
  type ListingDb,
  type ProductFilter,
  type ProductPage,
  type ProductQuery,
  type ProductRow,
} from './product-rows.js';
import { forgivingPage, searchedPageOf, searchWords, wordConditions, wordMatches } from './catalogue-search.js';

export type { ProductFilter, ProductPage } from './product-rows.js';

/**
 * Catalogue reads for the storefront, the cart, orders and the live hub: lists (from a branch's
 * kept listing where there is one), a special category's and an offer's products, products by id
 * and one product's detail. Rows become products in product-rows.ts; searches are in
 * catalogue-search.ts.
 */

/** Products a customer may see in a branch: active, in an active category, with a live price line there. */
function listedProducts(db: Db, filter: { companyId: number; branchId: number; categoryId?: number; search?: string }): ProductQuery {
  let query = productsWithCategory(db);
  for (const condition of wordConditions(db, filter.companyId, searchWords(filter.search))) query = query.where(condition);
  query = inBranch(query, filter.branchId);
  if (filter.categoryId !== undefined) query = query.where('p.category_id', '=', filter.categoryId);
  return query;
}

/** A list's ids in list order, kept per listing version, and how its rows are read by id. */
interface Listed {
  ids: () => Promise<Int32Array>;
  rowsOf: (ids: number[]) => Promise<ProductRow[]>;
  /** The products matching a search's words, each with whether its name holds them all; none for lists a search never narrows. */
  matches?: (words: string[]) => Promise<Map<number, boolean>>;
}

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

/** Each listing's ids sorted with their places (see `placesOf`), made once per kept listing. */
const listingPlaces = new WeakMap<Int32Array, Float64Array>();
/** Places are packed below the id: a listing this long or longer is walked instead. */
const PLACE_SLOTS = 2 ** 21;

/**
 * A listing's ids, each with its place in the listing, as one sorted array of id × 2²¹ + place:
 * exact in a double for ids below 2³¹ and listings below 2²¹ products, 8 bytes a product, and
 * sorted by the engine's numeric sort.
 */
function placesOf(ids: Int32Array): Float64Array {
  let places = listingPlaces.get(ids);
  if (!places) {
    places = Float64Array.from(ids, (id, place) => id * PLACE_SLOTS + place).sort();
    listingPlaces.set(ids, places);
  }
  return places;
}

/** Where `id` stands in the listing `places` was made of, or -1. */
function placeOf(places: Float64Array, id: number): number {
  const key = id * PLACE_SLOTS;
  let low = 0;
  let high = places.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (places[middle]! < key) low = middle + 1;
    else high = middle;
  }
  const found = places[low];
  return found !== undefined && found < key + PLACE_SLOTS ? found - key : -1;
}

/**
 * A searched list: the listing's products among the matches, those whose name holds every word
 * first, each part in list order. Few matches in a long listing are placed by looking each up;
 * otherwise the listing is walked once.
 */
export function searchedOrder(ids: Int32Array, matched: Map<number, boolean>): Int32Array {
  const byName: number[] = [];
  const byText: number[] = [];
  if (matched.size * 16 < ids.length && ids.length < PLACE_SLOTS) {
    const places = placesOf(ids);
    const placed: [number, number][] = [];
    for (const id of matched.keys()) {
      const place = placeOf(places, id);
      if (place >= 0) placed.push([place, id]);
    }
    placed.sort((a, b) => a[0] - b[0]);
    for (const [, id] of placed) (matched.get(id) ? byName : byText).push(id);
  } else {
    for (const id of ids) {
      const name = matched.get(id);
      if (name !== undefined) (name ? byName : byText).push(id);
    }
  }
  return Int32Array.from(byName.concat(byText));
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
    return keptPage(db, kept, searchedOrder(ids, matched), options, pageNumber, pageSize);
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
  const rows = await productsWithCategory(db).select(productColumns).where('p.company_id', '=', options.companyId).where('p.id', 'in', ids).execute();
  const products = await assemble(db, rows, options.branchId, options.customerId, options.variantIds);
  const byId = new Map(products.map((p) => [p.productId, p]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One product with its variants in a branch; `variantId` picks the selected variant. */
export async function productDetail(
  db: Db,
  options: { productId: number; branchId: number; variantId?: number; customerId?: number },
): Promise<Product | undefined> {
  const row = await productsWithCategory(db).select(productColumns).where('p.id', '=', options.productId).executeTakeFirst();
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
