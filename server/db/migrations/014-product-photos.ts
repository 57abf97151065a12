import type { Kysely } from 'kysely';
import type { SqlDialect } from '../database.js';

/**
 * Product photographs uploaded by the shop (`npm run shop -- photo`): per product the photo's
 * key and the widths it was made in, and the made files themselves (AVIF and WebP at each
 * width). The files live in the database, so every server instance of a shop serves them.
 */
export function productPhotosMigration(dialect: SqlDialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('product_photos')
        .addColumn('product_id', 'integer', (c) => c.primaryKey())
        .addColumn('photo_key', 'text', (c) => c.notNull())
        .addColumn('widths', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('product_photo_files')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('product_photo_files_product').on('product_photo_files').column('product_id').execute();
    },
  };
}
