import type { Kysely } from 'kysely';

/**
 * `customers.token_version`: the version every session token of the customer carries (claim
 * `ver`). Signing out adds one, so every token issued before stops working. Tokens issued before
 * this column existed carry no version and count as 0, the value every customer starts with.
 */
export function tokenVersionMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('customers')
        .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
