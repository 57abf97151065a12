import { sql, type Kysely } from 'kysely';
import type { SqlDialect } from '../database.js';
import type { Database } from '../schema.js';
import { rebuildSearchIndex } from '../../repositories/search-index-repository.js';
import { addDemoSearchAliases } from '../seed/search-aliases.js';

/**
 * Forgiving search: `search_aliases` (other names of products and categories), `search_terms`
 * (the words each product and category is found by) and `search_words` (their distinct words per
 * company), indexed by trigrams: an FTS5 trigram table on SQLite, a pg_trgm GIN index on
 * PostgreSQL. Where pg_trgm cannot be created, search keeps matching parts of words only.
 */
export function productSearchMigration(dialect: SqlDialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
      await db.schema
        .createTable('search_aliases')
        .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'integer')
        .addColumn('category_id', 'integer')
        .addColumn('alias', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('search_terms')
        .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'integer')
        .addColumn('category_id', 'integer', (c) => c.notNull())
        .addColumn('term', 'text', (c) => c.notNull())
        .addColumn('source', 'integer', (c) => c.notNull())
        .execute();
      // Covering: a word's postings are read from the index alone.
      await db.schema
        .createIndex('search_terms_company_term')
        .on('search_terms')
        .columns(['company_id', 'term', 'product_id', 'category_id', 'source'])
        .execute();
      await db.schema
        .createTable('search_words')
        .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('term', 'text', (c) => c.notNull())
        .addUniqueConstraint('search_words_company_term', ['company_id', 'term'])
        .execute();

      if (dialect === 'sqlite') {
        await sql`create virtual table search_words_fts using fts5(term, tokenize = 'trigram')`.execute(db);
        // Every word of a product list search must be part of search_text: a trigram index of it,
        // kept in step with products by triggers, finds those parts without reading every product.
        await sql`create virtual table products_fts using fts5(search_text, content = 'products', content_rowid = 'id', tokenize = 'trigram')`.execute(db);
        await sql`create trigger products_fts_insert after insert on products begin
          insert into products_fts (rowid, search_text) values (new.id, new.search_text);
        end`.execute(db);
        await sql`create trigger products_fts_delete after delete on products begin
          insert into products_fts (products_fts, rowid, search_text) values ('delete', old.id, old.search_text);
        end`.execute(db);
        await sql`create trigger products_fts_update after update of search_text on products begin
          insert into products_fts (products_fts, rowid, search_text) values ('delete', old.id, old.search_text);
          insert into products_fts (rowid, search_text) values (new.id, new.search_text);
        end`.execute(db);
        await sql`insert into products_fts (products_fts) values ('rebuild')`.execute(db);
      } else {
        // A database whose role may not create extensions still migrates; search then matches parts of words.
        await sql`savepoint pg_trgm_setup`.execute(db);
        try {
          await sql`create extension if not exists pg_trgm`.execute(db);
          await sql`release savepoint pg_trgm_setup`.execute(db);
        } catch {
          await sql`rollback to savepoint pg_trgm_setup`.execute(db);
        }
        const { rows } = await sql<{ schema: string }>`
          select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
        const schema = rows[0]?.schema;
        if (schema) {
          await sql`create index search_words_trgm on search_words using gin (term ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
          // The product list's "every word is part of search_text" reads this index instead of every product.
          await sql`create index products_search_text_trgm on products using gin (search_text ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
        }
      }

      // A shop migrated with its catalogue in place gets its index (and the demo's aliases) now.
      const shop = db as Kysely<Database>;
      await addDemoSearchAliases(shop);
      await rebuildSearchIndex(shop);
    },
  };
}
