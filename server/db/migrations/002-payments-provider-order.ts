import type { Kysely, Migration } from 'kysely';

/**
 * Payments are looked up by their provider order id when a payment is settled (callback,
 * webhook, poll): without an index that update read the whole table, ever slower as it grew.
 */
export function paymentsProviderOrderMigration(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('payments_provider_order').on('payments').column('provider_order_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('payments_provider_order').execute();
    },
  };
}
