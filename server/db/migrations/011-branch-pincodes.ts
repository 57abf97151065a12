import type { Kysely } from 'kysely';
import { DEMO_PINCODES } from '../seed/pincode-data.js';

/**
 * `branch_pincodes`: the PIN codes each branch delivers to. A PIN code belongs to at most one
 * branch of a company, so a shopper's PIN names one branch. A demo shop seeded before this
 * table existed gets its demo PIN codes here; a new one gets them from the demo seed.
 */
export function branchPincodesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('branch_pincodes')
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('pin_code', 'text', (c) => c.notNull())
        .addColumn('branch_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('branch_pincodes_pk', ['company_id', 'pin_code'])
        .execute();
      await db.schema.createIndex('branch_pincodes_branch').on('branch_pincodes').columns(['branch_id', 'pin_code']).execute();

      const typed = db as Kysely<{
        branches: { id: number; company_id: number; name: string };
        branch_pincodes: { company_id: number; pin_code: string; branch_id: number };
      }>;
      const branches = await typed.selectFrom('branches').select(['id', 'company_id', 'name']).execute();
      for (const seed of DEMO_PINCODES) {
        const branch = branches.find((b) => b.id === seed.branchId && b.company_id === seed.companyId && b.name === seed.branchName);
        if (!branch) continue;
        await typed
          .insertInto('branch_pincodes')
          .values(seed.pinCodes.map((pin_code) => ({ company_id: seed.companyId, pin_code, branch_id: seed.branchId })))
          .execute();
      }
    },
  };
}
