import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The company's reasons of a type, in the shop's order. */
export function listReturnReasons(db: Db, companyId: number, type: string) {
  return db.selectFrom('return_reasons').selectAll().where('company_id', '=', companyId).where('type', '=', type).orderBy('sort_order').orderBy('id').execute();
}

/** The text of one of the company's reasons of a type; undefined for an unknown id or another company's or type's reason. */
export async function findReasonText(db: Db, reason: { id: number; companyId: number; type: string }): Promise<string | undefined> {
  const row = await db
    .selectFrom('return_reasons')
    .select('reason')
    .where('id', '=', reason.id)
    .where('company_id', '=', reason.companyId)
    .where('type', '=', reason.type)
    .executeTakeFirst();
  return row?.reason;
}
