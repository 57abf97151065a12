import { sql, type Kysely } from 'kysely';

/**
 * What an order has earned and given back, so every point and rupee of it can be accounted for:
 * - `earned_points`: loyalty points credited for the order (on delivery), reversed exactly on a return;
 * - `provider_refunded`: paise of the order's own payment refunded at the payment provider;
 * - `refund_withheld`: paise kept back from a refund for earned points the customer had already spent.
 * Orders placed before this change earned their points when placed; those are carried over.
 */
export function orderValueMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const column of ['earned_points', 'provider_refunded', 'refund_withheld']) {
        await db.schema
          .alterTable('orders')
          .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }
      await sql`
        update orders set earned_points = coalesce((
          select sum(l.points) from loyalty_ledger l
          where l.order_id = orders.id and l.points > 0 and l.reason like 'Earned on order%'), 0)
        where status <> 'CANCELLED'`.execute(db);
      await db.schema.createIndex('wallet_ledger_order').on('wallet_ledger').column('order_id').execute();
      await db.schema.createIndex('loyalty_ledger_order').on('loyalty_ledger').column('order_id').execute();
    },
  };
}
