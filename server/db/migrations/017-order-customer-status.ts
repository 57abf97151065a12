import type { Kysely } from 'kysely';

/**
 * A customer's orders by status, oldest first within a status: the unpaid order a checkout looks
 * for and the orders awaiting payment that the pending-orders dialog lists are read from the
 * orders of that status alone, in the index's order, instead of from every order the customer
 * ever placed (a regular customer has hundreds).
 */
export function orderCustomerStatusMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('orders_customer_status_created').on('orders').columns(['customer_id', 'status', 'created_at', 'id']).execute();
    },
  };
}
