import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { SearchTermTable } from '../db/catalogue-tables.js';
import { indexWords, isPostgres, TERM_SOURCE } from './search-repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Writes the search index that search-repository.ts reads: the words of every product's name,
 * aliases and category, and of every category's name and aliases (search_terms), and each
 * company's distinct words with their trigram index (search_words).
 */

/**
 * Rebuilds the search index of a company (every company when left out) from its products,
 * categories and aliases. Runs after the catalogue is seeded or loaded in bulk.
 */
export async function rebuildSearchIndex(db: Db, companyId?: number): Promise<void> {
  const [products, categories, aliases] = await Promise.all([
    (companyId === undefined ? db.selectFrom('products') : db.selectFrom('products').where('company_id', '=', companyId))
      .select(['id', 'company_id', 'category_id', 'name'])
      .execute(),
    (companyId === undefined ? db.selectFrom('categories') : db.selectFrom('categories').where('company_id', '=', companyId))
      .select(['id', 'company_id', 'name'])
      .execute(),
    (companyId === undefined ? db.selectFrom('search_aliases') : db.selectFrom('search_aliases').where('company_id', '=', companyId))
      .select(['company_id', 'product_id', 'category_id', 'alias'])
      .execute(),
  ]);
  const categoryWords = new Map<number, { words: string[]; aliasWords: string[] }>();
  for (const c of categories) categoryWords.set(c.id, { words: indexWords(c.name), aliasWords: [] });
  const productAliasWords = new Map<number, string[]>();
  for (const a of aliases) {
    if (a.product_id !== null) productAliasWords.set(a.product_id, [...(productAliasWords.get(a.product_id) ?? []), ...indexWords(a.alias)]);
    else if (a.category_id !== null) categoryWords.get(a.category_id)?.aliasWords.push(...indexWords(a.alias));
  }

  const rows: Insertable<SearchTermTable>[] = [];
  const add = (company_id: number, product_id: number | null, category_id: number, words: string[], source: number, seen: Set<string>) => {
    for (const term of words) {
      if (seen.has(term)) continue;
      seen.add(term);
      rows.push({ company_id, product_id, category_id, term, source });
    }
  };
  for (const c of categories) {
    const seen = new Set<string>();
    const words = categoryWords.get(c.id);
    add(c.company_id, null, c.id, words?.words ?? [], TERM_SOURCE.name, seen);
    add(c.company_id, null, c.id, words?.aliasWords ?? [], TERM_SOURCE.alias, seen);
  }
  for (const p of products) {
    const seen = new Set<string>();
    add(p.company_id, p.id, p.category_id, indexWords(p.name), TERM_SOURCE.name, seen);
    add(p.company_id, p.id, p.category_id, productAliasWords.get(p.id) ?? [], TERM_SOURCE.alias, seen);
    add(p.company_id, p.id, p.category_id, categoryWords.get(p.category_id)?.words ?? [], TERM_SOURCE.category, seen);
  }

  const postgres = isPostgres(db);
  if (!postgres) {
    await (
      companyId === undefined
        ? sql`delete from search_words_fts`
        : sql`delete from search_words_fts where rowid in (select id from search_words where company_id = ${companyId})`
    ).execute(db);
  }
  await (companyId === undefined ? db.deleteFrom('search_terms') : db.deleteFrom('search_terms').where('company_id', '=', companyId)).execute();
  await (companyId === undefined ? db.deleteFrom('search_words') : db.deleteFrom('search_words').where('company_id', '=', companyId)).execute();
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('search_terms')
      .values(rows.slice(i, i + 500))
      .execute();

  const words = [...new Map(rows.map((r) => [`${r.company_id}:${r.term}`, { company_id: r.company_id, term: r.term }])).values()];
  for (let i = 0; i < words.length; i += 500)
    await db
      .insertInto('search_words')
      .values(words.slice(i, i + 500))
      .execute();
  if (postgres) {
    // Rows written in bulk wait in a GIN index's pending list, which every lookup reads whole until
    // autovacuum merges it; a long one even turns the planner from the index to reading every word.
    // The words just written (and products loaded in bulk before a rebuild) are merged now, by a
    // role that owns the indexes (as for VACUUM); another leaves them to autovacuum.
    await sql`
      select gin_clean_pending_list(c.oid) from pg_class c
      where c.oid in (to_regclass('search_words_trgm'), to_regclass('products_search_text_trgm'))
        and pg_has_role(c.relowner, 'USAGE')`.execute(db);
    // The planner's figures of the refilled tables, so it reads them through their indexes at once.
    await sql`analyze search_terms, search_words`.execute(db);
  }
  if (!postgres) {
    // Padded as pg_trgm pads, so a word's first and last letters make trigrams of their own.
    await (
      companyId === undefined
        ? sql`insert into search_words_fts (rowid, term) select id, '  ' || term || ' ' from search_words`
        : sql`insert into search_words_fts (rowid, term) select id, '  ' || term || ' ' from search_words where company_id = ${companyId}`
    ).execute(db);
  }
}
