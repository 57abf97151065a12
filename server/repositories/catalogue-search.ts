import { sql, type RawBuilder } from 'kysely';
import type { SearchSuggestions } from '../../contract/catalogue.schemas.js';
import { indexWords, isPostgres, searchCatalogue } from './search-repository.js';
import {
  assemble,
  DEFAULT_PAGE_SIZE,
  listedRowsOf,
  productColumns,
  productsWithCategory,
  type Db,
  type ProductFilter,
  type ProductPage,
  type ProductQuery,
} from './product-rows.js';

/**
 * The catalogue's searches: a product list narrowed to the products whose search text holds every
 * word of a search (those whose own name holds them first), the near misses when none does, and
 * the header's suggestions as the customer types. Ranking and typo tolerance come from the
 * search index (search-repository.ts, decision 020).
 */

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

/**
 * Narrows products (`p`) of a company to those whose search text holds every word. On SQLite,
 * words of three letters or more are found through the trigram index of search_text
 * (products_fts, migration 009), the same parts of words LIKE finds; PostgreSQL's LIKE uses its
 * own. SQLite plans without figures of its tables: products found through the trigram index are
 * read by id, not by reading the company's every product to pick them ('+' keeps the company's
 * index out of the plan).
 */
export function wordConditions(db: Db, companyId: number, words: string[]): RawBuilder<boolean>[] {
  const indexed = isPostgres(db) ? [] : words.filter((w) => [...w].length >= 3);
  if (indexed.length === 0) return [sql<boolean>`p.company_id = ${companyId}`, ...words.map((w) => sql<boolean>`p.search_text like ${`%${w}%`}`)];
  const match = indexed.map((w) => `"${w}"`).join(' AND ');
  return [
    sql<boolean>`+p.company_id = ${companyId}`,
    sql<boolean>`p.id in (select rowid from products_fts where products_fts match ${match})`,
    ...words.filter((w) => !indexed.includes(w)).map((w) => sql<boolean>`p.search_text like ${`%${w}%`}`),
  ];
}

/** Whether a product's own name (`p.name`) holds every word. */
function nameHoldsEvery(words: string[]): RawBuilder<unknown> {
  return sql.join(
    words.map((w) => sql`lower(p.name) like ${`%${w}%`}`),
    sql` and `,
  );
}

/**
 * The company's products whose search text holds every word, each with whether its own name
 * holds them all (those rank first): one statement on the products alone, whatever the branch
 * or category, which the branch's kept listing then orders and narrows.
 */
export async function wordMatches(db: Db, companyId: number, words: string[]): Promise<Map<number, boolean>> {
  let query = db.selectFrom('products as p');
  for (const condition of wordConditions(db, companyId, words)) query = query.where(condition);
  const rows = await query.select(['p.id', sql<number>`case when ${nameHoldsEvery(words)} then 1 else 0 end`.as('by_name')]).execute();
  return new Map(rows.map((r) => [r.id, Number(r.by_name) === 1]));
}

/**
 * One page of a searched list. Every matching product is read to rank it (those whose own name
 * holds every word first), so the same statement counts them: it returns the page's ids and the
 * count, and only the page's products are read whole.
 */
export async function searchedPageOf(
  db: Db,
  query: ProductQuery,
  options: { branchId: number; customerId?: number; pageNumber: number; pageSize: number },
  words: string[],
  orderBy: (q: ProductQuery) => ProductQuery,
): Promise<ProductPage> {
  const ranked = await orderBy(query.orderBy(sql`case when ${nameHoldsEvery(words)} then 0 else 1 end`))
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
  const rows = await productsWithCategory(db).select(productColumns).where('p.id', 'in', ids).execute();
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return { items: await assemble(db, rows, options.branchId, options.customerId), totalCount: Number(ranked[0]?.total ?? 0) };
}

/** How many near-miss products a search that found nothing as typed lists at most. */
const FORGIVING_LIMIT = 200;

/** The listed products a search nearly matches, ranked by the search index. */
export async function forgivingPage(db: Db, filter: ProductFilter): Promise<ProductPage> {
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
