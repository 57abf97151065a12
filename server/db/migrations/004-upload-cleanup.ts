import type { Kysely } from 'kysely';

/**
 * Indexes for the upload quota (a customer's uploads of the last day), the sweep of old uploads,
 * and its question whether any order's return names a photo.
 */
export function uploadCleanupMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('uploads_customer_created').on('uploads').columns(['customer_id', 'created_at']).execute();
      await db.schema.createIndex('uploads_created').on('uploads').column('created_at').execute();
      await db.schema.createIndex('orders_return_image').on('orders').column('return_image').execute();
    },
  };
}
