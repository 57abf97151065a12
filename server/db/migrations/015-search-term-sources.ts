import { sql, type Kysely } from 'kysely';
import type { SqlDialect } from '../database.js';

/**
 * The words each product and category is found by (`search_terms`) are indexed by word, then by
 * where the word comes from (name, alias, category), then by product: a one-word search reads the
 * first products of each kind of match of each candidate word, in order, instead of every product
 * that holds the word. The index covers every column the ranking reads, as the one it replaces did.
 */
export function searchTermSourcesMigration(dialect: SqlDialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('search_terms_company_term_source')
        .on('search_terms')
        .columns(['company_id', 'term', 'source', 'product_id', 'category_id'])
        .execute();
      await db.schema.dropIndex('search_terms_company_term').execute();
      // The planner's figures of the new index (SQLite plans without them, as before).
      if (dialect === 'postgres') await sql`analyze search_terms`.execute(db);
    },
  };
}
