import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The open branch of the company that delivers to a PIN code, if any. */
export function findPincodeBranch(db: Db, companyId: number, pinCode: string) {
  return db
    .selectFrom('branch_pincodes as p')
    .innerJoin('branches as b', 'b.id', 'p.branch_id')
    .select(['b.id as branchId', 'b.name as branchName'])
    .where('p.company_id', '=', companyId)
    .where('p.pin_code', '=', pinCode)
    .where('b.active', '=', 1)
    .executeTakeFirst();
}

/** A branch by id, with its company, for the shop's command line. */
export function findBranch(db: Db, branchId: number) {
  return db.selectFrom('branches').select(['id', 'company_id', 'name', 'active']).where('id', '=', branchId).executeTakeFirst();
}

/** The PIN codes a branch delivers to, in order. */
export async function listBranchPincodes(db: Db, branchId: number): Promise<string[]> {
  const rows = await db.selectFrom('branch_pincodes').select('pin_code').where('branch_id', '=', branchId).orderBy('pin_code').execute();
  return rows.map((r) => r.pin_code);
}

/** Which of these PIN codes another branch of the company already serves, with that branch. */
export function pincodesOfOtherBranches(db: Db, companyId: number, branchId: number, pinCodes: string[]) {
  return db
    .selectFrom('branch_pincodes')
    .select(['pin_code', 'branch_id'])
    .where('company_id', '=', companyId)
    .where('branch_id', '<>', branchId)
    .where('pin_code', 'in', pinCodes)
    .orderBy('pin_code')
    .execute();
}

/** Adds PIN codes to a branch; ones it already serves stay as they are. Answers how many were new. */
export async function addBranchPincodes(db: Db, companyId: number, branchId: number, pinCodes: string[]): Promise<number> {
  const result = await db
    .insertInto('branch_pincodes')
    .values(pinCodes.map((pin_code) => ({ company_id: companyId, pin_code, branch_id: branchId })))
    .onConflict((oc) => oc.columns(['company_id', 'pin_code']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Stops a branch delivering to PIN codes. Answers how many it served. */
export async function removeBranchPincodes(db: Db, branchId: number, pinCodes: string[]): Promise<number> {
  const result = await db.deleteFrom('branch_pincodes').where('branch_id', '=', branchId).where('pin_code', 'in', pinCodes).executeTakeFirst();
  return Number(result.numDeletedRows);
}
