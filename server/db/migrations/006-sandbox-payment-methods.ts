import type { Kysely } from 'kysely';

/**
 * The sandbox's payments by UPI, netbanking and wallet, besides cards: the method's own fields
 * as Razorpay's payment entity carries them (`vpa`, `bank`, `wallet`), the failure's source, step
 * and reason (they differ by method), and for a payment still waiting for the customer (a UPI
 * collect request or QR, a bank or wallet page) how it ends on its own: `decision` ('captured' or
 * 'failed') at `decides_at`, else failed at `expires_at` (milliseconds since the epoch). Card
 * payments made before keep method 'card' and have no waiting state.
 */
export function sandboxPaymentMethodsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('sandbox_payments').addColumn('vpa', 'text').execute();
      await db.schema.alterTable('sandbox_payments').addColumn('bank', 'text').execute();
      await db.schema.alterTable('sandbox_payments').addColumn('wallet', 'text').execute();
      await db.schema.alterTable('sandbox_payments').addColumn('upi_flow', 'text').execute();
      await db.schema.alterTable('sandbox_payments').addColumn('error_source', 'text').execute();
      await db.schema.alterTable('sandbox_payments').addColumn('error_step', 'text').execute();
      await db.schema.alterTable('sandbox_payments').addColumn('error_reason', 'text').execute();
      await db.schema.alterTable('sandbox_payments').addColumn('decision', 'text').execute();
      await db.schema.alterTable('sandbox_payments').addColumn('decides_at', 'bigint').execute();
      await db.schema.alterTable('sandbox_payments').addColumn('expires_at', 'bigint').execute();
      await db.schema.createIndex('sandbox_payments_status').on('sandbox_payments').column('status').execute();
    },
  };
}
